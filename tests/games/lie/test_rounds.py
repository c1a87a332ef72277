"""A round of LIE: opening, turns, challenges, losing cards and leaving the game."""

from dataclasses import replace

import pytest

from games.lie.rules import (
    Bid,
    Direction,
    IllegalBid,
    IllegalHand,
    IllegalMove,
    IllegalSetup,
    Outcome,
    Phase,
    Termination,
    Variants,
    apply,
    end_game,
    new_game,
    player_view,
)

from .play import NAMES, bid, lie, set_hands

ANA, BEN, CAL, DEE = 0, 1, 2, 3


def _bidding(players=3, *, opener=0, variants=(), hands=None, cards=None):
    state = new_game(NAMES[:players], opener=opener, variants=variants)
    if cards is not None:
        state = replace(state, cards=tuple(cards))
    hands = hands or {seat: [2] for seat in state.in_game}
    return set_hands(state, hands)


# --- setting up -------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 7])
def test_lie_is_for_two_to_six_players(count):
    with pytest.raises(IllegalSetup) as caught:
        new_game(NAMES[:count] + ("zed",) * max(0, count - 6))
    assert caught.value.reason == "player-count"


@pytest.mark.parametrize("name", ["", "   ", None, 7])
def test_every_player_needs_a_name(name):
    with pytest.raises(IllegalSetup) as caught:
        new_game(("ana", name, "cal"))
    assert caught.value.reason == "bad-player"


def test_everyone_draws_five_cards_in_the_first_round_and_the_oldest_opens():
    state = new_game(NAMES[:4], opener=DEE)
    assert state.cards == (5, 5, 5, 5)
    assert state.opener == DEE and state.round == 1
    assert state.phase is Phase.SETTING_HANDS


@pytest.mark.parametrize("opener", [-1, 3, "0", None])
def test_the_opener_must_be_a_seat_at_the_table(opener):
    with pytest.raises(IllegalSetup) as caught:
        new_game(NAMES[:3], opener=opener)
    assert caught.value.reason == "bad-opener"


@pytest.mark.parametrize("players", [2, 3])
def test_shorter_game_is_refused_below_four_players(players):
    with pytest.raises(IllegalSetup) as caught:
        new_game(NAMES[:players], variants={"shorter_game"})
    assert caught.value.reason == "shorter-game-needs-four"


def test_variants_are_given_by_name_on_their_own_or_together():
    assert new_game(NAMES[:2], variants=["wild_ones"]).variants == Variants(wild_ones=True)
    both = new_game(NAMES[:4], variants={"which_way": True, "shorter_game": True, "wild_ones": False})
    assert both.variants == Variants(which_way=True, shorter_game=True)


def test_an_unknown_variant_is_refused():
    with pytest.raises(IllegalSetup) as caught:
        new_game(NAMES[:3], variants=["liars_dice"])
    assert caught.value.reason == "unknown-variant"


# --- bidding ----------------------------------------------------------------


def test_the_opener_bids_first():
    state = _bidding(opener=CAL)
    assert state.turn == CAL
    with pytest.raises(IllegalMove) as caught:
        bid(state, ANA, 1, 2)
    assert caught.value.reason == "not-your-turn"


def test_the_opening_bidder_cannot_challenge():
    with pytest.raises(IllegalMove) as caught:
        lie(_bidding(), ANA)
    assert caught.value.reason == "no-bid-to-challenge"


def test_turns_go_clockwise_in_seat_order_and_wrap_around():
    state = _bidding(4, opener=CAL)
    state = bid(state, CAL, 1, 2)
    assert state.turn == DEE
    state = bid(state, DEE, 1, 3)
    assert state.turn == ANA
    state = bid(state, ANA, 1, 4)
    assert state.turn == BEN


def test_turns_skip_players_who_are_out():
    state = replace(new_game(NAMES[:4]), cards=(5, 0, 5, 5), out=(BEN,))
    state = set_hands(state, {ANA: [1], CAL: [1], DEE: [1]})
    state = bid(state, ANA, 1, 1)
    assert state.turn == CAL


def test_a_bid_must_beat_the_last_one():
    state = bid(_bidding(), ANA, 3, 4)
    for quantity, face in [(3, 4), (3, 3), (2, 6)]:
        with pytest.raises(IllegalBid) as caught:
            bid(state, BEN, quantity, face)
        assert caught.value.reason == "bid-too-low"
    assert "three fives" in str(caught.value)  # the lowest bid that would do
    assert bid(state, BEN, 3, 5).current_bid == Bid(3, 5)


