"""LIE's die face, drawn by a tag: it is in every hand, bid and showdown row, and an included
template cost a context and a lookup for each one (5% of a busy server's time at 100 tables)."""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def die(face, counted=False, wild=False):
    """``{% die 4 %}``, ``{% die d.face counted=d.counted wild=d.wild %}``."""
    return format_html('<span class="die d{}{}{}"{}>{}</span>', face, " counted" if counted else "",
                       " wild" if wild else "", ' title="a wild one, counted"' if wild else "", face)
