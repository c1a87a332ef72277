"""What Fiction's screens show beyond the rules' view, each built from a view alone: the guess
boards' tiles, the alphabet board, what a shared row's lies come to, the ending in words."""

from __future__ import annotations

from . import rules
from .rules.game import GUESSERS, LIBRARIAN

CLUE_NAMES = {"✓": "check", "~": "tilde", "✗": "cross"}
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def ending(view: dict, side: str | None) -> str:
    winner, how = view["outcome"]["winner"], view["outcome"]["termination"]
    if how == rules.Termination.ENDED.value:
        return "The host ended the game: nobody wins"
    if winner == GUESSERS:
        return "You guessed the secret word!" if side == GUESSERS else "The Guessers guessed the secret word"
    why = "the Guessers are out of guesses" if how == "out-of-guesses" else "the second timer expired"
    if side == LIBRARIAN:
        return f"You win: {why}"
    return f"The {'app' if view['options']['app_librarian'] else 'Lie-brarian'} wins: {why}"


def tiles(row: dict) -> list[dict]:
    """One tile per letter of a guess board: the letter, its shared clue and any token on it.

    Only a view that holds the honest clues (the Lie-brarian's, or anyone's at the end)
    gives a tile its honest clue and whether the shared one is the lie; any other tile says
    none ("") and no lie.
    """
    drawn = []
    for i, letter in enumerate(row["guess"]):
        clue = row["clues"][i] if row["clues"] else ""
        tile = {"position": i, "letter": letter, "clue": clue, "clue_name": CLUE_NAMES.get(clue, ""),
                "fact": i in row["facts"], "fiction": i in row["fictions"], "honest": "", "honest_name": "",
                "lie": False}
        if "honest" in row:
            honest = row["honest"][i]
            tile.update(honest=honest, honest_name=CLUE_NAMES[honest], lie=i in (row["lies"] or ()))
        drawn.append(tile)
    return drawn


ALPHABET_STATES = {
    "in": "in the word",
    "in-maybe": "in the word, unless a lie",
    "out": "not in the word",
    "out-maybe": "not in the word, unless a lie",
    "mixed": "clues disagree",
    "": "no clue yet",
}


NEXT_MARK = {"": "in", "in": "out", "out": "maybe", "maybe": ""}  # a tap moves a letter's pen mark on


def alphabet(view: dict) -> list[dict]:
    """The alphabet board as the guessers would fill it in: what the rules say they can be sure of, and their marks."""
    board = []
    for letter in ALPHABET:
        state = view["letters"].get(letter, "")
        mark = view["marks"].get(letter, "")
        board.append({"letter": letter, "state": state, "label": ALPHABET_STATES[state],
                      "mark": mark, "next_mark": NEXT_MARK[mark]})
    return board


def lie_counts(view: dict) -> list[int]:
    """How many lies the Lie-brarian may put in the next row: one, or what their card allows while it has uses."""
    card = view["abilities"][LIBRARIAN]
    counts = {1}
    if card is not None and card["uses_left"] != 0:
        counts |= set(card["lie_counts"])
    return sorted(counts)


NUMBERS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def lies_wanted(counts: list[int], noun: str = "clue") -> str:
    """'exactly one clue' / 'one or two clues' / 'zero or one clue', for the Share button's reason."""
    said = " or ".join(NUMBERS[n] for n in counts)
    return f"exactly {said} {noun}" if len(counts) == 1 else f"{said} {noun}{'s' if max(counts) > 1 else ''}"


def _under(row: dict, positions: list[int]) -> str:
    letters = [row["guess"][p].upper() for p in positions]
    return letters[0] if len(letters) == 1 else f"{', '.join(letters[:-1])} and {letters[-1]}"


