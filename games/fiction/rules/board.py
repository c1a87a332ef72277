"""What the guessers can be sure of from the shared rows: the alphabet board, worked out.

Every shared clue may be a lie until something says otherwise. A Fact/Fiction
token settles one clue; the number of lies a row may hold settles the rest
once enough are known ("one lie per row": after a FICTION the other four are
honest; after four FACTs the fifth is the lie). A letter known to be in or out
of the word settles the clues under it in other rows, which may settle those
rows in turn, so the deductions run until nothing changes.

With "Lie about +1 letter" every row may hold one or two lies; a row shown to
hold two has crossed off a feather, and once all the card's feathers are shown
crossed off, every other row holds exactly one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .clues import Clue
from .solver import Row

IN, OUT = "in", "out"


@dataclass(frozen=True)
class Known:
    """One shared row as far as the guessers can tell.

    ``counts``: how many lies it can still hold; ``honest`` and ``lies``: the
    positions known to show an honest clue or a lie.
    """

    counts: frozenset[int]
    honest: frozenset[int]
    lies: frozenset[int]


@dataclass(frozen=True)
class Board:
    rows: tuple[Known, ...]  # one per row given, in order
    letters: dict[str, str]  # "in", "out", "in-maybe", "out-maybe" or "mixed"; absent: nothing known
    feathers_spent: bool  # every feather the card allows is shown crossed off: later rows hold one lie


def _says_in(clue: Clue) -> bool:
    return clue is not Clue.CROSS


def _settled(row: Row, honest: set[int], lies: set[int]) -> dict[str, str]:
    """The letters this row settles: in, when a copy's honest clue is a ✓ or ~; out, when every copy's is ✗.

    A lying ✗ hides a ✓ or ~, so its letter is in; a lying ✓ or ~ could hide any other clue.
    """
    out: dict[str, str] = {}
    for letter in set(row.guess):
        copies = [p for p, c in enumerate(row.guess) if c == letter]
        if any((p in honest and _says_in(row.clues[p])) or (p in lies and not _says_in(row.clues[p]))
               for p in copies):
            out[letter] = IN
        elif all(p in honest and not _says_in(row.clues[p]) for p in copies):
            out[letter] = OUT
    return out


def _leaning(row: Row, honest: set[int], lies: set[int]) -> dict[str, str]:
    """What the row's unsettled letters read as, unless a lie."""
    out: dict[str, str] = {}
    for letter in set(row.guess):
        copies = [p for p, c in enumerate(row.guess) if c == letter]
        if any(p not in lies and _says_in(row.clues[p]) for p in copies):
            out[letter] = IN
        elif not any(p in lies for p in copies):
            out[letter] = OUT
    return out


def deduce(rows: Sequence[Row], hint: str | None = None, feathers: int | None = None) -> Board:
    """Everything the guessers can be sure of from ``rows`` (each with the lie counts it may hold).

    ``hint``: the letter the Lie-brarian said is in the word. ``feathers``: how many rows
    may hold other than one lie (the Lie-brarian card's uses), or None for no limit.
    """
    counts = [frozenset(r.lies) for r in rows]
    honest = [set(r.facts) for r in rows]
    lies = [set(r.fictions) for r in rows]
    while True:
        before = (list(counts), [len(h) for h in honest], [len(x) for x in lies])
        for i, row in enumerate(rows):
            unknown = len(row.guess) - len(honest[i]) - len(lies[i])
            counts[i] = frozenset(k for k in counts[i] if len(lies[i]) <= k <= len(lies[i]) + unknown)
        if feathers is not None and sum(1 for c in counts if 1 not in c) >= feathers:
            counts = [c if 1 not in c else frozenset({1}) for c in counts]
        for i, row in enumerate(rows):
            if not counts[i]:
                continue  # rows that contradict each other: nothing more to be sure of
            unknown = set(range(len(row.guess))) - honest[i] - lies[i]
            if max(counts[i]) == len(lies[i]):
                honest[i] |= unknown
            elif min(counts[i]) == len(lies[i]) + len(unknown):
                lies[i] |= unknown
        sure = _sure(rows, honest, lies, hint)
        for i, row in enumerate(rows):
            for p, letter in enumerate(row.guess):
                if p in honest[i] or p in lies[i] or len(sure.get(letter, ())) != 1:
                    continue
                known = next(iter(sure[letter]))
                shows_in = _says_in(row.clues[p])
                if known == OUT:  # an honest clue on a letter not in the word is ✗
                    (lies[i] if shows_in else honest[i]).add(p)
                elif not shows_in and row.guess.count(letter) == 1:
                    lies[i].add(p)  # a ✗ under a letter that is in the word
        if (counts, [len(h) for h in honest], [len(x) for x in lies]) == before:
            break
    letters: dict[str, str] = {}
    leaning: dict[str, set[str]] = {}
    for i, row in enumerate(rows):
        for letter, said in _leaning(row, honest[i], lies[i]).items():
            leaning.setdefault(letter, set()).add(said)
    for letter in sorted(set(sure) | set(leaning)):
        known, maybe = sure.get(letter, set()), leaning.get(letter, set())
        if known:
            letters[letter] = next(iter(known)) if len(known) == 1 else "mixed"
        else:
            letters[letter] = f"{next(iter(maybe))}-maybe" if len(maybe) == 1 else "mixed"
    spent = feathers is not None and sum(1 for c in counts if 1 not in c) >= feathers
    known_rows = tuple(Known(counts[i], frozenset(honest[i]), frozenset(lies[i])) for i in range(len(rows)))
    return Board(known_rows, letters, spent)


def _sure(rows: Sequence[Row], honest: list[set[int]], lies: list[set[int]], hint: str | None) -> dict[str, set[str]]:
    sure: dict[str, set[str]] = {}
    if hint:
        sure.setdefault(hint, set()).add(IN)
    for i, row in enumerate(rows):
        for letter, said in _settled(row, honest[i], lies[i]).items():
            sure.setdefault(letter, set()).add(said)
    return sure
