"""Shared builders for Fiction rules tests. Lena is the Lie-brarian; Gus and Gwen guess."""

import random

import pytest

from games.fiction.rules import AbilityCard, Clue, GameState, Options, apply, honest_clues, new_game
from games.fiction.rules.clues import clues_text

LENA = "librarian"  # the Lie-brarian's seat, where Lena sits
GUESSERS = "guessers"  # Gus and Gwen share the guessers' seat
TABLE = None  # the platform and the table display

BLANK_CARDS = {
    "librarian": AbilityCard("blank-l", "librarian", "(no effect)", "feather", uses=1, custom=True),
    "guessers": AbilityCard("blank-g", "guessers", "(no effect)", "with-token", uses=1, custom=True),
}


def one_lie(secret: str, guess: str, position: int = 0) -> str:
    """Shared clues with exactly one lie, at ``position``."""
    clues = list(honest_clues(secret, guess))
    clues[position] = Clue.CROSS if clues[position] is not Clue.CROSS else Clue.CHECK
    return clues_text(clues)


def started(secret="ready", hint="r", options: Options | None = None, **cards) -> GameState:
    """A game past the Prologue, clock running, optionally with chosen cards."""
    options = options or Options(ability_cards=bool(cards))
    state = new_game(options, rng=random.Random(0) if options.ability_cards else None)
    if cards:
        # scenario tests start from a built state: hand each side its card directly
        from dataclasses import replace

        from games.fiction.rules.abilities import KNOWN_CARDS

        by_id = {c.id: c for c in KNOWN_CARDS}
        chosen = {f"{side}_card": by_id[card_id] if isinstance(card_id, str) else card_id for side, card_id in cards.items()}
        for side, card in BLANK_CARDS.items():  # a side not under test holds a card with no effect
            chosen.setdefault(f"{side}_card", card)
        state = replace(state, offers=(), **chosen)
    state = apply(state, LENA, {"type": "choose_secret", "word": secret, "hint": hint})
    return apply(state, LENA, {"type": "start_first_half"})


def play_turn(state: GameState, guess: str, lie_at: int = 0) -> GameState:
    """Gus and Gwen guess; Lena shares clues with one lie at ``lie_at``."""
    state = apply(state, GUESSERS, {"type": "guess", "word": guess})
    if state.is_over:
        return state
    return apply(state, LENA, {"type": "share_clues", "clues": one_lie(state.secret, guess, lie_at)})


@pytest.fixture
def lena_game():
    """Lena has chosen READY with hint R; the first timer is running."""
    return started()


@pytest.fixture
def fresh_solver_index():
    """The solver keeps the index of the last word lists it saw; a test with a list of its own starts afresh."""
    from games.fiction.rules.solver import _index_for

    _index_for.cache_clear()
    yield
    _index_for.cache_clear()
