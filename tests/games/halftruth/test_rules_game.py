import dataclasses
import random

import pytest

from games.halftruth.rules import (
    Colour,
    DieFace,
    IllegalMove,
    IllegalLetters,
    IllegalSetup,
    Phase,
    Player,
    RulesError,
    Score,
    apply,
    Termination,
    legal_moves,
    move_options,
    new_game,
    waiting_for,
)

KAMILA, TONY, AMY = 0, 1, 2


def at_question(state, positions, die=DieFace.THREE, *, round=1):
    """The state of ``round`` with pawns at ``positions``, the die showing ``die``."""
    count = len(state.players)
    return dataclasses.replace(
        state,
        round=round,
        phase=Phase.PICK,
        die=die,
        positions=tuple(positions),
        bonus_vp=((0,) * count,) * round,
        tracker_vp=((0,) * count,) * (round - 1),
        final_positions=((0,) * count,) * (round - 1),
    )


def answer(state, picks, correct):
    for seat, letters in enumerate(picks):
        state = apply(state, seat, {"type": "lock_in", "letters": letters})
    return apply(state, None, {"type": "reveal", "correct": correct})


# Setup


def test_new_game_starts_round_one_with_pawns_on_start_waiting_for_the_die(table):
    assert table.round == 1
    assert table.phase is Phase.ROLL
    assert table.positions == (0, 0, 0)
    assert table.die is None
    assert [table.victory_points(s) for s in range(3)] == [0, 0, 0]
    assert table.players[0] == Player("Kamila", Colour.GREEN)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_two_to_six_players_can_sit_down(count):
    colours = list(Colour)[:count]
    game = new_game([(f"p{i}", c) for i, c in enumerate(colours)])
    assert len(game.players) == count


@pytest.mark.parametrize(("count", "reason"), [(0, "too-few-players"), (1, "too-few-players"), (7, "too-many-players")])
def test_fewer_than_two_or_more_than_six_players_are_refused(count, reason):
    colours = (list(Colour) * 2)[:count]
    with pytest.raises(IllegalSetup) as caught:
        new_game([(f"p{i}", c) for i, c in enumerate(colours)])
    assert caught.value.reason == reason


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        ([("Kamila", "green"), ("Tony", "green")], "colour-taken"),
        ([("Kamila", "green"), ("Tony", "teal")], "unknown-colour"),
        ([("Kamila", "green"), ("  ", "yellow")], "blank-name"),
        ([("Kamila", "green"), (None, "yellow")], "blank-name"),
        ([("Kamila", "green"), ("x" * 41, "yellow")], "name-too-long"),
        ([("Kamila", "green"), 7], "not-a-player"),
        ("Kamila and Tony", "not-players"),
    ],
)
def test_bad_players_are_refused_with_a_reason(players, reason):
    with pytest.raises(IllegalSetup) as caught:
        new_game(players)
    assert caught.value.reason == reason


def test_a_player_given_by_name_alone_takes_the_first_colour_nobody_chose():
    game = new_game(["Kamila", ("Tony", "green"), "Amy"])
    assert [p.colour for p in game.players] == [Colour.YELLOW, Colour.GREEN, Colour.MAGENTA]


def test_players_may_be_given_as_mappings_or_players():
    game = new_game([{"name": " Kamila ", "colour": "green"}, Player("Tony", Colour.YELLOW)])
    assert game.players == (Player("Kamila", Colour.GREEN), Player("Tony", Colour.YELLOW))


# The rulebook's scoring example


@pytest.mark.parametrize("round", [1, 2, 3])
def test_rulebook_scoring_example(table, round):
    tracker = table.trackers[round - 1]
    before = at_question(table, (tracker.last - 3, tracker.last - 5, tracker.last - 3), round=round)
    after = answer(before, ["AC", "ACE", "AB"], "ACE")

    assert after.last.scores == (Score(3, 1), Score(3, 2), Score(0, 0))
    assert after.last.ended_round
    # Kamila reached the last space; everyone scores their tracker position.
    assert after.final_positions[-1] == (tracker.last, tracker.last - 2, tracker.last - 3)
    assert after.tracker_vp[-1] == (7, 4, 3)
    assert after.bonus_vp[round - 1] == (1, 2, 0)
    assert [after.victory_points(s) for s in (KAMILA, TONY, AMY)] == [8, 6, 3]


# One question


