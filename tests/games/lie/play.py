"""Helpers that drive LIE games for the tests: scripted rounds and random legal games."""

from __future__ import annotations

import random

from games.lie.rules import Direction, GameState, Phase, apply, deal, new_game

NAMES = ("ana", "ben", "cal", "dee", "eve", "fay")


def set_hands(state: GameState, hands) -> GameState:
    """Every listed seat sets its hand, in seat order; ``hands`` maps seat to faces."""
    for seat, faces in sorted(dict(hands).items()):
        state = apply(state, seat, {"type": "set_hand", "faces": list(faces)})
    return state


def bid(state: GameState, seat: int, quantity: int, face: int) -> GameState:
    return apply(state, seat, {"type": "bid", "quantity": quantity, "face": face})


def lie(state: GameState, seat: int) -> GameState:
    return apply(state, seat, {"type": "challenge"})


def random_game(seed: int, players: int, variants=(), *, set_again: float = 0.15,
                count_at_reveal: bool = False, app_deals: bool = False) -> list[GameState]:
    """Every state of one random legal game, from ``new_game`` to the end.

    Hands are turned up from cards dealt from the default deck (by the app, with
    ``app_deals``), so they are always hands a real table could show.
    """
    rng = random.Random(seed)
    state = new_game(NAMES[:players], opener=rng.randrange(players), variants=variants,
                     count_at_reveal=count_at_reveal, app_deals=app_deals, rng=rng)
    states = [state]
    while state.outcome is None:
        if state.phase is Phase.SETTING_HANDS:
            sizes = [state.cards[s] if s in state.in_game else 0 for s in range(players)]
            dealt = state.dealt if state.app_deals else deal(rng, sizes)
            order = list(state.in_game)
            rng.shuffle(order)
            for i, seat in enumerate(order):
                # A hand may change until the last one is set, and only then.
                last = i == len(order) - 1
                tries = 2 if not last and rng.random() < set_again else 1
                for _ in range(tries):
                    faces = [rng.choice(card) for card in dealt[seat] if rng.random() < 0.85]
                    state = apply(state, seat, {"type": "set_hand", "faces": faces}, rng)
                    states.append(state)
        elif state.phase is Phase.CHOOSING_DIRECTION:
            direction = rng.choice(list(Direction)).value
            state = apply(state, state.turn, {"type": "choose_direction", "direction": direction}, rng)
            states.append(state)
        elif state.phase is Phase.COUNTING:
            face = state.current_bid.face
            for seat in state.in_game:
                cards = state.cards[seat]
                count = rng.randint(0, min(cards, 2))
                ones = rng.randint(0, cards - count) if state.ones_wild and face != 1 else 0
                state = apply(state, seat, {"type": "show_count", "count": count, "ones": ones}, rng)
                states.append(state)
        else:
            current = state.current_bid
            top = state.cards_in_play
            if current is not None and (rng.random() < 0.35 or current.next_higher().quantity > top):
                state = apply(state, state.turn, {"type": "challenge"}, rng)
            else:
                if current is None:
                    quantity, face = rng.randint(1, 4), rng.randint(1, 6)
                elif rng.random() < 0.6:
                    higher = current.next_higher()
                    quantity, face = higher.quantity, higher.face
                else:
                    quantity, face = current.quantity + rng.randint(1, 2), rng.randint(1, 6)
                quantity = min(quantity, top)
                if current is not None and (quantity, face) <= (current.quantity, current.face):
                    quantity, face = current.next_higher().quantity, current.next_higher().face
                state = apply(state, state.turn, {"type": "bid", "quantity": quantity, "face": face}, rng)
            states.append(state)
    return states
