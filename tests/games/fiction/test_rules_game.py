"""The Fiction game as a state machine: setup, guess, deceive, tokens, halves, end."""

import json
import random

import pytest

from games.fiction.rules import (
    Clue,
    GameState,
    IllegalClues,
    IllegalGuess,
    IllegalMove,
    IllegalSecret,
    IllegalSetup,
    Options,
    RulesError,
    Termination,
    apply,
    guess,
    new_game,
    player_view,
)

from .conftest import GUESSERS, LENA, TABLE, play_turn, started

FIRST_HALF = ["entry", "tiger", "frogs", "plumb", "chant"]


def refused(state, seat, move, reason, kind=RulesError):
    with pytest.raises(kind) as caught:
        apply(state, seat, move)
    assert caught.value.reason == reason, str(caught.value)
    assert isinstance(caught.value, ValueError) and str(caught.value)
    return caught.value


# --- setup / Prologue ---------------------------------------------------------------


def test_new_game_waits_in_setup_with_the_clock_stopped():
    state = new_game()
    assert state.phase == "setup" and not state.clock_running
    assert state.tokens == 3 and state.half_seconds == 600


def test_lena_chooses_a_secret_and_a_hint_letter_in_it():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "READY", "hint": "R"})
    assert (state.secret, state.hint) == ("ready", "r")


def test_hint_letter_must_be_in_the_secret():
    refused(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "z"}, "hint-not-in-secret", IllegalSecret)


def test_yellow_secret_may_not_repeat_letters_but_a_red_one_may():
    refused(new_game(), LENA, {"type": "choose_secret", "word": "geese", "hint": "g"}, "repeated-letters")
    red = new_game(Options(red_words=True))
    assert apply(red, LENA, {"type": "choose_secret", "word": "geese", "hint": "g"}).secret == "geese"


def test_secret_the_dictionary_lacks_is_a_warning_lena_can_override():
    error = refused(new_game(), LENA, {"type": "choose_secret", "word": "zorbs", "hint": "z"}, "not-a-word", IllegalSecret)
    assert error.overridable
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "zorbs", "hint": "z", "override": True})
    assert state.secret == "zorbs" and state.secret_override


def test_a_secret_of_the_wrong_length_cannot_be_overridden():
    error = refused(new_game(), LENA, {"type": "choose_secret", "word": "friend", "hint": "f", "override": True}, "length")
    assert not error.overridable


def test_a_guess_of_the_overridden_secret_needs_the_table_and_then_wins():
    # ZORBS was on the book card but not in our dictionary: the guessers must still be able to find
    # it, through the table's agreement, as for any other word the dictionary lacks
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "zorbs", "hint": "z", "override": True})
    state = apply(state, LENA, {"type": "start_first_half"})
    refused(state, GUESSERS, {"type": "guess", "word": "ZORBS"}, "house-word", IllegalGuess)
    state = apply(state, GUESSERS, {"type": "guess", "word": "ZORBS", "table_agreed": True})
    assert state.is_over and state.outcome.termination is Termination.GUESSED
    assert state.turns[-1].table_word


@pytest.mark.parametrize("secret", ["zorbs", "texas"])
def test_a_word_the_dictionary_lacks_is_refused_alike_whatever_the_secret(secret):
    """Against a kept secret our dictionary lacks, a refusal never says which guess is the secret."""
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": secret, "hint": secret[0], "override": True})
    state = apply(state, LENA, {"type": "start_first_half"})
    answers = {}
    for word in ("zorbs", "fykli", "texas", "paris"):
        with pytest.raises(IllegalGuess) as caught:
            apply(state, GUESSERS, {"type": "guess", "word": word})
        answers[word] = (caught.value.reason, str(caught.value).replace(word.upper(), "WORD"))
    assert answers["zorbs"] == answers["fykli"] and answers["texas"] == answers["paris"]
    assert {reason for reason, _ in answers.values()} == {"house-word"}
    # With the table's agreement a wrong one is a row like any other, the secret wins.
    wrong = apply(state, GUESSERS, {"type": "guess", "word": "fykli", "table_agreed": True})
    assert wrong.phase == "deceiving" and wrong.turns[-1].table_word
    assert apply(state, GUESSERS, {"type": "guess", "word": secret, "table_agreed": True}).is_over


