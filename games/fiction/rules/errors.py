"""Every refusal the Fiction rules can give, each with a machine-readable reason.

The family (``IllegalMove``, ``IllegalSetup``) is the platform's; the refusals here add what a
Fiction screen shows beyond the reason (a guess, a secret, a set of clues).
"""

from __future__ import annotations

from companion.table.rules_errors import IllegalMove, IllegalSetup, RulesError  # the one family; re-exported from here

__all__ = ["IllegalClues", "IllegalGuess", "IllegalMove", "IllegalSecret", "IllegalSetup", "RulesError"]


class IllegalGuess(IllegalMove):
    """A guess that breaks "Legal Guesses".

    ``reason`` is one of ``"length"``, ``"letters"``, ``"repeated-letters"``,
    ``"proper-noun"``, ``"not-a-word"``; ``"house-word"`` where the table may
    agree to allow a word our dictionary lacks (send it again with ``table_agreed``).
    """


class IllegalSecret(IllegalMove):
    """A secret word or hint letter the Lie-brarian may not choose.

    ``overridable`` is True when the only problem is that our dictionary
    lacks the word (it may still be on the book card), so the Lie-brarian
    can confirm it and go on.
    """

    overridable: bool = False

    def __init__(self, message: str, *, reason: str, overridable: bool = False) -> None:
        super().__init__(message, reason=reason)
        self.overridable = overridable


class IllegalClues(IllegalMove):
    """Shared clues that are malformed or have the wrong number of lies."""
