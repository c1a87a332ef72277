"""Record Correct Clues, and the red-word rule for repeated letters."""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from games.fiction.rules import Clue, IllegalClues, IllegalGuess, honest_clues, parse_clues

C, T, X = Clue.CHECK, Clue.TILDE, Clue.CROSS

five_letters = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=5)
few_letters = st.text(alphabet="abcde", min_size=5, max_size=5)  # repeats are common


def test_clue_symbols_are_the_rulebooks():
    assert (Clue.CHECK.value, Clue.CROSS.value, Clue.TILDE.value) == ("✓", "✗", "~")


def test_rulebook_example_ready_entry():
    assert honest_clues("READY", "ENTRY") == (T, X, X, T, C)


def test_rulebook_red_word_example_boney_oboes():
    assert honest_clues("BONEY", "OBOES") == (T, T, X, C, X)


def test_second_duplicate_is_a_cross_when_secret_has_one():
    assert honest_clues("tiger", "teeth")[1:3] == (T, X)


def test_duplicate_beside_a_check_is_a_cross_even_when_it_comes_first():
    # secret holds one E, at position 2; the guess's first E must be a cross
    assert honest_clues("tiger", "eeeee") == (X, X, X, C, X)


def test_both_duplicates_earn_clues_when_secret_has_two():
    assert honest_clues("geese", "eerie") == (T, C, X, X, C)


def test_honest_clues_ignore_case():
    assert honest_clues("ReAdY", "entry") == honest_clues("ready", "ENTRY")


def test_honest_clues_refuse_different_lengths():
    with pytest.raises(IllegalGuess) as caught:
        honest_clues("ready", "friend")
    assert caught.value.reason == "length"


def test_parse_clues_reads_symbols_and_enums():
    assert parse_clues("✓~✗✗✓") == (C, T, X, X, C)
    assert parse_clues((C, "~", X, X, C)) == (C, T, X, X, C)


@pytest.mark.parametrize(
    "text, reason", [("✓~✗✗", "clue-count"), ("✓~✗✗✓✓", "clue-count"), ("✓~?✗✓", "clue-symbol")]
)
def test_parse_clues_refuses_malformed_rows(text, reason):
    with pytest.raises(IllegalClues) as caught:
        parse_clues(text)
    assert caught.value.reason == reason


@settings(max_examples=200, deadline=None)
@given(five_letters)
def test_a_word_against_itself_is_all_checks(word):
    assert honest_clues(word, word) == (C,) * 5


@settings(max_examples=300, deadline=None)
@given(few_letters, few_letters)
def test_a_letter_never_earns_more_checks_and_tildes_than_the_secret_holds(secret, guess):
    clues = honest_clues(secret, guess)
    earned = Counter(g for g, c in zip(guess, clues) if c is not X)
    held = Counter(secret)
    for letter, n in earned.items():
        assert n <= held[letter]
    # and it earns exactly as many as it can: min(copies guessed, copies held)
    for letter in set(guess):
        assert earned[letter] == min(guess.count(letter), held[letter])


@settings(max_examples=300, deadline=None)
@given(few_letters, few_letters)
def test_checks_are_exactly_the_matching_positions(secret, guess):
    clues = honest_clues(secret, guess)
    assert [c is C for c in clues] == [s == g for s, g in zip(secret, guess)]


@settings(max_examples=300, deadline=None)
@given(few_letters, few_letters)
def test_tildes_go_to_the_leftmost_unchecked_copies(secret, guess):
    clues = honest_clues(secret, guess)
    for letter in set(guess):
        unchecked = [c for g, c in zip(guess, clues) if g == letter and c is not C]
        # once a copy is a cross, no later copy of that letter is a tilde
        assert unchecked == sorted(unchecked, key=lambda c: c is X)
