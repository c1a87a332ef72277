"""Every refusal of the Half Truth rules is a RulesError with a machine-readable reason."""

from __future__ import annotations

from games.errors import RulesError  # shared by every game; re-exported from here


class IllegalLetters(RulesError):
    """Answer letters that are not 1-3 (picks) or exactly 3 (correct) distinct letters A-F."""


class IllegalDieFace(RulesError):
    """Something that is not one of the six faces of the scoring die."""


class IllegalSetup(RulesError):
    """Players that cannot sit down to a game: count, names or colours."""


class IllegalLayout(IllegalSetup):
    """A round tracker layout that no board could print."""


class IllegalMove(RulesError):
    """A move the current state of the game does not allow."""


class CorruptState(RulesError):
    """A serialised state that is not a state this library could have produced."""
