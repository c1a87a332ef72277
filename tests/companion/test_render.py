"""Nothing secret within a template's reach: every region of every game, for every seat, at every step.

Each game's scripted test game (tests/games/<slug>/scripted.py) is played through the
game's own adapter. After every step, every region is drawn for every seat and a display,
and no text that the seat's view hides may appear in what it is sent. Seats that share an
audience must be sent the very same bytes. Text here is two characters or more, and the view
is taken at its word: tests/companion/test_twins.py checks numbers, single letters and the
views themselves, by drawing each seat from the game and from a twin that differs only in
what the seat may not see.
"""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest
from django.db import models
from django.template import engines

from companion.live import render
from companion.table import seam
from companion.table.games import DISPLAY, Played, Screens, Viewer, get, move_of
from companion.models import Seat, Table
from tests import played as play
from tests.catalogue import GAMES, scripts

pytestmark = pytest.mark.django_db

# Every scripted game of every game: tests/games/<slug>/scripted.py, and scripted_<variant>.py beside it.
SCRIPTS = scripts(GAMES)
CODE = "KMNPQR"  # no letters A-F: Half Truth's picks are letters A-F
DISPLAY_ID = 99


def strings(value: Any) -> set[str]:
    """Every piece of text in a nested value, as it might be printed."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values()), set())
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value), set())
    return set()


def shows(html: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(text)}(?![\w])", html, re.IGNORECASE) is not None


def seat_the_table(players: list[Viewer], game: Any, setup: dict) -> tuple[Table, list[Seat]]:
    table = Table.objects.create(code=CODE, game=game.slug, status=Table.Status.PLAYING, setup=setup)
    seats = [Seat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order,
                                 is_host=p.is_host, has_phone=p.has_phone) for p in players]
    seats.append(Seat.objects.create(pk=DISPLAY_ID, table=table, name="Table display", role=DISPLAY.slug,
                                     order=len(players)))
    return table, seats


def played(name: str):
    """A scripted game's states ("lie/scripted_count"), one after every step, with its seats at a table."""
    slug, module = name.split("/") if "/" in name else (name, "scripted")
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    table, seats = seat_the_table(script.PLAYERS, game, script.SETUP)
    rng = random.Random(7)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    yield "start", table, seats, game, state
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for number, (seat_id, move) in enumerate(script.STEPS, start=1):
        if seat_id is None:
            state = play.expire(game, state)
        else:
            state = play.move(game, state, by_id[seat_id], move, rng)
        yield f"step {number} {move.get('type', 'clock')}", table, seats, game, state


def assert_no_seat_is_sent_what_its_view_hides(slug: str, **table_facts: Any) -> None:
    """Play ``slug`` at a table (with ``table_facts`` set on it, such as an evening's results) and,
    after every step, draw every seat: none is sent text the stored state holds and its view hides."""
    checked = 0
    for label, table, seats, game, state in played(slug):
        for name, value in table_facts.items():
            setattr(table, name, value)
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
        table.save()
        scene = render.scene(table, seats)
        public = {s.name for s in seats} | {CODE}
        stored = {text for text in strings(state.rules) if len(text.strip()) >= 2}
        for seat in seats:
            view = seam.view(game, state, render.viewer_of(seat))
            hidden = stored - strings(view) - public
            html = render.fragment(scene, seat)
            leaked = sorted(text for text in hidden if shows(html, text))
            assert not leaked, f"{slug} {label}: {seat.name} was sent {leaked}"
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("slug", SCRIPTS)
def test_no_seat_is_sent_text_its_view_hides(slug):
    assert_no_seat_is_sent_what_its_view_hides(slug)