def test_roll_uses_the_rng_passed_in(table):
    first = apply(table, None, {"type": "roll"}, random.Random(7))
    again = apply(table, None, {"type": "roll"}, random.Random(7))
    assert first.die == again.die
    assert first.phase is Phase.PICK


def test_roll_can_show_all_six_faces(table):
    faces = {apply(table, None, {"type": "roll"}, random.Random(seed)).die for seed in range(60)}
    assert faces == set(DieFace)


def test_roll_without_rng_is_refused(table):
    with pytest.raises(IllegalMove) as caught:
        apply(table, None, {"type": "roll"})
    assert caught.value.reason == "rng-required"


def test_face_of_a_physical_die_can_be_entered_by_name(table):
    assert apply(table, None, {"type": "set_die", "face": "HALF_LIE"}).die is DieFace.HALF_LIE


@pytest.mark.parametrize("face", ["1+", "amped", 3, None])
def test_unknown_die_face_is_refused(table, face):
    with pytest.raises(RulesError) as caught:
        apply(table, None, {"type": "set_die", "face": face})
    assert caught.value.reason == "unknown-face"


def test_die_cannot_be_changed_once_players_are_choosing(table):
    rolled = apply(table, None, {"type": "set_die", "face": "ONE"})
    with pytest.raises(IllegalMove) as caught:
        apply(rolled, None, {"type": "set_die", "face": "FOUR"})
    assert caught.value.reason == "wrong-phase"


def test_answers_cannot_be_locked_in_before_the_die_is_rolled(table):
    with pytest.raises(IllegalMove) as caught:
        apply(table, KAMILA, {"type": "lock_in", "letters": "A"})
    assert caught.value.reason == "wrong-phase"


def test_a_player_can_change_their_pick_until_everyone_has_locked_in(table):
    state = at_question(table, (0, 0, 0))
    state = apply(state, KAMILA, {"type": "lock_in", "letters": "A"})
    state = apply(state, KAMILA, {"type": "lock_in", "letters": ["E", "C"]})
    assert state.picks == ("CE", None, None)
    assert state.phase is Phase.PICK


def test_picks_are_revealed_together_when_the_last_player_locks_in(table):
    state = at_question(table, (0, 0, 0))
    for seat, letters in enumerate(["A", "B", "C"]):
        state = apply(state, seat, {"type": "lock_in", "letters": letters})
    assert state.phase is Phase.REVEAL
    with pytest.raises(IllegalMove) as caught:
        apply(state, KAMILA, {"type": "lock_in", "letters": "D"})
    assert caught.value.reason == "wrong-phase"


def test_correct_answers_cannot_be_entered_before_everyone_locked_in(table):
    state = apply(at_question(table, (0, 0, 0)), KAMILA, {"type": "lock_in", "letters": "A"})
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": "reveal", "correct": "ABC"})
    assert caught.value.reason == "wrong-phase"


def test_the_table_cannot_lock_in_for_a_player(table):
    with pytest.raises(IllegalMove) as caught:
        apply(at_question(table, (0, 0, 0)), None, {"type": "lock_in", "letters": "A"})
    assert caught.value.reason == "seat-required"


@pytest.mark.parametrize("letters", ["", "ABCD", "AG", "AA", "ac"])
def test_bad_picks_are_refused(table, letters):
    with pytest.raises(IllegalLetters):
        apply(at_question(table, (0, 0, 0)), KAMILA, {"type": "lock_in", "letters": letters})


@pytest.mark.parametrize("correct", ["AB", "ABCD", "AAB"])
def test_entering_other_than_three_correct_answers_is_refused(table, correct):
    state = at_question(table, (0, 0, 0))
    for seat in range(3):
        state = apply(state, seat, {"type": "lock_in", "letters": "A"})
    with pytest.raises(IllegalLetters):
        apply(state, None, {"type": "reveal", "correct": correct})


@pytest.mark.parametrize(
    ("phase", "move"),
    [
        (Phase.ROLL, {"type": "roll"}),
        (Phase.ROLL, {"type": "set_die", "face": "FOUR"}),
        (Phase.REVEAL, {"type": "reveal", "correct": "ABC"}),
    ],
)
def test_only_the_reader_or_the_table_makes_the_readers_moves(table, phase, move):
    """Whoever reads this question rolls the die and flips the card; the host may for the table."""
    state = dataclasses.replace(table, reader=TONY)
    if phase is Phase.REVEAL:
        state = at_question(state, (0, 0, 0))
        for seat in range(3):
            state = apply(state, seat, {"type": "lock_in", "letters": "A"})
    for seat in (KAMILA, AMY):
        with pytest.raises(IllegalMove) as caught:
            apply(state, seat, move, random.Random(1))
        assert caught.value.reason == "table-move"
        assert "Tony reads this question" in str(caught.value)
    apply(state, TONY, move, random.Random(1))
    apply(state, None, move, random.Random(1))


