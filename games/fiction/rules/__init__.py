"""Fiction rules (pure Python, standard library only)."""

from .clues import Clue, honest_clues, parse_clues
from .errors import IllegalClues, IllegalGuess, IllegalMove, IllegalSecret, IllegalSetup, RulesError
from .solver import Row, candidates
from .words import check_guess, dictionary, is_word, word_list

__all__ = [
    "Clue", "honest_clues", "parse_clues",
    "RulesError", "IllegalGuess", "IllegalSecret", "IllegalClues", "IllegalMove", "IllegalSetup",
    "Row", "candidates",
    "check_guess", "dictionary", "is_word", "word_list",
]
