"""Bids, their order, and counting the faces on the table."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.lie.rules import Bid, IllegalBid, RulesError, beats, bid_holds, count_showing

bids = st.builds(Bid, st.integers(1, 40), st.integers(1, 6))


@pytest.mark.parametrize("quantity", [0, -1, 1.0, "3", None, True])
def test_bid_refuses_a_quantity_that_is_not_a_whole_number_of_at_least_one(quantity):
    with pytest.raises(ValueError) as caught:
        Bid(quantity, 4)
    assert isinstance(caught.value, IllegalBid)
    assert caught.value.reason == "bad-quantity"


@pytest.mark.parametrize("face", [0, 7, -3, 2.0, "6", None, True])
def test_bid_refuses_a_face_that_is_not_one_to_six(face):
    with pytest.raises(ValueError) as caught:
        Bid(3, face)
    assert caught.value.reason == "bad-face"


def test_bid_errors_are_rules_errors_with_a_message_for_the_player():
    with pytest.raises(RulesError) as caught:
        Bid(0, 4)
    assert "at least 1" in caught.value.message


def test_the_rulebook_sample_bids_each_beat_the_one_before():
    # Three fours, three fives, four twos, five twos, five sixes, six ones.
    sample = [Bid(3, 4), Bid(3, 5), Bid(4, 2), Bid(5, 2), Bid(5, 6), Bid(6, 1)]
    for old, new in zip(sample, sample[1:]):
        assert beats(new, old)
        assert not beats(old, new)


def test_a_higher_quantity_of_a_lower_face_beats():
    assert beats(Bid(4, 1), Bid(3, 6))


def test_the_same_quantity_needs_a_higher_face():
    assert beats(Bid(3, 5), Bid(3, 4))
    assert not beats(Bid(3, 3), Bid(3, 4))


def test_repeating_a_bid_does_not_beat_it():
    assert not beats(Bid(3, 4), Bid(3, 4))


def test_bids_are_spoken_as_in_the_rulebook():
    assert Bid(3, 4).spoken() == "three fours"
    assert Bid(1, 4).spoken() == "one four"
    assert Bid(6, 1).spoken() == "six ones"
    assert Bid(15, 6).spoken() == "15 sixes"


def test_bids_up_to_twelve_are_spoken_in_words_and_above_in_figures():
    assert Bid(12, 3).spoken() == "twelve threes"
    assert Bid(13, 3).spoken() == "13 threes"
    assert Bid(2, 1).spoken() == str(Bid(2, 1)) == "two ones"


def test_beats_compares_only_bids():
    with pytest.raises(TypeError):
        beats(Bid(3, 4), (2, 4))
    with pytest.raises(TypeError):
        beats((4, 4), Bid(3, 4))


@given(bids)
def test_next_higher_is_the_lowest_bid_that_beats(bid):
    higher = bid.next_higher()
    assert beats(higher, bid)
    # Nothing fits strictly between the two.
    for quantity in range(bid.quantity, higher.quantity + 1):
        for face in range(1, 7):
            between = Bid(quantity, face)
            assert not (beats(between, bid) and beats(higher, between))


@given(bids)
def test_beats_is_irreflexive(bid):
    assert not beats(bid, bid)


@given(bids, bids)
def test_of_two_different_bids_exactly_one_beats_the_other(a, b):
    if a == b:
        assert not beats(a, b) and not beats(b, a)
    else:
        assert beats(a, b) != beats(b, a)


@given(bids, bids, bids)
def test_beats_is_transitive(a, b, c):
    if beats(a, b) and beats(b, c):
        assert beats(a, c)


@given(bids, bids)
def test_bid_ordering_agrees_with_beats(a, b):
    assert (a > b) == beats(a, b)


def test_count_showing_counts_the_face_across_every_hand():
    hands = [(5, 5, 2), (5, 1), ()]
    assert count_showing(hands, 5) == 3
    assert count_showing(hands, 6) == 0


def test_wild_ones_count_toward_other_faces():
    hands = [(5, 5, 2), (5, 1), (1, 1)]
    assert count_showing(hands, 5, wild_ones=True) == 6
    assert count_showing(hands, 2, wild_ones=True) == 4


def test_wild_ones_are_not_counted_twice_for_a_bid_on_ones():
    assert count_showing([(1, 1), (1, 4)], 1, wild_ones=True) == 3


def test_count_showing_refuses_a_face_off_the_die():
    with pytest.raises(ValueError):
        count_showing([(1, 2)], 7)


def test_a_bid_holds_when_the_table_shows_exactly_that_many():
    assert bid_holds([(5, 5), (5,)], Bid(3, 5))


def test_a_bid_fails_when_the_table_shows_fewer():
    assert not bid_holds([(5, 5), (1,)], Bid(3, 5))


def test_ones_make_a_bid_hold_with_wild_ones():
    assert bid_holds([(5, 5), (1,)], Bid(3, 5), wild_ones=True, opening_bid=Bid(2, 3))


def test_ones_are_not_wild_in_a_round_opened_on_ones():
    hands = [(5, 5), (1,)]
    assert not bid_holds(hands, Bid(3, 5), wild_ones=True, opening_bid=Bid(1, 1))


def test_ones_are_not_wild_without_the_variant():
    assert not bid_holds([(5, 5), (1,)], Bid(3, 5), opening_bid=Bid(2, 3))


def test_no_bid_goes_above_the_cards_in_play_and_at_the_top_only_lie_is_left():
    from games.lie.rules import apply, new_game, player_view

    from .play import set_hands

    state = set_hands(new_game(["ana", "ben"]), {0: [], 1: []})
    with pytest.raises(IllegalBid) as refused:
        apply(state, 0, {"type": "bid", "quantity": 11, "face": 2})
    assert refused.value.reason == "more-than-in-play"
    state = apply(state, 0, {"type": "bid", "quantity": 10, "face": 6})
    legal = {m["type"]: m for m in player_view(state, 1)["legal_moves"]}
    assert not legal["bid"]["allowed"] and "call" in legal["bid"]["why"]
    assert legal["challenge"]["allowed"]
