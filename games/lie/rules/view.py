"""What one seat, or the table display, may see of a game of LIE."""

from __future__ import annotations

from fractions import Fraction

from .bids import Bid, _is_int
from .deck import turned
from .errors import IllegalMove
from .game import PHASE_MOVES, GameState, Phase, _calls_to_list, why_not
from .odds import MODEL, MODEL_DEALT, MODEL_WILD, chance_bid_holds, chance_dealt, per_card, per_card_dealt


def player_view(state: GameState, seat: int | None) -> dict:
    """The game as ``seat`` sees it (``None``: the public table display), as JSON-friendly data.

    Hands of the round being played are secret: a seat sees only its own, and,
    when the app deals, only its own cards (``dealt``: each card's two ends and
    the end it shows in the hand set, ``None`` while unused).
    Every hand of a finished round was shown at the challenge, so ``showdowns``
    holds them all; once the game is over nothing is secret, so ``open_hands``
    and ``open_counts`` show what every seat set or entered in the round in play
    (None while the game goes on). Hand sizes, turns, bids and eliminations are
    public; ``called_off`` lists the rounds called off because a player left.

    ``legal_moves``: the moves of this phase for a player still in, each with
    why it is not allowed now ("" when it is); none for the display.
    """
    if seat is not None and (not _is_int(seat) or not 0 <= seat < len(state.players)):
        raise IllegalMove("That seat is not at this table.", reason="no-such-seat")

    in_game = state.in_game
    playing = state.outcome is None and seat is not None and seat in in_game
    phase = state.phase
    if phase is Phase.SETTING_HANDS:
        waiting_for = [s for s in in_game if state.hands[s] is None]
    elif phase in (Phase.CHOOSING_DIRECTION, Phase.BIDDING):
        waiting_for = [state.turn]
    elif phase is Phase.COUNTING:
        waiting_for = [s for s in in_game if state.counts[s] is None]
    else:
        waiting_for = []
    current = state.current_bid
    lowest = current.next_higher() if current is not None else None
    own_hand = state.hands[seat] if seat is not None else None
    own_count = state.counts[seat] if seat is not None and phase is Phase.COUNTING else None
    over = state.outcome is not None
    settled = {s.round for s in state.history}
    own_cards = state.dealt[seat] if seat is not None and state.dealt else None
    own_up = None if own_cards is None else turned(own_hand or (), own_cards)

    return {
        "game": "lie",
        "seat": seat,
        "variants": {name: value for name, value in vars(state.variants).items()},
        "round": state.round,
        "phase": phase.value,
        "opener": state.opener,
        "direction": state.direction.value,
        "turn": state.turn,
        "waiting_for": waiting_for,
        "players": [
            {
                "seat": s,
                "name": name,
                "cards": state.cards[s],
                "out": s in state.out,
                "hand_set": state.hands[s] is not None,
                "counted": phase is Phase.COUNTING and state.counts[s] is not None,
                "left": any(gone == s for gone, _ in state.left),
            }
            for s, name in enumerate(state.players)
        ],
        "hand": None if own_hand is None else list(own_hand),
        "app_deals": state.app_deals,
        # The round in play was dealt again after the host undid its "Lie!": the round before
        # it is not the news.
        "redealt": state.redealt,
        "dealt": None if own_cards is None else [
            {"ends": list(card), "up": up} for card, up in zip(own_cards, own_up, strict=True)],
        "bids": _calls_to_list(state.calls),
        "current_bid": None if current is None else {"quantity": current.quantity, "face": current.face},
        "ones_wild": state.ones_wild,
        "playoff": state.playoff,
        "out": list(state.out),
        "left": [{"seat": s, "round": r} for s, r in state.left],
        "cards_in_play": state.cards_in_play,
        "count_at_reveal": state.count_at_reveal,
        "odds_helper": state.odds_helper,
        "challenger": state.challenger if phase is Phase.COUNTING else None,
        # Counts stay with their owner until the last one settles the challenge.
        "my_count": None if own_count is None else {"face": own_count[0], "ones": own_count[1]},
        "odds": _odds(state, seat) if playing else None,
        "legal_moves": _legal_moves(state, seat) if playing else [],
        "lowest_bid": None if lowest is None else {"quantity": lowest.quantity, "face": lowest.face},
        "showdowns": [s.shown for s in state.history],
        "open_hands": [None if h is None else list(h) for h in state.hands] if over else None,
        "open_counts": [None if c is None else {"face": c[0], "ones": c[1]} for c in state.counts]
        if over and state.counts else None,
        # A round a player left after it had begun was set aside and the next one started.
        "called_off": [{"seat": s, "round": r} for s, r in state.left if r < state.round and r not in settled],
        "outcome": None
        if state.outcome is None
        else {"winner": state.outcome.winner, "termination": state.outcome.termination.value},
    }


