"""Per-seat HTML: the only place a table's state becomes markup.

Every region is drawn from the game's view for that one seat (`Game.view`, which
calls the rules' `player_view`), never from the raw state. The same regions make
the first page and every later push; each carries a hash of its content so a phone
skips a region that has not changed and keeps what its owner was typing.
"""

from __future__ import annotations

import hashlib
import time

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from companion.clock import Clock
from companion.games import DISPLAY, Game
from companion.models import Seat, Table
from companion.tables import game_of, role_counts, viewer_of

REGIONS = ("status", "clock", "board", "people", "host")


def _person(seat: Seat, game: Game) -> dict:
    role = game.role(seat.role) or DISPLAY
    return {"id": seat.pk, "name": seat.name, "role": seat.role, "role_label": role.label, "symbol": role.symbol,
            "is_host": seat.is_host, "is_display": seat.role == DISPLAY.slug}


def context(table: Table, seat: Seat, *, seats: list[Seat] | None = None, now: float | None = None) -> dict:
    game = game_of(table)
    seats = list(table.seats.all()) if seats is None else seats
    viewer = viewer_of(seat)
    view = game.view(table.state, viewer) if table.state is not None else None
    clock = Clock.from_dict(table.clock)
    now = time.time() if now is None else now
    return {
        "table": table,
        "game": game,
        "me": _person(seat, game),
        "people": [_person(s, game) for s in seats],
        "roles": game.roles,
        "view": view,
        "clock": clock,
        "clock_left": clock.left(now),
        "now_ms": int(now * 1000),
        "can_undo": seat.is_host and table.actions.filter(undoable=True, undone=False).exists(),
        "role_problem": game.check_roles(role_counts(seats)) if table.status == Table.Status.LOBBY else None,
        "board_template": game.board_template,
    }


def _digest(html: str) -> str:
    return hashlib.blake2s(html.encode(), digest_size=8).hexdigest()


def regions(table: Table, seat: Seat, *, seats: list[Seat] | None = None, oob: bool = False) -> dict[str, SafeString]:
    ctx = context(table, seat, seats=seats)
    out: dict[str, SafeString] = {}
    swap = mark_safe(' hx-swap-oob="true"') if oob else ""
    for name in REGIONS:
        inner = render_to_string(f"companion/partials/{name}.html", ctx)
        out[name] = format_html(
            '<section id="region-{}" class="region region-{}" data-h="{}"{}>{}</section>',
            name, name, _digest(inner), swap, mark_safe(inner),
        )
    out["version"] = format_html(
        '<input type="hidden" id="table-version" name="version" value="{}" data-status="{}"{}>',
        table.version, table.status, swap,
    )
    return out


def live_fragment(table: Table, seat: Seat, *, seats: list[Seat] | None = None) -> str:
    """All of a seat's regions as out-of-band swaps, for a socket push or an action's reply."""
    return "".join(regions(table, seat, seats=seats, oob=True).values())