def test_a_malformed_bid_is_refused_as_a_value_error():
    with pytest.raises(ValueError) as caught:
        bid(_bidding(), ANA, 0, 4)
    assert caught.value.reason == "bad-quantity"


@pytest.mark.parametrize(
    "move",
    [{"type": "bid", "quantity": 1}, {"type": "challenge", "why": "x"}, {"faces": [1]}, ["bid"], None],
)
def test_a_malformed_move_is_refused(move):
    with pytest.raises(IllegalMove) as caught:
        apply(_bidding(), ANA, move)
    assert caught.value.reason in {"bad-move", "unknown-move"}


@pytest.mark.parametrize("kind", ["timer_expired", "settle", "reveal"])
def test_no_seat_can_make_a_move_for_the_clock_or_the_table(kind):
    # LIE has no clock and no table move: the showdown is settled by the "Lie!" itself.
    for state in (new_game(NAMES[:3]), _bidding()):
        for seat in state.in_game:
            with pytest.raises(IllegalMove) as caught:
                apply(state, seat, {"type": kind})
            assert caught.value.reason == "unknown-move"


def test_a_malformed_move_is_refused_before_asking_whose_turn_it_is():
    with pytest.raises(IllegalMove) as caught:
        apply(_bidding(), CAL, {"type": "bid", "quantity": 1})
    assert caught.value.reason == "bad-move"


def test_a_seat_not_at_the_table_is_refused():
    with pytest.raises(IllegalMove) as caught:
        bid(_bidding(), 3, 1, 1)
    assert caught.value.reason == "no-such-seat"


# --- challenges -------------------------------------------------------------


def test_a_bid_that_holds_costs_the_challenger_a_card_and_the_bidder_opens_next():
    state = _bidding(hands={ANA: [4, 4], BEN: [4], CAL: [1]})
    state = bid(state, ANA, 3, 4)
    state = lie(state, BEN)
    assert state.cards == (5, 4, 5)
    assert state.opener == ANA and state.round == 2
    assert state.history[-1].count == 3


def test_a_bid_that_fails_costs_the_bidder_a_card_and_the_challenger_opens_next():
    state = _bidding(hands={ANA: [4, 4], BEN: [4], CAL: [1]})
    state = bid(bid(state, ANA, 3, 4), BEN, 4, 4)
    state = lie(state, CAL)
    assert state.cards == (5, 4, 5)
    assert state.opener == CAL


def test_the_loser_keeps_drawing_fewer_cards_round_after_round():
    state = _bidding(2, hands={ANA: [], BEN: []})
    state = lie(bid(state, ANA, 1, 6), BEN)  # no six shows: ana loses, ben opens
    assert state.cards == (4, 5)
    for _ in range(2):
        state = set_hands(state, {ANA: [], BEN: [6]})
        state = lie(bid(state, BEN, 1, 6), ANA)  # the six is there: ana loses again
        assert state.opener == BEN
    assert state.cards == (2, 5)
    with pytest.raises(IllegalHand) as caught:
        set_hands(state, {ANA: [1, 1, 1]})
    assert caught.value.reason == "too-many-faces"


def test_a_player_who_would_draw_no_cards_is_out():
    state = _bidding(3, cards=(1, 5, 5), hands={ANA: [], BEN: [3], CAL: [3]})
    state = bid(state, ANA, 3, 3)
    state = lie(state, BEN)
    assert state.cards[ANA] == 0
    assert state.out == (ANA,)
    assert state.history[-1].eliminated == (ANA,)
    assert state.in_game == (BEN, CAL)
    assert state.opener == BEN and state.outcome is None
    with pytest.raises(IllegalMove) as caught:
        set_hands(state, {ANA: []})
    assert caught.value.reason == "player-out"


def test_the_last_player_left_wins_and_the_game_takes_no_more_moves():
    state = _bidding(2, cards=(1, 3), hands={ANA: [6], BEN: []})
    state = bid(state, ANA, 2, 6)
    state = lie(state, BEN)
    assert state.phase is Phase.OVER
    assert state.outcome.winner == BEN
    assert state.outcome.termination is Termination.LAST_PLAYER
    assert state.turn is None  # after the showdown that ends it, it is nobody's turn
    with pytest.raises(IllegalMove) as caught:
        set_hands(state, {BEN: []})
    assert caught.value.reason == "game-over"


