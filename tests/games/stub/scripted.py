"""A whole round of Secret Keeper as the table plays it, for the platform's leak test.

Lena keeps the secret "zephyr"; Gus and Gwen guess, Gwen twice; Gwen finds it. The
secret must stay off every screen but Lena's until it is guessed.
"""

from companion.table.games import Viewer

LENA, GUS, GWEN = 1, 2, 3

PLAYERS = [
    Viewer(LENA, "keeper", "lena", order=0, is_host=True),
    Viewer(GUS, "guesser", "gus", order=1),
    Viewer(GWEN, "guesser", "gwen", order=2),
]
SETUP = {"seconds": "60", "show_length": True}
STEPS = [
    (LENA, {"type": "set_secret", "word": "zephyr"}),
    (GUS, {"type": "guess", "word": "candle"}),
    (GWEN, {"type": "guess", "word": "lantern"}),
    (GWEN, {"type": "guess", "word": "zephyr"}),
]
