"""The largest game of LIE the app seats, for the render, leak and screen tests.

Six players (the most the rules allow), each with a name of 20 characters, every card of the
deck in the first round, Wild Ones, Shorter Game and the odds helper on. Dee has no phone: the
host acts for her. Each round every player still in sets a hand from their share of one 30-card
deal (10 of each face), turned a round further each time so the hands change; the bids are
fives, and the players bid one more five each, clockwise from the opener, until the round's
loser calls "Lie!" on a bid that holds (or, when the loser opens, opens with more fives than
there are and the next player calls it). Eve and Fay lose a challenge each and Dee five: when
Dee can draw no cards, the showdown shows all six hands and puts three players out at once (Dee,
and Eve and Fay, short of the most cards), and Ana, Ben and Cal, tied at five, play off: the
fullest result any screen shows. Ben, then Cal, lose a challenge in the play-off, and Ana is
the last player left. Each round's hands are secret until its "Lie!".
"""

from companion.table.games import Viewer
from games.lie import rules

ANA, BEN, CAL, DEE, EVE, FAY = 11, 12, 13, 14, 15, 16

PLAYERS = [
    Viewer(ANA, "player", "Anastasia Wainwright", order=0, is_host=True),
    Viewer(BEN, "player", "Bartholomew Ashworth", order=1),
    Viewer(CAL, "player", "Christopher Whitaker", order=2),
    Viewer(DEE, "player", "Delphine Fairweather", order=3, has_phone=False),
    Viewer(EVE, "player", "Evangeline Thornbury", order=4),
    Viewer(FAY, "player", "Florentina Blackwood", order=5),
]

SETUP = {"wild_ones": True, "which_way": False, "shorter_game": True, "opener": BEN,
         "count_at_reveal": False, "odds_helper": True, "app_deals": False}

# Each player's five cards, faces turned up: the whole deck, 10 of each face.
_DEAL = {
    ANA: (5, 5, 1, 6, 3),
    BEN: (2, 2, 5, 4, 6),
    CAL: (3, 3, 3, 1, 5),
    DEE: (6, 6, 4, 4, 2),
    EVE: (5, 1, 2, 6, 6),
    FAY: (4, 4, 3, 5, 2),
}
# Dee's fifth loss starts the play-off; Ben and Cal then lose in it.
LOSERS = (DEE, EVE, DEE, FAY, DEE, DEE, DEE, BEN, CAL)
FACE = 5


def _play() -> tuple[list, rules.GameState]:
    ids = [p.seat_id for p in PLAYERS]
    state = rules.new_game([p.name for p in PLAYERS], opener=ids.index(SETUP["opener"]),
                           variants={"wild_ones", "shorter_game"}, odds_helper=True)
    steps = []

    def move(seat, made):
        nonlocal state
        state = rules.apply(state, seat, made)
        steps.append((ids[seat], made))

    for number, loser in enumerate(LOSERS):
        hands = {}
        for seat in state.in_game:
            dealt = _DEAL[ids[seat]]
            turned = dealt[number % 5:] + dealt[:number % 5]
            hands[seat] = list(turned[:state.cards[seat]])
            move(seat, {"type": "set_hand", "faces": hands[seat]})
        there = sum(hand.count(FACE) + hand.count(1) for hand in hands.values())
        if ids[state.opener] == loser:
            move(state.opener, {"type": "bid", "quantity": there + 1, "face": FACE})
        else:
            quantity = 1
            while ids[state.turn] != loser:
                move(state.turn, {"type": "bid", "quantity": quantity, "face": FACE})
                quantity += 1
            assert quantity - 1 <= there, "the bid the loser calls holds"
        move(state.turn, {"type": "challenge"})
        assert ids[state.history[-1].loser] == loser
    return steps, state


STEPS, _END = _play()
WINNER = ANA
TERMINATION = "last-player"
assert _END.outcome is not None and _END.outcome.termination == TERMINATION
assert [p.seat_id for p in PLAYERS][_END.outcome.winner] == WINNER
_PLAYOFF = next(s for s in _END.history if s.playoff)
assert all(hand is not None for hand in _PLAYOFF.hands), "every hand is shown at the showdown the play-off follows"
assert len(_PLAYOFF.eliminated) == 3 and len(_PLAYOFF.playoff) == 3
assert all(len(p.name) == 20 for p in PLAYERS)