# --- Wild Ones --------------------------------------------------------------


def test_with_wild_ones_ones_make_the_bid_hold():
    state = _bidding(variants={"wild_ones"}, hands={ANA: [5, 1], BEN: [1], CAL: [3]})
    state = bid(state, ANA, 3, 5)
    state = lie(state, BEN)
    assert state.history[-1].wild_ones
    assert state.history[-1].count == 3
    assert state.history[-1].loser == BEN


def test_with_wild_ones_a_round_opened_on_ones_counts_ones_only_as_ones():
    state = _bidding(variants={"wild_ones"}, hands={ANA: [5, 1], BEN: [1], CAL: [3]})
    state = bid(bid(state, ANA, 1, 1), BEN, 3, 5)
    state = lie(state, CAL)
    assert not state.history[-1].wild_ones
    assert state.history[-1].count == 1
    assert state.history[-1].loser == BEN


def test_without_wild_ones_ones_count_only_as_ones():
    state = _bidding(hands={ANA: [5, 1], BEN: [1], CAL: [3]})
    state = lie(bid(state, ANA, 3, 5), BEN)
    assert state.history[-1].count == 1
    assert state.history[-1].loser == ANA


# --- Which Way --------------------------------------------------------------


def test_with_which_way_the_opener_chooses_a_direction_before_bidding():
    state = _bidding(4, opener=BEN, variants={"which_way"})
    assert state.phase is Phase.CHOOSING_DIRECTION and state.turn == BEN
    with pytest.raises(IllegalMove) as caught:
        bid(state, BEN, 1, 1)
    assert caught.value.reason == "direction-not-chosen"
    with pytest.raises(IllegalMove) as caught:
        apply(state, CAL, {"type": "choose_direction", "direction": "clockwise"})
    assert caught.value.reason == "not-your-turn"


def test_counter_clockwise_bidding_goes_to_the_openers_right():
    state = _bidding(4, opener=BEN, variants={"which_way"})
    state = apply(state, BEN, {"type": "choose_direction", "direction": "counter_clockwise"})
    assert state.direction is Direction.COUNTER_CLOCKWISE
    state = bid(state, BEN, 1, 1)
    assert state.turn == ANA
    state = bid(state, ANA, 1, 2)
    assert state.turn == DEE


def test_a_direction_other_than_the_two_is_refused():
    state = _bidding(3, variants={"which_way"})
    with pytest.raises(IllegalMove) as caught:
        apply(state, ANA, {"type": "choose_direction", "direction": "left"})
    assert caught.value.reason == "bad-direction"


def test_the_direction_is_chosen_again_every_round():
    state = _bidding(3, variants={"which_way"}, hands={ANA: [], BEN: [], CAL: []})
    state = apply(state, ANA, {"type": "choose_direction", "direction": "counter_clockwise"})
    state = lie(bid(state, ANA, 1, 3), CAL)
    assert state.direction is Direction.CLOCKWISE  # until the next opener chooses
    state = set_hands(state, {ANA: [], BEN: [], CAL: []})
    assert state.phase is Phase.CHOOSING_DIRECTION and state.turn == CAL


def test_a_direction_once_chosen_is_not_chosen_again_that_round():
    state = _bidding(3, variants={"which_way"})
    state = apply(state, ANA, {"type": "choose_direction", "direction": "counter_clockwise"})
    with pytest.raises(IllegalMove) as caught:
        apply(state, ANA, {"type": "choose_direction", "direction": "clockwise"})
    assert caught.value.reason == "no-direction-to-choose"


@pytest.mark.parametrize("hands_set", [True, False])
def test_with_two_players_left_there_is_no_direction_to_choose(hands_set):
    state = _bidding(2, variants={"which_way"}) if hands_set else new_game(NAMES[:2], variants={"which_way"})
    assert state.phase is (Phase.BIDDING if hands_set else Phase.SETTING_HANDS)
    with pytest.raises(IllegalMove) as caught:
        apply(state, ANA, {"type": "choose_direction", "direction": "clockwise"})
    assert caught.value.reason == "no-direction-to-choose"  # not "wait for the hands": never