def lie_note(row: dict) -> str:
    """What the guessers know of a shared row's lies, from the lies it may hold and what the tokens showed."""
    found, counts = row["known_lies"], row["possible_lies"]
    unsettled = [p for p in range(len(row["guess"])) if p not in found and p not in row["known_honest"]]
    more = sorted({n - len(found) for n in counts})
    if not counts:
        return "These clues contradict the others"
    if more == [0]:
        if not found:
            return "No lie in this row: every clue is honest"
        return f"The lie{'s are' if len(found) > 1 else ' is'} under {_under(row, found)}: every other clue is honest"
    one = len(more) == 1
    if not found and not row["known_honest"]:
        if one:
            return f"Exactly {NUMBERS[more[0]]} of these clues {'is a lie' if more == [1] else 'are lies'}"
        return f"{' or '.join(map(str, more))} of these clues may be lies"
    among = f"the clues under {_under(row, unsettled)}"
    if not found:
        if one:
            return f"Exactly {NUMBERS[more[0]]} of {among} {'is a lie' if more == [1] else 'are lies'}"
        return f"{' or '.join(map(str, more))} of {among} may be lies"
    lead = f"{'A lie is' if len(found) == 1 else 'Lies are'} under {_under(row, found)}"
    if one:
        return f"{lead}; exactly {NUMBERS[more[0]]} more among {among}"
    return f"{lead}; {' or '.join(map(str, more))} more may be among {among}"


ORDINALS = {0: "1st", 1: "2nd", 2: "3rd", 3: "4th", 4: "5th"}


def settled(view: dict) -> str | None:
    """What the last move settled while it is still the news: "token" (a Fact/Fiction token
    answered), "shared" (a row of clues shared) or "halftime", until the next guess or the second
    half begins. None in setup, while a guess waits for its clues, and at the end, whose own words
    say it."""
    phase, turns = view["phase"], view["turns"]
    if phase == "halftime":
        return "halftime"
    if phase != "guessing" or not turns:
        return None
    if view.get("last_token"):
        return "token"
    latest = turns[-1]
    return "shared" if latest["clues"] and latest["half"] == view["half"] else None


def _lies_among(counts: list[int]) -> str:
    if not counts:
        return "they contradict the clues before them"
    said = " or ".join(str(n) for n in counts)
    return f"{said} lie{'s' if max(counts) > 1 or counts == [0] else ''} among them"


def _shared_words(view: dict, side: str | None) -> str:
    row = view["turns"][-1]
    word = row["guess"].upper()
    if side == LIBRARIAN:
        lies = row["lies"] or []
        where = " and ".join(f"the {ORDINALS[p]} letter" for p in lies)
        said = f"the lie{'s are' if len(lies) > 1 else ' is'} under {where}" if lies else "no lie among them"
        feather = "; a feather crossed off" if row.get("ability_used") else ""
        return f"You shared the clues for {word}: {said}{feather}."
    return f"The Lie-brarian shared the clues for {word}: {_lies_among(row['possible_lies'])}."


def result_words(view: dict, side: str | None) -> str:
    """What the last move settled, said to ``side`` (None: the table display), in the rulebook's
    words: the clues shared and how many lies they may hold, a token's FACT or FICTION, halftime.
    Empty when nothing is news (``settled``). Only what the side's view holds: the guessers hear
    how many lies a row may hold, never where they are."""
    news = settled(view)
    if news is None:
        return ""
    if news == "token":
        token = view["last_token"]
        row = view["turns"][token["number"] - 1]
        fact = token["position"] in row["facts"]
        whose = "Your token" if side == GUESSERS else "The Guessers' token"
        return f"{whose} on the {ORDINALS[token['position']]} letter of {row['guess'].upper()}: {'FACT' if fact else 'FICTION'}."
    if news == "shared":
        return _shared_words(view, side)
    first_half = [t for t in view["turns"] if t["half"] == 1]
    if len(first_half) == 5 and first_half[-1]["clues"]:
        return f"{_shared_words(view, side)} Five guesses made: it is halftime."
    return "The first timer expired: it is halftime."
