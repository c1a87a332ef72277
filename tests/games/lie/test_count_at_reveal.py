"""Count at reveal: no hands entered; at "Lie!" each player enters how many of the bid's face they show."""

import pytest

from games.lie.rules import IllegalMove, Phase, apply, from_dict, new_game, player_view, to_dict

from .play import NAMES, bid, lie

ANA, BEN, CAL = 0, 1, 2


def count(state, seat, shown, ones=0):
    return apply(state, seat, {"type": "show_count", "count": shown, "ones": ones})


def counting(variants=()):
    """Ana opens two fives, Ben bids three fives, Cal calls "Lie!"."""
    state = new_game(NAMES[:3], variants=variants, count_at_reveal=True)
    state = bid(bid(state, ANA, 2, 5), BEN, 3, 5)
    return lie(state, CAL)


def test_a_round_starts_with_the_opening_bid_and_no_hand_can_be_set():
    state = new_game(NAMES[:3], count_at_reveal=True)
    assert state.phase is Phase.BIDDING and state.turn == ANA
    with pytest.raises(IllegalMove) as refused:
        apply(state, BEN, {"type": "set_hand", "faces": [5]})
    assert refused.value.reason == "count-at-reveal"


def test_with_which_way_the_round_starts_with_the_openers_choice():
    state = new_game(NAMES[:3], variants={"which_way"}, count_at_reveal=True)
    assert state.phase is Phase.CHOOSING_DIRECTION and state.turn == ANA


def test_lie_asks_everyone_still_in_for_a_count_and_the_last_count_settles_it():
    state = counting()
    assert state.phase is Phase.COUNTING and state.challenger == CAL
    assert state.turn is None  # everyone counts at once: nobody's turn to bid
    assert player_view(state, None)["waiting_for"] == [ANA, BEN, CAL]
    state = count(count(state, ANA, 1), CAL, 0)
    assert player_view(state, None)["waiting_for"] == [BEN]
    state = count(state, BEN, 2)
    (shown,) = state.history
    assert (shown.count, shown.winner, shown.loser) == (3, BEN, CAL)
    assert shown.counts == ((1, 0), (2, 0), (0, 0)) and shown.cards == (5, 5, 4)
    assert state.phase is Phase.BIDDING and state.round == 2 and state.turn == BEN
    assert state.challenger is None and state.counts == ()  # the new round has no "Lie!" yet


def test_a_count_can_be_changed_until_the_last_one_is_in():
    state = count(counting(), ANA, 3)
    state = count(state, ANA, 0)
    state = count(count(state, BEN, 2), CAL, 0)
    assert state.history[0].count == 2 and state.history[0].winner == CAL


def test_wild_ones_are_entered_apart_and_counted():
    state = counting({"wild_ones"})
    state = count(count(count(state, ANA, 1, 1), BEN, 0, 1), CAL, 0)
    assert state.history[0].count == 3 and state.history[0].held
    assert state.history[0].counts[ANA] == (1, 1)
    with pytest.raises(IllegalMove) as refused:
        count(counting({"wild_ones"}), ANA, 3, 3)
    assert refused.value.reason == "too-many-shown"


@pytest.mark.parametrize("shown, ones, reason", [
    (6, 0, "too-many-shown"), (-1, 0, "bad-count"), (1, 1, "ones-not-wild"),
])
def test_a_count_is_checked_against_the_players_own_cards_only(shown, ones, reason):
    with pytest.raises(IllegalMove) as refused:
        count(counting(), ANA, shown, ones)
    assert refused.value.reason == reason


def test_ones_are_not_wild_when_the_round_opened_on_ones():
    state = new_game(NAMES[:2], variants={"wild_ones"}, count_at_reveal=True)
    state = lie(bid(bid(state, ANA, 1, 1), BEN, 2, 1), ANA)
    with pytest.raises(IllegalMove):
        count(state, ANA, 1, 1)


def test_counts_adding_up_to_more_than_the_deck_are_flagged_as_mis_entered():
    state = new_game(NAMES[:3], count_at_reveal=True)
    state = lie(bid(state, ANA, 9, 5), BEN)
    state = count(count(count(state, ANA, 5), BEN, 5), CAL, 1)
    assert state.history[0].faces_over == (5,)


def test_no_bid_or_lie_while_counting_and_no_count_while_bidding():
    state = counting()
    with pytest.raises(IllegalMove) as refused:
        bid(state, ANA, 4, 5)
    assert refused.value.reason == "counting"
    with pytest.raises(IllegalMove) as refused:
        count(new_game(NAMES[:3], count_at_reveal=True), ANA, 1)
    assert refused.value.reason == "not-counting"


def test_a_count_stays_with_its_owner_until_the_last_one_settles_it():
    state = count(counting(), ANA, 2)
    assert player_view(state, ANA)["my_count"] == {"face": 2, "ones": 0}
    assert player_view(state, BEN)["my_count"] is None
    assert "[2, 0]" not in str(player_view(state, None))
    assert [p["counted"] for p in player_view(state, None)["players"]] == [True, False, False]


def test_the_counting_state_round_trips_through_its_dict():
    state = count(counting({"wild_ones"}), ANA, 1, 1)
    assert from_dict(to_dict(state)) == state


def test_the_table_options_round_trip_through_the_dict():
    state = new_game(NAMES[:3], count_at_reveal=True, odds_helper=True)
    loaded = from_dict(to_dict(state))
    assert loaded.count_at_reveal and loaded.odds_helper and loaded == state


def test_a_game_saved_before_counting_at_reveal_and_leaving_existed_still_loads():
    """Old saves lack the later fields: they load as a game with those options off."""
    state = counting()
    state = count(count(count(state, ANA, 1), BEN, 2), CAL, 0)  # one finished round in the history
    data = to_dict(state) | {"count_at_reveal": False}
    for key in ("count_at_reveal", "odds_helper", "challenger", "counts", "left"):
        del data[key]
    for showdown in data["history"]:
        del showdown["counts"], showdown["cards"]
    loaded = from_dict(data)
    assert not loaded.count_at_reveal and not loaded.odds_helper
    assert loaded.challenger is None and loaded.counts == () and loaded.left == ()
    assert loaded.history[0].counts == () and loaded.history[0].cards == ()
    assert loaded.history[0].loser == CAL and loaded.cards == state.cards
