"""A whole game of LIE as the table plays it, for the platform's leak test.

Four players, every variant on: Which Way directions, Wild Ones (and a round
opened on ones, where they are not wild), a hand changed before the last is
set, a round whose hands add up to more sixes than the deck has, Dee (no
phone) losing five challenges and going out, the Shorter Game play-off
between the three tied at five cards, and Ana the last player left.
Each round's hands are secret until its "Lie!".
"""

from companion.table.games import Viewer

ANA, BEN, CAL, DEE = 1, 2, 3, 4

PLAYERS = [
    Viewer(ANA, "player", "ana", order=0, is_host=True),
    Viewer(BEN, "player", "ben", order=1),
    Viewer(CAL, "player", "cal", order=2),
    Viewer(DEE, "player", "dee", order=3, has_phone=False),
]

SETUP = {"wild_ones": True, "which_way": True, "shorter_game": True, "opener": BEN,
         "count_at_reveal": False, "odds_helper": True, "app_deals": False}


def _hand(seat, *faces):
    return seat, {"type": "set_hand", "faces": list(faces)}


def _way(seat, direction):
    return seat, {"type": "choose_direction", "direction": direction}


def _bid(seat, quantity, face):
    return seat, {"type": "bid", "quantity": quantity, "face": face}


def _lie(seat):
    return seat, {"type": "challenge"}


STEPS = [
    # Round 1, Ben (oldest) opens: counter clockwise is Ben, Ana, Dee, Cal. Fives with
    # ones wild: 5 of them, so Dee's "Lie!" loses.
    _hand(ANA, 5, 5, 1, 3, 2),
    _hand(BEN, 4, 4, 4, 2, 2),
    _hand(BEN, 4, 4, 2, 2, 2),
    _hand(CAL, 6, 6, 3, 1),
    _hand(DEE, 5, 2, 3, 3, 6),
    _way(BEN, "counter_clockwise"),
    _bid(BEN, 2, 5),
    _bid(ANA, 3, 5),
    _lie(DEE),
    # Round 2, Ana opens on ones (not wild this round). Thirteen sixes: mis-entered.
    # Three fours, so Dee's four fours lose.
    _hand(DEE, 3, 4, 4, 4),
    _hand(CAL, 6, 6, 6, 1, 2),
    _hand(BEN, 6, 6, 6, 6, 6),
    _hand(ANA, 6, 6, 6, 6, 6),
    _way(ANA, "clockwise"),
    _bid(ANA, 1, 1),
    _bid(BEN, 2, 3),
    _bid(CAL, 2, 4),
    _bid(DEE, 4, 4),
    _lie(ANA),
    # Round 3: six twos with ones wild; Dee's "Lie!" loses.
    _hand(ANA, 2, 3),
    _hand(BEN, 5, 5, 6),
    _hand(CAL, 1, 1, 4, 4, 4),
    _hand(DEE, 2, 2, 2),
    _way(ANA, "counter_clockwise"),
    _bid(ANA, 3, 2),
    _lie(DEE),
    # Round 4: four sixes with ones wild, not five.
    _hand(ANA, 4),
    _hand(BEN, 1, 3, 5),
    _hand(CAL, 2, 6),
    _hand(DEE, 6, 6),
    _way(ANA, "clockwise"),
    _bid(ANA, 1, 6),
    _bid(BEN, 2, 6),
    _bid(CAL, 3, 6),
    _bid(DEE, 5, 6),
    _lie(ANA),
    # Round 5: Dee's last card. Out; Ana, Ben and Cal tie at five cards: a play-off.
    _hand(ANA, 3, 3, 3),
    _hand(BEN),
    _hand(CAL, 5),
    _hand(DEE, 4),
    _way(ANA, "clockwise"),
    _bid(ANA, 2, 3),
    _bid(BEN, 2, 4),
    _bid(CAL, 2, 5),
    _bid(DEE, 3, 5),
    _lie(ANA),
    # Round 6, the play-off: losing a challenge puts a player out. Five fives, Ben is out.
    _hand(ANA, 1, 2, 3, 4, 5),
    _hand(BEN, 2, 2, 6, 6, 6),
    _hand(CAL, 3, 3, 5, 5, 1),
    _way(ANA, "counter_clockwise"),
    _bid(ANA, 2, 6),
    _bid(CAL, 3, 5),
    _lie(BEN),
    # Round 7, two players left (no direction to choose): four fours, Cal is out.
    _hand(ANA, 4, 4, 6, 6, 2),
    _hand(CAL, 4, 1, 2, 2, 3),
    _bid(CAL, 3, 4),
    _bid(ANA, 4, 4),
    _lie(CAL),
]

WINNER = ANA
TERMINATION = "last-player"
