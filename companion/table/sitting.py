"""Sitting a game out: a table of 8 whose next game seats 6 deals 6 in, and the other two stay.

In the lobby the host sits players out of the next game (``Seat.sits_out``, the host's ``sitout``
action). Such a seat stays at the table, with its name, its line in the evening's standings and
its phone, but is not dealt in nor counted against the seat limit (``games.players_of`` leaves it
out); its phone follows the game as the table display shows it. It lasts for that game: the next
lobby deals everyone in again.
"""

from __future__ import annotations

from typing import Any

from companion.table.games import MAX_SEATS, Game, players_of


def places(game: Game, setup: dict[str, Any]) -> int:
    """How many players ``game`` seats with this setup: its roles' maxima added up, less the roles
    the setup leaves to nobody (Fiction with the app as the Lie-brarian), capped by what a table
    allows."""
    unheld = game.screens.unheld_roles(setup)
    held = [role for role in game.roles if role.slug not in unheld]
    if any(role.maximum is None for role in held):
        return MAX_SEATS
    return min(MAX_SEATS, sum(role.maximum for role in held))  # type: ignore[misc]


def too_many(game: Game, setup: dict[str, Any], seats: Any) -> str | None:
    """The lobby's problem line when more players are dealt in than the game seats: how many must
    sit this one out, and how; None when they fit."""
    dealt = len(players_of(seats))
    room = places(game, setup)
    extra = dealt - room
    if extra <= 0:
        return None
    them = "one player" if extra == 1 else f"{extra} players"
    return (f"{game.name} seats at most {room} players and {dealt} are in: {them} must sit this one out. "
            f"Tap Sits this one out beside {'their name' if extra == 1 else 'their names'} under At the table.")

