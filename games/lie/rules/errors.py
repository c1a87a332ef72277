"""Every refusal the LIE rules can give, each with a machine-readable reason."""

from __future__ import annotations

from games.errors import RulesError  # shared by every game; re-exported from here


class IllegalSetup(RulesError):
    """Players, opener or variants that cannot make a game.

    ``reason`` is one of ``"player-count"``, ``"bad-player"``, ``"bad-opener"``,
    ``"unknown-variant"``, ``"shorter-game-needs-four"``, ``"deals-and-counts"``.
    """


class IllegalMove(RulesError):
    """A move that does not fit the seat, the turn or the phase of the round.

    ``reason`` is one of ``"bad-move"``, ``"unknown-move"``, ``"no-such-seat"``,
    ``"player-out"``, ``"game-over"``, ``"not-your-turn"``, ``"hands-locked"``,
    ``"hands-not-set"``, ``"direction-not-chosen"``, ``"no-direction-to-choose"``,
    ``"bad-direction"``, ``"no-bid-to-challenge"``.
    """


class IllegalHand(RulesError):
    """Faces that no set of cards could turn up.

    ``reason`` is one of ``"bad-face"``, ``"too-many-faces"``, ``"not-on-your-cards"``
    (the app dealt this player's cards). A hand is never checked against another
    player's: that would reveal a hidden hand.
    """


class IllegalBid(RulesError):
    """A bid that is malformed or does not beat the bid before it.

    ``reason`` is one of ``"bad-quantity"``, ``"bad-face"``, ``"bid-too-low"``.
    """


class CorruptState(RulesError):
    """A dict that ``from_dict`` cannot read back into a game."""

    reason = "corrupt-state"
