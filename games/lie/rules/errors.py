"""Every refusal the LIE rules can give, each with a machine-readable reason.

The family is the platform's. ``IllegalSetup``'s reasons here: ``"player-count"``, ``"bad-player"``,
``"bad-opener"``, ``"unknown-variant"``, ``"shorter-game-needs-four"``, ``"deals-and-counts"``.
``IllegalMove``'s: ``"bad-move"``, ``"unknown-move"``, ``"no-such-seat"``, ``"player-out"``,
``"game-over"``, ``"not-your-turn"``, ``"hands-locked"``, ``"hands-not-set"``,
``"direction-not-chosen"``, ``"no-direction-to-choose"``, ``"bad-direction"``,
``"no-bid-to-challenge"``. ``CorruptState``: a dict that ``from_dict`` cannot read back into a game.
"""

from __future__ import annotations

from companion.table.rules_errors import CorruptState, IllegalMove, IllegalSetup, RulesError  # re-exported from here

__all__ = ["CorruptState", "IllegalBid", "IllegalHand", "IllegalMove", "IllegalSetup", "RulesError"]


class IllegalHand(IllegalMove):
    """Faces that no set of cards could turn up.

    ``reason`` is one of ``"bad-face"``, ``"too-many-faces"``, ``"not-on-your-cards"``
    (the app dealt this player's cards). A hand is never checked against another
    player's: that would reveal a hidden hand.
    """


class IllegalBid(IllegalMove):
    """A bid that is malformed or does not beat the bid before it.

    ``reason`` is one of ``"bad-quantity"``, ``"bad-face"``, ``"bid-too-low"``.
    """
