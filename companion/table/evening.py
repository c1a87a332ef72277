"""The evening at one table: every game finished there, and the standings they add up to.

A table lives for an evening of games, of any of the installed games, with the same people.
Each finished game leaves one entry in ``Table.results``::

    {"game": 3, "slug": "lie", "name": "LIE", "winners": ["Ann"], "seats": [12], "how": "last player",
     "moment": "Ann called Lie on Ben: 4 × five, there were 3.", "holder": null}

``seats`` are the winners' seat ids (one line per person, whatever their name), ``winners`` their
names as the game ended (or the side that won, such as "the app"), ``moment`` the game's best
moment in words everyone may read (``Screens.moment``), ``holder`` the seat that held the game's
special role (where the next game's rotation starts). Everything here is public: it is read only
from games that have finished.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# How many of the latest games and of the leading people a table display lists: a TV cannot
# scroll, and the phones list them all.
SHOWN_GAMES = 3
SHOWN_PEOPLE = 8
# At the end of a game the game fills a display, and the standings have its side: the leaders.
SHOWN_LEADERS = 5


def entry(results: list[dict], *, slug: str, name: str, winners: list[tuple[int | None, str]], how: str,
          moment: str = "", holder: int | None = None) -> dict:
    """The next entry of ``results``: ``winners`` as (seat id or None for a side, name)."""
    return {"game": len(results) + 1, "slug": slug, "name": name, "winners": [n for _, n in winners],
            "seats": [s for s, _ in winners if s is not None], "how": how, "moment": moment, "holder": holder}


@dataclass
class Line:
    """One person's line: wins by game (its name as played, else its slug) and in all."""

    id: int
    name: str
    wins: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.wins.values())


@dataclass
class Standings:
    lines: list[Line]
    # The games played this evening, by key (``Line.wins``) and name, in the order first played: the columns.
    games: list[tuple[str, str]]
    results: list[dict]

    @property
    def leaders(self) -> list[int]:
        """The ids of the people with the most wins (none before anyone has won)."""
        best = max((line.total for line in self.lines), default=0)
        return [line.id for line in self.lines if best and line.total == best]

    @property
    def latest(self) -> list[dict]:
        """The last few games, newest last: what a table display has room for."""
        return self.results[-SHOWN_GAMES:]

    @property
    def top(self) -> list[Line]:
        """The leading lines, as many as a table display has room for."""
        return self.lines[:SHOWN_PEOPLE]

    @property
    def podium(self) -> list[Line]:
        """The leading lines a table display shows beside a game just played."""
        return self.lines[:SHOWN_LEADERS]


def standings(results: list[dict], people: list[dict[str, Any]]) -> Standings:
    """The evening's standings for ``people`` (each with ``id`` and ``name``, in seat order): most
    wins first, then seat order. A result kept before wins were kept by seat counts by name."""
    lines = [Line(p["id"], p["name"]) for p in people]
    by_id = {line.id: line for line in lines}
    by_name = {line.name: line for line in lines}
    games: dict[str, str] = {}
    for result in results:
        # A game is its column by the name it was played as (Fiction and Banned Books apart).
        slug = result.get("name") or result.get("slug") or ""
        games.setdefault(slug, result.get("name") or "")
        winners = [by_id[s] for s in result["seats"] if s in by_id] if "seats" in result else \
            [by_name[n] for n in result["winners"] if n in by_name]
        for line in winners:
            line.wins[slug] = line.wins.get(slug, 0) + 1
    order = {line.id: n for n, line in enumerate(lines)}
    lines.sort(key=lambda line: (-line.total, order[line.id]))
    return Standings(lines, list(games.items()), list(results))


def last_holder(results: list[dict], slug: str) -> int | None:
    """The seat that held ``slug``'s special role in its last game at this table, if any."""
    return next((r.get("holder") for r in reversed(results) if r.get("slug") == slug and r.get("holder")), None)