def test_without_which_way_there_is_no_direction_to_choose():
    with pytest.raises(IllegalMove) as caught:
        apply(_bidding(4), ANA, {"type": "choose_direction", "direction": "clockwise"})
    assert caught.value.reason == "no-direction-to-choose"


# A player who leaves forfeits


def test_a_player_who_leaves_mid_round_is_out_and_the_round_is_called_off():
    state = bid(set_hands(new_game(NAMES[:3]), {0: [4], 1: [4, 4], 2: [2]}), 0, 2, 4)
    state = apply(state, 1, {"type": "forfeit"})
    assert state.out == (1,) and state.left == ((1, 1),) and state.cards == (5, 0, 5)
    assert state.phase is Phase.SETTING_HANDS and state.round == 2 and state.opener == 0
    assert state.hands == (None, None, None) and state.calls == () and state.history == ()


def test_when_the_opener_leaves_the_next_player_still_in_opens():
    state = apply(new_game(NAMES[:3], opener=1), 1, {"type": "forfeit"})
    assert state.opener == 2 and state.round == 1 and state.phase is Phase.SETTING_HANDS
    state = set_hands(state, {0: [3], 2: [3]})
    assert state.phase is Phase.BIDDING and state.turn == 2


def test_the_table_never_waits_for_a_player_who_left_while_counting():
    state = new_game(NAMES[:3], count_at_reveal=True)
    state = lie(bid(state, 0, 2, 5), 1)
    state = apply(state, 2, {"type": "forfeit"})
    assert state.phase is Phase.BIDDING and state.round == 2 and state.in_game == (0, 1)
    assert state.challenger is None and state.counts == () and state.turn == ANA  # a fresh round


def test_a_player_who_leaves_once_any_hand_is_set_calls_the_round_off():
    state = set_hands(new_game(NAMES[:3]), {ANA: [4]})  # Ben and Cal have not set theirs yet
    state = apply(state, CAL, {"type": "forfeit"})
    assert state.round == 2 and state.hands == (None, None, None) and state.phase is Phase.SETTING_HANDS


def test_when_the_opener_leaves_after_bids_at_reveal_the_next_player_opens_a_new_round():
    state = bid(bid(new_game(NAMES[:3], count_at_reveal=True), ANA, 2, 5), BEN, 3, 5)
    state = apply(state, ANA, {"type": "forfeit"})
    assert state.round == 2 and state.calls == () and state.opener == BEN
    assert state.phase is Phase.BIDDING and state.turn == BEN


def test_when_the_opener_leaves_before_the_first_bid_at_reveal_the_next_player_opens():
    state = apply(new_game(NAMES[:3], count_at_reveal=True), ANA, {"type": "forfeit"})
    assert state.round == 1 and state.opener == BEN
    assert state.phase is Phase.BIDDING and state.turn == BEN


def test_a_round_called_off_starts_again_clockwise_until_the_opener_chooses():
    state = _bidding(4, variants={"which_way"})  # the opener's choice comes first
    state = apply(state, ANA, {"type": "choose_direction", "direction": "counter_clockwise"})
    state = bid(state, ANA, 1, 3)
    state = apply(state, BEN, {"type": "forfeit"})
    assert state.round == 2 and state.direction is Direction.CLOCKWISE


def test_when_the_last_but_one_player_leaves_the_game_is_over_and_nobody_has_a_turn():
    state = set_hands(new_game(NAMES[:2]), {ANA: [3], BEN: [4]})
    assert state.turn == ANA
    state = apply(state, ANA, {"type": "forfeit"})
    assert state.outcome == Outcome(BEN, Termination.LAST_PLAYER) and state.turn is None


def test_when_the_table_ends_the_game_nobody_has_a_turn():
    state = bid(_bidding(3), ANA, 1, 2)
    assert state.turn == BEN
    ended = end_game(state)
    assert ended.outcome == Outcome(None, Termination.ENDED) and ended.turn is None
    assert all(player_view(ended, seat)["turn"] is None for seat in (None, ANA, BEN, CAL))


def test_the_last_player_left_after_a_forfeit_wins():
    state = apply(new_game(NAMES[:2]), 0, {"type": "forfeit"})
    assert state.outcome == Outcome(1, Termination.LAST_PLAYER) and state.phase is Phase.OVER
