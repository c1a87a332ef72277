"""LIE's die face, drawn by a function its partials call (``{{ die(f.face) }}``): it is in every
hand, bid and showdown row, where an included template would cost a context and a lookup for
each one."""

import functools

from django.utils.html import format_html
from django.utils.safestring import SafeString


def die(face, counted=False, wild=False):
    """``die(4)``, ``die(d.face, counted=d.counted, wild=d.wild)``."""
    if type(face) is int:  # a face as the rules give it: one of a handful of markups, made once each
        return _die(face, bool(counted), bool(wild))
    return _markup(face, counted, wild)


@functools.lru_cache(maxsize=256)
def _die(face: int, counted: bool, wild: bool) -> SafeString:
    return _markup(face, counted, wild)


def _markup(face, counted, wild) -> SafeString:
    if wild:
        return format_html('<span class="die d{}{} wild" title="a wild one, counted">{}</span>', face,
                           " counted" if counted else "", face)
    return format_html('<span class="die d{}{}">{}</span>', face, " counted" if counted else "", face)
