"""Half Truth rules: a pure library (standard library only) that the table screens call.

    >>> score_answer(DieFace.THREE, frozenset("AC"), frozenset("ACE"))
    Score(spaces=3, bonus=1)
"""

from .errors import (
    IllegalMove,
    InvalidDieFace,
    InvalidLayout,
    InvalidLetters,
    InvalidSetup,
    InvalidState,
    RulesError,
)
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Colour,
    GameState,
    Outcome,
    Phase,
    Player,
    QuestionResult,
    Standing,
    apply,
    from_dict,
    legal_moves,
    new_game,
    to_dict,
)
from .scoring import LETTERS, DieFace, Score, score_answer
from .trackers import DEFAULT_LAYOUTS, Tracker
from .view import player_view

__all__ = [
    "DEFAULT_LAYOUTS",
    "LETTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Colour",
    "DieFace",
    "GameState",
    "IllegalMove",
    "InvalidDieFace",
    "InvalidLayout",
    "InvalidLetters",
    "InvalidSetup",
    "InvalidState",
    "Outcome",
    "Phase",
    "Player",
    "QuestionResult",
    "RulesError",
    "Score",
    "Standing",
    "Tracker",
    "apply",
    "from_dict",
    "legal_moves",
    "new_game",
    "player_view",
    "score_answer",
    "to_dict",
]
