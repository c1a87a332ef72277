"""Secret Keeper's twin, for the platform's differential leak test (tests/companion/test_twins.py).

While the guessers guess, only the keeper sees the word; a guesser and the display see its
length only when the setup tells it. The guesses, the phase and the winner are everyone's.
"""

import dataclasses

from companion.table.games import Played, Viewer


def twin(played: Played, viewer: Viewer) -> Played:
    """The same round with another secret word for ``viewer`` not to see: every letter another,
    and of another length unless the setup tells the guessers the length."""
    state = played.state
    if state.phase != "guessing" or played.index(viewer) == state.keeper:
        return played  # nothing is hidden from the keeper, nor from anyone before or after guessing
    other = "".join(chr((ord(c.lower()) - ord("a") + 1) % 26 + ord("a")) for c in state.secret)
    if not state.show_length:
        other = other + "x" if len(other) < 12 else other[:-1]
    return played.then(dataclasses.replace(state, secret=other))
