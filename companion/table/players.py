"""The rules' players as a game's view names them, and their seat ids once the platform has read it.

A rules package numbers its players 0..n-1 in seat order as the game began and knows nothing of
the table's seats. A game's view names a player as ``PlayerRef(n)`` wherever it means a person,
never as a bare number, because a bare number may as well be a score or a die; the platform
(``companion.table.games``) walks the view once with ``in_seat_ids`` and puts the player's seat id
in its place, keys of dicts included. So no game maps players to seats, and a number the view
does not mark as a player is never taken for one.

Standard library only, like ``rules_errors``: a rules package may import it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class PlayerRef(int):
    """The rules' player ``n`` in a view: compares and hashes as ``n``, so the view's own code
    (a lookup by player, a sort) reads it as the number it is until the platform replaces it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"PlayerRef({int(self)})"


def ref(player: int | None) -> PlayerRef | None:
    """``player`` marked as a player, None (nobody, the table) left as it is."""
    return None if player is None else PlayerRef(player)


def refs(players: Sequence[int]) -> list[PlayerRef]:
    return [PlayerRef(p) for p in players]


def in_seat_ids(value: Any, seats: Sequence[int], memo: dict[int, Any] | None = None) -> Any:
    """``value`` (a view: dicts, lists, tuples, sets) with every ``PlayerRef`` replaced by the seat
    id of that player; everything else as it is.

    ``memo`` (one per drawing of several views) translates a part the views share once and keeps
    it shared.
    """
    if memo is None:
        memo = {}
    return _walk(value, seats, memo)


def _walk(value: Any, seats: Sequence[int], memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind is PlayerRef:
        return seats[value]
    if kind not in (dict, list, tuple, set, frozenset):
        return value
    key = id(value)
    if key in memo:
        return memo[key][1]
    if kind is dict:
        out: Any = {_walk(k, seats, memo): _walk(v, seats, memo) for k, v in value.items()}
    else:
        out = kind(_walk(item, seats, memo) for item in value)
    # The original is kept beside its translation so that its id is not reused while the memo lives.
    memo[key] = (value, out)
    return out
