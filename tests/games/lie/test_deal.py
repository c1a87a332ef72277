"""The app deals: the deck it deals from, the hands dealt each round, hands set from them, what each seat sees."""

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.lie.rules import (
    DEFAULT_DECK,
    MODEL_DEALT,
    Bid,
    IllegalHand,
    IllegalSetup,
    Phase,
    apply,
    chance_dealt,
    check_turned,
    new_game,
    player_view,
    turned,
)

from .play import NAMES, bid, random_game

ANA, BEN, CAL = 0, 1, 2


def dealt_game(players=3, seed=1, **options):
    return new_game(NAMES[:players], app_deals=True, rng=random.Random(seed), **options)


def with_cards(state, seat, cards):
    """``state`` with ``seat`` dealt ``cards`` (a scenario starts from a built state)."""
    return replace(state, dealt=state.dealt[:seat] + (tuple(cards),) + state.dealt[seat + 1:])


def test_the_deck_the_app_deals_has_thirty_cards_ten_of_each_face_two_different_faces_each():
    assert len(DEFAULT_DECK) == 30
    assert all(top != bottom for top, bottom in DEFAULT_DECK)
    assert Counter(face for card in DEFAULT_DECK for face in card) == {face: 10 for face in range(1, 7)}
    # The assumed pairing: every two different faces share two cards.
    assert Counter(tuple(sorted(card)) for card in DEFAULT_DECK) == {pair: 2 for pair in combinations(range(1, 7), 2)}


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_the_first_round_deals_five_cards_to_everyone_from_one_deck(players, seed):
    state = dealt_game(players, seed)
    assert state.phase is Phase.SETTING_HANDS
    assert [len(cards) for cards in state.dealt] == [5] * players
    drawn = Counter(card for cards in state.dealt for card in cards)
    assert not drawn - Counter(DEFAULT_DECK)
    assert sum(drawn.values()) == 5 * players


def test_six_players_are_dealt_the_whole_deck():
    state = dealt_game(6)
    assert Counter(card for cards in state.dealt for card in cards) == Counter(DEFAULT_DECK)


def test_the_deal_comes_from_the_rng_passed_in():
    assert dealt_game(seed=3).dealt == dealt_game(seed=3).dealt
    assert dealt_game(seed=3).dealt != dealt_game(seed=4).dealt


def test_a_table_with_the_real_cards_is_dealt_nothing():
    assert new_game(NAMES[:3]).dealt == ()
    assert player_view(new_game(NAMES[:3]), 0)["dealt"] is None


def test_the_app_cannot_deal_at_a_table_counting_at_the_reveal():
    with pytest.raises(IllegalSetup) as refusal:
        new_game(NAMES[:3], app_deals=True, count_at_reveal=True, rng=random.Random(0))
    assert refusal.value.reason == "deals-and-counts"


# --- setting a hand from the cards dealt ---------------------------------------------------


CARDS = ((2, 4), (2, 5), (3, 6), (1, 6), (4, 5))


@pytest.mark.parametrize("faces", [[], [2], [4, 2], [2, 2], [4, 5, 6, 6, 2], [2, 2, 3, 1, 4], [6, 6]])
def test_any_end_of_each_card_may_be_turned_up_or_the_card_left_unused(faces):
    state = with_cards(dealt_game(), ANA, CARDS)
    after = apply(state, ANA, {"type": "set_hand", "faces": faces}, random.Random(0))
    assert after.hands[ANA] == tuple(sorted(faces))


@pytest.mark.parametrize("faces", [
    [1, 1],  # one card has a one
    [2, 2, 2],  # two cards have a two
    [2, 4, 2, 5, 6, 6],  # more faces than cards
    [3, 6, 6, 6],  # both ends of a card never show at once
])
def test_a_hand_the_cards_dealt_cannot_turn_up_is_refused_and_changes_nothing(faces):
    state = with_cards(dealt_game(), ANA, CARDS)
    with pytest.raises(IllegalHand) as refusal:
        apply(state, ANA, {"type": "set_hand", "faces": faces}, random.Random(0))
    assert refusal.value.reason in {"not-on-your-cards", "too-many-faces"}
    assert state.hands[ANA] is None


def test_the_refusal_names_the_players_own_cards_and_no_one_elses():
    state = with_cards(dealt_game(), ANA, CARDS)
    with pytest.raises(IllegalHand) as refusal:
        apply(state, ANA, {"type": "set_hand", "faces": [1, 1]}, random.Random(0))
    assert refusal.value.reason == "not-on-your-cards"
    assert "2/4, 2/5, 3/6, 1/6, 4/5" in str(refusal.value)