def test_guessers_cannot_choose_the_secret():
    refused(new_game(), GUESSERS, {"type": "choose_secret", "word": "ready", "hint": "r"}, "not-your-turn", IllegalMove)


def test_only_the_lie_brarian_starts_the_first_half():
    state = apply(new_game(), LENA, {"type": "choose_secret", "word": "ready", "hint": "r"})
    refused(state, GUESSERS, {"type": "start_first_half"}, "not-your-turn")
    refused(state, TABLE, {"type": "start_first_half"}, "not-your-turn")


def test_first_half_cannot_start_before_the_secret_is_chosen():
    refused(new_game(), LENA, {"type": "start_first_half"}, "setup-incomplete")


def test_starting_the_first_half_runs_the_clock(lena_game):
    assert lena_game.phase == "guessing" and lena_game.clock_running and lena_game.half == 1


# --- guess and deceive -----------------------------------------------------------


def test_a_guess_pauses_the_clock_until_clues_are_shared(lena_game):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "ENTRY"})
    assert state.phase == "deceiving" and not state.clock_running
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗"})
    assert state.phase == "guessing" and state.clock_running
    assert state.turns[0].lies == frozenset({4})


def test_named_move_functions_match_apply(lena_game):
    assert guess(lena_game, GUESSERS, "entry") == apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})


def test_illegal_guess_is_refused_and_changes_nothing(lena_game):
    before = lena_game.to_dict()
    refused(lena_game, GUESSERS, {"type": "guess", "word": "TEXAS"}, "proper-noun", IllegalGuess)
    refused(lena_game, GUESSERS, {"type": "guess", "word": "TREES"}, "repeated-letters", IllegalGuess)
    assert lena_game.to_dict() == before


def test_red_word_games_allow_repeated_letters_in_guesses():
    state = started("geese", "g", Options(red_words=True))
    state = apply(state, GUESSERS, {"type": "guess", "word": "trees"})
    assert state.turns[-1].guess == "trees"


def test_only_the_guessers_guess_and_only_lena_shares(lena_game):
    refused(lena_game, LENA, {"type": "guess", "word": "entry"}, "not-your-turn")
    refused(lena_game, TABLE, {"type": "guess", "word": "entry"}, "not-your-turn")
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, GUESSERS, {"type": "share_clues", "clues": "~✗✗~✗"}, "not-your-turn")


def test_no_second_guess_while_clues_are_awaited(lena_game):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, GUESSERS, {"type": "guess", "word": "tiger"}, "wrong-phase")


@pytest.mark.parametrize("clues, lies", [("~✗✗~✓", 0), ("✓✓✗~✓", 2), ("✓✓✓✓✗", 5)])
def test_rows_without_exactly_one_lie_are_refused(lena_game, clues, lies):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    error = refused(state, LENA, {"type": "share_clues", "clues": clues}, "lie-count", IllegalClues)
    assert f"you changed {lies}" in str(error)


@pytest.mark.parametrize("position", range(5))
@pytest.mark.parametrize("into", list(Clue))
def test_a_lie_may_change_any_clue_into_either_other_clue(lena_game, position, into):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    clues = list("~✗✗~✓")
    if clues[position] == into.value:
        return  # that would be no lie at all
    clues[position] = into.value
    state = apply(state, LENA, {"type": "share_clues", "clues": "".join(clues)})
    assert state.turns[0].lies == {position}


