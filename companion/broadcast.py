"""After a change commits, send each seat its own view; game code never touches sockets."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def seat_group(seat_id: int) -> str:
    return f"seat-{int(seat_id)}"


def push_table(table_id: int) -> None:
    """Render every seat's view of the table and send it to that seat's sockets."""
    from companion import render
    from companion.models import Table

    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - settings always configure one
        return
    table = Table.objects.prefetch_related("seats").get(pk=table_id)
    seats = list(table.seats.all())
    for seat in seats:
        html = render.live_fragment(table, seat, seats=seats)
        try:
            async_to_sync(layer.group_send)(seat_group(seat.pk), {"type": "seat.html", "html": html})
        except Exception:  # a broken layer must not undo a committed move
            log.exception("could not push table %s to seat %s", table.code, seat.pk)


def push_removed(seat_id: int) -> None:
    """Tell a removed seat's phones they have left, then close their sockets."""
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover
        return
    try:
        async_to_sync(layer.group_send)(seat_group(seat_id), {"type": "seat.removed"})
    except Exception:
        log.exception("could not tell seat %s it was removed", seat_id)
