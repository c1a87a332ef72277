"""Scoring one question: the scoring die and the answer chips."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .errors import IllegalDieFace, IllegalLetters

LETTERS = "ABCDEF"
MAX_PICKS = 3
CORRECT_ANSWERS = 3


class DieFace(Enum):
    """The six faces of the scoring die; the value is what is printed on it."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    AMPED = "1+"
    HALF_LIE = "¡2!"

    @property
    def label(self) -> str:
        return self.value

    @property
    def rule(self) -> str:
        """The rulebook's explanation of a special roll ("" for a plain number)."""
        return _RULES.get(self, "")

    @property
    def spaces(self) -> int:
        """Spaces a pawn moves when this face pays out."""
        return _SPACES[self]

    @classmethod
    def from_name(cls, name: object) -> DieFace:
        """The face called ``name`` ("AMPED"), for faces entered from a physical die."""
        if isinstance(name, str) and name in cls.__members__:
            return cls[name]
        raise IllegalDieFace(
            f"The scoring die has no face called {name!r}; "
            f"use one of {', '.join(cls.__members__)}.",
            reason="unknown-face",
        )


_SPACES = {
    DieFace.ONE: 1,
    DieFace.TWO: 2,
    DieFace.THREE: 3,
    DieFace.FOUR: 4,
    DieFace.AMPED: 1,
    DieFace.HALF_LIE: 2,
}

_RULES = {
    DieFace.AMPED: (
        "Amped: bonus Victory Points are doubled! If all your guesses are correct, you advance "
        "one space on the Round Tracker."
    ),
    DieFace.HALF_LIE: (
        "Half Lie: the tables are turned! If all of the answers you select are incorrect, "
        "you go forward two spaces on the track."
    ),
}

# Bonus for doubling up (two chips) and going all in (three chips).
_BONUS_FOR_CHIPS = {1: 0, 2: 1, 3: 2}


@dataclass(frozen=True)
class Score:
    """What one player gets for one question: spaces to move and bonus victory points."""

    spaces: int
    bonus: int


NOTHING = Score(spaces=0, bonus=0)


def letter_set(letters: object, *, what: str = "picks") -> frozenset[str]:
    """Distinct letters A-F from a string ("AC") or a collection of one-letter strings.

    Letters are case-sensitive: "a" is refused, so a typo never scores by accident.
    """
    if isinstance(letters, str):
        items = list(letters)
    elif isinstance(letters, Iterable) and not isinstance(letters, (bytes, dict)):
        items = list(letters)
    else:
        raise IllegalLetters(f"The {what} must be letters A to F.", reason="not-letters")
    for item in items:
        if not isinstance(item, str) or len(item) != 1 or item not in LETTERS:
            raise IllegalLetters(
                f"The {what} may only use the letters A to F, got {item!r}.",
                reason="unknown-letter",
            )
    chosen = frozenset(items)
    if len(chosen) != len(items):
        raise IllegalLetters(f"The {what} name a letter twice.", reason="repeated-letter")
    return chosen


def validate_picks(picked: object) -> frozenset[str]:
    """One to three distinct answer letters: one chip, doubling up or going all in."""
    chosen = letter_set(picked, what="picks")
    if not chosen:
        raise IllegalLetters("Choose at least one answer.", reason="no-letters")
    if len(chosen) > MAX_PICKS:
        raise IllegalLetters("Choose at most three answers.", reason="too-many-letters")
    return chosen


def validate_correct(correct: object) -> frozenset[str]:
    """Exactly three distinct letters: every question card has three correct answers."""
    chosen = letter_set(correct, what="correct answers")
    if len(chosen) != CORRECT_ANSWERS:
        raise IllegalLetters(
            "A question card has exactly three correct answers.", reason="not-three-correct"
        )
    return chosen


def score_answer(face: DieFace, picked: object, correct: object) -> Score:
    """Spaces and bonus victory points for one player's chips on one question.

    All picks correct: move by the die, bonus 1 for doubling up, 2 for going all in.
    Amped ("1+"): move 1, bonus doubled. Half Lie ("¡2!"): all picks must be
    incorrect; then move 2 with the usual bonus. Any miss scores nothing.
    """
    if not isinstance(face, DieFace):
        raise IllegalDieFace(f"{face!r} is not a face of the scoring die.", reason="unknown-face")
    chosen = validate_picks(picked)
    answers = validate_correct(correct)
    if face is DieFace.HALF_LIE:
        pays = chosen.isdisjoint(answers)
    else:
        pays = chosen <= answers
    if not pays:
        return NOTHING
    bonus = _BONUS_FOR_CHIPS[len(chosen)]
    if face is DieFace.AMPED:
        bonus *= 2
    return Score(spaces=face.spaces, bonus=bonus)
