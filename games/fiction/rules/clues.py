"""Clues: the honest ones, and reading shared ones from text."""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Iterable

from .errors import IllegalClues, IllegalGuess


class Clue(Enum):
    CHECK = "✓"
    CROSS = "✗"
    TILDE = "~"

    def __str__(self) -> str:
        return self.value


_ALIASES = {
    "✓": Clue.CHECK,
    "✔": Clue.CHECK,
    "✗": Clue.CROSS,
    "✘": Clue.CROSS,
    "~": Clue.TILDE,
    "∼": Clue.TILDE,
}


def honest_clues(secret: str, guess: str) -> tuple[Clue, ...]:
    """The honest clues for ``guess`` against ``secret`` (Record Correct Clues).

    Checks are placed first; then each remaining guess letter, left to
    right, is a tilde while the secret still holds an unclaimed copy of it,
    else a cross. For a red-word guess with a letter the secret holds once,
    that is the rule "if either duplicate is a check, the other is a cross;
    if neither is, the first is a tilde and the second a cross".
    """
    secret = secret.lower()
    guess = guess.lower()
    if len(secret) != len(guess):
        raise IllegalGuess(
            f"A guess of {len(guess)} letters cannot be compared with a "
            f"{len(secret)}-letter secret.",
            reason="length",
        )
    clues: list[Clue | None] = [None] * len(guess)
    unclaimed = Counter()
    for i, (s, g) in enumerate(zip(secret, guess)):
        if s == g:
            clues[i] = Clue.CHECK
        else:
            unclaimed[s] += 1
    for i, g in enumerate(guess):
        if clues[i] is not None:
            continue
        if unclaimed[g] > 0:
            unclaimed[g] -= 1
            clues[i] = Clue.TILDE
        else:
            clues[i] = Clue.CROSS
    return tuple(clues)  # type: ignore[arg-type]


def parse_clues(clues: str | Iterable[Clue | str], length: int = 5) -> tuple[Clue, ...]:
    """Read shared clues given as ``"✓~✗✗✓"`` or a sequence of ``Clue``."""
    items = list(clues)
    out: list[Clue] = []
    for item in items:
        if isinstance(item, Clue):
            out.append(item)
        elif isinstance(item, str) and item in _ALIASES:
            out.append(_ALIASES[item])
        else:
            raise IllegalClues(
                f"{item!r} is not a clue; use ✓, ~ or ✗.", reason="clue-symbol"
            )
    if len(out) != length:
        raise IllegalClues(
            f"A row needs {length} clues, one under each letter, not {len(out)}.",
            reason="clue-count",
        )
    return tuple(out)


def clues_text(clues: Iterable[Clue]) -> str:
    return "".join(c.value for c in clues)


def lie_positions(honest: Iterable[Clue], shared: Iterable[Clue]) -> frozenset[int]:
    """Positions where the shared clue differs from the honest one: the lies."""
    return frozenset(i for i, (h, s) in enumerate(zip(honest, shared)) if h != s)


def judge_row(secret: str, guess: str, shared: Iterable[Clue]) -> dict:
    """Clue check for a paper game: does a row of tokens hold exactly one lie, and if not, why.

    ``lies`` lists each clue that differs from the honest one as
    ``{"position", "shared", "honest"}``; the row is right when there is exactly one.
    """
    honest = honest_clues(secret, guess)
    shared = tuple(shared)
    lies = [{"position": i, "shared": s.value, "honest": h.value}
            for i, (h, s) in enumerate(zip(honest, shared)) if h != s]
    return {"honest": clues_text(honest), "lies": lies, "right": len(lies) == 1}
