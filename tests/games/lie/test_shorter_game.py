"""Shorter Game: once one player can draw no cards, the most cards wins, or the tied play off."""

from dataclasses import replace

from games.lie.rules import Phase, Termination, new_game

from .play import NAMES, bid, lie, set_hands

ANA, BEN, CAL, DEE, EVE = 0, 1, 2, 3, 4


def _round(cards, *, opener=ANA, players=4):
    state = new_game(NAMES[:players], opener=opener, variants={"shorter_game"})
    state = replace(state, cards=tuple(cards))
    return set_hands(state, {seat: [] for seat in state.in_game})


def test_when_one_player_can_draw_no_cards_the_player_with_the_most_wins_at_once():
    state = _round((1, 4, 3, 3))
    state = lie(bid(state, ANA, 1, 6), BEN)  # nothing shows: ana loses her last card
    assert state.phase is Phase.OVER
    assert state.outcome.winner == BEN
    assert state.outcome.termination is Termination.MOST_CARDS


def test_without_shorter_game_the_same_loss_only_puts_that_player_out():
    state = new_game(NAMES[:4])
    state = set_hands(replace(state, cards=(1, 4, 3, 3)), {s: [] for s in range(4)})
    state = lie(bid(state, ANA, 1, 6), BEN)
    assert state.outcome is None
    assert state.out == (ANA,)


def test_losing_a_card_without_running_out_does_not_end_a_shorter_game():
    state = _round((2, 4, 3, 3))
    state = lie(bid(state, ANA, 1, 6), BEN)
    assert state.outcome is None and state.out == () and not state.playoff


def test_tied_players_play_off_and_the_rest_are_out():
    state = _round((1, 4, 4, 2))
    state = lie(bid(state, ANA, 1, 6), BEN)
    assert state.outcome is None
    assert state.playoff
    assert state.in_game == (BEN, CAL)
    assert state.out == (ANA, DEE)
    assert state.history[-1].eliminated == (ANA, DEE)
    assert state.history[-1].playoff == (BEN, CAL)  # the showdown names who plays off
    assert state.opener == BEN


def test_in_the_play_off_losing_a_challenge_puts_a_player_out_at_once():
    state = _round((1, 3, 3, 3, 2), players=5)
    state = lie(bid(state, ANA, 1, 6), BEN)
    assert state.playoff and state.in_game == (BEN, CAL, DEE)
    state = set_hands(state, {BEN: [], CAL: [], DEE: []})
    state = lie(bid(state, BEN, 1, 6), CAL)  # ben's bid fails: ben is out with three cards left
    assert state.out[-1] == BEN
    assert state.history[-1].eliminated == (BEN,)
    assert state.history[-1].playoff == ()  # the play-off began a round earlier
    assert state.cards[BEN] == 3
    assert state.outcome is None and state.opener == CAL
    state = set_hands(state, {CAL: [4], DEE: []})
    state = lie(bid(state, CAL, 1, 4), DEE)  # the four is there: dee is out
    assert state.outcome.winner == CAL
    assert state.outcome.termination is Termination.LAST_PLAYER


def test_when_the_challenge_winner_is_not_in_the_play_off_the_next_player_still_in_opens():
    state = _round((4, 3, 1, 3, 4), players=5, opener=CAL)
    state = lie(bid(state, CAL, 1, 6), DEE)  # cal loses her last card; dee wins with three
    assert state.history[-1].winner == DEE
    assert state.playoff and state.in_game == (ANA, EVE)
    assert state.opener == EVE  # clockwise from dee
