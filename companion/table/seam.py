"""The one door between the table and a game: every call the platform makes into a game.

A game is written in its rules' players (0..n-1, seat order as it began) and knows nothing of
the table's seat ids; the platform knows only seat ids. Each function here translates between
the two, in one place: a ``seat`` field of a move or of the setup goes in as the rules' player
it names, and a ``PlayerRef`` a game returns comes out as that player's seat id. The table's own
moves (``END``, ``TIMER_EXPIRED``, ``REMOVE``) come in through ``apply`` like any seat's and
are handed to their hooks here, so no game dispatches them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.table.forms import MoveError
from companion.table.games import (DISPLAY, END, PLATFORM_MOVES, TABLE, TIMER_EXPIRED, Game, Outcome, Played, Player,
                                   Viewer, move_of)
from companion.table.players import in_seat_ids
from companion.table.rules_errors import IllegalMove, IllegalSetup

__all__ = ["apply", "check_setup", "marks", "moment", "outcome", "start", "view", "views"]

# The table display, as a game sees it: what everyone at the table may read.
_DISPLAY = Viewer(seat_id=None, role=DISPLAY.slug)


def start(game: Game, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> Played:
    """A new game of ``game``: its players (in seat order) recorded beside the rules' state its start returns."""
    state = game.start(players, _setup_in_players(game, options, players), rng)
    dealt = tuple(Player(p.seat_id, p.role) for p in players)  # type: ignore[arg-type]
    return Played(dealt, {}, codec=game.codec).then(state)


def check_setup(game: Game, options: dict[str, Any], players: list[Viewer]) -> str | None:
    """Why the table cannot start with this setup and these players (in seat order), or None."""
    try:
        options = _setup_in_players(game, options, players)
    except IllegalSetup as refusal:
        return refusal.message
    return game.check_setup(options, players)


def apply(game: Game, played: Played, actor: Viewer, move: dict, rng: random.Random) -> Played:
    """The game once ``actor`` made ``move``: a seat's move, or ``TABLE``'s own (``END``,
    ``TIMER_EXPIRED``, ``REMOVE``), each handed to its hook. An ``IllegalMove`` says why not."""
    kind = move.get("type")
    if kind not in PLATFORM_MOVES:
        return played.then(game.apply(played, actor, _move_in_players(game, played, move), rng))
    if actor != TABLE:  # refused as the form parser refuses it from a phone
        raise MoveError(f"{kind!r} is not a move anyone at the table can make.", reason="unknown-move")
    if kind == END:
        return played.then(game.end(played))
    if kind == TIMER_EXPIRED:
        return played.then(game.time_up(played))
    return played.then(game.remove(played, move["seat"], rng))  # REMOVE: the rules' player in "seat"


def view(game: Game, played: Played, viewer: Viewer) -> dict:
    """What one seat may see, its players as seat ids."""
    return in_seat_ids(game.view(played, viewer), played.seats)


def views(game: Game, played: Played, viewers: list[Viewer]) -> list[dict]:
    """Each viewer's view, in order, their players as seat ids: walked once, so the parts the
    views share are translated once and stay shared."""
    return in_seat_ids(game.views(played, viewers), played.seats)


def marks(game: Game, played: Played | None, setup: dict[str, Any], players: list[Viewer]) -> dict:
    """Each player's colour and shape by seat id: from the setup in the lobby (``played`` None,
    ``players`` the lobby's), from the game once it runs."""
    seats = played.seats if played is not None else [p.seat_id for p in players]
    return in_seat_ids(game.screens.marks(played, setup, players), seats)


def outcome(game: Game, played: Played | None) -> Outcome | None:
    """How this game ended, its winners by seat id, or None while it runs (or with no game)."""
    found = None if played is None else game.outcome(played)
    return None if found is None else replace(found, winners=tuple(played.seat(i) for i in found.winners))


def moment(game: Game, played: Played) -> str:
    """The finished game's best moment in words (``Screens.moment``), from the display's view."""
    return game.screens.moment(view(game, played, _DISPLAY))


def _move_in_players(game: Game, played: Played, move: dict) -> dict:
    """``move`` with each of its declared ``seat`` fields turned from a seat id into the rules' player."""
    declared = move_of(game, move.get("type", ""))
    named = [f.name for f in declared.fields if f.kind == "seat"] if declared else []
    if not named:
        return move
    seats = played.seats

    def player(seat: Any) -> int:
        if seat not in seats:
            raise IllegalMove("That seat does not play in this game.", reason="no-such-seat")
        return seats.index(seat)

    out = dict(move)
    for name in named:
        if isinstance(out.get(name), list):  # a repeated field (``many``)
            out[name] = [player(seat) for seat in out[name]]
        elif out.get(name) is not None:
            out[name] = player(out[name])
    return out


def _setup_in_players(game: Game, options: dict[str, Any], players: list[Viewer]) -> dict[str, Any]:
    """The setup with each ``seat`` field turned from a seat id into the rules' player (its place in
    ``players``); a seat that is not one of them is an ``IllegalSetup``."""
    named = [f for f in game.setup if f.kind == "seat" and options.get(f.name) is not None]
    if not named:
        return options
    seats = [p.seat_id for p in players]
    out = dict(options)
    for f in named:
        if out[f.name] not in seats:
            raise IllegalSetup(f"The {f.title.lower()} must be one of the players.", reason="no-such-seat")
        out[f.name] = seats.index(out[f.name])
    return out
