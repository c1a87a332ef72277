"""What Fiction's screens show beyond the rules' view, each built from a view alone: the guess
boards' tiles, the alphabet board, what a shared row's lies come to, the ending in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.template.defaultfilters import pluralize

from companion.table.games import Now, Played, Remedy, Screens, Viewer

from . import rules
from .card_form import cards_note
from .rules.game import GUESSERS, HOUSE_WORD, LIBRARIAN, OVER

HALVES = {1: "first half", 2: "second half"}
# The setup's fields of cards the app does not know, by the side each card is for.
TYPED = {"librarian_cards": "librarian", "guesser_cards": "guessers"}
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


class FictionScreens(Screens):
    blurb = ("Guess the Lie-brarian's secret word while every row of clues holds exactly one lie. "
             "The app keeps the honest clues, the lie picker, the Fact/Fiction tokens and both halves' clocks.")
    headcount = "2–8 players · with Banned Books"
    stylesheet = "css/fiction.css"
    script = "js/fiction.js"

    def played_name(self, setup: dict[str, Any]) -> str:
        # The ability cards are what Banned Books adds to the box; hard mode is a game worth naming.
        name = "Banned Books" if setup.get("ability_cards") else "Fiction"
        return f"{name} (hard)" if setup.get("hard_mode") else name

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        # The typed cards in words beside the host's rows and in every summary, never as stored.
        return {name: cards_note(setup.get(name), side) for name, side in TYPED.items()}

    def unheld_roles(self, setup: dict[str, Any]) -> dict[str, str]:
        return {LIBRARIAN: "The app is the Lie-brarian"} if setup.get("app_librarian") else {}

    def when_gone(self, played: Played, player: int) -> str:
        roles = [p.role for p in played.players]
        if roles[player] == LIBRARIAN:
            return ("The Lie-brarian holds the secret word, so the game cannot go on without them: wait for "
                    "them to come back, or end the game (nobody wins).")
        if roles.count("guesser") == 1:
            return "The game has no other Guesser: wait for them to come back, or end the game (nobody wins)."
        return ("The other Guessers play on as a team: wait for them to come back, or remove their seat and "
                "guess without them.")

    def now(self, view: dict, viewer: Viewer) -> Now:
        phase = view["phase"]
        moves = {m["type"]: m for m in view["legal_moves"]}
        side = view["seat"]
        half = HALVES[view["half"]]
        if phase == "over":
            word = (f"The secret word was {view['secret'].upper()}." if view["secret"]
                    else "No secret word had been chosen.")
            return Now(ending(view, side), word)
        if phase == "setup":
            card_owed = bool(view["offer"]) and view["abilities"][side] is None
            if side == LIBRARIAN:
                if moves.get("start_first_half", {}).get("allowed"):
                    return Now(f"Start the {view['half_seconds'] // 60}-minute timer and begin play!",
                               f"Tell the Guessers the hint letter {view['hint'].upper()}.", True)
                if not view["secret_chosen"]:
                    return Now("Choose the secret word from the book card and a hint letter", "", True)
                if card_owed:
                    return Now("Choose one of your two ability cards", "", True)
                return Now("Waiting for the Guessers to choose their ability card")
            if card_owed:
                return Now("Choose one of your two ability cards", "", True)
            what = "start the timer" if view["secret_chosen"] else "choose the secret word"
            return Now(f"Waiting for the Lie-brarian to {what}")
        if phase == "checking":
            if side == LIBRARIAN:
                return Now("Clue check: type each guess and the clue tokens laid under it",
                           f"The app says whether the row holds exactly one lie.", True)
            return Now("Clue check: the Lie-brarian is checking a game played on paper")
        # What the last move settled, for this side: it leads the detail until the next step
        # begins, since on a phone the boards that show it sit below the form of what to do next.
        news = result_words(view, side)
        if phase == "halftime":
            if "start_second_half" in moves:
                # The halftime card under it says to discard the unused boards, by its button.
                return Now("Halftime: start the second half", news, True)
            return Now("Halftime", f"{news} The host starts the second half.")
        guesses, tokens = view["guesses_left_in_half"], view["tokens"]
        left = (f"{guesses} guess{pluralize(guesses, 'es')} left in the {half} · "
                f"{tokens} Fact/Fiction token{pluralize(tokens)}")
        latest = view["turns"][-1]["guess"].upper() if view["turns"] else ""
        if phase == "deceiving":
            if side == LIBRARIAN:
                lies = lies_wanted(view["lie_counts"], "lie")
                return Now(f"Give the clues for this guess, with {lies}", f"Guess: {latest}", True)
            return Now("Waiting for the Lie-brarian's clues", f"Guess: {latest} · {left}")
        # The guesses left stay in sight beside the news: the Guessers weigh their next guess by
        # them. On a guesser's phone they go in the headline, as the guess box and the Fact/Fiction
        # picker (which counts the tokens) must share the first screen with the news.
        if side == GUESSERS:
            return Now(f"Your turn: agree on a guess ({guesses} left)", news or left,
                       moves.get("guess", {}).get("allowed", False))
        return Now("Waiting for the Guessers to guess", f"{news} {left}." if news else left)

    def caution(self, move: dict, setup: dict) -> str:
        # A paper game may have allowed a non-word or a repeated letter: warn as the guess box would refuse.
        if move.get("type") != "check_row":
            return ""
        try:
            red = bool(setup.get("red_words") or setup.get("hard_mode"))
            return " ".join(rules.guess_warnings(move.get("guess", ""), red_words=red))
        except rules.IllegalGuess:
            return ""  # not five letters: the rules' refusal says so

    def remedy(self, reason: str, move_type: str) -> Remedy | None:
        # The book card is the authority on the secret: a word our dictionary lacks may still be chosen.
        if move_type == "choose_secret" and reason == "not-a-word":
            return Remedy("Allow it anyway: it is on the book card", {"override": "1"})
        if move_type == "guess" and reason == HOUSE_WORD:
            return Remedy("Allow it anyway: the whole table agrees it is a word", {"table_agreed": "1"})
        return None

    def draft_audience(self, viewer: Viewer) -> str | None:
        # A guess can be typed on any guesser's phone; the other guessers watch it take shape.
        return "guessers" if viewer.role == "guesser" else None

    def audience(self, viewer: Viewer) -> str | None:
        # Every guesser sees the same view, except a host, who also holds the table's halftime button.
        if viewer.role == "guesser" and not viewer.is_host:
            return "guessers"
        return super().audience(viewer)

    def moment(self, view: dict) -> str:
        """The word, and the guess that found it (or how many missed it)."""
        word = (view.get("secret") or "").upper()
        guesses = view.get("turns") or []
        found = next((n for n, t in enumerate(guesses, 1) if t.get("correct")), None)
        if not word:
            return ""
        if found:
            return f"The word was {word}, found with guess {found}" + (
                f" after {guesses[found - 2]['guess'].upper()}." if found > 1 else ", the first one!")
        if view["outcome"]["winner"] == GUESSERS:  # clue check: the rows are on paper
            return f"The Guessers found {word}."
        return f"The word was {word}: {len(guesses)} guess{'es' if len(guesses) != 1 else ''} missed it."

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        return truth_shown(before, shown)


def truth_shown(before: Played, shown: Sequence[Played]) -> str:
    """Why going back to ``before`` would hide from the Guessers what a state every screen has
    shown since told them (``rules.TRUTH_SEEN``, ``rules.ANSWER_SEEN``), or ""."""
    # Asked at every drawing of the host's Undo: a game with no secret chosen yet is ruled out first.
    state = before.state
    if state.phase == OVER or state.secret is None:
        return ""
    seen = {rules.shows_truth(state, later.state) for later in shown}
    return next((why for why in (rules.TRUTH_SEEN, rules.ANSWER_SEEN) if why in seen), "")
