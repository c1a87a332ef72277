"""After a change commits, send each seat its own view; game code never touches sockets.

The table's authority (companion.table.tables) writes and says whom to tell (``News``); the
view that served the request hands that to ``tell``, which sends it and returns what it drew.

Seats whose view is always the same (a game's `audience`: all Fiction guessers, all
displays) are drawn once and sent one message on their audience's group; every other
seat is drawn for itself and sent on its own group. The host always has its own.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from companion.live import render
from companion.live import logs
from companion.table.games import Game, game_of, viewer_of
from companion.table.tables import News
from companion.models import Table

log = logging.getLogger(__name__)

def seat_group(seat_id: int) -> str:
    return f"seat-{int(seat_id)}"


def audience_group(table_id: int, audience: str) -> str:
    return f"t{int(table_id)}.{audience}"


def group_of(game: Game, table_id: int, seat) -> str:
    """The group a seat's screen listens on for the table's pushes: a host's, and a seat's that
    sits the game out, are their own."""
    audience = None if seat.is_host or seat.sits_out else game.screens.audience(viewer_of(seat))
    return seat_group(seat.pk) if audience is None else audience_group(table_id, audience)


_loop: asyncio.AbstractEventLoop | None = None


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """The server's event loop, where the sockets live: pushes from request threads go out on it."""
    global _loop
    _loop = loop


def _send(*messages: tuple[str, dict], wait: bool = False) -> None:
    """Send (group, message) pairs; a broken layer never undoes a move.

    On a server the sends are handed to its event loop in order and the request goes on
    without waiting for them (``wait``: unless what follows depends on them). Elsewhere
    (tests, management commands) they run to the end before this returns.
    """
    layer = get_channel_layer()
    if layer is None or not messages:  # pragma: no cover - settings always configure one
        return

    async def send_all() -> None:
        results = await asyncio.gather(*(layer.group_send(group, message) for group, message in messages),
                                       return_exceptions=True)
        for (group, _), result in zip(messages, results):
            if isinstance(result, Exception):
                logs.failed(log, result, "could not send to %s", group)

    try:
        if _loop is not None and _loop.is_running():
            future = asyncio.run_coroutine_threadsafe(send_all(), _loop)
            if wait:
                future.result(timeout=10)
        else:
            async_to_sync(send_all)()
    except Exception as error:
        logs.failed(log, error, "could not send to %s", ", ".join(group for group, _ in messages))


def push_table(table_id: int, *, regroup: bool = False, table=None, seats=None, last_action=None,
               asker: int | None = None, holds: dict[int, dict[str, str]] | None = None) -> dict[int, str]:
    """Draw the table once per group of seats that see the same, and send each drawing to its group
    (each socket passes on to its phone only the regions that changed: consumers.TableConsumer).

    ``regroup``: roles or the host changed, so every screen first re-checks which group it is in.
    Returns each seat's fragment, so the phone that acted gets its reply without a second render.
    ``table``, ``seats``, ``last_action``: the table and its seats as just committed and the
    undoable action just logged, to save loading them again. ``asker``: the seat whose request
    made the change; when it has a group of its own, the others' drawings are sent before its
    own is drawn, as its drawing goes back in the request's answer anyway. ``holds``: the region
    digests a seat's page says it shows (a tap's ``X-Regions-Held``), by seat id: its fragment
    leaves those out, as its socket would.
    """
    table = Table.objects.get(pk=table_id) if table is None else table
    seats = list(table.seats.all()) if seats is None else seats
    game = game_of(table)
    groups: dict[str, list] = {}
    for seat in seats:
        if seat.removed:  # no phone holds it: nothing to draw, and nobody to send it to
            continue
        groups.setdefault(group_of(game, table.pk, seat), []).append(seat)
    sc = render.scene(table, seats, last_action=last_action, drawn_for=[members[0] for members in groups.values()])
    if regroup:  # first, so that every screen is in its new group before the drawings go out
        _send(*((seat_group(seat.pk), {"type": "seat.regroup"}) for seat in sc.seats), wait=True)
    last = next((group for group, members in groups.items()
                 if len(members) == 1 and members[0].pk == asker), None) if asker is not None else None
    fragments: dict[int, str] = {}

    def drawing(group: str, members: list) -> tuple[str, dict]:
        drawn = render.update(sc, members[0])
        html = render.joined(drawn)
        fragments.update((seat.pk, render.joined(drawn, holds[seat.pk]) if holds and seat.pk in holds else html)
                         for seat in members)
        return group, {"type": "seat.html", "group": group, **drawn}

    messages = [drawing(group, members) for group, members in groups.items() if group != last]
    if last is not None:
        # Waiting for these sends hands the interpreter to the event loop that makes them,
        # rather than keeping it for a drawing no other phone waits for.
        _send(*messages, wait=True)
        messages = [drawing(last, groups[last])]
    _send(*messages)
    return fragments


def push_removed(*seat_ids: int) -> None:
    """Tell the phones of seats they no longer hold (removed, or given to another phone) that
    they have lost it: each socket checks its seat and, if it lost it, says so and closes.
    Waited for, so that a push sent after reaches each socket behind it."""
    _send(*((seat_group(seat_id), {"type": "seat.removed"}) for seat_id in seat_ids), wait=True)


def tell(news: News | None, holds: dict[int, dict[str, str]] | None = None) -> dict[int, str]:
    """Tell everyone at a table of a change already committed (None: nothing changed, nobody
    is told). Returns each seat's drawing by seat id, so the view that served the asker answers
    with its drawing rather than drawing it again."""
    if news is None:
        return {}
    if news.removed:
        push_removed(*news.removed)
    return push_table(news.table_id, regroup=news.regroup, table=news.table, seats=news.seats,
                      last_action=news.last_action, asker=news.asker, holds=holds)