def test_faces_are_checked_the_same_way_as_at_a_table_with_the_cards():
    with pytest.raises(IllegalHand) as refusal:
        check_turned([7], CARDS)
    assert refusal.value.reason == "bad-face"


def test_turned_says_which_end_each_card_shows():
    assert turned([2, 6], CARDS) == (2, None, 6, None, None)
    assert turned([6, 6, 1], CARDS) is None
    assert turned([], CARDS) == (None,) * 5


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DEFAULT_DECK), max_size=5), st.data())
def test_every_choice_of_an_end_or_unused_per_card_is_a_hand_the_cards_can_turn_up(cards, data):
    ends = [data.draw(st.sampled_from([*card, None])) for card in cards]
    faces = [end for end in ends if end is not None]
    up = turned(faces, cards)
    assert up is not None
    assert sorted(f for f in up if f is not None) == sorted(faces)
    assert all(f is None or f in card for f, card in zip(up, cards, strict=True))


# --- rounds: hand sizes between rounds, eliminations, leaving ------------------------------


def play_round(state, loser_bids, challenger, rng):
    """Everyone leaves every card unused; ``loser_bids`` opens one of a face, ``challenger`` calls "Lie!"."""
    for seat in state.in_game:
        state = apply(state, seat, {"type": "set_hand", "faces": []}, rng)
    state = apply(state, loser_bids, {"type": "bid", "quantity": 1, "face": 2}, rng)
    while state.turn != challenger:
        state = apply(state, state.turn, {"type": "bid", **vars(state.current_bid.next_higher())}, rng)
    return apply(state, challenger, {"type": "challenge"}, rng)


def test_the_loser_is_dealt_one_card_fewer_next_round_and_the_others_as_many_as_before():
    rng = random.Random(5)
    state = play_round(dealt_game(3, opener=BEN), BEN, CAL, rng)
    assert state.history[-1].loser == BEN
    assert state.phase is Phase.SETTING_HANDS and state.round == 2
    assert [len(cards) for cards in state.dealt] == [5, 4, 5]
    assert state.dealt != state.history[-1].dealt  # the cards are mixed and dealt again


def test_a_player_who_can_draw_no_more_cards_is_dealt_none_and_the_last_is_dealt_nothing():
    rng = random.Random(2)
    state = replace(dealt_game(3, opener=BEN), cards=(5, 1, 5))
    state = replace(state, dealt=(state.dealt[0], state.dealt[1][:1], state.dealt[2]))
    state = play_round(state, BEN, CAL, rng)
    assert BEN in state.out
    assert state.dealt[BEN] is None and [len(state.dealt[s]) for s in (ANA, CAL)] == [5, 5]
    state = replace(state, cards=(1, 0, 5), opener=ANA)
    state = replace(state, dealt=(state.dealt[0][:1], None, state.dealt[2]))
    state = play_round(state, ANA, CAL, rng)
    assert state.phase is Phase.OVER and state.dealt == ()


@pytest.mark.parametrize("leaver", [ANA, BEN, CAL])
def test_a_player_leaving_before_any_hand_is_set_takes_their_cards_and_the_others_keep_theirs(leaver):
    state = dealt_game(3)
    after = apply(state, leaver, {"type": "forfeit"}, random.Random(0))
    assert after.dealt == tuple(None if seat == leaver else state.dealt[seat] for seat in range(3))
    for seat in set(range(3)) - {leaver}:
        assert player_view(after, seat)["dealt"] == player_view(state, seat)["dealt"]


def test_when_the_last_but_one_player_leaves_the_winner_is_left_holding_no_cards():
    after = apply(dealt_game(2), ANA, {"type": "forfeit"}, random.Random(0))
    assert after.phase is Phase.OVER and after.outcome.winner == BEN
    assert after.dealt == () and player_view(after, BEN)["dealt"] is None


def test_a_player_leaving_mid_round_calls_it_off_and_the_rest_are_dealt_again():
    state = apply(dealt_game(3), ANA, {"type": "set_hand", "faces": []}, random.Random(0))
    after = apply(state, CAL, {"type": "forfeit"}, random.Random(9))
    assert after.round == 2 and after.hands == (None, None, None)
    assert after.dealt[CAL] is None and after.dealt[ANA] != state.dealt[ANA]


