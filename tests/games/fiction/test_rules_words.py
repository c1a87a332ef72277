"""Legal Guesses, the rulebooks' examples, and the dictionary data."""

import re
import time

import pytest

from games.fiction.rules import IllegalGuess, check_guess, dictionary, guess_warnings, is_word, word_list
from games.fiction.rules.words import DATA_DIR, check_shape, proper_nouns


@pytest.mark.parametrize("word", ["FROGS", "TIGER", "frogs", "Tiger"])
def test_rulebook_legal_guesses(word):
    assert check_guess(word) == word.lower()


@pytest.mark.parametrize(
    "word, reason",
    [
        ("TEXAS", "proper-noun"),
        ("FYKLI", "not-a-word"),
        ("CHAUD", "not-a-word"),
        ("TREES", "repeated-letters"),
        ("FRIEND", "length"),
    ],
)
def test_rulebook_illegal_guesses(word, reason):
    with pytest.raises(IllegalGuess) as caught:
        check_guess(word)
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)
    assert str(caught.value)  # a message fit to show a player


def test_rulebook_ontop_is_refused_as_two_words_even_with_red_words():
    # ONTOP also repeats its O, which is the first check to fail in yellow mode;
    # with red words the repeat is allowed and it fails as "more than one word".
    with pytest.raises(IllegalGuess) as caught:
        check_guess("ONTOP")
    assert caught.value.reason == "repeated-letters"
    with pytest.raises(IllegalGuess) as caught:
        check_guess("ONTOP", red_words=True)
    assert caught.value.reason == "not-a-word"


def test_repeated_letters_are_legal_with_red_words():
    assert check_guess("TREES", red_words=True) == "trees"


def test_plurals_are_legal():
    assert check_guess("frogs") == "frogs"
    assert check_guess("cakes") == "cakes"


@pytest.mark.parametrize("word", ["ab de", "abc-d", "naïve", "12345", "ab'cd"])
def test_non_letters_are_refused(word):
    with pytest.raises(IllegalGuess) as caught:
        check_guess(word)
    assert caught.value.reason == "letters"


@pytest.mark.parametrize("word", [None, 12345, ["r", "e", "a", "d", "y"]])
def test_a_guess_that_is_not_text_is_refused_as_not_letters(word):
    with pytest.raises(IllegalGuess) as caught:
        check_guess(word)
    assert caught.value.reason == "letters"


def test_the_shape_check_allows_repeated_letters_only_when_asked_for_red_words():
    with pytest.raises(IllegalGuess) as caught:
        check_shape("geese")
    assert caught.value.reason == "repeated-letters"
    assert check_shape(" Geese ", red_words=True) == "geese"


def test_the_guess_box_warns_of_repeated_letters_unless_asked_for_red_words():
    assert [w for w in guess_warnings("geese") if "repeats a letter" in w]
    assert guess_warnings("geese") == guess_warnings("geese", red_words=False)
    assert guess_warnings("geese", red_words=True) == []


def test_length_is_checked_before_letters_and_repeats():
    with pytest.raises(IllegalGuess) as caught:
        check_guess("aa-aaa")
    assert caught.value.reason == "length"


def test_repeats_are_checked_before_the_dictionary():
    with pytest.raises(IllegalGuess) as caught:
        check_guess("zzzzz")
    assert caught.value.reason == "repeated-letters"


def test_a_word_that_is_also_a_name_is_a_word():
    # "Frank" is a name, "frank" a word: the word wins
    assert check_guess("frank") == "frank"
    assert "frank" not in proper_nouns()


def test_dictionary_is_lowercase_five_letter_words_without_proper_nouns():
    words = word_list()
    assert len(words) > 5000
    assert all(re.fullmatch(r"[a-z]{5}", w) for w in words)
    assert list(words) == sorted(set(words))
    assert not (dictionary() & proper_nouns())
    assert "texas" not in dictionary()


def test_is_word_is_case_insensitive():
    assert is_word("FROGS") and not is_word("fykli")


def test_dictionary_files_name_their_source_and_licence():
    source = (DATA_DIR / "SOURCE.md").read_text()
    assert "SCOWL" in source and "LICENCE-SCOWL.txt" in source
    assert "Kevin Atkinson" in (DATA_DIR / "LICENCE-SCOWL.txt").read_text()
    assert (DATA_DIR / "generate_words.py").exists()


def generator():
    import importlib.util

    spec = importlib.util.spec_from_file_location("gen", DATA_DIR / "generate_words.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def test_generator_keeps_lowercase_words_and_splits_off_proper_nouns():
    words, proper = generator().build(["frogs", "Texas", "Frank", "frank", "frog's", "naïve", "trees", "FBI's", "ABCDE"])
    assert words == ["frank", "frogs", "trees"]
    assert proper == ["texas"]


def test_loading_the_dictionary_is_quick():
    word_list.cache_clear()
    dictionary.cache_clear()
    start = time.perf_counter()
    assert "frogs" in dictionary()
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("word", ["FUDGY", "metre", "fibre", "mould", "tyres", "ebook", "kefir", "qubit", "vroom",
                                  "crisp", "plumb", "gravy", "spicy", "bland"])
def test_ordinary_words_are_legal_guesses(word):
    """FUDGY was refused at a real table; British spellings and newer words are English too."""
    assert check_guess(word, red_words=True) == word.lower()


@pytest.mark.parametrize("word, reason", [
    ("texas", "proper-noun"), ("paris", "proper-noun"), ("james", "proper-noun"),
    ("thats", "not-a-word"), ("didnt", "not-a-word"), ("https", "not-a-word"), ("lgbtq", "not-a-word"),
    ("gteau", "not-a-word"), ("fykli", "not-a-word"), ("cafés", "letters"),
])
def test_names_and_non_words_are_still_refused(word, reason):
    with pytest.raises(IllegalGuess) as caught:
        check_guess(word, red_words=True)
    assert caught.value.reason == reason


def test_every_hand_added_word_is_in_the_dictionary_and_no_name():
    added = [line.split("#")[0].strip() for line in (DATA_DIR / "added_words.txt").read_text().splitlines()]
    added = [word for word in added if word]
    assert "fudgy" in added
    assert set(added) <= dictionary() and not set(added) & proper_nouns()
    assert added == sorted(set(added))


def test_the_generator_refuses_a_hand_added_word_scowl_does_not_have(tmp_path):
    gen = generator()
    scowl = tmp_path / "scowl"
    scowl.mkdir()
    (scowl / "english-words.95").write_text("fudgy\ngteau\n", encoding="utf-8")
    (scowl / "english-upper.95").write_text("Zorbs\n", encoding="utf-8")
    (tmp_path / "added.txt").write_text("# a comment\nfudgy  # brownies\n", encoding="ascii")
    assert gen.added_words(tmp_path / "added.txt", scowl) == ["fudgy"]
    (tmp_path / "added.txt").write_text("fudgy\nzorbs\n", encoding="ascii")
    with pytest.raises(SystemExit, match="zorbs"):
        gen.added_words(tmp_path / "added.txt", scowl)
