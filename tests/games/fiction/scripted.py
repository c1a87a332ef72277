"""A whole game of Fiction as the table plays it, for the platform's leak test.

Lena is the Lie-brarian; Gus (the host) and Gwen guess. The secret MELON must
stay off the guessers' and the display's screens until Gwen guesses it. It walks
through setup with ability cards, a lie found with a Fact/Fiction token, a row
with two lies (Lie about +1 letter), a token on an earlier vowel, halftime by
the clock, a house word, and the win.
"""

from companion.table.games import Viewer
from games.fiction.rules import Clue, honest_clues

PLAYERS = [
    Viewer(1, "librarian", "Lena", order=0),
    Viewer(2, "guesser", "Gus", order=1, is_host=True),
    Viewer(3, "guesser", "Gwen", order=2),
]
SETUP = {
    "hard_mode": False,
    "red_words": False,
    "one_token_per_half": False,
    "eight_minute_halves": True,
    "ability_cards": True,
    "house_words": True,
}
SECRET = "melon"
OTHER = {Clue.CHECK: "✗", Clue.TILDE: "✓", Clue.CROSS: "~"}


def lies(guess: str, *positions: int) -> list[str]:
    """The clues Lena shares for ``guess``: honest except at ``positions``."""
    return [OTHER[c] if i in positions else c.value for i, c in enumerate(honest_clues(SECRET, guess))]


def guess(word: str, table_agreed: bool = False) -> dict:
    return {"type": "guess", "word": word, "table_agreed": table_agreed}


def share(clues: list[str], use_ability: bool = False) -> dict:
    return {"type": "share_clues", "clues": clues, "use_ability": use_ability}


def token(position: int, turn: int | None = None) -> dict:
    return {"type": "fact_fiction", "position": position, "turn": turn, "use_ability": False}


STEPS = [
    (2, {"type": "choose_ability", "card": "vowel-in-any-guess"}),
    (1, {"type": "choose_ability", "card": "lie-plus-one"}),
    (1, {"type": "choose_secret", "word": SECRET, "hint": "l", "override": False}),
    (1, {"type": "start_first_half"}),
    (3, guess("ghost")),
    (1, share(lies("ghost", 0))),
    (2, token(0)),  # FICTION: the G is the lie
    (3, {"type": "mark_letter", "letter": "q", "mark": "out"}),  # Gwen's own note on the alphabet board
    (3, guess("plumb")),
    (1, share(lies("plumb", 1, 4), use_ability=True)),  # two lies: a feather crossed off
    (2, token(2, turn=0)),  # FACT: the O of GHOST, a vowel in an earlier guess
    (None, {}),  # the first timer runs out: halftime
    (2, {"type": "start_second_half"}),
    (3, guess("fykli", table_agreed=True)),
    (1, share(lies("fykli", 3))),
    (2, guess("lemon")),
    (1, share(lies("lemon", 2))),
    (3, guess(SECRET)),
]
