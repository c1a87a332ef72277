"""Plays random but purposeful Half Truth games for the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.halftruth.rules import LETTERS, Colour, DieFace, GameState, Phase, apply, new_game


def random_layouts(rng: random.Random) -> list[list[int]]:
    """Three short valid trackers, so random games stay quick."""
    layouts = []
    for _ in range(3):
        numbers, number = [], 0
        for _ in range(rng.randint(1, 7)):
            number += rng.choice((0, 0, 1, 2, 5))
            numbers.append(number)
        layouts.append(numbers)
    return layouts


def random_game(rng: random.Random, players: int) -> GameState:
    colours = rng.sample(list(Colour), players)
    layouts = None if rng.random() < 0.3 else random_layouts(rng)
    return new_game(
        [(f"player {seat}", colour) for seat, colour in enumerate(colours)], layouts=layouts
    )


def play(rng: random.Random, state: GameState, max_moves: int = 5000) -> Iterator[GameState]:
    """Every state of one game from ``state`` to the end, one per legal move.

    Players usually aim at answers that pay (so games finish), sometimes
    guess wildly, and sometimes change their pick before everyone is in.
    """
    yield state
    correct = ""
    for _ in range(max_moves):
        if state.is_over:
            return
        seats = range(len(state.players))
        if state.phase is Phase.ROLL:
            correct = "".join(sorted(rng.sample(LETTERS, 3)))
            if rng.random() < 0.5:
                state = apply(state, None, {"type": "roll"}, rng)
            else:
                face = rng.choice(list(DieFace)).name
                state = apply(state, None, {"type": "set_die", "face": face})
        elif state.phase is Phase.PICK:
            waiting = [s for s in seats if state.picks[s] is None]
            seat = rng.choice(list(seats)) if rng.random() < 0.2 else rng.choice(waiting)
            pool = correct
            if state.die is DieFace.HALF_LIE:
                pool = "".join(c for c in LETTERS if c not in correct)
            if rng.random() < 0.25:
                pool = LETTERS
            letters = rng.sample(pool, rng.randint(1, 3))
            state = apply(state, seat, {"type": "lock_in", "letters": "".join(letters)})
        else:
            state = apply(state, None, {"type": "reveal", "correct": correct})
        yield state
    raise AssertionError("game did not finish")