@pytest.mark.parametrize("slug", SCRIPTS)
def test_seats_gone_and_phones_asking_for_them_show_no_screen_more_than_its_view(slug):
    """A player's seat left and another removed, and a phone waiting for each: at every step every
    screen still shows nothing its view hides, no seat's or claim's token reaches any screen, the
    host's screen shows the requests (by name only), and no screen is drawn for the removed seat."""
    from companion.live import broadcast
    from companion.models import SeatClaim

    checked = 0
    for label, table, seats, game, state in played(slug):
        if label == "start":  # the seats as stored from now on (the script's list stays as it began)
            others = [s for s in seats if not s.is_host and s.role != DISPLAY.slug]
            left, removed = others[0], others[-1]
            Seat.objects.filter(pk=left.pk).update(left=True)
            Seat.objects.filter(pk=removed.pk).update(removed=True)
            claims = [SeatClaim.objects.create(table=table, seat=seat) for seat in (left, removed)]
            table.asking = [{"claim": c.pk, "seat": c.seat_id} for c in claims]
            stored_seats = list(Seat.objects.filter(table=table))
            secrets = {s.token for s in stored_seats} | {c.token for c in claims}
        seats = stored_seats
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
        table.save()
        scene = render.scene(table, seats)
        public = {s.name for s in seats} | {CODE}
        stored = {text for text in strings(state.rules) if len(text.strip()) >= 2}
        for seat in seats:
            view = seam.view(game, state, render.viewer_of(seat))
            html = render.fragment(scene, seat)
            leaked = sorted(text for text in stored - strings(view) - public if shows(html, text))
            assert not leaked, f"{slug} {label}: {seat.name} was sent {leaked}"
            assert not [t for t in secrets if t in html], f"{slug} {label}: a token reached {seat.name}"
            assert ("A phone asks to sit as" in html) == seat.is_host, f"{slug} {label}: {seat.name}"
            checked += 1
    assert removed.pk not in broadcast.push_table(table.pk, table=table, seats=seats)
    assert checked > 10


def test_everything_a_template_can_reach_is_free_of_the_secret():
    """Print the whole context of a guesser's templates: the secret is not in it."""
    game = get("stub")
    script = importlib.import_module("tests.games.stub.scripted")
    table, seats = seat_the_table(script.PLAYERS, game, script.SETUP)
    state = play.move(game, play.begin(game, list(script.PLAYERS), script.SETUP, random.Random(1)),
                      script.PLAYERS[0], script.STEPS[0][1], random.Random(1))
    table.state = state.to_dict()
    table.save()
    gus = seats[1]
    hidden = strings(state.rules) - strings(seam.view(game, state, render.viewer_of(gus)))
    assert "zephyr" in hidden
    leaky = engines["django"].from_string("{{ view }} {{ table }} {{ me }} {{ people }}")
    html = leaky.render(render.context(render.scene(table, seats), gus))
    assert not any(shows(html, text) for text in hidden)


@pytest.mark.parametrize("slug", SCRIPTS)
def test_seats_of_one_audience_are_sent_the_same_bytes(slug):
    from companion.live.broadcast import group_of

    for label, table, seats, game, state in played(slug):
        table.state = state.to_dict()
        table.save()
        scene = render.scene(table, seats)
        by_group: dict[str, set[str]] = {}
        for seat in seats:
            by_group.setdefault(group_of(game, table.pk, seat), set()).add(render.fragment(scene, seat))
        for group, drawings in by_group.items():
            assert len(drawings) == 1, f"{slug} {label}: the seats of {group} would be sent different screens"


@pytest.mark.parametrize("slug", GAMES)
def test_a_template_context_holds_no_stored_model(slug):
    for label, table, seats, game, state in played(slug):
        table.state = state.to_dict()
        table.save()
        scene = render.scene(table, seats)
        for seat in seats:
            context = render.context(scene, seat)
            found = [key for key, value in context.items() if isinstance(value, models.Model)]
            assert not found, f"{slug}: {found} reach the templates"
        break


@pytest.mark.parametrize("slug", SCRIPTS)
def test_every_view_has_the_shared_shape(slug):
    for label, table, seats, game, state in played(slug):
        for seat in seats:
            view = seam.view(game, state, render.viewer_of(seat))
            assert {"phase", "waiting_for", "legal_moves", "outcome"} <= set(view), f"{slug} {label}"
            assert isinstance(view["phase"], str)
            assert all(isinstance(s, int) for s in view["waiting_for"])
            for entry in view["legal_moves"]:
                assert set(entry) == {"type", "allowed", "why"}
                assert move_of(game, entry["type"]) is not None, f"{slug}: {entry['type']} is offered but not declared"
                assert entry["allowed"] or entry["why"], f"{slug} {label}: {entry['type']} disabled with no reason"
        if game.outcome(state) is not None:
            assert view["outcome"] and view["outcome"].get("termination")


def regions_match_full_drawings(table, seats, label):
    """Every region of every seat's screen, as one drawing of the table sends it (a game's public
    regions drawn once, from the table display's view), is what that seat's whole context draws;
    before the game starts (no view), a game's regions are sent empty."""
    from django.template.loader import render_to_string

    scene = render.scene(table, seats)
    for seat in seats:
        context = render.context(scene, seat)
        sent = {name: html for name, _, html in render.sections(scene, seat)[0]}
        for name in render.region_names(scene.game):
            if context["view"] is None and name in scene.game.regions:
                assert sent[name].endswith(f'data-h="{render.EMPTY}" data-v="{table.version}"></section>'), \
                    f"{label}: {name} for {seat.name}"
                continue
            full = render_to_string(render.template_of(scene.game, name), context)
            assert f">{full}</section>" in sent[name], f"{label}: {name} for {seat.name}"


