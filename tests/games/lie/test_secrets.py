"""Secrets stay secret on the wire: what the other phones and the display are sent does not depend on a hand.

Play the same round twice, identical but for one player's hand, render every region for every
other seat after every step up to the "Lie!", and compare: the recordings must be the same.
"""

from __future__ import annotations

import random

import pytest

from companion import render
from companion.games import get
from tests.companion.test_render import seat_the_table

from . import scripted, scripted_count

pytestmark = pytest.mark.django_db
game = get("lie")


def record(steps, players, setup, watchers):
    """Every fragment each watcher is sent after each step, rendered as the table would."""
    table, seats = seat_the_table(players, game, setup)
    by_id = {p.seat_id: p for p in players}
    state = game.start(list(players), setup, random.Random(1))
    sent = []
    for seat_id, move in [(None, None), *steps]:
        if move is not None:
            state = game.apply(state, by_id[seat_id], move, random.Random(1))
        table.state = state
        table.save()
        scene = render.scene(table, seats)
        sent.append({s.pk: render.fragment(scene, s) for s in seats if s.pk in watchers or s.role == "display"})
    table.delete()
    return sent


def _first_round_until_lie():
    steps = scripted.STEPS
    return steps[:next(i for i, (_, m) in enumerate(steps) if m["type"] == "challenge")]


@pytest.mark.parametrize("owner", [scripted.ANA, scripted.CAL])
def test_the_others_are_sent_the_same_whatever_one_players_hand_until_the_lie(owner):
    steps = _first_round_until_lie()
    other = [(seat, {"type": "set_hand", "faces": [6, 6, 6, 1][:len(m["faces"])]})
             if seat == owner and m["type"] == "set_hand" else (seat, m) for seat, m in steps]
    assert other != steps
    watchers = {p.seat_id for p in scripted.PLAYERS} - {owner}
    first = record(steps, scripted.PLAYERS, scripted.SETUP, watchers)
    second = record(other, scripted.PLAYERS, scripted.SETUP, watchers)
    assert first == second
    # ...and the owner's own phone did see the difference: the recording is not blind.
    mine = record(steps, scripted.PLAYERS, scripted.SETUP, {owner})
    theirs = record(other, scripted.PLAYERS, scripted.SETUP, {owner})
    assert mine != theirs


def test_counts_at_reveal_stay_with_their_owner_until_the_last_count():
    steps = scripted_count.STEPS[:3]  # bid, "Lie!", Ben's count
    changed = [*steps[:2], (scripted_count.BEN, {"type": "show_count", "count": 2, "ones": 1})]
    first = record(steps, scripted_count.PLAYERS, scripted_count.SETUP, {scripted_count.ANA})
    second = record(changed, scripted_count.PLAYERS, scripted_count.SETUP, {scripted_count.ANA})
    assert first == second


def test_the_count_at_reveal_game_plays_to_its_end_and_every_region_renders():
    sent = record(scripted_count.STEPS, scripted_count.PLAYERS, scripted_count.SETUP,
                  {scripted_count.ANA, scripted_count.BEN})
    last = sent[-1][scripted_count.BEN]
    assert "ana wins!" in last
    assert any("Show your cards and count" in s[scripted_count.BEN] for s in sent)