def test_every_random_dealt_game_ends_and_keeps_the_deal_in_each_showdown():
    states = random_game(11, 4, {"wild_ones", "shorter_game"}, app_deals=True)
    final = states[-1]
    assert final.outcome is not None and len(final.history) >= 5
    for showdown in final.history:
        for seat, hand in enumerate(showdown.hands):
            assert (hand is None) == (showdown.dealt[seat] is None)
            assert hand is None or turned(hand, showdown.dealt[seat]) is not None


# --- what each seat sees -------------------------------------------------------------------


def test_each_seat_sees_its_own_cards_and_never_anyone_elses_until_the_lie():
    state = dealt_game(3)
    for seat in range(3):
        view = player_view(state, seat)
        assert [card["ends"] for card in view["dealt"]] == [list(card) for card in state.dealt[seat]]
        assert all(card["up"] is None for card in view["dealt"])
    assert player_view(state, None)["dealt"] is None
    # Give Ana other cards: Ben's view and the display's are as they were.
    other = with_cards(state, ANA, [card for card in DEFAULT_DECK if card not in Counter(
        c for cards in state.dealt for c in cards)][:5] or state.dealt[ANA][::-1])
    assert other.dealt[ANA] != state.dealt[ANA]
    assert player_view(other, BEN) == player_view(state, BEN)
    assert player_view(other, None) == player_view(state, None)
    assert player_view(other, ANA) != player_view(state, ANA)


def test_a_set_hand_shows_its_owner_which_end_of_each_card_is_up():
    state = with_cards(dealt_game(), ANA, CARDS)
    state = apply(state, ANA, {"type": "set_hand", "faces": [6, 2]}, random.Random(0))
    assert [card["up"] for card in player_view(state, ANA)["dealt"]] == [2, None, 6, None, None]


def test_the_showdown_shows_everyone_the_cards_dealt_that_round():
    rng = random.Random(5)
    state = dealt_game(3, opener=BEN)
    dealt = state.dealt
    state = play_round(state, BEN, CAL, rng)
    for seat in (None, ANA, BEN, CAL):
        assert player_view(state, seat)["showdowns"][-1]["dealt"] == [[list(c) for c in cards] for cards in dealt]


# --- the odds helper knows the deck and this player's cards --------------------------------


def brute_force(bid, mine, others, held, wild):
    """Every draw of the others' cards from the deck less ``held``, each card turned either way."""
    pile = list(DEFAULT_DECK)
    for card in held:
        pile.remove(card)
    hits = total = 0
    for drawn in combinations(range(len(pile)), others):
        for ends in product((0, 1), repeat=others):
            shown = [pile[i][end] for i, end in zip(drawn, ends, strict=True)]
            count = sum(f == bid.face or (wild and bid.face != 1 and f == 1) for f in shown)
            hits += count + mine >= bid.quantity
            total += 1
    return Fraction(hits, total)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(DEFAULT_DECK), min_size=1, max_size=5).filter(
    lambda held: not Counter(held) - Counter(DEFAULT_DECK)),
    st.integers(0, 3), st.integers(1, 4), st.integers(1, 6), st.integers(0, 2), st.booleans())
@example(held=[DEFAULT_DECK[0]], others=1, quantity=4, face=2, mine=0, wild=False)  # more than the cards can hold
def test_the_dealt_odds_are_exact_for_the_deck_less_the_players_cards(held, others, quantity, face, mine, wild):
    bid = Bid(quantity, face)
    chance = chance_dealt(bid, mine, others, held, ones_wild=wild)
    assert chance == brute_force(bid, mine, others, held, wild) and isinstance(chance, Fraction)


def test_the_odds_helper_counts_what_this_player_holds_out_of_the_deck():
    # Ana holds five of the ten cards with a four: each of Ben's cards shows a four 1 time in 10, not 1 in 6.
    fours = [card for card in DEFAULT_DECK if 4 in card][:5]
    state = with_cards(dealt_game(2, opener=BEN, odds_helper=True), ANA, fours)
    state = apply(state, ANA, {"type": "set_hand", "faces": [4, 4]}, random.Random(0))
    state = apply(state, BEN, {"type": "set_hand", "faces": []}, random.Random(0))
    state = bid(state, BEN, 3, 4)
    odds = player_view(state, ANA)["odds"]
    assert odds["model"] == MODEL_DEALT and "assumed" in MODEL_DEALT
    assert odds["per_card"] == "1 in 10" and odds["mine"] == 2 and odds["others_cards"] == 5
    # Ben needs one four among his five cards, drawn from the 25 Ana does not hold.
    assert odds["chance"] == "42%"
    assert odds["chance"] != "41%"  # 1 - (9/10)^5: the per-card yardstick, not the draw from this deck
