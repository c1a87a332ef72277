"""The rules' players as a game's view names them, and their seat ids once the platform has read it.

A rules package numbers its players 0..n-1 in seat order as the game began and knows nothing of
the table's seats. A game's view names a player as ``PlayerRef(n)`` wherever it means a person,
never as a bare number, because a bare number may as well be a score or a die; the platform
(``companion.table.seam``) walks the view once with ``in_seat_ids`` and puts the player's seat id
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


def in_seat_ids(value: Any, seats: Sequence[int]) -> Any:
    """``value`` (a view, or the list of views one change draws: dicts, lists, tuples, sets) with
    every ``PlayerRef`` replaced by the seat id of that player; everything else as it is.

    A container that holds no player comes back as the very object it was, so a view costs new
    objects only on the paths to its players, and a part several views share is translated once
    and stays shared.
    """
    if type(value) is PlayerRef:
        return seats[value]
    if type(value) not in _CONTAINERS:
        return value
    return _walk(value, seats, {})


_CONTAINERS = frozenset({dict, list, tuple, set, frozenset})


def _walk(value: Any, seats: Sequence[int], memo: dict[int, Any], ref: type = PlayerRef,
          containers: frozenset = _CONTAINERS) -> Any:
    """``in_seat_ids`` of a container. Its items are looked at here, not in a call each, and the
    names it reads are its own locals: a view is mostly strings and numbers, and every change
    draws one for every screen. A key of a dict is a player or no player, never a container of them."""
    key = id(value)
    if key in memo:
        return memo[key][1]
    changed = False
    if type(value) is dict:
        out: Any = {}
        for k, v in value.items():
            if type(k) is ref:
                k, changed = seats[k], True
            kind = type(v)
            if kind is ref:
                v, changed = seats[v], True
            elif kind in containers:
                new = _walk(v, seats, memo)
                if new is not v:
                    v, changed = new, True
            out[k] = v
    else:
        items = []
        for v in value:
            kind = type(v)
            if kind is ref:
                v, changed = seats[v], True
            elif kind in containers:
                new = _walk(v, seats, memo)
                if new is not v:
                    v, changed = new, True
            items.append(v)
        out = items if type(value) is list else type(value)(items)
    out = out if changed else value
    # The original is kept beside its translation so that its id is not reused while the memo lives.
    memo[key] = (value, out)
    return out