def _legal_moves(state: GameState, seat: int) -> list[dict]:
    moves = []
    for kind in PHASE_MOVES[state.phase]:
        why = why_not(state, seat, kind)
        moves.append({"type": kind, "allowed": not why, "why": why})
    return moves


def _percent(chance) -> str:
    if 0 < chance < 0.005:
        return "under 1%"
    if 0.995 < chance < 1:
        return "over 99%"
    return f"{round(chance * 100)}%"


def _odds(state: GameState, seat: int) -> dict | None:
    """The odds helper on ``seat``'s phone: the chance the current bid holds, given its own hand.

    With the hand known it also gives the chance of every bid this seat could make
    next (``next``, keyed "quantity-face"), for the bid picker to show as it turns.
    """
    if not state.odds_helper or state.phase is not Phase.BIDDING:
        return None
    bid, hand = state.current_bid, state.hands[seat]
    others = state.cards_in_play - state.cards[seat]
    if bid is None and hand is None:
        return None

    def mine(face: int, wild: bool) -> int:
        return hand.count(face) + (hand.count(1) if wild and face != 1 else 0)

    def wild_for(face: int) -> bool:
        # An opening bid settles the wild ones: on ones, they are not wild this round.
        return state.ones_wild if bid is not None else state.variants.wild_ones and face != 1

    held = state.dealt[seat] if state.app_deals else None

    def chance(bid: Bid, shown: int, wild: bool) -> str:
        if held is not None:
            return _percent(chance_dealt(bid, shown, others, held, ones_wild=wild))
        return _percent(chance_bid_holds(bid, shown, others, ones_wild=wild))

    model = MODEL_DEALT if held is not None else MODEL_WILD if state.ones_wild else MODEL
    odds = {"model": model, "others_cards": others, "mine": None, "chance": None}
    if bid is not None:
        wild = state.ones_wild
        if held is not None:
            each = per_card_dealt(bid.face, held, ones_wild=wild)
            odds["per_card"] = f"{each.numerator} in {each.denominator}"
        else:
            odds["per_card"] = "1 in 3" if per_card(bid.face, wild) == Fraction(1, 3) else "1 in 6"
    if hand is None:
        # Counting at reveal, the app does not know this hand: one chance for each count it might show.
        return {**odds, "by_mine": [
            {"mine": n, "chance": chance(bid, n, state.ones_wild)}
            for n in range(state.cards[seat] + 1)
        ]}
    if bid is not None:
        odds["mine"] = mine(bid.face, state.ones_wild)
        odds["chance"] = chance(bid, odds["mine"], state.ones_wild)
    lowest = bid.next_higher() if bid is not None else Bid(1, 1)
    odds["next"] = {
        f"{q}-{f}": chance(Bid(q, f), mine(f, wild_for(f)), wild_for(f))
        for q in range(lowest.quantity, state.cards_in_play + 1) for f in range(1, 7)
        if (q, f) >= (lowest.quantity, lowest.face)
    }
    return odds
