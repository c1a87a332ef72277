"""Every refusal the Fiction rules can give, each with a machine-readable reason."""

from __future__ import annotations

from games.errors import RulesError  # shared by every game; re-exported from here


class IllegalGuess(RulesError):
    """A guess that breaks "Legal Guesses".

    ``reason`` is one of ``"length"``, ``"letters"``, ``"repeated-letters"``,
    ``"proper-noun"``, ``"not-a-word"``; ``"house-word"`` where the table may
    agree to allow a word our dictionary lacks (send it again with ``table_agreed``).
    """


class IllegalSecret(RulesError):
    """A secret word or hint letter the Lie-brarian may not choose.

    ``overridable`` is True when the only problem is that our dictionary
    lacks the word (it may still be on the book card), so the Lie-brarian
    can confirm it and go on.
    """

    overridable: bool = False

    def __init__(self, message: str, *, reason: str, overridable: bool = False) -> None:
        super().__init__(message, reason=reason)
        self.overridable = overridable


class IllegalClues(RulesError):
    """Shared clues that are malformed or have the wrong number of lies."""


class IllegalMove(RulesError):
    """A move that does not fit the current phase, seat or supplies."""


class IllegalSetup(RulesError):
    """Game options or ability cards that cannot make a game."""
