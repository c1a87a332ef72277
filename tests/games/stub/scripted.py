"""One whole round of Secret Keeper: the keeper writes, two wrong guesses, then the right one."""

from companion.table.games import Viewer

PLAYERS = [Viewer(1, "keeper", "Kim", is_host=True), Viewer(2, "guesser", "Gus", 1), Viewer(3, "guesser", "Ada", 2)]
SETUP = {"seconds": "90", "show_length": True}
STEPS = [
    (1, {"type": "set_secret", "word": "zephyr"}),
    (2, {"type": "guess", "word": "lamp"}),
    (3, {"type": "guess", "word": "torch"}),
    (2, {"type": "guess", "word": "zephyr"}),
]
