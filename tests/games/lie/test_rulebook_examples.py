"""The rulebook's two examples with Players A, B and C, played through the state machine."""

from games.lie.rules import Bid, Phase, bid_holds, new_game

from .play import bid, lie, set_hands

A, B, C = 0, 1, 2


def _first_round_ready():
    state = new_game(["A", "B", "C"], opener=A)
    # Five fives among all players; the ones are not wild in the basic game.
    return set_hands(state, {A: [5, 5, 1, 3, 3], B: [5, 5, 2, 2, 4], C: [5, 1, 1, 6, 6]})


def _play_first_example(state):
    state = bid(state, A, 3, 3)
    state = bid(state, B, 3, 5)
    state = bid(state, C, 4, 1)
    state = bid(state, A, 5, 1)
    state = bid(state, B, 5, 5)
    return lie(state, C)


def test_first_example_c_loses_the_challenge_and_b_opens_the_next_round():
    state = _play_first_example(_first_round_ready())

    showdown = state.history[-1]
    assert showdown.challenger == C
    assert showdown.challenged.seat == B and showdown.challenged.bid == Bid(5, 5)
    assert showdown.count == 5
    assert showdown.held
    assert (showdown.winner, showdown.loser) == (B, C)
    assert state.cards == (5, 5, 4)  # C draws one less card
    assert state.round == 2 and state.opener == B
    assert state.phase is Phase.SETTING_HANDS


def test_second_example_c_wins_the_challenge_and_b_draws_one_less():
    state = _play_first_example(_first_round_ready())
    # Five twos among all players; C now holds four cards.
    state = set_hands(state, {A: [2, 2, 3, 1, 1], B: [2, 2, 3, 3, 3], C: [2, 4, 4, 1]})
    state = bid(state, B, 1, 4)
    state = bid(state, C, 3, 2)
    state = bid(state, A, 4, 2)
    state = bid(state, B, 6, 2)
    state = lie(state, C)

    showdown = state.history[-1]
    assert showdown.count == 5
    assert not showdown.held
    assert (showdown.winner, showdown.loser) == (C, B)
    assert state.cards == (5, 4, 4)  # B draws one less; C's loss from round 1 stays
    assert state.round == 3 and state.opener == C


def test_the_examples_agree_with_bid_holds():
    first = [(5, 5, 1, 3, 3), (5, 5, 2, 2, 4), (5, 1, 1, 6, 6)]
    second = [(2, 2, 3, 1, 1), (2, 2, 3, 3, 3), (2, 4, 4, 1)]
    assert bid_holds(first, Bid(5, 5), opening_bid=Bid(3, 3))
    assert not bid_holds(second, Bid(6, 2), opening_bid=Bid(1, 4))