@pytest.mark.parametrize("slug", SCRIPTS)
def test_every_region_sent_is_what_the_seats_whole_context_would_draw(slug):
    for label, table, seats, game, state in played(slug):
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
        table.save()
        regions_match_full_drawings(table, seats, f"{slug} {label}")


@pytest.mark.parametrize("slug", SCRIPTS)
def test_every_region_sent_is_what_the_seats_whole_context_would_draw_once_the_host_ends_the_game(slug):
    for label, table, seats, game, state in played(slug):
        table.state = (state if game.outcome(state) is not None else play.end(game, state)).to_dict()
        table.status = Table.Status.FINISHED
        table.save()
        regions_match_full_drawings(table, seats, f"{slug} {label}, ended")


@pytest.mark.parametrize("slug", GAMES)
def test_every_region_sent_is_what_the_seats_whole_context_would_draw_in_the_lobby(slug):
    script = importlib.import_module(f"tests.games.{slug}.scripted")
    table, seats = seat_the_table(script.PLAYERS, get(slug), script.SETUP)
    table.status = Table.Status.LOBBY
    table.save()
    regions_match_full_drawings(table, seats, f"{slug} lobby")
    host = next(s for s in seats if s.is_host)
    assert "Move " in render.draw(render.scene(table, seats), host)["people"]  # the host's lobby tools


@pytest.mark.parametrize("slug", GAMES)
def test_a_moves_state_draws_every_seat_as_the_state_read_back_from_the_database(slug):
    """The state a game's ``apply`` gives draws every seat as the same state does when a later
    request reads it back (through JSON)."""
    import json

    for label, table, seats, game, state in played(slug):
        stored = Played.from_dict(json.loads(json.dumps(state.to_dict())), game.codec)
        for seat in seats:
            viewer = render.viewer_of(seat)
            assert seam.view(game, state, viewer) == seam.view(game, stored, viewer), f"{slug} {label}: {seat.name}"


@pytest.mark.parametrize("slug", GAMES)
def test_the_views_of_every_seat_at_once_are_each_seats_view(slug):
    """A change asks for every seat's view at once (``Game.views``); each is what that seat's view
    alone is, whatever seats are asked with it."""
    for label, table, seats, game, state in played(slug):
        viewers = [render.viewer_of(seat) for seat in seats] + [render.TABLE]
        together = seam.views(game, state, viewers)
        assert together == [seam.view(game, state, viewer) for viewer in viewers], f"{slug} {label}"
        assert seam.views(game, state, viewers[::-1]) == together[::-1], f"{slug} {label}"


@pytest.mark.parametrize("slug", SCRIPTS)
def test_a_push_sends_every_seat_what_drawing_it_alone_would(slug):
    """Seats drawn together in one push get what each would get drawn alone."""
    from companion.live import broadcast

    for label, table, seats, game, state in played(slug):
        table.state = state.to_dict()
        table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
        table.save()
        pushed = broadcast.push_table(table.pk, table=table, seats=seats)
        for seat in seats:
            alone = render.fragment(render.scene(table, seats, drawn_for=[seat]), seat)
            assert pushed[seat.pk] == alone, f"{slug} {label}: {seat.name}"


def test_a_game_whose_region_name_is_not_an_identifier_is_refused_when_registered():
    from companion.table.games import register

    class Odd(type(get("stub"))):
        slug = "odd-regions"
        regions = ("guesses", 'x" onclick="alert(1)')

    with pytest.raises(ValueError, match="not identifiers"):
        register(Odd())
    assert get("odd-regions") is None


def test_a_game_whose_public_region_is_not_one_of_its_regions_is_refused_when_registered():
    from companion.table.games import register

    class Odd(type(get("stub"))):
        slug = "odd-public"
        public_regions = ("guesses", "nowhere")

    with pytest.raises(ValueError, match="nowhere"):
        register(Odd())
    assert get("odd-public") is None


