"""Benchmark: the app as Lie-brarian choosing its lie, on the full dictionary (target p95 < 50 ms).

Run from the repo root: ``python tests/benchmarks/bench_fiction_app_librarian.py`` (part of ``make bench``).

Games against the app are played with random dictionary guesses until they end;
each guess is timed from the move to the shared row (the rules' whole ``apply``:
the honest clues, the ten one-lie rows counted against every shared row, the
tie broken). The dictionary's index is built once before timing (the first
guess at a fresh server pays for it; that cold figure is printed too).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.fiction.rules import Options, apply, new_game, word_list  # noqa: E402
from games.fiction.rules import solver  # noqa: E402

TARGET_MS = 50.0
GAMES = 60


def play(rng: random.Random, words: tuple[str, ...], times: list[float]) -> None:
    state = new_game(Options(app_librarian=True), rng=rng)
    while not state.is_over:
        if state.phase == "halftime":
            state = apply(state, None, {"type": "start_second_half"})
        start = time.perf_counter()
        state = apply(state, "guessers", {"type": "guess", "word": rng.choice(words)})
        times.append(time.perf_counter() - start)


def main() -> None:
    rng = random.Random(20261130)
    words = tuple(w for w in word_list() if len(set(w)) == 5)
    solver._index_for.cache_clear()
    cold: list[float] = []
    play(random.Random(1), words, cold)
    times: list[float] = []
    for _ in range(GAMES):
        play(rng, words, times)
    times.sort()
    p50, p95, worst = (times[int(len(times) * q)] * 1000 for q in (0.5, 0.95, 0.999))
    print(f"Fiction, the app as Lie-brarian: {len(word_list())} words, {len(times)} guesses in {GAMES} games")
    print(f"  first guess on a cold index  {cold[0] * 1000:8.2f} ms")
    print(f"  p50 {p50:8.2f} ms   p95 {p95:8.2f} ms   p99.9 {worst:8.2f} ms")
    print(f"  target p95 < {TARGET_MS:.0f} ms: {'met' if p95 < TARGET_MS else 'MISSED'}")
    if p95 >= TARGET_MS:
        sys.exit(1)


if __name__ == "__main__":
    main()
