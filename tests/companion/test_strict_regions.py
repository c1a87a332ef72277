"""Every region reads only names its context holds: drawn with strict templates, for every kind of seat.

The tests draw the live regions with Jinja2's ``StrictUndefined`` (``STRICT_REGIONS`` in
config/test_settings.py): a name a region reads that its context does not hold fails the drawing,
where production would draw nothing in its place. Each of the catalogue's scripted games
(tests/catalogue.py, so a new game is walked once its scripted.py is written) is played at a
table and, after every step, every region is drawn for every seat (each role, the host and the
table display) as the game stands, as the host would end it there, with the players' phones
away (the host then acts for whoever is waited on) and with players left, removed and asked
for. Each game's lobby is drawn too, and the evening's summary once the host ends it.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from jinja2 import UndefinedError
from django.template import engines

from companion.live import render
from companion.table.games import DISPLAY, get
from companion.models import Seat, Table
from tests import played as play
from tests.catalogue import GAMES, REAL_GAMES, scripts
from tests.companion.test_render import finished_game_result, played, seat_the_table

pytestmark = pytest.mark.django_db

SCRIPTS = scripts(GAMES)


def where(error: Exception) -> str:
    """The template and line a drawing failed at: the innermost frame of a template in its traceback."""
    found = "?"
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".html"):
            found = f"{name.split('/templates/')[-1]}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found


class Failures:
    """Each template line that reads a missing name, once, with the first screen that showed it."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        self.screens = 0

    def draw(self, table: Table, seats: list[Seat], label: str) -> None:
        table.save()
        scene = render.scene(table, seats)
        for seat in seats:
            if seat.removed:  # a removed seat is sent no screen
                continue
            try:
                render.sections(scene, seat)
            except UndefinedError as error:
                self.found.setdefault(f"{where(error)}: {error}", f"{label}, {seat.name}'s screen")
            self.screens += 1

    def check(self, least: int) -> None:
        if self.found:
            pytest.fail("regions read names their context lacks:\n" + "\n".join(
                f"{line} (first at {screen})" for line, screen in self.found.items()))
        assert self.screens >= least


def evening_results() -> list[dict]:
    """One finished game of each kind, as the evening records it: the standings and the summary have lines."""
    return [finished_game_result(f"{slug}/scripted")[0] for slug in REAL_GAMES]


def with_seats(table: Table, seats: list[Seat], **changes: Any) -> list[Seat]:
    """The seats as stored once ``changes`` (seat id -> fields) are made to them."""
    for pk, fields in changes.items():
        Seat.objects.filter(pk=pk).update(**fields)
    return list(Seat.objects.filter(table=table).order_by("order"))


def walk(script: str, failures: Failures) -> None:
    """Draw every seat after every step of ``script``, as the game stands and as the host would end it there."""
    results = evening_results()
    for label, table, seats, game, state in played(script):
        table.results = results
        ended = game.outcome(state) is not None
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if ended else Table.Status.PLAYING
        failures.draw(table, seats, f"{script} {label}")
        if not ended:
            table.state = play.end(game, state).to_dict()
            table.status = Table.Status.FINISHED
            failures.draw(table, seats, f"{script} {label}, ended by the host")


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_region_of_every_step_draws_for_every_seat_with_strict_templates(script):
    failures = Failures()
    walk(script, failures)
    failures.check(least=20)


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_region_draws_with_strict_templates_while_phones_are_away_and_seats_are_gone(script):
    """Every player but the host without a phone (the host acts for whoever the table waits on),
    then one player left and another removed, each with a phone asking for the seat."""
    failures = Failures()
    for label, table, seats, game, state in played(script):
        if label == "start":
            others = [s for s in seats if not s.is_host and s.role != DISPLAY.slug]
            table.asking = [{"claim": n, "seat": s.pk} for n, s in enumerate(others[:2], start=1)]
            phoneless = with_seats(table, seats, **{str(s.pk): {"has_phone": False} for s in others})
            gone = with_seats(table, seats, **{str(others[0].pk): {"has_phone": True, "left": True},
                                               str(others[-1].pk): {"has_phone": True, "removed": True},
                                               **{str(s.pk): {"has_phone": True} for s in others[1:-1]}})
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
        failures.draw(table, phoneless, f"{script} {label}, phones away")
        failures.draw(table, gone, f"{script} {label}, seats gone")
    failures.check(least=20)


@pytest.mark.parametrize("slug", GAMES)
def test_every_region_of_the_lobby_and_the_evenings_end_draws_with_strict_templates(slug):
    """The lobby with its players, with the host alone (the setup cannot start), after other games
    of the evening; a game finished and the evening ended after it, and the evening ended in the
    lobby."""
    failures = Failures()
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.scripted")
    table, seats = seat_the_table(script.PLAYERS, game, script.SETUP)
    table.status = Table.Status.LOBBY
    failures.draw(table, seats, f"{slug} lobby")
    host = [s for s in seats if s.is_host]
    failures.draw(table, host, f"{slug} lobby, the host alone")
    table.results = evening_results()
    table.setup = {}
    failures.draw(table, seats, f"{slug} lobby after other games, its setup as it comes")
    _, _, state = play.played_out(f"{slug}/scripted")
    table.state, table.status = state.to_dict(), Table.Status.FINISHED
    failures.draw(table, seats, f"{slug} finished")
    table.closed, table.notice = True, "The evening is over."
    failures.draw(table, seats, f"{slug} the evening over")
    table.state, table.status, table.results = None, Table.Status.LOBBY, []
    failures.draw(table, seats, f"{slug} the evening over in the lobby, no game played")
    failures.check(least=10)


def test_the_walk_finds_a_name_misspelt_in_a_real_region(monkeypatch):
    """A misspelling planted in one of the demo's own regions fails the walk of its scripted game."""
    env = engines["jinja2"].env
    name = "stub/partials/guesses.jinja"
    source, _, _ = env.loader.get_source(env, name)
    assert "view.guesses" in source
    planted = env.from_string(source.replace("view.guesses", "view.gueses"))
    drawn = render.partial
    monkeypatch.setattr(render, "partial", lambda template, ctx: planted.render(ctx)
                        if template == name else drawn(template, ctx))
    failures = Failures()
    walk("stub/scripted", failures)
    assert any("gueses" in line for line in failures.found), failures.found
