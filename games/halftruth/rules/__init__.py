"""Half Truth rules: a pure library (standard library only) that the table screens call.

    >>> score_answer(DieFace.THREE, frozenset("AC"), frozenset("ACE"))
    Score(spaces=3, bonus=1)
"""

from .errors import (
    IllegalMove,
    IllegalDieFace,
    IllegalLayout,
    IllegalLetters,
    IllegalSetup,
    CorruptState,
    RulesError,
)
from .game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    READER_MOVES,
    TABLE_MOVES,
    Colour,
    GameState,
    Outcome,
    Phase,
    Player,
    QuestionResult,
    Standing,
    Termination,
    apply,
    end_game,
    from_dict,
    legal_moves,
    move_options,
    new_game,
    seat_colours,
    to_dict,
    waiting_for,
)
from .scoring import LETTERS, DieFace, Score, score_answer
from .trackers import DEFAULT_LAYOUTS, Tracker, layouts_text, parse_layouts
from .view import player_view

__all__ = [
    "DEFAULT_LAYOUTS",
    "LETTERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "READER_MOVES",
    "TABLE_MOVES",
    "Colour",
    "DieFace",
    "GameState",
    "IllegalMove",
    "IllegalDieFace",
    "IllegalLayout",
    "IllegalLetters",
    "IllegalSetup",
    "CorruptState",
    "Outcome",
    "Phase",
    "Player",
    "QuestionResult",
    "RulesError",
    "Score",
    "Standing",
    "Termination",
    "Tracker",
    "apply",
    "end_game",
    "from_dict",
    "layouts_text",
    "legal_moves",
    "move_options",
    "new_game",
    "parse_layouts",
    "player_view",
    "seat_colours",
    "score_answer",
    "to_dict",
    "waiting_for",
]
