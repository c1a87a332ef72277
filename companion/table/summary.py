"""The evening's summary as every screen and the shared picture say it: who won what, the games
in the order they were played with their winners, and each game's moment.

It is put together from the table's results (``Table.results``, one entry per finished game, in
the shape companion.table.evening documents) and the people at the table, and from nothing else: a
game still in play has no entry, so nothing of it can reach the summary.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils import dateformat, timezone

from companion.table import evening
from companion.table.games import every_player, game_of, get, listed


@dataclass(frozen=True)
class Person:
    """One person's line: their wins in all, and by game where the evening had more than one game."""

    id: int
    name: str
    total: int
    wins: tuple[int, ...]  # by game, in the order of ``Summary.kinds``
    by_game: str  # "Fiction 2 · LIE 1"; empty when it would only repeat the total
    leader: bool
    on_tv: bool  # among the lines a table display has room for


@dataclass(frozen=True)
class Finished:
    """One finished game: its number in the evening, its name, who won and how, and its moment."""

    number: int
    name: str
    won: str  # "Ann and Ben won", "nobody won"
    how: str
    moment: str
    on_tv: bool  # among the latest games, which a table display has room for
    moment_on_tv: bool = False  # among the latest of those, which keep their moments there

    @property
    def title(self) -> str:
        """The game's line as a screen writes it, for measuring: "13 Fiction: Ann won (guessed)"."""
        return f"{self.number} {self.name}: {self.won} ({self.how})"


@dataclass(frozen=True)
class Summary:
    date: str  # the day the table was opened: "Friday 4 December 2026"
    code: str
    people: list[Person]
    games: list[Finished]
    kinds: list[str] = field(default_factory=list)  # the games played, by name, in the order first played
    leaders: list[str] = field(default_factory=list)

    @property
    def headline(self) -> str:
        if not self.games:
            return "No game was finished this evening."
        if not self.leaders:
            return "Nobody won a game this evening."
        if len(self.leaders) == 1:
            return f"{self.leaders[0]} won the evening."
        if len(self.leaders) == 2:
            return f"{listed(self.leaders)} shared the evening."
        best = max(p.total for p in self.people)
        return f"A tie at the top: {len(self.leaders)} players with {best} {'win' if best == 1 else 'wins'} each."

    @property
    def games_before_tv(self) -> int:
        """How many earlier games a table display leaves out."""
        return sum(not g.on_tv for g in self.games)

    @property
    def people_beyond_tv(self) -> int:
        """How many people a table display leaves out, after the leading lines."""
        return sum(not p.on_tv for p in self.people)


# What a table display has room for in its games' column (static/css/app.css, .is-display
# .evening), in CSS pixels at 1280x720: a rem is 20 px there, and every 16:9 screen scales alike.
# Text wraps there (a TV cannot scroll, and cuts nothing off), so the latest games are counted in
# lines, a line holding at least TV_CHARS characters of a game's line, TV_MOMENT_CHARS of a moment. The summary has the whole screen, and the
# column is filled before any game is folded into "and N earlier games": the latest games (up to
# TV_MOMENTS) with their moments, the last always, then as many earlier ones as fit, a line each.
TV_MOMENTS = 3
TV_ROOM = 510  # the games' list and "and N earlier games" below its heading, with a one-line headline
TV_MORE = 34  # "and N earlier games", with its rule
TV_CHARS = 62  # in a line of the games' column (it holds about 65 of a game's line)
TV_MOMENT_CHARS = 64  # (it holds about 72 of a moment's)
TV_HEADLINE_CHARS = 46  # in a line of the headline (it holds about 48)
TV_GAME = 12  # a game's padding and rule
TV_TITLE = 29  # a line of a game's number, name and winners
TV_MOMENT = 25  # a line of its moment
TV_HEADLINE = 41  # a line of the headline
TV_NOTICE = 36  # the notice of an evening that ended by itself


def _tv_games(found: Summary, notice: str) -> tuple[int, int]:
    """How many of the latest games a table display shows, and how many of those, the latest,
    with their moments."""
    headline = math.ceil(len(found.headline) / TV_HEADLINE_CHARS)
    room = TV_ROOM - TV_HEADLINE * (headline - 1) - (TV_NOTICE if notice else 0)
    games = list(reversed(found.games))  # the latest first
    short = [TV_GAME + TV_TITLE * math.ceil(len(g.title) / TV_CHARS) for g in games]
    full = [height + TV_MOMENT * math.ceil(len(g.moment) / TV_MOMENT_CHARS) for height, g in zip(short, games)]

    def height(count: int, latest: int) -> int:
        return (TV_MORE if count < len(games) else 0) + sum(full[:latest]) + sum(short[latest:count])

    latest = 1 if games else 0  # the last game, whatever it takes
    while latest < min(TV_MOMENTS, len(games)) and height(latest + 1, latest + 1) <= room:
        latest += 1
    count = latest
    while count < len(games) and height(count + 1, latest) <= room:
        count += 1
    return count, latest


def day(moment: datetime.datetime) -> str:
    return dateformat.format(timezone.localtime(moment), "l j F Y")


def _name_of(slug: str, fallback: str) -> str:
    game = get(slug) if slug else None
    return game.name if game is not None else fallback


def summary(results: list[dict], people: list[dict[str, Any]], *, code: str, opened: datetime.datetime,
            game_name: str = "", notice: str = "") -> Summary:
    """The summary of ``results`` for ``people`` (each with ``id`` and ``name``, in seat order, no
    display). ``game_name``: what to call a game whose entry names none (kept before entries
    named their game, when a table played one game all evening); ``notice``: what the screens
    say above it (it takes a table display's room)."""
    standings = evening.standings(results, people)
    names = {slug: name or _name_of(slug, game_name) for slug, name in standings.games}
    several = len(names) > 1
    top = {line.id for line in standings.top}
    leaders = set(standings.leaders)
    shown = [
        Person(id=line.id, name=line.name, total=line.total, wins=tuple(line.wins.get(slug, 0) for slug in names),
               by_game=" · ".join(f"{names[slug]} {line.wins[slug]}" for slug in names if line.wins.get(slug))
               if several else "",
               leader=line.id in leaders, on_tv=line.id in top)
        for line in standings.lines
    ]
    played = [
        Finished(number=int(r.get("game") or n + 1), name=r.get("name") or _name_of(r.get("slug") or "", game_name),
                 won=f"{listed(list(r['winners']))} won" if r.get("winners") else "nobody won",
                 how=str(r.get("how") or ""), moment=str(r.get("moment") or ""), on_tv=False)
        for n, r in enumerate(results)
    ]
    found = Summary(date=day(opened), code=code, people=shown, games=played, kinds=list(names.values()),
                    leaders=[line.name for line in standings.lines if line.id in leaders])
    count, latest = _tv_games(found, notice)
    return replace(found, games=[replace(g, on_tv=n >= len(played) - count, moment_on_tv=n >= len(played) - latest)
                                 for n, g in enumerate(played)])


def of_table(table: Any, seats: list[Any]) -> Summary:
    """The summary of a table's evening, for everyone who sat at it as a player (not the displays),
    those who left or were removed included: their wins are the evening's too."""
    people = [{"id": s.pk, "name": s.name} for s in every_player(seats)]
    return summary(list(table.results or []), people, code=table.code, opened=table.created_at,
                   game_name=game_of(table).name, notice=table.notice)