def test_a_correct_guess_wins_at_once_with_no_lie(lena_game):
    state = play_turn(lena_game, "entry")
    state = apply(state, GUESSERS, {"type": "guess", "word": "READY"})
    assert state.is_over and not state.clock_running
    assert (state.outcome.winner, state.outcome.termination.value) == ("guessers", "guessed")
    assert state.turns[-1].lies == frozenset() and state.turns[-1].correct
    refused(state, LENA, {"type": "share_clues", "clues": "✓✓✓✓✗"}, "game-over")


# --- halves and the end -------------------------------------------------------------


def test_halftime_after_five_guesses(lena_game):
    state = lena_game
    for word in FIRST_HALF:
        state = play_turn(state, word)
    assert state.phase == "halftime" and not state.clock_running
    state = apply(state, TABLE, {"type": "start_second_half"})
    assert state.phase == "guessing" and state.half == 2 and state.guesses_left_in_half == 5


def test_first_timer_running_out_gives_halftime_and_a_fresh_five_guesses(lena_game):
    state = play_turn(lena_game, "entry")
    state = apply(state, TABLE, {"type": "timer_expired"})
    assert state.phase == "halftime"
    state = apply(state, TABLE, {"type": "start_second_half"})
    assert state.guesses_left_in_half == 5 and state.half == 2


def test_the_second_half_opens_with_no_token_answer_showing(lena_game):
    state = apply(play_turn(lena_game, "entry"), GUESSERS, {"type": "fact_fiction", "position": 1})
    assert player_view(state, GUESSERS)["last_token"] == {"number": 1, "position": 1}
    state = apply(apply(state, TABLE, {"type": "timer_expired"}), TABLE, {"type": "start_second_half"})
    assert player_view(state, GUESSERS)["last_token"] is None


def test_timer_cannot_expire_while_paused(lena_game):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, TABLE, {"type": "timer_expired"}, "wrong-phase")


@pytest.mark.parametrize("side", [LENA, GUESSERS])
def test_only_the_clock_ends_a_half(lena_game, side):
    refused(lena_game, side, {"type": "timer_expired"}, "clock-only", IllegalMove)
    state = apply(lena_game, TABLE, {"type": "timer_expired"})
    refused(state, side, {"type": "start_second_half"}, "table-only", IllegalMove)


def test_the_table_not_a_side_starts_the_second_half(lena_game):
    state = apply(lena_game, TABLE, {"type": "timer_expired"})
    assert state.phase == "halftime"
    assert apply(state, TABLE, {"type": "start_second_half"}).half == 2


def test_second_timer_running_out_is_a_lie_brarian_win(lena_game):
    state = apply(lena_game, TABLE, {"type": "timer_expired"})
    state = apply(state, TABLE, {"type": "start_second_half"})
    state = apply(state, TABLE, {"type": "timer_expired"})
    assert state.is_over and (state.outcome.winner, state.outcome.termination.value) == ("librarian", "time")


def test_lie_brarian_wins_when_the_guessers_are_out_of_guesses(lena_game):
    state = lena_game
    for word in FIRST_HALF:
        state = play_turn(state, word)
    state = apply(state, TABLE, {"type": "start_second_half"})
    for word in ["blimp", "dough", "swift", "clank", "jumbo"]:
        state = play_turn(state, word, lie_at=2)
    assert state.is_over and (state.outcome.winner, state.outcome.termination.value) == ("librarian", "out-of-guesses")
    assert len(state.turns) == 10


def test_eight_minute_halves_option():
    assert new_game(Options(eight_minute_halves=True)).half_seconds == 480


# --- Fact/Fiction tokens ---------------------------------------------------------------


def test_fact_fiction_token_tells_the_truth_about_a_letter(lena_game):
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    state = apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗"})  # lie on Y
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 4})
    assert state.turns[0].fictions == {4}
    state = apply(play_turn(state, "tiger", lie_at=2), GUESSERS, {"type": "fact_fiction", "position": 0})
    assert state.turns[1].facts == {0}
    assert state.tokens == 1