@pytest.mark.parametrize("kind", ["skip", "drop"])
def test_only_the_table_skips_a_player_or_takes_them_out(table, kind):
    for seat in (KAMILA, TONY, AMY):
        with pytest.raises(IllegalMove) as caught:
            apply(table, seat, {"type": kind, "seat": AMY})
        assert caught.value.reason == "table-move"


def test_scoring_moves_pawns_takes_bonuses_and_starts_the_next_question(table):
    state = answer(at_question(table, (1, 0, 0), DieFace.TWO), ["AC", "B", "F"], "ACF")
    assert state.positions == (3, 0, 2)
    assert state.bonus_vp == ((1, 0, 0),)
    assert state.tracker_vp == ()
    assert state.phase is Phase.ROLL
    assert state.die is None
    assert state.picks == (None, None, None)
    assert state.question == 2
    assert state.last.picks == ("AC", "B", "F")
    assert state.last.correct == "ACF"


def test_half_lie_moves_two_for_all_incorrect_picks(table):
    state = answer(at_question(table, (0, 0, 0), DieFace.HALF_LIE), ["BD", "A", "BDF"], "ACE")
    assert state.positions == (2, 0, 2)
    assert state.bonus_vp == ((1, 0, 2),)


def test_amped_moves_one_and_doubles_the_bonus(table):
    state = answer(at_question(table, (0, 0, 0), DieFace.AMPED), ["AC", "ACE", "B"], "ACE")
    assert state.positions == (1, 1, 0)
    assert state.bonus_vp == ((2, 4, 0),)


# End of a round and of the game


def test_round_ends_only_when_a_pawn_reaches_the_last_space(table):
    tracker = table.tracker
    state = answer(at_question(table, (tracker.last - 3, 0, 0), DieFace.TWO), ["A", "B", "B"], "ACE")
    assert state.round == 1
    assert state.positions[KAMILA] == tracker.last - 1


def test_everyone_moves_before_the_round_ends_and_passing_pawns_stop_on_the_last_space(table):
    tracker = table.tracker
    state = answer(
        at_question(table, (tracker.last - 1, tracker.last - 2, 0), DieFace.FOUR), ["A", "C", "E"], "ACE"
    )
    assert state.final_positions == ((tracker.last, tracker.last, 4),)
    assert state.tracker_vp == ((7, 7, tracker.points_at(4)),)


def test_a_new_round_resets_pawns_and_keeps_victory_points_apart_per_round(table):
    tracker = table.tracker
    state = answer(at_question(table, (tracker.last - 1, 2, 0), DieFace.ONE), ["AC", "E", "B"], "ACE")
    assert state.round == 2
    assert state.question == 1
    assert state.tracker is state.trackers[1]
    assert state.positions == (0, 0, 0)
    assert state.phase is Phase.ROLL
    assert state.bonus_vp == ((1, 0, 0), (0, 0, 0))
    assert state.tracker_vp == ((7, tracker.points_at(3), 0),)
    assert state.victory_points(KAMILA) == 8


def test_game_ends_after_round_three_with_a_ranking(table):
    tracker = table.trackers[2]
    state = at_question(table, (tracker.last - 1, 0, 0), DieFace.ONE, round=3)
    state = dataclasses.replace(state, tracker_vp=((5, 0, 0), (0, 13, 0)))
    state = answer(state, ["A", "B", "A"], "ACE")
    assert state.is_over
    assert state.phase is Phase.OVER
    assert state.round == 3
    assert [s.seat for s in state.outcome.standings] == [TONY, KAMILA, AMY]
    assert state.outcome.winners == (TONY,)
    assert state.outcome.termination is Termination.THREE_ROUNDS
    assert legal_moves(state, None) == ()
    assert waiting_for(state) == ()
    with pytest.raises(IllegalMove) as caught:
        apply(state, None, {"type": "roll"}, random.Random(1))
    assert caught.value.reason == "game-over"


def over(table, victory_points, round3_positions):
    """A finished game in which the seats took ``victory_points`` from round trackers."""
    return dataclasses.replace(
        table,
        round=3,
        phase=Phase.OVER,
        bonus_vp=((0, 0, 0),) * 3,
        tracker_vp=((0, 0, 0), (0, 0, 0), tuple(victory_points)),
        final_positions=((0, 0, 0), (0, 0, 0), tuple(round3_positions)),
    )


