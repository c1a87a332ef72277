"""A whole game of LIE where the app deals, for the platform's render and leak tests.

Three players, Wild Ones and the odds helper on. The cards come from the rng, so the hands are
worked out here from the cards that ``random.Random(SEED)`` deals when it is passed to the start
and then to every move, as tests/companion/test_render.py plays every scripted game. Each round:
every player turns each card to its higher end (Cal leaves his last card unused; Ben first sets
an empty hand, then changes it), the opener bids one of the face they turned up first, the next
player raises by one, the third calls "Lie!" (in a round of two, the second calls it). The game
runs until one player is left. Each round's cards are secret until its "Lie!".
"""

import random

from companion.table.games import Viewer
from games.lie import rules

SEED = 7
ANA, BEN, CAL = 1, 2, 3

PLAYERS = [
    Viewer(ANA, "player", "ana", order=0, is_host=True),
    Viewer(BEN, "player", "ben", order=1),
    Viewer(CAL, "player", "cal", order=2),
]

SETUP = {"wild_ones": True, "which_way": False, "shorter_game": False, "opener": BEN,
         "count_at_reveal": False, "odds_helper": True, "app_deals": True}


def _play(seed: int) -> tuple[list, rules.GameState]:
    ids = [p.seat_id for p in PLAYERS]
    rng = random.Random(seed)
    state = rules.new_game([p.name for p in PLAYERS], opener=ids.index(BEN), variants={"wild_ones"},
                           odds_helper=True, app_deals=True, rng=rng)
    steps = []

    def move(seat, made):
        nonlocal state
        state = rules.apply(state, seat, made, rng)
        steps.append((ids[seat], made))

    while state.outcome is None:
        # Ben sets his hand first, so his change comes before the last hand is in.
        for seat in sorted(state.in_game, key=lambda s: ids[s] != BEN):
            faces = [max(card) for card in state.dealt[seat]]
            if ids[seat] == CAL:
                faces = faces[:-1]
            if ids[seat] == BEN:
                move(seat, {"type": "set_hand", "faces": []})
            move(seat, {"type": "set_hand", "faces": faces})
        opener = state.opener
        face = state.hands[opener][0] if state.hands[opener] else 2
        move(opener, {"type": "bid", "quantity": 1, "face": face})
        if len(state.in_game) > 2:
            move(state.turn, {"type": "bid", "quantity": 2, "face": face})
        move(state.turn, {"type": "challenge"})
    return steps, state


STEPS, _END = _play(SEED)
WINNER = [p.seat_id for p in PLAYERS][_END.outcome.winner]
TERMINATION = "last-player"
