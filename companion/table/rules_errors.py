"""The refusals every game's rules raise: one family, defined here once. Standard library only.

Every rules package (``games.*.rules``) imports this module, and those packages are pure
standard-library Python, so this module is too: it imports nothing from Django, nor from
anything outside the standard library, and ``companion/__init__.py`` and
``companion/table/__init__.py`` import nothing, so that importing it loads nothing else.
The platform catches ``RulesError`` for any of them.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A move, setup or input the rules refuse.

    ``reason`` is a short stable hyphenated string for code to branch on
    (``"not-your-turn"``, ``"wrong-phase"``); the message (``str(error)``, also
    ``error.message``) is a sentence fit to show a player. Subclasses may set a
    class-level ``reason``; a ``reason`` passed in wins over it.
    """

    reason: str = "illegal"

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason

    @property
    def message(self) -> str:
        return str(self)


class IllegalMove(RulesError):
    """A move the game as it stands does not allow: wrong seat, wrong phase, bad input."""


class IllegalSetup(RulesError):
    """Players, options or cards that cannot make a game."""


class CorruptState(RulesError):
    """A saved state that the rules could not have written, so cannot read back."""

    reason = "corrupt-state"
