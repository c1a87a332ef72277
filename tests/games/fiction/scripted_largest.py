"""The largest game of Fiction the rules allow, for the leak test and the screen matrix.

Eight players (the rulebook's most), five with realistic names of 20 characters: Lena
(Magdalena Hohenstein) is the Lie-brarian, seven guess, Gus (Augustus Fairweather) hosts and
Mo has no phone, so Gus acts for him. Banned Books is on: the Guessers keep "a vowel in any
previous guess", the Lie-brarian "Lie about +1 letter" and crosses off both feathers. All ten
guess boards fill, five a half (halftime comes from the fifth guess, not the clock), with
FICTION and FACT side by side on the first board, above its "feather crossed off" at the end,
and a token on an earlier guess's vowel. The last
guess SPARE misses SPADE by a letter: the Guessers are out of guesses and the Lie-brarian wins.
"""

from companion.table.games import Viewer
from games.fiction.rules import Clue, honest_clues

PLAYERS = [
    Viewer(1, "librarian", "Magdalena Hohenstein", order=0),
    Viewer(2, "guesser", "Augustus Fairweather", order=1, is_host=True),
    Viewer(3, "guesser", "Gwen", order=2),
    Viewer(4, "guesser", "Bartholomew Ashworth", order=3),
    Viewer(5, "guesser", "Priya Ramaswamy-Iyer", order=4),
    Viewer(6, "guesser", "Tomás Echeverría Gil", order=5),
    Viewer(7, "guesser", "Oluwaseun", order=6),
    Viewer(8, "guesser", "Mo", order=7, has_phone=False),
]
SETUP = {
    "hard_mode": False,
    "red_words": False,
    "one_token_per_half": False,
    "eight_minute_halves": False,
    "ability_cards": True,
    "house_words": True,
}
SECRET = "spade"
OTHER = {Clue.CHECK: "✗", Clue.TILDE: "✓", Clue.CROSS: "~"}


def lies(guess: str, *positions: int) -> list[str]:
    """The clues Lena shares for ``guess``: honest except at ``positions``."""
    return [OTHER[c] if i in positions else c.value for i, c in enumerate(honest_clues(SECRET, guess))]


def guess(word: str, table_agreed: bool = False) -> dict:
    return {"type": "guess", "word": word, "table_agreed": table_agreed}


def share(clues: list[str]) -> dict:
    # a row with two lies crosses off a feather of "Lie about +1 letter" by itself
    return {"type": "share_clues", "clues": clues, "use_ability": False}


def token(position: int, turn: int | None = None) -> dict:
    return {"type": "fact_fiction", "position": position, "turn": turn, "use_ability": False}


def turn(seat: int, word: str, *lie_positions: int, table_agreed: bool = False) -> list:
    """A guesser's guess and Lena's clues for it, with lies at ``lie_positions``."""
    return [(seat, guess(word, table_agreed)), (1, share(lies(word, *lie_positions)))]


STEPS = [
    (2, {"type": "choose_ability", "card": "vowel-in-any-guess"}),
    (1, {"type": "choose_ability", "card": "lie-plus-one"}),
    (1, {"type": "choose_secret", "word": SECRET, "hint": "s", "override": False}),
    (1, {"type": "start_first_half"}),
    *turn(3, "crane", 2, 4),  # two lies: the first feather crossed off
    (2, token(2)),  # FICTION on the A of CRANE
    (8, token(3)),  # and FACT beside it, on the N (Gus acts for Mo)
    *turn(4, "ghost", 4),
    *turn(5, "plumb", 0, 3),  # two lies: the second feather
    *turn(6, "tardy", 1),
    (7, {"type": "mark_letter", "letter": "t", "mark": "out"}),
    *turn(7, "shelf", 3),  # the fifth guess: halftime
    (2, {"type": "start_second_half"}),
    *turn(8, "lions", 0),
    (3, token(1, turn=3)),  # a vowel of an earlier guess: the A of TARDY, a FICTION
    *turn(4, "mound", 2),
    *turn(5, "fykli", 1, table_agreed=True),
    *turn(6, "sword", 0),
    *turn(7, "spare", 3),  # the tenth guess: the Guessers are out of guesses
]