def test_base_game_allows_one_token_before_each_next_guess(lena_game):
    state = apply(play_turn(lena_game, "entry"), GUESSERS, {"type": "fact_fiction", "position": 1})
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 2}, "one-token-per-guess")
    state = apply(play_turn(state, "tiger"), GUESSERS, {"type": "fact_fiction", "position": 2})
    assert state.tokens == 1


def test_banned_books_allows_any_number_of_tokens_while_the_clock_runs():
    state = play_turn(started(librarian="lie-zero"), "entry", lie_at=1)
    for position in range(3):
        state = apply(state, GUESSERS, {"type": "fact_fiction", "position": position})
    assert state.tokens == 0 and state.turns[0].fictions == {1}


def test_three_tokens_per_game(lena_game):
    state = lena_game
    for guess in ("entry", "tiger", "mouth"):
        state = apply(play_turn(state, guess), GUESSERS, {"type": "fact_fiction", "position": 0})
    refused(play_turn(state, "bingo"), GUESSERS, {"type": "fact_fiction", "position": 3}, "no-tokens")
    state = apply(play_turn(state, "tiger"), TABLE, {"type": "timer_expired"})
    state = apply(state, TABLE, {"type": "start_second_half"})
    assert state.tokens == 0


def test_hard_mode_gives_one_token_each_half():
    state = started(options=Options(one_token_per_half=True))
    assert state.tokens == 1
    state = apply(play_turn(state, "entry"), GUESSERS, {"type": "fact_fiction", "position": 1})
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 2}, "no-tokens")
    state = apply(apply(state, TABLE, {"type": "timer_expired"}), TABLE, {"type": "start_second_half"})
    assert state.tokens == 1


def test_tokens_only_while_the_timer_runs_and_only_on_the_latest_guess(lena_game):
    refused(lena_game, GUESSERS, {"type": "fact_fiction", "position": 0}, "no-guess")
    state = apply(lena_game, GUESSERS, {"type": "guess", "word": "entry"})
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 0}, "wrong-phase")
    state = play_turn(apply(state, LENA, {"type": "share_clues", "clues": "~✗✗~✗"}), "tiger")
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 0, "turn": 0}, "not-most-recent-guess")


def test_a_letter_with_a_token_cannot_take_another():
    state = play_turn(started(librarian="lie-zero"), "entry")  # Banned Books: more than one token per guess
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 0})
    refused(state, GUESSERS, {"type": "fact_fiction", "position": 0}, "already-revealed")


def test_hard_difficulty_turns_on_all_three_options():
    hard = Options.hard()
    assert hard.red_words and hard.one_token_per_half and hard.eight_minute_halves


def test_the_setup_forms_hard_mode_turns_on_all_three_and_keeps_the_rest():
    options = Options.from_dict({"hard_mode": True, "red_words": False, "ability_cards": True})
    assert options == Options.hard(ability_cards=True)
    assert Options.from_dict({"hard_mode": False, "red_words": True}) == Options(red_words=True)
    state = new_game({"hard_mode": True}, rng=random.Random(1))
    assert state.tokens == 1 and state.half_seconds == 480 and state.options.red_words


# --- house rule: the table may allow a word the dictionary lacks ---------------------------


def test_table_can_agree_to_allow_a_guess_the_dictionary_lacks():
    state = started(options=Options(house_words=True))
    refused(state, GUESSERS, {"type": "guess", "word": "zorbs"}, "house-word")
    refused(state, GUESSERS, {"type": "guess", "word": "texas"}, "house-word")
    refused(state, GUESSERS, {"type": "guess", "word": "zorb"}, "length")
    state = apply(state, GUESSERS, {"type": "guess", "word": "zorbs", "table_agreed": True})
    assert state.turns[-1].table_word


