"""Plays that differ only in what a seat may not see send that seat the same bytes, in every game.

Each game says what a seat may not see with its twin (tests/games/<slug>/twins.py):
``twin(played, viewer)`` is the same game with everything ``viewer``'s view must not depend on
changed: another player's hand, letters or count, the secret word and its length. Each scripted
game (tests/games/<slug>/scripted*.py) is played as tests/companion/test_render.py plays it;
at the last step of each phase's first and last runs, every seat is drawn from the stored
state and from its twin, through the game's own view, as a phone is sent a table: its view,
its page (GET /t/<code>/), a push (broadcast.push_table) and, for the seat whose move led
there, the answer to that move (POST /t/<code>/move/). Each pair must be the same, to the
byte but for the CSRF token and the clock's time of drawing, which differ between any two
drawings. Unlike the text check beside it, this one sees numbers and single letters: a
position, a vote, a count, a length.
"""

from __future__ import annotations

import importlib
import json
import re

import pytest
from django.test import Client

from companion.live import broadcast, render
from companion.live.broadcast import group_of
from companion.models import Seat, Table
from companion.table import seam, tables
from companion.table.games import Game, Played, viewer_of
from tests.catalogue import GAMES, scripts, twin_of
from tests.companion.test_render import CODE, played
from tests.conftest import sit

pytestmark = pytest.mark.django_db

SCRIPTS = scripts(GAMES)

MISSING = """{slug} has no twin: write tests/games/{slug}/twins.py with

    def twin(played: Played, viewer: Viewer) -> Played:
        \"\"\"The same game with everything ``viewer``'s view must not depend on changed.\"\"\"

returning ``played.then(rules)`` where every value that seat may not see differs (another
player's hand or vote, the secret and its length, a hidden position or count) and everything
it may see is as it was; ``played`` itself where it may see everything. The games' own
twins.py are examples; docs/writing-a-game.md says more."""

# What differs between any two drawings of one screen: the CSRF token (masked afresh for each
# page) and the time the clock was drawn at (render.TIME_OF_DRAWING).
PER_DRAWING = ((re.compile(r'(name="csrfmiddlewaretoken" value=|name="csrf-token" content=)"[^"]*"'), r'\1""'),
               (render.TIME_OF_DRAWING, ""))
SECTION = re.compile(r'<section id="region-([a-z0-9_]+)"')


def normalised(html: str) -> str:
    for pattern, same in PER_DRAWING:
        html = pattern.sub(same, html)
    return html


def checked_steps(game: Game, states: list[Played]) -> list[int]:
    """The steps checked: of each phase (as the table display's view names it), the last step of
    its first run and of its last, where the most is hidden (every hand set but one, every pick
    locked in but one), once with the fewest rounds behind it and once with the most."""
    phases = [seam.view(game, state, render.TABLE)["phase"] for state in states]
    ends = [n for n, phase in enumerate(phases) if n + 1 == len(phases) or phases[n + 1] != phase]
    first = {phases[n]: n for n in reversed(ends)}
    last = {phases[n]: n for n in ends}
    return sorted({*first.values(), *last.values()})


def store(table: Table, game: Game, state: Played) -> None:
    table.state = state.to_dict()
    table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
    table.save()


def answer(monkeypatch, table: Table, seats: list[Seat], seat: Seat, phone: Client, made: dict) -> str:
    """The answer to ``seat``'s move ``made`` (made by the host when the seat has no phone), as
    views.move gives it when the move left the table as it is stored: the table's authority
    (tables.run), which decides and writes the move, stands aside; everything after it runs."""
    own = seat if seat.has_phone else next(s for s in seats if s.is_host)

    def ran(code, token, change, base_version, *, mode=tables.Mode.APPLY, now=None):
        return tables.Result(table=table, seat=own, actor=seat, move=made,
                             news=tables.News(table.pk, table=table, seats=seats, asker=own.pk))

    with monkeypatch.context() as patched:
        patched.setattr(tables, "run", ran)
        response = phone.post(f"/t/{CODE}/move/", {"type": made["type"], "version": table.version,
                                                  **({} if seat.has_phone else {"as_seat": seat.pk})})
    assert response.status_code == 200, response.content.decode()[:300]
    return response.content.decode()


