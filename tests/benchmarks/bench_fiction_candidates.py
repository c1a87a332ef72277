"""Benchmark: Fiction's exact solver against a plain honest_clues loop.

Run from the repo root: ``python tests/benchmarks/bench_fiction_candidates.py``.

Ten rows of an honestly played red-word game (one lie a row, some rows with
Fact/Fiction reveals, some guesses with repeated letters) are solved over
the whole dictionary, with a hint letter. Both methods run in this process
on the same rows; each is timed several times and the median is reported.
"candidates (cold)" also builds the per-dictionary index, which later calls
reuse; "candidates (warm)" is the steady state the table sees.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.fiction.rules import Clue, Row, candidates, honest_clues, word_list  # noqa: E402
from games.fiction.rules import solver  # noqa: E402

TARGET = 10.0


def honest_rows(rng: random.Random, words: tuple[str, ...], secret: str, n: int) -> list[Row]:
    rows = []
    for k in range(n):
        guess = rng.choice(words)
        lie = rng.randrange(5)
        shared = list(honest_clues(secret, guess))
        shared[lie] = rng.choice([c for c in Clue if c is not shared[lie]])
        facts, fictions = set(), set()
        if k % 3 == 1:  # a Fact/Fiction token on every third row
            token = rng.randrange(5)
            (fictions if token == lie else facts).add(token)
        rows.append(Row(guess, tuple(shared), facts=facts, fictions=fictions))
    return rows


def plain(rows: list[Row], words: tuple[str, ...], hint: str) -> list[str]:
    """The plain loop the target is set against: honest_clues for every word and row."""
    found = []
    for word in words:
        ok = hint in word
        for row in rows:
            honest = honest_clues(word, row.guess)
            lies = {i for i in range(5) if honest[i] != row.clues[i]}
            if len(lies) not in row.lies or not row.fictions <= lies or row.facts & lies:
                ok = False
        if ok:
            found.append(word)
    return found


def early_exit(rows: list[Row], words: tuple[str, ...], hint: str) -> list[str]:
    """A smarter loop, for scale: skips on the hint and stops at a word's first failed row."""
    found = []
    for word in words:
        if hint not in word:
            continue
        for row in rows:
            honest = honest_clues(word, row.guess)
            lies = {i for i in range(5) if honest[i] != row.clues[i]}
            if len(lies) not in row.lies or not row.fictions <= lies or row.facts & lies:
                break
        else:
            found.append(word)
    return found


def median_seconds(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(20240603)
    words = word_list()
    secret = "geese" if "geese" in words else rng.choice(words)
    rows = honest_rows(rng, words, secret, 10)
    hint = secret[0]

    expected = plain(rows, words, hint)
    assert early_exit(rows, words, hint) == expected
    got = candidates(rows, words, hint=hint)
    assert got == expected, "solver and plain loop disagree"
    assert secret in got

    def cold():
        solver._index_for.cache_clear()
        candidates(rows, words, hint=hint)

    naive_s = median_seconds(lambda: plain(rows, words, hint), 5)
    early_s = median_seconds(lambda: early_exit(rows, words, hint), 5)
    cold_s = median_seconds(cold, 9)
    candidates(rows, words, hint=hint)
    warm_s = median_seconds(lambda: candidates(rows, words, hint=hint), 51)

    print(f"Fiction candidates: {len(words)} words, {len(rows)} rows "
          f"({sum(bool(r.facts or r.fictions) for r in rows)} with Fact/Fiction), "
          f"{len(got)} candidates left")
    print(f"  plain honest_clues loop  median {naive_s * 1000:9.2f} ms  (5 runs)   "
          f"every word x every row")
    print(f"  early-exit loop          median {early_s * 1000:9.2f} ms  (5 runs)   "
          f"for scale; warm candidates is {early_s / warm_s:.1f}x faster than this too")
    print(f"  candidates (cold)        median {cold_s * 1000:9.2f} ms  (9 runs)  "
          f"{naive_s / cold_s:6.1f}x faster")
    print(f"  candidates (warm)        median {warm_s * 1000:9.2f} ms  (51 runs) "
          f"{naive_s / warm_s:6.1f}x faster")
    ratio = naive_s / warm_s
    print(f"  target >= {TARGET:.0f}x: {'met' if ratio >= TARGET else 'MISSED'}")
    if ratio < TARGET:
        sys.exit(1)


if __name__ == "__main__":
    main()
