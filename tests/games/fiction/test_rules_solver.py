"""The exact solver: candidates(rows, words, hint=...)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.fiction.rules import Clue, IllegalClues, Row, candidates, honest_clues, word_list
from games.fiction.rules.clues import clues_text

C, T, X = Clue.CHECK, Clue.TILDE, Clue.CROSS
WORDS = word_list()

# an index built before the test (by another test, or a parent process) must not stand in for this one's
pytestmark = pytest.mark.usefixtures("fresh_solver_index")


def naive(rows, words, hint=None):
    return [w for w in words if (hint is None or hint in w) and all(r.admits(w) for r in rows)]


def lie_at(secret, guess, position):
    """Shared clues with exactly one lie, at ``position``."""
    honest = list(honest_clues(secret, guess))
    honest[position] = X if honest[position] is not X else C
    return tuple(honest)


def test_row_accepts_text_or_clues_and_lowercases():
    row = Row("ENTRY", "~✗✗~✓")
    assert row.guess == "entry"
    assert row.clues == (T, X, X, T, C)
    assert row.lies == frozenset({1})
    assert Row("entry", (T, X, X, T, C)) == row


def test_a_row_is_a_value_whatever_collections_it_was_given():
    row = Row("entry", "~✗✗~✓", lies=[1, 2], facts=[0], fictions=(1,))
    assert (row.lies, row.facts, row.fictions) == ({1, 2}, {0}, {1})
    assert all(type(v) is frozenset for v in (row.lies, row.facts, row.fictions))
    assert hash(row) == hash(Row("entry", "~✗✗~✓", lies={2, 1}, facts={0}, fictions={1}))


def test_row_refuses_a_position_that_is_both_fact_and_fiction():
    with pytest.raises(IllegalClues) as caught:
        Row("entry", "~✗✗~✓", facts={2}, fictions={2})
    assert caught.value.reason == "fact-and-fiction"


@pytest.mark.parametrize("position", [5, -1, True, 1.0, "1", None])
def test_fact_and_fiction_positions_are_whole_numbers_on_the_word(position):
    # True == 1 and 1.0 == 1 in Python, but a token lies on a letter, not on a truth value
    for side in ("facts", "fictions"):
        with pytest.raises(IllegalClues) as caught:
            Row("entry", "~✗✗~✓", **{side: {position}})
        assert caught.value.reason == "position"


def test_a_row_of_another_length_cannot_admit_the_secret():
    row = Row("ready", "✓✓✓✓✗", lies={0, 1})
    assert row.admits("reads")
    assert not row.admits("read")
    assert not row.admits("readys")


def test_a_guess_that_is_not_five_letters_leaves_no_candidates():
    # every secret is five letters; a four-letter row cannot be an honest game's
    assert candidates([Row("read", "✓✓✓✗")], WORDS) == []
    assert candidates([Row("readys", "✓✓✓✓✓✗", lies={0, 1})], WORDS) == []


def test_honest_row_with_one_lie_rejects_the_secret():
    # all five clues honest, but one lie is required: READY cannot be the secret
    row = Row("entry", honest_clues("ready", "entry"))
    assert "ready" not in candidates([row], WORDS)


def test_lie_about_zero_letters_keeps_a_totally_honest_row():
    row = Row("entry", honest_clues("ready", "entry"), lies={0, 1})
    assert "ready" in candidates([row], WORDS)


def test_lie_about_plus_one_letter_allows_two_lies():
    shared = list(honest_clues("ready", "entry"))
    shared[1], shared[2] = C, T
    assert "ready" not in candidates([Row("entry", shared)], WORDS)
    assert "ready" in candidates([Row("entry", shared, lies={1, 2})], WORDS)


def test_fact_and_fiction_positions_bind_the_lie():
    shared = lie_at("ready", "entry", 4)
    assert "ready" in candidates([Row("entry", shared, fictions={4})], WORDS)
    assert "ready" not in candidates([Row("entry", shared, facts={4})], WORDS)
    assert "ready" not in candidates([Row("entry", shared, fictions={0})], WORDS)
    assert "ready" in candidates([Row("entry", shared, facts={0, 1})], WORDS)


def test_hint_letter_must_be_in_the_word():
    found = candidates([], WORDS, hint="q")
    assert found and all("q" in w for w in found)
    assert len(found) == sum("q" in w for w in WORDS)


def test_no_rows_and_no_hint_keeps_every_word_in_order():
    assert candidates([], WORDS) == list(WORDS)


def test_words_keep_their_given_order_and_spelling():
    words = ["Ready", "hoses", "ready", "toast"]
    row = Row("entry", lie_at("ready", "entry", 0))
    assert candidates([row], words) == ["Ready", "ready"]


def test_words_of_another_length_are_never_candidates():
    assert candidates([], ["ready", "friend", "cat"]) == ["ready"]


def test_a_word_of_another_length_does_not_hide_the_words_after_it():
    words = ["cat", "ready", "friend", "toast", "boney"]
    assert candidates([], words) == ["ready", "toast", "boney"]
    row = Row("entry", lie_at("toast", "entry", 2))
    assert candidates([row], words) == naive([row], [w for w in words if len(w) == 5]) == ["toast"]


def test_a_fiction_token_rules_out_every_word_whose_clue_there_is_honest():
    # TOAST is first in the list; its clue under the Y of ENTRY is honest, so a
    # Fiction token there rules it out, as it does every word but those lying there
    words = ["toast", "ready", "hoses", "entry"]
    row = Row("entry", lie_at("ready", "entry", 4), fictions={4})
    assert candidates([row], words) == ["ready"] == naive([row], words)
    fact = Row("entry", lie_at("ready", "entry", 4), facts={4})
    assert candidates([fact], words) == ["hoses"] == naive([fact], words)


def test_candidates_match_the_plain_definition_with_fact_and_fiction_tokens():
    # up to four tokens on a row (the Banned Books cards allow more than one per guess)
    rng = random.Random(5)
    for _ in range(60):
        rows = []
        for _ in range(rng.randint(1, 3)):
            guess = rng.choice(WORDS)
            shared = tuple(rng.choice(list(Clue)) for _ in range(5))
            tokens = rng.sample(range(5), rng.randint(1, 4))
            split = rng.randint(0, len(tokens))
            lies = rng.choice([{1}, {1, 2}, {0, 1}])
            rows.append(Row(guess, shared, lies=lies, facts=tokens[:split], fictions=tokens[split:]))
        assert candidates(rows, WORDS) == naive(rows, WORDS)


def test_with_facts_on_four_letters_the_lie_is_the_fifth_and_no_second_lie_fits():
    shared = lie_at("ready", "entry", 4)
    row = Row("entry", shared, lies={1, 2}, facts={0, 1, 2, 3})
    found = candidates([row], WORDS)
    assert "ready" in found and found == naive([row], WORDS)
    assert all(honest_clues(w, "entry")[4] is not shared[4] for w in found)


def test_solver_is_exact_with_repeated_letters_where_per_position_letter_sets_fail():
    # Guess EERIE against secret GEESE: honest clues ~✓✗✗✓. Tokens showed
    # positions 0, 1, 3 and 4 to be Facts, so the lie is the tilde on R.
    # A tilde on the first E next to checks on both other Es means the
    # secret holds at least three Es. A solver that keeps a set of possible
    # letters per position only learns "E at 1 and 4, not at 0, E present",
    # and so wrongly keeps words with exactly two Es, such as HEDGE.
    secret, guess = "geese", "eerie"
    assert honest_clues(secret, guess) == (T, C, X, X, C)
    row = Row(guess, (T, C, T, X, C), facts={0, 1, 3, 4})
    found = candidates([row], WORDS)
    assert secret in found
    assert found == naive([row], WORDS)
    for word in found:
        assert word[1] == "e" and word[4] == "e" and word.count("e") >= 3
    # a per-position-letter-set solver would also keep two-E words such as
    # these, which the exact solver rightly drops
    two_e = [w for w in WORDS if w[1] == "e" and w[4] == "e" and w.count("e") == 2 and "r" not in w]
    assert two_e and not set(two_e) & set(found)


def test_second_copy_cross_distinguishes_one_copy_from_two():
    # OBOES against BONEY gives ~ ~ ✗ ✓ ✗: the second O is a cross because
    # BONEY holds one O. If that cross is a known Fact, words with two Os
    # (which would make it a tilde or a check) are out.
    row = Row("oboes", honest_clues("boney", "oboes"), lies={0, 1}, facts={2})
    found = candidates([row], WORDS)
    assert "boney" in found
    assert all(w.count("o") == 1 for w in found if "o" in w)
    assert found == naive([row], WORDS)


def test_candidates_match_the_plain_definition_on_random_rows():
    rng = random.Random(3)
    for _ in range(40):
        secret = rng.choice(WORDS)
        rows = []
        for _ in range(rng.randint(1, 3)):
            guess = rng.choice(WORDS)
            shared = tuple(rng.choice(list(Clue)) for _ in range(5))
            lies = rng.choice([{1}, {1, 2}, {0, 1}])
            fact = rng.randrange(5)
            rows.append(Row(guess, shared, lies=lies, facts={fact} if rng.random() < 0.3 else set()))
        hint = rng.choice([None, secret[0]])
        assert candidates(rows, WORDS, hint=hint) == naive(rows, WORDS, hint)


@st.composite
def honest_games(draw):
    """A secret, and rows the Lie-brarian played honestly: one lie each, true tokens."""
    secret = draw(st.sampled_from(WORDS))
    rows = []
    for _ in range(draw(st.integers(1, 10))):
        guess = draw(st.sampled_from(WORDS))
        lie = draw(st.integers(0, 4))
        shared = list(honest_clues(secret, guess))
        shared[lie] = draw(st.sampled_from([c for c in Clue if c is not shared[lie]]))
        token = draw(st.sampled_from([None, 0, 1, 2, 3, 4]))
        facts = {token} if token is not None and token != lie else set()
        fictions = {token} if token == lie else set()
        rows.append(Row(guess, tuple(shared), facts=facts, fictions=fictions))
    hint = draw(st.sampled_from(sorted(set(secret))))
    return secret, rows, hint


@settings(max_examples=40, deadline=None)
@given(honest_games())
def test_true_secret_is_always_among_candidates_of_an_honest_game(game):
    secret, rows, hint = game
    assert secret in candidates(rows, WORDS, hint=hint)


@settings(max_examples=40, deadline=None)
@given(honest_games())
def test_every_candidate_satisfies_every_row(game):
    secret, rows, hint = game
    found = candidates(rows, WORDS, hint=hint)
    for word in found:
        assert hint in word
        for row in rows:
            assert row.admits(word), (word, row.guess, clues_text(row.clues))
    # and nothing that satisfies them is left out
    assert found == naive(rows, WORDS, hint)
