"""Secrets stay secret on the wire: what the other phones and the display are sent does not depend on a hand.

Play the same round twice, identical but for one player's hand (or, when the app deals, the cards
dealt to one player), render every region for every other seat after every step up to the "Lie!",
and compare: the recordings must be the same.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from companion.live import render
from companion.table.games import get
from tests import played as play
from tests.companion.test_render import seat_the_table

from . import scripted, scripted_count, scripted_deal, scripted_largest

pytestmark = pytest.mark.django_db
game = get("lie")


def record(steps, players, setup, watchers, start=None, seed=None):
    """Every fragment each watcher is sent after each step, rendered as the table would.

    ``start``: the state to play from, else a game started with ``random.Random(1)``. ``seed``:
    one rng made from it starts the game and deals for every move after, as a scripted game's
    table does (tests/companion/test_render.py)."""
    table, seats = seat_the_table(players, game, setup)
    by_id = {p.seat_id: p for p in players}
    rng = None if seed is None else random.Random(seed)
    state = start if start is not None else play.begin(game, list(players), setup, rng or random.Random(1))
    sent = []
    for seat_id, move in [(None, None), *steps]:
        if move is not None:
            state = play.move(game, state, by_id[seat_id], move, rng or random.Random(1))
        table.state = state.to_dict()
        table.save()
        scene = render.scene(table, seats)
        sent.append({s.pk: render.fragment(scene, s) for s in seats if s.pk in watchers or s.role == "display"})
    table.delete()
    return sent


def _first_round_until_lie(script):
    steps = script.STEPS
    return steps[:next(i for i, (_, m) in enumerate(steps) if m["type"] == "challenge")]


# At the largest table, Dee has no phone: the host who acts for her is sent nothing of her hand either.
@pytest.mark.parametrize(("script", "owner"), [(scripted, scripted.ANA), (scripted, scripted.CAL),
                                               (scripted_largest, scripted_largest.DEE)])
def test_the_others_are_sent_the_same_whatever_one_players_hand_until_the_lie(script, owner):
    steps = _first_round_until_lie(script)
    other = [(seat, {"type": "set_hand", "faces": [6, 6, 6, 1][:len(m["faces"])]})
             if seat == owner and m["type"] == "set_hand" else (seat, m) for seat, m in steps]
    assert other != steps
    # The host's page holds a panel for a player without a phone, their hand in it (Screens.acts_inline).
    acted = not next(p for p in script.PLAYERS if p.seat_id == owner).has_phone
    watchers = {p.seat_id for p in script.PLAYERS if not (acted and p.is_host)} - {owner}
    first = record(steps, script.PLAYERS, script.SETUP, watchers)
    second = record(other, script.PLAYERS, script.SETUP, watchers)
    assert first == second
    # ...and the owner's own phone did see the difference: the recording is not blind.
    mine = record(steps, script.PLAYERS, script.SETUP, {owner})
    theirs = record(other, script.PLAYERS, script.SETUP, {owner})
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


def _dealt_other_cards(state, owner):
    """The same table, but ``owner`` was dealt five cards from those no one was dealt."""
    dealt = state.rules["dealt"]
    seat = state.seats.index(owner)
    left = Counter(map(tuple, scripted_deal.rules.DEFAULT_DECK)) - Counter(tuple(c) for cards in dealt for c in cards)
    fresh = sorted(left.elements(), key=lambda card: tuple(card) in {tuple(c) for c in dealt[seat]})[:5]
    other = [list(card) for card in fresh]
    assert sorted(other) != sorted(dealt[seat])
    return dataclasses.replace(state, rules={**state.rules, "dealt": [other if s == seat else cards
                                                                       for s, cards in enumerate(dealt)]})


def _dealt_round(state, through_lie=False):
    """Ben sets his hand twice, Ana and Cal once (each card turned to its higher end), Ben opens
    and Cal raises, all as the cards dealt in ``state`` allow; then Ana's "Lie!" if asked."""
    def hand(seat_id, used=5):
        cards = state.rules["dealt"][state.seats.index(seat_id)]
        return seat_id, {"type": "set_hand", "faces": [max(card) for card in cards][:used]}

    ana, ben, cal = scripted_deal.ANA, scripted_deal.BEN, scripted_deal.CAL
    steps = [hand(ben, 0), hand(ana), hand(ben), hand(cal, 4),
             (ben, {"type": "bid", "quantity": 1, "face": 2}), (cal, {"type": "bid", "quantity": 2, "face": 2})]
    return steps + [(ana, {"type": "challenge"})] if through_lie else steps


@pytest.mark.parametrize("owner", [scripted_deal.ANA, scripted_deal.CAL])
def test_the_others_and_the_display_are_sent_the_same_whatever_cards_one_player_was_dealt_until_the_lie(owner):
    players, setup = scripted_deal.PLAYERS, scripted_deal.SETUP
    start = play.begin(game, list(players), setup, random.Random(1))
    other = _dealt_other_cards(start, owner)
    watchers = {p.seat_id for p in players} - {owner}
    first = record(_dealt_round(start), players, setup, watchers, start)
    second = record(_dealt_round(other), players, setup, watchers, other)
    assert first == second
    # The owner's phone is drawn its own cards: the recording is not blind.
    assert record([], players, setup, {owner}, start) != record([], players, setup, {owner}, other)
    # At the "Lie!" every hand is shown: now the others see the difference.
    first = record(_dealt_round(start, through_lie=True), players, setup, watchers, start)
    second = record(_dealt_round(other, through_lie=True), players, setup, watchers, other)
    assert first[:-1] == second[:-1] and first[-1] != second[-1]


def test_the_dealt_game_plays_to_its_end_and_every_region_renders():
    sent = record(scripted_deal.STEPS, scripted_deal.PLAYERS, scripted_deal.SETUP, {scripted_deal.BEN},
                  seed=scripted_deal.SEED)
    assert any("5 cards dealt" in s[scripted_deal.BEN] for s in sent)
    winner = next(p.name for p in scripted_deal.PLAYERS if p.seat_id == scripted_deal.WINNER)
    assert f"{winner} wins!" in sent[-1][scripted_deal.BEN]