def sent(monkeypatch, table: Table, seats: list[Seat], game: Game, state: Played, phones: dict[int, Client],
         paged: list[Seat], answered: tuple[Seat, dict] | None) -> dict[tuple[str, int], str]:
    """What the table at ``state`` sends, by (what, seat id): a push to every seat, its page to
    each of ``paged`` and, with ``answered`` (a seat and its move), the answer to that move."""
    store(table, game, state)
    out = {("push", pk): html for pk, html in broadcast.push_table(table.pk, table=table, seats=seats).items()}
    for seat in paged:
        page = phones[seat.pk].get(f"/t/{CODE}/" + ("" if seat.has_phone else f"?as={seat.pk}"))
        assert page.status_code == 200
        out["page", seat.pk] = page.content.decode()
    if answered is not None:
        seat, made = answered
        out["answer", seat.pk] = answer(monkeypatch, table, seats, seat, phones[seat.pk], made)
    return {key: normalised(html) for key, html in out.items()}


def differing_regions(first: str, second: str) -> list[str]:
    def regions(html: str) -> dict[str, str]:
        parts = SECTION.split(html)
        return dict(zip(parts[1::2], parts[2::2]))

    one, two = regions(first), regions(second)
    return sorted(name for name in one.keys() | two.keys() if one.get(name) != two.get(name)) or ["outside the regions"]


def seen_by_another(game: Game, state: Played, other: Played, seats: list[Seat], seat: Seat) -> bool:
    """Whether the twin for ``seat`` changes what some other seat sees: the twin tests something."""
    return any(seam.view(game, state, viewer_of(s)) != seam.view(game, other, viewer_of(s)) for s in seats if s is not seat)


def acting(game: Game, seat: Seat, seats: list[Seat]) -> dict:
    """For the host of a game that acts inline (``Screens.acts_inline``), the players without a phone
    whose panels its page holds, which its twin keeps as they are: ``also``."""
    if not (seat.is_host and game.screens.acts_inline):
        return {}
    return {"also": [viewer_of(s) for s in seats if not s.has_phone and not s.left and not s.removed
                     and s.role != "display"]}


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_seat_is_sent_the_same_bytes_whatever_it_may_not_see(name, monkeypatch):
    slug = name.split("/")[0]
    twin = twin_of(slug)
    if twin is None:
        pytest.fail(MISSING.format(slug=slug))
    script = importlib.import_module(f"tests.games.{slug}.{name.split('/')[1]}")
    drawn = list(played(name))
    _, table, seats, game, _ = drawn[0]
    made_by = [(None, None), *script.STEPS]  # the move that led to each state
    host = next(s for s in seats if s.is_host)
    phones = {seat.pk: sit(Client(), seat if seat.has_phone else host) for seat in seats}
    telling = 0
    for n in checked_steps(game, [state for *_, state in drawn]):
        label, state = drawn[n][0], drawn[n][4]
        twins = {seat.pk: twin(state, viewer_of(seat), **acting(game, seat, seats)) for seat in seats}
        assert all(t.players == state.players for t in twins.values()), f"{name}: a twin keeps the players"
        hiding = [seat for seat in seats if twins[seat.pk].rules != state.rules]
        for seat in hiding:
            viewer = viewer_of(seat)
            mine, theirs = seam.view(game, state, viewer), seam.view(game, twins[seat.pk], viewer)
            assert mine == theirs, (
                f"{name} {label}: {seat.name}'s view changes with what it may not see, in "
                f"{sorted(k for k in mine if mine[k] != theirs.get(k))}: the view shows it, or "
                f"tests/games/{slug}/twins.py changes what this seat may see")
            telling += telling == 0 and seen_by_another(game, state, twins[seat.pk], seats, seat)
        # A page for one seat of each audience (the seats of one are sent the same regions), the
        # answer for the seat whose move led here.
        paged = list({group_of(game, table.pk, seat): seat for seat in reversed(hiding)}.values())
        actor, made = made_by[n]
        answered = next(((seat, made) for seat in hiding if seat.pk == actor), None)
        first = sent(monkeypatch, table, seats, game, state, phones, paged, answered)
        by_twin: dict[str, list[Seat]] = {}
        for seat in hiding:
            by_twin.setdefault(json.dumps(twins[seat.pk].rules, sort_keys=True), []).append(seat)
        for alike in by_twin.values():
            second = sent(monkeypatch, table, seats, game, twins[alike[0].pk], phones,
                          [seat for seat in paged if seat in alike],
                          answered if answered is not None and answered[0] in alike else None)
            for (what, pk), html in second.items():
                seat = next((s for s in alike if s.pk == pk), None)
                assert seat is None or first[what, pk] == html, (
                    f"{name} {label}: {seat.name}'s {what} changes with what it may not see, in "
                    f"{differing_regions(first[what, pk], html)}")
    assert telling, f"{name}: its twins change nothing any seat sees, so test nothing (tests/games/{slug}/twins.py)"