def test_most_victory_points_wins_even_with_a_shorter_pawn(table):
    outcome = over(table, (9, 10, 1), (12, 3, 12)).outcome
    assert outcome.winners == (TONY,)
    assert [(s.seat, s.place) for s in outcome.standings] == [(TONY, 1), (KAMILA, 2), (AMY, 3)]


def test_tied_victory_points_go_to_the_pawn_furthest_on_the_round_three_tracker(table):
    outcome = over(table, (9, 9, 1), (10, 12, 12)).outcome
    assert outcome.winners == (TONY,)
    assert [(s.seat, s.place) for s in outcome.standings] == [(TONY, 1), (KAMILA, 2), (AMY, 3)]


def test_players_tied_on_points_and_pawn_share_the_victory(table):
    outcome = over(table, (9, 9, 1), (12, 12, 12)).outcome
    assert outcome.winners == (KAMILA, TONY)
    assert [(s.seat, s.place) for s in outcome.standings] == [(KAMILA, 1), (TONY, 1), (AMY, 3)]


def test_a_game_in_progress_has_no_outcome(table):
    assert table.outcome is None


# Malformed moves


@pytest.mark.parametrize("seat", [3, -1, True, "0", 1.0])
def test_moves_from_a_seat_not_at_the_table_are_refused(table, seat):
    with pytest.raises(IllegalMove) as caught:
        apply(table, seat, {"type": "set_die", "face": "ONE"})
    assert caught.value.reason == "no-such-seat"


@pytest.mark.parametrize("move", [{"type": "pass"}, {}, "roll", None, {"type": ["roll"]}])
def test_unknown_moves_are_refused(table, move):
    with pytest.raises(IllegalMove) as caught:
        apply(table, None, move)
    assert caught.value.reason == "unknown-move"


@pytest.mark.parametrize("move", [{"type": "set_die"}, {"type": "roll", "face": "ONE"}])
def test_moves_with_missing_or_extra_fields_are_refused(table, move):
    with pytest.raises(IllegalMove) as caught:
        apply(table, None, move, random.Random(1))
    assert caught.value.reason == "malformed-move"


def test_refusals_carry_a_sentence_for_the_player(table):
    with pytest.raises(RulesError) as caught:
        apply(table, KAMILA, {"type": "lock_in", "letters": "A"})
    assert str(caught.value) == "Roll the scoring die first."


def test_legal_moves_follow_the_phase(table):
    assert legal_moves(table, None) == ("roll", "set_die", "skip", "drop")
    assert legal_moves(table, KAMILA) == ("roll", "set_die")  # Kamila reads the first question
    assert legal_moves(table, TONY) == ()
    picking = at_question(table, (0, 0, 0))
    assert legal_moves(picking, KAMILA) == ("lock_in",)
    assert legal_moves(picking, None) == ("skip", "drop")


def test_move_options_say_why_a_move_is_not_allowed_now(table):
    assert move_options(table, TONY) == (("lock_in", "The scoring die is rolled first."),)
    picking = at_question(table, (0, 0, 0))
    assert move_options(picking, None) == (
        ("reveal", "Wait until everyone has locked in their answers."), ("skip", ""), ("drop", ""))
    assert move_options(picking, KAMILA) == (
        ("lock_in", ""), ("reveal", "Wait until everyone has locked in their answers."))
    with pytest.raises(IllegalMove) as caught:
        move_options(picking, 3)  # there are three players: seats 0 to 2
    assert caught.value.reason == "no-such-seat"


def test_the_game_waits_for_the_reader_then_for_players_still_choosing(table):
    assert waiting_for(table) == (KAMILA,)
    state = apply(at_question(table, (0, 0, 0)), TONY, {"type": "lock_in", "letters": "A"})
    assert waiting_for(state) == (KAMILA, AMY)
    state = apply(apply(state, KAMILA, {"type": "lock_in", "letters": "B"}), AMY, {"type": "lock_in", "letters": "C"})
    assert waiting_for(state) == (KAMILA,)


def test_a_seat_with_no_colour_chosen_takes_the_first_colour_no_seat_chose():
    from games.halftruth.rules import Colour, seat_colours

    assert seat_colours([None, Colour.GREEN, None, Colour.MAGENTA]) == (
        Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.MAGENTA)
    assert seat_colours([]) == ()
