"""Half Truth's twin, for the platform's differential leak test (tests/companion/test_twins.py).

While the players choose (PICK), each sees its own letters and only whether the others have
locked in: not their letters, nor how many (one chip, doubling up, going all in). Everything
else (the die, the trackers, the picks of questions answered) is everyone's.
"""

import dataclasses

from companion.table.games import Played, Viewer
from games.halftruth.rules import LETTERS, Phase


def twin(played: Played, viewer: Viewer) -> Played:
    """The same question with every other player's locked-in letters changed for ``viewer``."""
    state = played.state
    if state.phase is not Phase.PICK:
        return played
    me = played.index(viewer)
    picks = tuple(pick if pick is None or seat == me else other(pick) for seat, pick in enumerate(state.picks))
    return played.then(dataclasses.replace(state, picks=picks))


def other(pick: str) -> str:
    """A pick with none of ``pick``'s letters and another count of them: one for two or three, two for one."""
    left = [letter for letter in LETTERS if letter not in pick]
    return "".join(left[:1 if len(pick) > 1 else 2])
