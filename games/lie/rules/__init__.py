"""The rules of LIE as a pure library: bids, hands, the round as a state machine, and views.

No Django here; randomness is passed in; ``player_view`` is the only road from
state to a player.
"""

from .bids import FACES, Bid, beats, bid_holds, count_showing
from .deck import DECK_SIZE, DEFAULT_DECK, FIRST_ROUND_CARDS, PER_FACE, check_hand, check_turned, deal, faces_over, turned
from .errors import CorruptState, IllegalBid, IllegalHand, IllegalMove, IllegalSetup, RulesError
from .game import (
    DEALS_AND_COUNTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASE_MOVES,
    VARIANT_NAMES,
    Call,
    Direction,
    GameState,
    Outcome,
    Phase,
    Showdown,
    Termination,
    Variants,
    apply,
    deal_again,
    end_game,
    from_dict,
    new_game,
    to_dict,
    shows_hands,
    why_not,
)
from .odds import MODEL, MODEL_DEALT, MODEL_WILD, at_least, chance_bid_holds, chance_dealt, per_card, per_card_dealt
from .view import player_view

__all__ = [
    "FACES", "Bid", "beats", "bid_holds", "count_showing",
    "DECK_SIZE", "DEFAULT_DECK", "FIRST_ROUND_CARDS", "PER_FACE", "check_hand", "check_turned", "deal", "faces_over",
    "turned",
    "CorruptState", "IllegalBid", "IllegalHand", "IllegalMove", "IllegalSetup", "RulesError",
    "Call", "Direction", "GameState", "Outcome", "Phase", "Showdown", "Termination", "Variants",
    "DEALS_AND_COUNTS", "MAX_PLAYERS", "MIN_PLAYERS", "PHASE_MOVES", "VARIANT_NAMES",
    "apply", "deal_again", "end_game", "shows_hands", "from_dict", "new_game", "to_dict", "why_not",
    "player_view", "MODEL", "MODEL_DEALT", "MODEL_WILD", "at_least", "chance_bid_holds", "chance_dealt", "per_card",
    "per_card_dealt",
]
