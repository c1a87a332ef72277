"""Undoing a "Lie!" when the app deals: every hand was shown, so the round is dealt again afresh."""

import random

import pytest

from games.lie.rules import Direction, IllegalMove, Phase, apply, deal_again, end_game, new_game, shows_hands

from .play import NAMES, bid

ANA, BEN, CAL = 0, 1, 2


def lie(state, seat):
    """ "Lie!": the next round is dealt with an rng of its own."""
    return apply(state, seat, {"type": "challenge"}, random.Random(2))


def bidding(seed=1, **options):
    """Three players dealt by the app, every hand set (each plays its first card's top), two bids made."""
    state = new_game(NAMES[:3], app_deals=True, rng=random.Random(seed), **options)
    for seat in (ANA, BEN, CAL):
        state = apply(state, seat, {"type": "set_hand", "faces": [state.dealt[seat][0][0]]})
    return bid(bid(state, ANA, 1, 2), BEN, 2, 2)


def test_a_lie_shows_every_hand_and_a_bid_shows_none():
    before = bidding()
    assert shows_hands(before, lie(before, CAL))
    assert not shows_hands(before, bid(before, CAL, 3, 2))
    assert not shows_hands(before, None)  # the undone action left no game (play again)


def test_ending_the_game_shows_the_hands_set_but_not_before_any_is_set():
    before = bidding()
    assert shows_hands(before, end_game(before))
    fresh = new_game(NAMES[:3], app_deals=True, rng=random.Random(1))
    assert not shows_hands(fresh, end_game(fresh))


def test_dealing_again_starts_the_round_over_with_fresh_cards_of_the_same_sizes():
    before = bidding()
    again = deal_again(before, random.Random(7))
    assert again.phase is Phase.SETTING_HANDS
    assert again.round == before.round and again.opener == before.opener and again.cards == before.cards
    assert again.hands == (None,) * 3 and again.calls == () and again.turn is None
    assert again.direction is Direction.CLOCKWISE and again.history == before.history
    assert [len(cards) for cards in again.dealt] == [len(cards) for cards in before.dealt]
    assert again.dealt != before.dealt
    assert deal_again(before, random.Random(7)).dealt == again.dealt  # the rng passed in deals


def test_dealing_again_forgets_the_way_the_opener_chose():
    state = new_game(NAMES[:3], app_deals=True, rng=random.Random(1), variants=["which_way"])
    for seat in (ANA, BEN, CAL):
        state = apply(state, seat, {"type": "set_hand", "faces": []})
    state = apply(state, ANA, {"type": "choose_direction", "direction": "counter_clockwise"})
    assert state.direction is Direction.COUNTER_CLOCKWISE
    again = deal_again(bid(state, ANA, 1, 2), random.Random(7))
    for seat in (ANA, BEN, CAL):
        again = apply(again, seat, {"type": "set_hand", "faces": []})
    assert again.phase is Phase.CHOOSING_DIRECTION and again.direction is Direction.CLOCKWISE


def test_dealing_again_keeps_a_player_who_is_out_without_cards():
    state = new_game(NAMES[:3], app_deals=True, rng=random.Random(3))
    state = apply(state, CAL, {"type": "forfeit"})
    again = deal_again(state, random.Random(4))
    assert again.dealt[CAL] is None and [len(c) for c in again.dealt[:2]] == [5, 5]


def test_the_round_dealt_again_plays_on_as_a_new_deal_would():
    again = deal_again(bidding(), random.Random(7))
    for seat in (ANA, BEN, CAL):
        again = apply(again, seat, {"type": "set_hand", "faces": []})
    assert again.phase is Phase.BIDDING and again.turn == again.opener


def test_dealing_again_at_a_table_with_its_own_cards_forgets_every_hand_typed_in():
    state = new_game(NAMES[:3])
    for seat in (ANA, BEN, CAL):
        state = apply(state, seat, {"type": "set_hand", "faces": [2, 3]})
    before = bid(bid(state, ANA, 1, 2), BEN, 2, 2)
    assert shows_hands(before, lie(before, CAL))
    again = deal_again(before, random.Random(7))
    assert again.phase is Phase.SETTING_HANDS and again.hands == (None,) * 3 and again.dealt == ()
    assert again.calls == () and again.cards == before.cards and again.round == before.round


def test_a_game_over_is_not_dealt_again():
    with pytest.raises(IllegalMove) as caught:
        deal_again(end_game(new_game(NAMES[:3], app_deals=True, rng=random.Random(1))), random.Random(1))
    assert caught.value.reason == "game-over"
