"""The one refusal every game's rules raise. Standard library only.

Every rules package (``games.*.rules``) imports this module, and those packages
are pure standard-library Python: keep it that way here too. Never import
Django, or anything else outside the standard library, from this file.
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
