"""The dictionary and the "Legal Guesses" check.

Checks run in this order, and the first failure is the reason given:
``length`` (not five characters), ``letters`` (not all a-z),
``repeated-letters`` (a letter twice, unless playing with red words),
``proper-noun`` (the source lists it only capitalised, e.g. TEXAS),
``not-a-word`` (not in the dictionary at all, e.g. FYKLI, CHAUD, ONTOP).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .errors import IllegalGuess

WORD_LENGTH = 5
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def _read(name: str) -> tuple[str, ...]:
    text = (DATA_DIR / name).read_text(encoding="ascii")
    return tuple(line for line in text.split("\n") if line)


@cache
def word_list() -> tuple[str, ...]:
    """Every dictionary word, sorted; read from disk once, on first use."""
    return _read("words.txt")


@cache
def secret_words(red_words: bool) -> tuple[str, ...]:
    """The dictionary words the Lie-brarian may choose: no letter twice, unless playing with red words."""
    return word_list() if red_words else tuple(w for w in word_list() if len(set(w)) == len(w))


@cache
def dictionary() -> frozenset[str]:
    return frozenset(word_list())


@cache
def common_words() -> tuple[str, ...]:
    """Common dictionary words (SCOWL size 35), where the app as Lie-brarian draws its secret."""
    return _read("common_words.txt")


@cache
def proper_nouns() -> frozenset[str]:
    return frozenset(_read("proper_nouns.txt"))


def is_word(word: str) -> bool:
    return word.lower() in dictionary()


def check_shape(word: str, *, red_words: bool = False) -> str:
    """The checks that hold for any guess, even one that needn't be a word."""
    if not isinstance(word, str):
        raise IllegalGuess("A guess must be written as letters.", reason="letters")
    lower = word.strip().lower()
    if len(lower) != WORD_LENGTH:
        raise IllegalGuess(
            f"A guess has exactly {WORD_LENGTH} letters; {word.strip().upper()!s} "
            f"has {len(lower)}.",
            reason="length",
        )
    if not set(lower) <= _LETTERS:
        raise IllegalGuess(
            "A guess is one English word of the letters A to Z, with no spaces, "
            "accents or punctuation.",
            reason="letters",
        )
    if not red_words and len(set(lower)) != WORD_LENGTH:
        raise IllegalGuess(
            f"All five letters must be different; {lower.upper()} repeats a letter "
            "(repeats are only allowed when playing with red words).",
            reason="repeated-letters",
        )
    return lower


def check_guess(word: str, *, red_words: bool = False) -> str:
    """Return ``word`` in lower case if it is a legal guess, else raise ``IllegalGuess``."""
    lower = check_shape(word, red_words=red_words)
    if lower in dictionary():
        return lower
    if lower in proper_nouns():
        raise IllegalGuess(
            f"{lower.upper()} is a proper noun; guesses must be ordinary words.",
            reason="proper-noun",
        )
    raise IllegalGuess(
        f"{lower.upper()} is not in our English dictionary.", reason="not-a-word"
    )


def guess_warnings(word: str, *, red_words: bool = False) -> list[str]:
    """Why the guess box would refuse a five-letter ``word``, every reason (a paper row is checked anyway)."""
    lower = check_shape(word, red_words=True)
    out = []
    for check in (lambda: check_shape(lower, red_words=red_words), lambda: check_guess(lower, red_words=True)):
        try:
            check()
        except IllegalGuess as refusal:
            out.append(str(refusal))
    return out
