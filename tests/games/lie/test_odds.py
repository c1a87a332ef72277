"""The odds helper: a binomial tail under the stated model, seen only on a player's own phone."""

from fractions import Fraction

import pytest

from games.lie.rules import MODEL, MODEL_WILD, Bid, apply, at_least, chance_bid_holds, new_game, per_card, player_view

from .play import NAMES, bid, set_hands

ANA, BEN, CAL = 0, 1, 2


def test_one_card_shows_a_face_one_time_in_six_or_one_in_three_with_wild_ones():
    assert per_card(4, ones_wild=False) == Fraction(1, 6)
    assert per_card(4, ones_wild=True) == Fraction(1, 3)
    assert per_card(1, ones_wild=True) == Fraction(1, 6)  # a bid on ones: ones are just ones


def test_at_least_is_a_binomial_tail():
    assert at_least(0, 5, Fraction(1, 6)) == 1
    assert at_least(1, 1, Fraction(1, 6)) == Fraction(1, 6)
    assert at_least(1, 2, Fraction(1, 6)) == 1 - Fraction(25, 36)
    assert at_least(3, 2, Fraction(1, 6)) == 0
    assert sum(at_least(k, 4, Fraction(1, 3)) - at_least(k + 1, 4, Fraction(1, 3)) for k in range(5)) == 1


def test_what_you_show_yourself_lowers_what_the_others_must_show():
    assert chance_bid_holds(Bid(2, 4), 2, 10, ones_wild=False) == 1
    assert chance_bid_holds(Bid(3, 4), 2, 1, ones_wild=False) == Fraction(1, 6)
    assert chance_bid_holds(Bid(3, 4), 0, 10, ones_wild=True) > chance_bid_holds(Bid(3, 4), 0, 10, ones_wild=False)


def test_a_negative_card_count_is_refused():
    with pytest.raises(ValueError):
        at_least(1, -1, Fraction(1, 6))


@pytest.mark.parametrize(("needed", "cards"), [("1", 3), (1, "3"), (1.0, 3), (1, 3.0), (True, 3)])
def test_counts_that_are_not_whole_numbers_are_refused(needed, cards):
    with pytest.raises(ValueError):
        at_least(needed, cards, Fraction(1, 6))


def test_when_the_others_hold_no_cards_only_what_you_show_counts():
    assert at_least(1, 0, Fraction(1, 6)) == 0
    assert isinstance(at_least(1, 0, Fraction(1, 6)), Fraction)  # an exact chance, even when nil
    assert chance_bid_holds(Bid(2, 4), 2, 0, ones_wild=False) == 1


def test_a_bid_on_ones_gets_no_help_from_wild_ones():
    # ones are what is wild, so a card counts toward ones 1 time in 6, wild or not
    assert chance_bid_holds(Bid(1, 1), 0, 1, ones_wild=True) == Fraction(1, 6)


def test_the_helper_shows_on_a_players_phone_with_the_model_and_never_on_the_display():
    state = new_game(NAMES[:3], variants={"wild_ones"}, odds_helper=True)
    state = bid(set_hands(state, {0: [4, 1], 1: [6], 2: [2, 2]}), ANA, 3, 4)
    odds = player_view(state, BEN)["odds"]
    assert odds["model"] == MODEL_WILD and "30-card deck" in MODEL_WILD
    # Ben shows no four and no one; the others hold 10 cards, each counting 1 in 3.
    assert odds["mine"] == 0 and odds["others_cards"] == 10 and odds["per_card"] == "1 in 3"
    assert odds["chance"] == f"{round(float(at_least(3, 10, Fraction(1, 3))) * 100)}%"
    assert player_view(state, 0)["odds"]["mine"] == 2
    assert player_view(state, None)["odds"] is None


@pytest.mark.parametrize(("variants", "opening", "per_card"), [
    (set(), (3, 4), "1 in 6"),
    ({"wild_ones"}, (3, 4), "1 in 3"),
    ({"wild_ones"}, (1, 1), "1 in 6"),  # opened on ones: not wild this round
    ({"wild_ones"}, ((1, 4), (2, 1)), "1 in 6"),  # ones wild, but the bid is on ones
])
def test_the_model_says_each_cards_chance_in_the_words_of_the_chance_beside_it(variants, opening, per_card):
    state = set_hands(new_game(NAMES[:3], variants=variants, odds_helper=True), {0: [4, 1], 1: [6], 2: [2, 2]})
    for (quantity, face), seat in zip(opening if isinstance(opening[0], tuple) else (opening,), (ANA, BEN)):
        state = bid(state, seat, quantity, face)
    odds = player_view(state, CAL)["odds"]
    assert odds["per_card"] == per_card and per_card in odds["model"]
    assert "time in" not in odds["model"]
    # The model speaks of wild ones only when they are wild this round.
    assert ("1 in 3" in odds["model"]) == (odds["model"] == MODEL_WILD) == ("ones wild" in odds["model"])
    assert odds["model"] == (MODEL_WILD if player_view(state, CAL)["ones_wild"] else MODEL)


