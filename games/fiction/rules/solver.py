"""The exact solver: which words could still be the secret.

``candidates`` works on sets of words held as bits of Python integers (bit
``k`` stands for ``words[k]``). For each row it builds, position by
position, the set of words whose honest clue there is a check, a tilde or a
cross, using per-letter and per-position bit sets prepared once per word
list. It then counts, with the same bit sets, how many positions of each
word disagree with the shared clues. A few hundred big-integer operations
replace tens of thousands of ``honest_clues`` calls, and the result is the
same: repeated letters are handled by splitting on which copies of a
repeated guess letter are checks and how many copies the word holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

from .clues import Clue, honest_clues, lie_positions, parse_clues
from .errors import IllegalClues
from .words import WORD_LENGTH


def _positions(value: Iterable[int], name: str) -> frozenset[int]:
    out = frozenset(value)
    for p in out:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < WORD_LENGTH:
            raise IllegalClues(
                f"{name} positions are 0 to {WORD_LENGTH - 1}; got {p!r}.",
                reason="position",
            )
    return out


@dataclass(frozen=True)
class Row:
    """One shared row as the guessers see it.

    ``lies`` is how many of its clues may be lies; ``facts`` and ``fictions``
    are the 0-based positions where a Fact/Fiction token showed the shared
    clue honest or a lie.
    """

    guess: str
    clues: tuple[Clue, ...] | str
    lies: frozenset[int] = frozenset({1})
    facts: frozenset[int] = frozenset()
    fictions: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        guess = self.guess.lower()
        object.__setattr__(self, "guess", guess)
        object.__setattr__(self, "clues", parse_clues(self.clues, len(guess)))
        object.__setattr__(self, "lies", frozenset(self.lies))
        object.__setattr__(self, "facts", _positions(self.facts, "Fact"))
        object.__setattr__(self, "fictions", _positions(self.fictions, "Fiction"))
        if self.facts & self.fictions:
            raise IllegalClues(
                "A letter cannot be both Fact and Fiction.", reason="fact-and-fiction"
            )

    def admits(self, secret: str) -> bool:
        """True if ``secret`` could have produced this row (the plain definition)."""
        if len(secret) != len(self.guess):
            return False
        lies = lie_positions(honest_clues(secret, self.guess), self.clues)
        return (
            len(lies) in self.lies
            and self.fictions <= lies
            and not (self.facts & lies)
        )


@dataclass(frozen=True)
class _Index:
    words: tuple[str, ...]
    everything: int
    at: tuple[dict[str, int], ...]  # at[i][c]: words with letter c at position i
    at_least: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # at_least[c][n]: words holding c at least n times (n = 0..5)


def _build_index(words: tuple[str, ...]) -> _Index:
    at: list[dict[str, int]] = [{} for _ in range(WORD_LENGTH)]
    counts: dict[str, list[int]] = {}
    everything = 0
    for k, word in enumerate(words):
        w = word.lower()
        if len(w) != WORD_LENGTH:
            continue  # a word of another length can never be the secret
        bit = 1 << k
        everything |= bit
        seen: dict[str, int] = {}
        for i, c in enumerate(w):
            at[i][c] = at[i].get(c, 0) | bit
            seen[c] = seen.get(c, 0) + 1
        for c, n in seen.items():
            per = counts.setdefault(c, [0] * (WORD_LENGTH + 1))
            per[n] |= bit
    at_least: dict[str, tuple[int, ...]] = {}
    for c, exact in counts.items():
        cumulative = [0] * (WORD_LENGTH + 2)
        for n in range(WORD_LENGTH, 0, -1):
            cumulative[n] = cumulative[n + 1] | exact[n]
        cumulative[0] = everything
        at_least[c] = tuple(cumulative)
    return _Index(tuple(words), everything, tuple(at), at_least)


@lru_cache(maxsize=8)
def _index_for(words: tuple[str, ...]) -> _Index:
    return _build_index(words)


def _at_least(index: _Index, letter: str, n: int) -> int:
    per = index.at_least.get(letter)
    if per is None or n > WORD_LENGTH:
        return 0 if n > 0 else index.everything
    return per[n]


def _clue_sets(index: _Index, guess: str) -> list[tuple[int, int]]:
    """For each position, (words where it is a check, words where it is a tilde)."""
    everything = index.everything
    checks = [index.at[i].get(c, 0) for i, c in enumerate(guess)]
    tildes = [0] * len(guess)
    spots: dict[str, list[int]] = {}
    for i, c in enumerate(guess):
        spots.setdefault(c, []).append(i)
    for c, where in spots.items():
        if len(where) == 1:
            i = where[0]
            tildes[i] = _at_least(index, c, 1) & ~checks[i]
            continue
        # A repeated guess letter: split the words by which copies are checks.
        # With the checks S fixed, the r-th other copy (left to right) is a
        # tilde exactly when the word holds at least |S| + r + 1 copies.
        for size in range(len(where) + 1):
            for checked in combinations(where, size):
                pattern = everything
                for i in where:
                    pattern &= checks[i] if i in checked else ~checks[i]
                if not pattern:
                    continue
                rank = 0
                for i in where:
                    if i in checked:
                        continue
                    rank += 1
                    tildes[i] |= pattern & _at_least(index, c, size + rank)
    return list(zip(checks, tildes))


def _row_mask(index: _Index, row: Row) -> int:
    everything = index.everything
    if len(row.guess) != WORD_LENGTH:
        return 0
    # exactly[k]: words with exactly k positions so far where the shared clue is a lie
    exactly = [everything]
    for i, (check, tilde) in enumerate(_clue_sets(index, row.guess)):
        shown = row.clues[i]
        if shown is Clue.CHECK:
            honest_here = check
        elif shown is Clue.TILDE:
            honest_here = tilde
        else:
            honest_here = everything & ~(check | tilde)
        lie_here = everything & ~honest_here
        if i in row.facts:
            exactly = [m & honest_here for m in exactly]
        elif i in row.fictions:
            exactly = [0] + [m & lie_here for m in exactly]
        else:
            nxt = [m & honest_here for m in exactly] + [0]
            for k, m in enumerate(exactly):
                nxt[k + 1] |= m & lie_here
            exactly = nxt
    mask = 0
    for k in row.lies:
        if 0 <= k < len(exactly):
            mask |= exactly[k]
    return mask


def _bits(mask: int) -> list[int]:
    text = bin(mask)[:1:-1]  # least significant bit first
    out = []
    k = text.find("1")
    while k != -1:
        out.append(k)
        k = text.find("1", k + 1)
    return out


def candidates(
    rows: Iterable[Row], words: Sequence[str] | Iterable[str], *, hint: str | None = None
) -> list[str]:
    """Every word of ``words``, in order, that could be the secret given ``rows``.

    A word survives a row when the positions where its honest clues differ
    from the shared ones number one of ``row.lies``, include every Fiction
    position and no Fact position; and it holds the ``hint`` letter.
    """
    words = tuple(words)
    return [words[k] for k in _bits(_narrowed(_index_for(words), rows, hint))]


def _narrowed(index: _Index, rows: Iterable[Row], hint: str | None) -> int:
    """The bit set of the index's words that hold the hint letter and survive every row."""
    mask = index.everything
    if hint:
        mask &= _at_least(index, hint.lower(), 1)
    for row in rows:
        if not mask:
            break
        mask &= _row_mask(index, row)
    return mask


def one_lie_rows(honest: Sequence[Clue]) -> list[tuple[Clue, ...]]:
    """Every row of shared clues with exactly one lie: each clue changed into each other clue."""
    honest = tuple(honest)
    return [honest[:i] + (other,) + honest[i + 1 :]
            for i, clue in enumerate(honest) for other in Clue if other is not clue]


def best_lie(
    rows: Iterable[Row], guess: str, honest: Sequence[Clue], words: Sequence[str], *, hint: str | None = None
) -> tuple[tuple[Clue, ...], ...]:
    """The app as Lie-brarian: the one-lie rows for ``guess`` that leave the most candidate words.

    Returns every row that ties for the most (the caller picks one), counted with
    the same bit sets as ``candidates``: the rows already shared are intersected once.
    """
    index = _index_for(tuple(words))
    known = _narrowed(index, rows, hint)
    best: list[tuple[Clue, ...]] = []
    most = -1
    for shared in one_lie_rows(honest):
        left = (known & _row_mask(index, Row(guess, shared))).bit_count()
        if left > most:
            best, most = [shared], left
        elif left == most:
            best.append(shared)
    return tuple(best)
