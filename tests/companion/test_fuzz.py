"""Hostile input, generated: whatever a phone posts, every game answers with a clear 4xx or applies a move.

Never a 500, and a refused request leaves the stored game exactly as it was.
"""

from __future__ import annotations

import importlib
import random

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.table.games import DISPLAY, get
from companion.models import Action, Seat, Table
from companion.web.views import HOST_ACTIONS
from tests import played as play
from tests.conftest import sit
from tests.catalogue import GAMES

pytestmark = pytest.mark.django_db

OK = {200, 400, 403, 404, 409, 422, 429}

text = st.one_of(st.text(max_size=30), st.sampled_from(["", "1", "-1", "0", "99999999999999999999", "on", "true",
                                                          "✓", "\x00", "ONE", "A", "clockwise", "melon"]))


def fields_of(game) -> list[str]:
    names = {f.name for m in game.moves for f in m.fields} | {f.name for f in game.setup}
    return sorted(names | {"seat", "role", "step", "name", "as_seat", "rotate", "_check"})


@pytest.fixture
def midgame(request, settings):
    """A table of the game part-way through its scripted game, with a phone for every seat."""
    settings.SEAT_ACTION_RATE = "100000/1s"
    slug = request.param
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.scripted")
    rng = random.Random(3)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, move in script.STEPS[: len(script.STEPS) // 2]:
        state = play.step(game, state, by_id.get(seat_id), move, rng)
    table = Table.objects.create(code="KMNPQR", game=slug, status=Table.Status.PLAYING, state=state.to_dict(),
                                 setup=script.SETUP, version=7)
    seats = [Seat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order,
                                 is_host=p.is_host, has_phone=p.has_phone) for p in script.PLAYERS]
    seats.append(Seat.objects.create(pk=99, table=table, name="tv", role=DISPLAY.slug, order=50))
    phones = [sit(Client(), seat) for seat in seats] + [Client()]
    return game, table, phones


def form(game, data) -> dict:
    kind, values, version = data
    return {"type": kind, "version": version, **values}


@pytest.mark.parametrize("midgame", GAMES, indirect=True)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_move_form_gets_a_clear_answer_and_a_refusal_changes_nothing(midgame, data):
    game, table, phones = midgame
    kinds = [m.type for m in game.moves] + ["timer_expired", "", "x" * 200]
    body = {"type": data.draw(st.sampled_from(kinds)),
            "version": data.draw(st.one_of(st.just(str(Table.objects.get().version)), text))}
    for name in data.draw(st.lists(st.sampled_from(fields_of(game)), max_size=5, unique=True)):
        body[name] = data.draw(st.one_of(text, st.lists(text, max_size=4)))
    phone = data.draw(st.sampled_from(phones))
    before = Table.objects.values("state", "version", "status").get()
    response = phone.post(f"/t/{table.code}/move/", body)
    assert response.status_code in OK, (body, response.content[:300])
    if response.status_code != 200 or "already done" in response.content.decode():
        assert Table.objects.values("state", "version", "status").get() == before, body
    Table.objects.filter(pk=table.pk).update(**before)  # the next example starts from the same game
    Action.objects.all().delete()


@pytest.mark.parametrize("midgame", ["stub", "lie"], indirect=True)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_host_action_form_gets_a_clear_answer(midgame, data):
    game, table, phones = midgame
    action = data.draw(st.sampled_from(sorted(HOST_ACTIONS) + ["nuke"]))
    body = {"version": data.draw(st.one_of(st.just(str(Table.objects.get().version)), text))}
    for name in data.draw(st.lists(st.sampled_from(fields_of(game)), max_size=4, unique=True)):
        body[name] = data.draw(st.one_of(text, st.lists(text, max_size=3)))
    phone = data.draw(st.sampled_from(phones))
    response = phone.post(f"/t/{table.code}/host/{action}/", body)
    assert response.status_code in OK, (action, body, response.content[:300])
