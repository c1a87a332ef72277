"""A pick never reaches another seat before the last lock-in: the issue's recording test, on the server side.

The same question is played twice, identical except for Tony's letters. Everything
the other seats (Kamila, Amy, a display) would be sent after every step, which is
what an action's reply and a socket push carry (``render.fragment``), is recorded
up to the moment before the last lock-in. The two recordings must be the same.
"""

import random

import pytest

from companion.live import render
from companion.table import seam
from companion.table.games import DISPLAY, get
from companion.models import Seat, Table
from tests import played as play

from .scripted import AMY, KAMILA, PLAYERS, SETUP, TONY

pytestmark = pytest.mark.django_db
game = get("halftruth")


def recording(tony_letters: list[str]) -> list[str]:
    table = Table.objects.create(code="KMNPQR", game=game.slug, status=Table.Status.PLAYING, setup=SETUP)
    seats = [Seat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order,
                                 is_host=p.is_host) for p in PLAYERS]
    seats.append(Seat.objects.create(pk=99, table=table, name="Screen", role=DISPLAY.slug, order=9))
    actors = {p.seat_id: p for p in PLAYERS}
    state = play.begin(game, PLAYERS, SETUP, random.Random(1))
    steps = [
        (KAMILA, {"type": "set_die", "face": "HALF_LIE"}),
        (TONY, {"type": "lock_in", "letters": tony_letters}),
        (AMY, {"type": "lock_in", "letters": ["B"]}),
        (TONY, {"type": "lock_in", "letters": tony_letters[:1]}),  # a change of mind
    ]
    sent = []
    for seat_id, move in steps:
        state = play.move(game, state, actors[seat_id], move, random.Random(1))
        table.state = state.to_dict()
        table.version += 1
        table.save()
        scene = render.scene(table, seats)
        sent += [render.fragment(scene, seat) for seat in seats if seat.pk != TONY]
    table.delete()
    return sent


def test_the_others_are_sent_the_same_bytes_whatever_tony_picks():
    first, second = recording(["C", "D"]), recording(["E", "F"])
    assert len(first) == 12
    assert first == second


def test_the_recording_would_see_a_difference_once_everyone_is_in():
    """The comparison is not blind: after the last lock-in the picks are shown to all."""
    def revealed(letters):
        state = play.begin(game, PLAYERS, SETUP, random.Random(1))
        for seat_id, move in [(KAMILA, {"type": "set_die", "face": "ONE"}),
                              (TONY, {"type": "lock_in", "letters": letters}),
                              (AMY, {"type": "lock_in", "letters": ["B"]}),
                              (KAMILA, {"type": "lock_in", "letters": ["A"]})]:
            state = play.move(game, state, {p.seat_id: p for p in PLAYERS}[seat_id], move, random.Random(1))
        return seam.view(game, state, PLAYERS[2])
    assert revealed(["C"]) != revealed(["D"])
