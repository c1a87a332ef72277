"""Every refusal of the Half Truth rules is a RulesError with a machine-readable reason.

The family (``IllegalMove``, ``IllegalSetup``, ``CorruptState``) is the platform's; the refusals
here name the input a Half Truth move got wrong.
"""

from __future__ import annotations

from companion.table.rules_errors import CorruptState, IllegalMove, IllegalSetup, RulesError  # re-exported from here

__all__ = ["CorruptState", "IllegalDieFace", "IllegalLayout", "IllegalLetters", "IllegalMove", "IllegalSetup", "RulesError"]


class IllegalLetters(IllegalMove):
    """Answer letters that are not 1-3 (picks) or exactly 3 (correct) distinct letters A-F."""


class IllegalDieFace(IllegalMove):
    """Something that is not one of the six faces of the scoring die."""


class IllegalLayout(IllegalSetup):
    """A round tracker layout that no board could print."""
