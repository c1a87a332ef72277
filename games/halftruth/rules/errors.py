"""Every refusal of the Half Truth rules is a RulesError with a machine-readable reason."""

from __future__ import annotations

from games.errors import RulesError  # shared by every game; re-exported from here


class InvalidLetters(RulesError):
    """Answer letters that are not 1-3 (picks) or exactly 3 (correct) distinct letters A-F."""


class InvalidDieFace(RulesError):
    """Something that is not one of the six faces of the scoring die."""


class InvalidSetup(RulesError):
    """Players that cannot sit down to a game: count, names or colours."""


class InvalidLayout(InvalidSetup):
    """A round tracker layout that no board could print."""


class IllegalMove(RulesError):
    """A move the current state of the game does not allow."""


class InvalidState(RulesError):
    """A serialised state that is not a state this library could have produced."""