def test_a_push_draws_each_public_region_once_for_every_seat(monkeypatch):
    from companion.live import broadcast

    for label, table, seats, game, state in played("halftruth/scripted_largest"):
        if label.startswith("step 10"):
            break
    table.state = state.to_dict()
    table.save()
    drawn = []
    real = render._draw
    monkeypatch.setattr(render, "_draw", lambda name, template, ctx: drawn.append(name) or real(name, template, ctx))
    broadcast.push_table(table.pk, table=table, seats=seats)
    groups = len({broadcast.group_of(game, table.pk, seat) for seat in seats})
    assert groups > 2
    for name in game.regions:
        assert drawn.count(name) == (1 if name in game.public_regions else groups), name


def test_the_others_are_sent_their_push_before_the_asking_phones_own_is_drawn(monkeypatch):
    from companion.live import broadcast

    events = []
    update = render.update
    monkeypatch.setattr(render, "update", lambda sc, seat: events.append(("draw", seat.pk)) or update(sc, seat))
    monkeypatch.setattr(broadcast, "_send", lambda *messages, wait=False: events.append(
        ("send", [message["group"] for _, message in messages], wait)))
    *_, (label, table, seats, game, state) = played("lie")
    table.state = state.to_dict()
    table.save()
    asker = seats[1]
    pushed = broadcast.push_table(table.pk, table=table, seats=seats, asker=asker.pk)
    mine = broadcast.group_of(game, table.pk, asker)
    others = [broadcast.group_of(game, table.pk, seat) for seat in seats if seat is not asker]
    assert events[-3:] == [("send", others, True), ("draw", asker.pk), ("send", [mine], False)]
    assert pushed[asker.pk] == render.fragment(render.scene(table, seats), asker)
    events.clear()
    broadcast.push_table(table.pk, table=table, seats=seats)  # no asker (a clock, a join): one send
    assert [event for event in events if event[0] == "send"] == [("send", others[:1] + [mine] + others[1:], False)]


def finished_game_result(name: str) -> tuple[dict, dict]:
    """Another scripted game played to its end, recorded as the evening records it, and its setup."""
    from companion.table import tables

    game, script, state = play.played_out(name)
    holder = Table.objects.create(code="ZZZZZZ", game=game.slug, state=state.to_dict(), results=[])
    tables._record_result(holder, game)
    holder.delete()
    return holder.results[-1], script.SETUP


@pytest.mark.parametrize("slug", ["fiction/scripted", "halftruth/scripted", "lie/scripted"])
def test_a_game_switched_to_mid_evening_sends_no_seat_what_its_view_hides(slug):
    """The evening's standings and its best moments beside a game of another kind: still nothing hidden."""
    before = {"fiction/scripted": "lie/scripted", "halftruth/scripted": "fiction/scripted",
              "lie/scripted": "halftruth/scripted"}[slug]
    result, setup = finished_game_result(before)
    assert result["moment"]
    assert_no_seat_is_sent_what_its_view_hides(slug, results=[result], setups={before.split("/")[0]: setup})


@pytest.mark.parametrize("slug", SCRIPTS)
def test_a_games_best_moment_says_only_what_its_end_shows_everyone(slug):
    """The moment kept for the evening comes from the display's view at the end: every word in it
    that names something of the game is on the table display's screen then. The words of a game's
    own sentence beyond ``MOMENT_WORDS`` are its tests/games/<slug>/scripted.py's ``MOMENT_WORDS``."""
    game, _, state = play.played_out(slug)
    if game.outcome(state) is None:
        pytest.skip("this script stops before the end")
    if type(game.screens).moment is Screens.moment:
        pytest.skip("this game keeps no moment")
    view = seam.view(game, state, Viewer(seat_id=None, role=DISPLAY.slug))
    shown = {w.casefold() for text in strings(view) for w in re.findall(r"[^\W\d_]+", text)}
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", seam.moment(game, state).replace("'s ", " "))}
    own = getattr(importlib.import_module(f"tests.games.{game.slug}.scripted"), "MOMENT_WORDS", ())
    named = words - MOMENT_WORDS - {w.casefold() for w in own}  # the secret word, the guesses, the players' names
    assert named and named <= shown, f"{slug}: {sorted(named - shown)} are not on the display at the end"


# The words of the three games' and the demo's moments' own sentences (Screens.moment), which name
# nothing of a game; another game lists its own in its scripted.py.
MOMENT_WORDS = set("""the word was found with guess after first one guessers missed it guesses final ranking vp
called lie on there was were bid held a lies secret""".split()) | {
    "ones", "twos", "threes", "fours", "fives", "sixes", "one", "two", "three", "four", "five", "six"}