def test_table_agreement_needs_the_house_rule(lena_game):
    refused(lena_game, GUESSERS, {"type": "guess", "word": "zorbs", "table_agreed": True}, "not-a-word")


# --- the move envelope -------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, reason",
    [
        ({"word": "frogs"}, "bad-move"),
        ({"type": "cheat"}, "unknown-move"),
        ({"type": "guess"}, "bad-move"),
        ({"type": "guess", "word": "frogs", "colour": "red"}, "bad-move"),
    ],
)
def test_malformed_moves_are_refused(lena_game, move, reason):
    refused(lena_game, GUESSERS, move, reason, IllegalMove)


def test_unknown_seat_is_refused(lena_game):
    refused(lena_game, "gus", {"type": "guess", "word": "frogs"}, "unknown-seat")
    with pytest.raises(IllegalMove):
        player_view(lena_game, "gus")


# --- serialisation ----------------------------------------------------------------------


def test_state_round_trips_through_json(lena_game):
    state = apply(play_turn(lena_game, "entry", lie_at=3), GUESSERS, {"type": "fact_fiction", "position": 3})
    data = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(data) == state


def test_from_dict_refuses_another_version(lena_game):
    data = lena_game.to_dict() | {"version": 99}
    with pytest.raises(IllegalSetup):
        GameState.from_dict(data)


def test_rows_feed_the_solver_with_what_the_guessers_know(lena_game):
    from games.fiction.rules import candidates, word_list

    state = play_turn(lena_game, "entry", lie_at=1)
    state = apply(state, GUESSERS, {"type": "fact_fiction", "position": 1})
    state = play_turn(state, "tiger", lie_at=4)
    rows = state.rows()
    assert [r.guess for r in rows] == ["entry", "tiger"] and rows[0].fictions == {1}
    assert "ready" in candidates(rows, word_list(), hint=state.hint)


def test_the_words_left_helper_counts_from_the_shared_rows_only():
    state = started(options=Options(words_left=True))
    first = player_view(state, GUESSERS)["words_left"]
    state = play_turn(state, "entry", lie_at=1)
    after = player_view(state, GUESSERS)["words_left"]
    assert 0 < after < first
    from games.fiction.rules import candidates, word_list

    assert after == len([w for w in candidates(state.rows(), word_list(), hint="r") if len(set(w)) == 5])
    assert player_view(started(), GUESSERS)["words_left"] is None  # off unless the table switches it on


def test_the_words_left_helper_counts_words_with_a_letter_twice_only_when_playing_with_red_words():
    """Without red words the secret has five different letters, so BERRY is no longer a word left."""
    from games.fiction.rules import candidates, word_list

    plain, red = (player_view(started(options=Options(words_left=True, red_words=r)), GUESSERS)["words_left"]
                  for r in (False, True))
    with_r = [w for w in word_list() if "r" in w]
    assert red == len(with_r) and plain == len([w for w in with_r if len(set(w)) == 5]) and plain < red
    assert "berry" in candidates([], word_list(), hint="r")


def test_the_guessers_marks_on_the_alphabet_board_are_theirs_to_change(lena_game):
    state = apply(lena_game, GUESSERS, {"type": "mark_letter", "letter": "Q", "mark": "out"})
    state = apply(state, GUESSERS, {"type": "mark_letter", "letter": "e", "mark": "maybe"})
    assert player_view(state, TABLE)["marks"] == {"e": "maybe", "q": "out"}
    state = apply(state, GUESSERS, {"type": "mark_letter", "letter": "q", "mark": ""})
    assert player_view(state, GUESSERS)["marks"] == {"e": "maybe"}
    refused(state, LENA, {"type": "mark_letter", "letter": "q", "mark": "in"}, "not-your-turn")
    refused(state, GUESSERS, {"type": "mark_letter", "letter": "qq", "mark": "in"}, "letter")
    refused(state, GUESSERS, {"type": "mark_letter", "letter": "q", "mark": "yes"}, "mark")
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
