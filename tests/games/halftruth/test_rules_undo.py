"""Undoing after the picks were revealed: everyone has seen them, so the rules say so."""

import dataclasses

from games.halftruth.rules import DieFace, Phase, apply, end_game, shows_picks

KAMILA, TONY, AMY = 0, 1, 2


def picking(table):
    return dataclasses.replace(table, phase=Phase.PICK, die=DieFace.THREE)


def test_the_last_lock_in_shows_the_picks_and_an_earlier_one_does_not(table):
    state = apply(apply(picking(table), KAMILA, {"type": "lock_in", "letters": "A"}), TONY,
                  {"type": "lock_in", "letters": "B"})
    assert not shows_picks(picking(table), apply(picking(table), KAMILA, {"type": "lock_in", "letters": "A"}))
    assert shows_picks(state, apply(state, AMY, {"type": "lock_in", "letters": "C"}))


def test_skipping_the_last_one_to_answer_or_ending_the_game_shows_the_picks_too(table):
    state = apply(apply(picking(table), KAMILA, {"type": "lock_in", "letters": "A"}), TONY,
                  {"type": "lock_in", "letters": "B"})
    assert shows_picks(state, apply(state, None, {"type": "skip", "seat": AMY}))
    assert shows_picks(state, end_game(state))
    assert not shows_picks(picking(table), end_game(picking(table)))  # nothing locked in: nothing shown


def test_flipping_the_card_after_the_reveal_shows_no_picks_that_were_hidden(table):
    state = picking(table)
    for seat, letters in enumerate("ABC"):
        state = apply(state, seat, {"type": "lock_in", "letters": letters})
    assert not shows_picks(state, apply(state, None, {"type": "reveal", "correct": "ABC"}))
    assert not shows_picks(state, None)
