"""Small filters the table's templates need to read a seat's view."""

from django import template

from companion.table.games import page_stylesheet as stylesheet_of

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``names|get_item:seat_id``: a dict lookup by a value from the view."""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""


@register.filter
def page_stylesheet(game):
    """``game|page_stylesheet``: the one stylesheet the game's pages link."""
    return stylesheet_of(game)