def test_without_the_helper_switched_on_there_are_no_odds():
    state = bid(set_hands(new_game(NAMES[:2]), {0: [3], 1: [3]}), ANA, 1, 3)
    assert player_view(state, BEN)["odds"] is None


def test_counting_at_reveal_the_helper_gives_a_chance_for_each_count_you_might_show():
    state = apply(new_game(NAMES[:2], count_at_reveal=True, odds_helper=True), ANA,
                  {"type": "bid", "quantity": 2, "face": 6})
    by_mine = player_view(state, BEN)["odds"]["by_mine"]
    assert [o["mine"] for o in by_mine] == [0, 1, 2, 3, 4, 5]
    assert by_mine[2]["chance"] == "100%"


def test_the_helper_gives_the_chance_of_every_bid_the_picker_may_land_on():
    state = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [5, 1], 1: [2]})
    nxt = player_view(state, ANA)["odds"]["next"]
    # Opening: ones wild unless the bid is on ones. Ana shows a five and a wild one: two fives are sure.
    assert nxt["2-5"] == "100%" and nxt["1-1"] == "100%"
    assert nxt["2-1"] == f"{round(float(at_least(1, 5, Fraction(1, 6))) * 100)}%"
    state = bid(state, ANA, 2, 5)
    nxt = player_view(state, BEN)["odds"]["next"]
    assert "2-5" not in nxt and "2-6" in nxt and "10-6" in nxt and "11-1" not in nxt


def test_a_chance_is_shown_in_whole_percent_never_as_0_or_100_when_it_is_neither():
    from games.lie.rules.view import _percent

    assert [_percent(Fraction(n, d)) for n, d in [(0, 1), (1, 1000), (1, 200), (1, 2), (199, 200), (999, 1000), (1, 1)]] == [
        "0%", "under 1%", "under 1%", "50%", "over 99%", "over 99%", "100%"]


def test_your_ones_count_toward_your_own_hand_only_when_wild_and_not_bidding_on_ones():
    plain = bid(set_hands(new_game(NAMES[:2], odds_helper=True), {0: [4, 1], 1: [2]}), ANA, 1, 4)
    assert player_view(plain, ANA)["odds"]["mine"] == 1 and player_view(plain, ANA)["odds"]["per_card"] == "1 in 6"
    wild = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [2, 1], 1: [2]})
    assert player_view(bid(wild, ANA, 1, 2), ANA)["odds"]["mine"] == 2
    assert player_view(bid(wild, ANA, 1, 1), ANA)["odds"]["mine"] == 1


def test_before_the_opening_bid_there_is_no_chance_yet_only_the_bids_you_might_make():
    state = set_hands(new_game(NAMES[:2], odds_helper=True), {0: [5, 1], 1: [2]})
    odds = player_view(state, ANA)["odds"]
    assert (odds["mine"], odds["chance"]) == (None, None)
    # without wild ones Ana's one does not help a bid on fives
    assert odds["next"]["2-5"] == f"{round(float(at_least(1, 5, Fraction(1, 6))) * 100)}%"


def test_the_picker_counts_twos_with_wild_ones_at_the_opening_like_any_face_but_ones():
    state = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [2, 1], 1: [2]})
    assert player_view(state, ANA)["odds"]["next"]["2-2"] == "100%"


def test_after_an_opening_bid_on_ones_the_picker_counts_no_wild_ones():
    state = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [3], 1: [5, 1]})
    state = bid(state, ANA, 1, 1)  # ones are not wild this round
    nxt = player_view(state, BEN)["odds"]["next"]
    assert nxt["2-5"] == f"{round(float(at_least(1, 5, Fraction(1, 6))) * 100)}%"  # one more five among 5 cards


def test_a_bid_on_ones_after_another_opening_counts_each_card_1_in_6_even_with_wild_ones():
    state = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [4], 1: [5, 1]})
    state = bid(bid(state, ANA, 1, 4), BEN, 2, 1)
    assert player_view(state, ANA)["odds"]["per_card"] == "1 in 6"
    assert player_view(bid(state, ANA, 2, 4), BEN)["odds"]["per_card"] == "1 in 3"


def test_with_wild_ones_the_picker_and_the_count_at_reveal_count_each_card_1_in_3():
    state = set_hands(new_game(NAMES[:2], variants={"wild_ones"}, odds_helper=True), {0: [5, 1], 1: [2]})
    assert player_view(state, ANA)["odds"]["next"]["3-5"] == f"{round(float(at_least(1, 5, Fraction(1, 3))) * 100)}%"
    state = apply(new_game(NAMES[:2], variants={"wild_ones"}, count_at_reveal=True, odds_helper=True), ANA,
                  {"type": "bid", "quantity": 2, "face": 6})
    by_mine = player_view(state, BEN)["odds"]["by_mine"]
    assert by_mine[0]["chance"] == f"{round(float(at_least(2, 5, Fraction(1, 3))) * 100)}%"
