"""The app as Lie-brarian: a drawn common word, and on every row the lie that leaves the most words."""

import random

import pytest

from companion.table.rules_errors import RulesError
from games.fiction.rules import Options, Row, apply, candidates, honest_clues, new_game, player_view, word_list
from games.fiction.rules.solver import best_lie, one_lie_rows
from games.fiction.rules.words import common_words

from .conftest import GUESSERS

APP = Options(app_librarian=True)


def test_the_app_draws_a_common_yellow_word_and_a_hint_in_it_and_starts_the_timer():
    for seed in range(20):
        state = new_game(APP, rng=random.Random(seed))
        assert state.secret in common_words() and len(set(state.secret)) == 5
        assert state.hint in state.secret and state.phase == "guessing" and state.clock_running


def test_every_row_the_app_shares_holds_exactly_one_lie_and_keeps_the_secret_possible():
    state = new_game(APP, rng=random.Random(3))
    for word in ("ghost", "plumb", "crane", "dirty"):
        state = apply(state, GUESSERS, {"type": "guess", "word": word})
        if state.is_over:
            break
        assert state.phase == "guessing" and len(state.turns[-1].lies) == 1
    assert state.secret in candidates(state.rows(), word_list(), hint=state.hint)
    view = player_view(state, GUESSERS)
    assert "secret" not in view and all("honest" not in row for row in view["turns"])


def test_the_lie_chosen_leaves_the_most_candidate_words():
    secret, guess = "ready", "entry"
    honest = honest_clues(secret, guess)
    chosen = best_lie([], guess, honest, word_list(), hint="r")
    counts = {rows: len(candidates([Row(guess, rows)], word_list(), hint="r")) for rows in one_lie_rows(honest)}
    assert len(counts) == 10 and {counts[rows] for rows in chosen} == {max(counts.values())}


def most_words(rows, guess, honest, words, hint):
    """By brute force: every one-lie row for ``guess`` that leaves the most words, in order."""
    counts = {shared: len(candidates([*rows, Row(guess, shared)], words, hint=hint)) for shared in one_lie_rows(honest)}
    return tuple(shared for shared, n in counts.items() if n == max(counts.values()))


def test_the_app_weighs_every_lie_against_the_rows_already_shared_and_the_hint():
    secret, words = "ready", word_list()
    rows = [Row("crane", best_lie([], "crane", honest_clues(secret, "crane"), words, hint="r")[0])]
    honest = honest_clues(secret, "entry")
    chosen = best_lie(rows, "entry", honest, words, hint="r")
    assert chosen == most_words(rows, "entry", honest, words, "r")
    # both the earlier row and the hint change which lie keeps the most words here
    assert chosen != best_lie([], "entry", honest, words, hint="r")
    assert chosen != best_lie(rows, "entry", honest, words)


def test_when_no_word_is_left_after_any_lie_the_app_still_has_every_lie_to_choose_from(fresh_solver_index):
    words = ["ghost", "toast"]  # neither fits READY's row for ENTRY with one lie
    honest = honest_clues("ready", "entry")
    assert best_lie([], "entry", honest, words) == tuple(one_lie_rows(honest)) == most_words([], "entry", honest, words, None)


def test_no_one_shares_clues_for_the_app():
    state = new_game(APP, rng=random.Random(1))
    with pytest.raises(RulesError):
        apply(state, GUESSERS, {"type": "share_clues", "clues": "✓✓✓✓✓"})


def test_the_app_and_clue_check_do_not_mix():
    with pytest.raises(RulesError):
        new_game(Options(app_librarian=True, clue_check=True), rng=random.Random(1))


def test_a_win_against_the_app():
    state = new_game(APP, rng=random.Random(5))
    state = apply(state, GUESSERS, {"type": "guess", "word": state.secret})
    assert state.outcome.winner == "guessers"


def test_the_app_weighs_only_words_it_could_have_drawn():
    """With red words its secret may repeat a letter, so a row is weighed against every word; SADLY's
    row for GHOST then keeps the most words with a different lie than among five-letter-different words."""
    from games.fiction.rules.words import secret_words

    state = new_game(Options(app_librarian=True, red_words=True), rng=random.Random(5))
    assert (state.secret, state.hint) == ("sadly", "l")
    honest = honest_clues("sadly", "ghost")
    red, plain = (best_lie([], "ghost", honest, words, hint="l") for words in (word_list(), secret_words(False)))
    assert set(red).isdisjoint(plain)
    assert apply(state, GUESSERS, {"type": "guess", "word": "ghost"}).turns[-1].shared in red


def test_the_same_guess_in_the_same_game_always_gets_the_same_row_from_the_app():
    """Two lies leave TOPAZ's row for DIRTY the most words; the app's pick between them is part of the game."""
    from games.fiction.rules.words import secret_words

    state = new_game(APP, rng=random.Random(17))
    assert state.secret == "topaz"
    assert len(best_lie([], "dirty", honest_clues("topaz", "dirty"), secret_words(False), hint=state.hint)) == 2
    rows = {apply(state, GUESSERS, {"type": "guess", "word": "dirty"}).turns[-1].shared for _ in range(12)}
    assert len(rows) == 1
