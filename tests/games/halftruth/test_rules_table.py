"""The table's extensions to the rulebook: a reader per question, skipping a player, leaving, the history."""

import dataclasses

import pytest

from games.halftruth.rules import DieFace, IllegalMove, Phase, Score, apply, from_dict, player_view, waiting_for

KAMILA, TONY, AMY = 0, 1, 2


def picking(state, die="THREE"):
    return apply(state, None, {"type": "set_die", "face": die})


def lock(state, seat, letters):
    return apply(state, seat, {"type": "lock_in", "letters": letters})


def test_the_reader_passes_round_the_table_with_every_question(table):
    readers = []
    state = table
    for _ in range(4):
        readers.append(state.reader)
        state = picking(state)
        for seat in range(3):
            state = lock(state, seat, "F")
        state = apply(state, state.reader, {"type": "reveal", "correct": "ABC"})
    assert readers == [KAMILA, TONY, AMY, KAMILA]
    assert [q.reader for q in state.history] == readers


def test_a_skipped_player_does_not_block_the_reveal_and_scores_nothing(table):
    state = lock(lock(picking(table), KAMILA, "AB"), TONY, "C")
    state = apply(state, None, {"type": "skip", "seat": AMY})
    assert state.phase is Phase.REVEAL
    state = apply(state, None, {"type": "reveal", "correct": "ABC"})
    assert state.last.picks == ("AB", "C", None)
    assert state.last.scores[AMY] == Score(0, 0)
    assert state.positions == (3, 3, 0)
    assert state.skipped == (False, False, False)  # only for that question


def test_a_player_can_be_skipped_before_the_die_is_rolled(table):
    state = apply(table, None, {"type": "skip", "seat": AMY})
    state = lock(lock(picking(state), KAMILA, "A"), TONY, "B")
    assert state.phase is Phase.REVEAL


def test_a_skipped_player_who_locks_in_after_all_is_back_in_the_question(table):
    state = apply(picking(table), None, {"type": "skip", "seat": AMY})
    assert waiting_for(state) == (KAMILA, TONY)
    state = lock(state, AMY, "D")
    assert not state.skipped[AMY]
    assert waiting_for(state) == (KAMILA, TONY)


@pytest.mark.parametrize(("before", "reason"), [
    (lambda s: lock(s, AMY, "A"), "locked-in"),
    (lambda s: apply(s, None, {"type": "skip", "seat": AMY}), "already-skipped"),
    (lambda s: apply(apply(s, None, {"type": "skip", "seat": KAMILA}), None, {"type": "skip", "seat": TONY}),
     "nobody-answers"),
])
def test_skipping_is_refused_when_it_makes_no_sense(table, before, reason):
    state = before(picking(table))
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": "skip", "seat": AMY})
    assert caught.value.reason == reason


def test_skipping_is_refused_once_the_chips_are_revealed(table):
    state = lock(lock(lock(picking(table), 0, "A"), 1, "B"), 2, "C")
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": "skip", "seat": AMY})
    assert caught.value.reason == "wrong-phase"


def test_a_player_taken_out_is_skipped_every_question_and_no_longer_reads(table):
    state = apply(table, None, {"type": "drop", "seat": KAMILA})  # Kamila was the reader
    assert state.reader == TONY
    for _ in range(3):
        assert state.reader != KAMILA
        state = lock(lock(picking(state), TONY, "A"), AMY, "B")
        assert state.phase is Phase.REVEAL
        state = apply(state, None, {"type": "reveal", "correct": "ABC"})
    with pytest.raises(IllegalMove) as caught:
        lock(picking(state), KAMILA, "A")
    assert caught.value.reason == "left-the-game"
    assert player_view(state, KAMILA)["legal_moves"] == []
    assert player_view(state, None)["players"][KAMILA]["out"]


@pytest.mark.parametrize("kind", ["skip", "drop"])
def test_skipping_or_taking_out_a_player_who_already_left_is_refused(table, kind):
    state = apply(table, None, {"type": "drop", "seat": AMY})
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": kind, "seat": AMY})
    assert caught.value.reason == "left-the-game"


@pytest.mark.parametrize("kind", ["skip", "drop"])
@pytest.mark.parametrize("seat", [3, -1, True, "2", 1.0, None])
def test_skipping_or_taking_out_a_seat_not_at_the_table_is_refused(table, kind, seat):
    with pytest.raises(IllegalMove) as caught:
        apply(table, None, {"type": kind, "seat": seat})
    assert caught.value.reason == "no-such-seat"
    assert apply(table, None, {"type": kind, "seat": 2}).out[AMY] is (kind == "drop")  # the last seat is one


def test_a_player_taken_out_after_locking_in_has_their_chips_taken_back(table):
    state = lock(lock(picking(table), AMY, "ABC"), KAMILA, "D")
    state = apply(state, None, {"type": "drop", "seat": AMY})
    assert state.picks == ("D", None, None)
    state = apply(lock(state, TONY, "E"), None, {"type": "reveal", "correct": "ABC"})
    assert state.last.picks == ("D", "E", None)
    assert state.positions == (0, 0, 0)  # Amy's all-correct chips did not move her


def test_the_last_player_in_the_game_cannot_leave(table):
    state = apply(apply(table, None, {"type": "drop", "seat": KAMILA}), None, {"type": "drop", "seat": TONY})
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": "drop", "seat": AMY})
    assert caught.value.reason == "nobody-answers"


def test_taking_out_the_last_player_choosing_reveals_the_chips(table):
    state = lock(lock(picking(table), KAMILA, "A"), TONY, "B")
    state = apply(state, None, {"type": "drop", "seat": AMY})
    assert state.phase is Phase.REVEAL


def test_when_everyone_left_answering_was_skipped_they_are_asked_again(table):
    state = apply(apply(picking(table), None, {"type": "skip", "seat": KAMILA}), None, {"type": "skip", "seat": TONY})
    state = apply(state, None, {"type": "drop", "seat": AMY})
    assert state.phase is Phase.PICK
    assert waiting_for(state) == (KAMILA, TONY)


def test_the_history_keeps_every_question_and_survives_a_round_trip(table):
    state = dataclasses.replace(table, positions=(6, 0, 0))
    state = lock(lock(lock(picking(state, "AMPED"), 0, "AB"), 1, "C"), 2, "F")
    state = apply(state, None, {"type": "reveal", "correct": "ABC"})
    state = apply(lock(lock(picking(state, "HALF_LIE"), 0, "D"), 1, "DE"), None, {"type": "skip", "seat": AMY})
    state = apply(state, None, {"type": "reveal", "correct": "ABC"})
    assert [(q.round, q.question, q.die) for q in state.history] == [(1, 1, DieFace.AMPED), (1, 2, DieFace.HALF_LIE)]
    assert state.history[0].scores == (Score(1, 2), Score(1, 0), Score(0, 0))
    assert state.history[1].picks == ("D", "DE", None)
    assert state.history[1].positions == (8, 3, 0)
    assert state.history[1].ended_round
    assert from_dict(state.to_dict()) == state
    view = player_view(state, None)
    assert [q["question"] for q in view["history"]] == [1, 2]
    assert view["last_question"]["results"][AMY] == {"seat": AMY, "picks": None, "spaces": 0, "bonus": 0,
                                                      "position": 0}
