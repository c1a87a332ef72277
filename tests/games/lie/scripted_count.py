"""A short game of LIE counted at the reveal (no hands entered), with Which Way, Wild Ones and the odds helper.

Two players; Ben loses five challenges: counts entered by each player after each "Lie!".
"""

from companion.table.games import Viewer

ANA, BEN = 1, 2

PLAYERS = [
    Viewer(ANA, "player", "ana", order=0, is_host=True),
    Viewer(BEN, "player", "ben", order=1),
]

SETUP = {"wild_ones": True, "which_way": True, "shorter_game": False, "opener": ANA,
         "count_at_reveal": True, "odds_helper": True, "app_deals": False}


def _round(opener, other):
    return [
        (opener, {"type": "bid", "quantity": 2, "face": 3}),
        (other, {"type": "challenge"}),
        (other, {"type": "show_count", "count": 0, "ones": 0}),
        (opener, {"type": "show_count", "count": 1, "ones": 1}),
    ]


# Ana opens every round: her two threes (one of them a wild one) hold, and Ben's "Lie!" loses.
STEPS = [step for _ in range(5) for step in _round(ANA, BEN)]

WINNER = ANA
TERMINATION = "last-player"
