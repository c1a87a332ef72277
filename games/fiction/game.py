"""Fiction on the table: roles, setup, move forms, regions, the clock and the "now" card.

The rules know three seats: "librarian", "guessers" (every guesser phone shares
one side) and None (the table: its clock, its host, its display). Which platform
seats sit on each side is the roles they held as the game began (``Played.players``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.template.defaultfilters import pluralize

from companion.table.clock import ClockWant
from companion.table.games import (Codec, Field, Game, Move, Now, Outcome, Played, PlayerRef, Remedy, Role, Viewer,
                                   move_of)
from companion.table.rules_errors import IllegalMove, RulesError

from . import rules
from .rules.game import GUESSERS, HOUSE_WORD, LIBRARIAN, OVER
from .card_form import CardsField, cards_note, rules_cards, typed_cards  # noqa: F401 (typed_cards: the old syntax)
from .screens import alphabet, ending, lie_counts, lie_note, lies_wanted, result_words, tiles

# Word fields keep the form's default length: a word of the wrong length gets the rules' own reason.
CLUES = (("✓", "✓ right letter, right spot"), ("~", "~ in the word, wrong spot"), ("✗", "✗ not in the word"))
HALVES = {1: "first half", 2: "second half"}


class Fiction(Game):
    slug = "fiction"
    name = "Fiction"
    blurb = ("Guess the Lie-brarian's secret word while every row of clues holds exactly one lie. "
             "The app keeps the honest clues, the lie picker, the Fact/Fiction tokens and both halves' clocks.")
    players = "2–8 players · with Banned Books"
    stylesheet = "css/fiction.css"
    script = "js/fiction.js"
    # The minimums are check_setup's: no Guesser in clue check mode (a paper game checked on one
    # phone), no Lie-brarian when the app is the Lie-brarian.
    roles = (Role("librarian", "Lie-brarian", 0, 1, "✎"), Role("guesser", "Guesser", 0, 7, "◎"))
    rotating_role = "librarian"
    secret_roles = ("librarian",)  # the secret word and the honest clues, beside every guess typed
    moves = (
        # Each side's own card and the Lie-brarian's secret are chosen side by side while the game
        # starts: what the others chose meanwhile changes nothing of them.
        Move("choose_ability", (Field("card", "text", label="Ability card"),), label="Keep this card",
             stale_safe=True, noun="ability card"),
        Move("choose_secret", (
            Field("word", "text", label="Secret word"),
            Field("hint", "text", label="Hint letter"),
            Field("override", "bool", label="Allow it anyway"),
        ), label="Keep this secret", stale_safe=True, noun="secret word"),
        Move("start_first_half", label="Start the timer", noun="start of the first half"),
        Move("check_row", (
            Field("guess", "text", label="Guess on the paper board"),
            Field("clues", "choice", label="Clue token", many=True, choices=CLUES),
        ), label="Check this row", noun="checked row"),
        # The guessers' notes: stale-safe, since a mark means the same whatever others did meanwhile.
        Move("mark_letter", (
            Field("letter", "text", label="Letter", max_length=1),
            Field("mark", "choice", label="Mark", required=False, default="",
                  choices=(("in", "in the word"), ("out", "not in the word"), ("maybe", "maybe"))),
        ), label="Mark a letter", stale_safe=True, undoable=False),
        Move("guess", (
            Field("word", "text", label="Guess"),
            Field("table_agreed", "bool", label="The whole table agrees it is a word"),
        ), label="Guess"),
        Move("share_clues", (
            Field("clues", "choice", label="Clue", many=True, choices=CLUES),
            Field("use_ability", "bool", label="Cross off a feather (use your ability)"),
        ), label="Share the clues", noun="clues"),
        Move("fact_fiction", (
            Field("position", "int", label="Letter", minimum=0, maximum=4),
            Field("turn", "int", label="Guess", required=False, minimum=0),
            Field("use_ability", "bool", label="Use your ability with this token"),
        ), label="Fact or Fiction?", noun="Fact/Fiction token"),
        Move("use_ability", label="Discard a token to use your ability", noun="use of an ability"),
        Move("start_second_half", label="Start the second half", host_only=True, noun="start of the second half"),
    )
    setup = (
        Field("hard_mode", "bool", label="Hard difficulty (all three below)", default=False,
              covers=("red_words", "one_token_per_half", "eight_minute_halves")),
        Field("red_words", "bool", label="Red words (repeated letters allowed)", default=False),
        Field("one_token_per_half", "bool", label="One Fact/Fiction token per half", default=False),
        Field("eight_minute_halves", "bool", label="Eight-minute halves", default=False),
        Field("ability_cards", "bool", label="Banned Books ability cards", default=False),
        # The label is what the table display lists in the lobby: short; the form says the rest.
        Field("house_words", "bool", label="House words", default=False,
              help="The table may agree to allow a guess our dictionary lacks."),
        Field("words_left", "bool", label="Helper: how many dictionary words still fit the shared clues",
              default=False),
        Field("clue_check", "bool", label="Clue check only: we play on paper; the Lie-brarian's phone checks each row",
              default=False),
        Field("app_librarian", "bool", label="The app is the Lie-brarian: it draws the word and lies; everyone guesses",
              default=False),
        # Cards from the box the app does not know: one row of ordinary controls a card (card_form.py).
        CardsField("librarian_cards", label="Lie-brarian ability cards the app does not know", required=False,
                   side=LIBRARIAN, help="Each card's text as printed, what it lets a row hold, and the number under "
                                        "its feather. Clear a card's text to remove it."),
        CardsField("guesser_cards", label="Guesser ability cards the app does not know", required=False,
                   side=GUESSERS, help="Each card's text as printed, its badge (blue: used with a token; red: paid "
                                       "for by discarding one) and how many times it may be used. Clear a card's "
                                       "text to remove it."),
    )
    TYPED = {"librarian_cards": "librarian", "guesser_cards": "guessers"}
    regions = ("outcome", "setup_panel", "halftime", "clue_picker", "guess_box", "guess_rows", "alphabet", "clue_check")
    codec = Codec(rules.GameState.from_dict, rules.GameState.to_dict)

    # -- setup ------------------------------------------------------------------
    def role_for_newcomer(self, counts: dict[str, int]) -> str:
        # The first to sit down holds the book card, as at a real table; the host can change it.
        return LIBRARIAN if not counts.get(LIBRARIAN) else "guesser"

    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        librarians = [p for p in players if p.role == LIBRARIAN]
        if options.get("app_librarian"):
            if librarians:
                return f"The app is the Lie-brarian: make {librarians[0].name} a Guesser."
            if not players:
                return "Fiction needs at least one Guesser."
            return self._options_problem(options)
        if len(librarians) != 1:
            return "Fiction needs one Lie-brarian."
        if not options.get("clue_check") and not any(p.role == "guesser" for p in players):
            return "Fiction needs at least one Guesser (or clue check mode, for a game on paper)."
        if not librarians[0].has_phone:
            return "The Lie-brarian needs their own phone: only it shows the secret word and the honest clues."
        return self._options_problem(options)

    def played_name(self, setup: dict[str, Any]) -> str:
        # The ability cards are what Banned Books adds to the box; hard mode is a game worth naming.
        name = "Banned Books" if setup.get("ability_cards") else self.name
        return f"{name} (hard)" if setup.get("hard_mode") else name

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        # The typed cards in words beside the host's rows and in every summary, never as stored.
        return {name: cards_note(setup.get(name), side) for name, side in self.TYPED.items()}

    def _options_problem(self, options: dict[str, Any]) -> str | None:
        try:
            rules_options, typed = self._split(options)
            if rules_options.clue_check and rules_options.app_librarian:
                return "Choose clue check or the app as Lie-brarian, not both."
            rules.new_game(rules_options, rng=random.Random(0), custom_cards=typed)
        except RulesError as refusal:
            return str(refusal)
        return None

    def _split(self, options: dict[str, Any]) -> tuple[rules.Options, list[dict]]:
        """The rules' options, and the typed ability cards (only when the cards are in play)."""
        plain = {k: v for k, v in options.items() if k not in self.TYPED}
        rules_options = rules.Options.from_dict(plain)
        if not rules_options.ability_cards or rules_options.clue_check or rules_options.app_librarian:
            return rules_options, []
        return rules_options, [card for name, side in self.TYPED.items()
                               for card in rules_cards(options.get(name), side)]

    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> rules.GameState:
        problem = self.check_setup(options, players)
        if problem:
            raise rules.IllegalSetup(problem, reason="players")
        rules_options, typed = self._split(options)
        return rules.new_game(rules_options, rng=rng, custom_cards=typed)

    # -- seats ----------------------------------------------------------------------
    @staticmethod
    def side(played: Played, viewer: Viewer) -> str | None:
        """The rules' seat for this viewer: a side, or None for a display.

        The Lie-brarian is the player who held the role as the game began (nobody with the app
        as Lie-brarian), never a role read later, so no other phone can become the one that
        sees the secret.
        """
        if viewer.is_display:
            return None
        player = played.index(viewer)
        return LIBRARIAN if player is not None and played.players[player].role == LIBRARIAN else GUESSERS

    @staticmethod
    def players_on(played: Played, sides: list[str | None]) -> list[PlayerRef]:
        """The players who sit on these rules' sides, each marked for the platform; the table
        (None) is left to the platform."""
        return [PlayerRef(n) for side in sides for n in _on_side(played, side)]

    # -- the game -----------------------------------------------------------------------
    def apply(self, played: Played, actor: Viewer, move: dict, rng: random.Random) -> rules.GameState:
        declared = move_of(self, move.get("type", ""))
        if declared is None:
            raise rules.IllegalMove("That is not a move anyone at the table can make.", reason="unknown-move")
        if actor.is_display:
            raise rules.IllegalMove("The table display only shows the game.", reason="display")
        seat = None if declared.host_only else self.side(played, actor)
        if move["type"] == "share_clues" and not move.get("use_ability"):
            # An unticked box is not a refusal to use a card: the rules cross off the feather
            # themselves when the row's lie count needs the Lie-brarian's card.
            move = {**move, "use_ability": None}
        return rules.apply(played.state, seat, move, clock_held=played.clock_held)

    def end(self, played: Played) -> rules.GameState:
        return rules.end_game(played.state)

    def time_up(self, played: Played) -> rules.GameState:
        return rules.apply(played.state, None, {"type": "timer_expired"}, clock_held=played.clock_held)

    def remove(self, played: Played, player: int, rng: random.Random) -> rules.GameState:
        if self.outcome(played) is None:
            roles = [p.role for p in played.players]
            if roles[player] == LIBRARIAN:
                raise IllegalMove("The Lie-brarian holds the secret word and cannot leave mid-game; end the game "
                                  "first.", reason="holds-the-secret")
            if roles[player] == "guesser" and roles.count("guesser") == 1:
                raise IllegalMove("The last Guesser cannot leave mid-game; end the game first.", reason="last-guesser")
        return played.state

    def view(self, played: Played, viewer: Viewer) -> dict:
        game = played.state
        view = rules.player_view(game, self.side(played, viewer), clock_held=played.clock_held)
        if viewer.is_display:
            view["legal_moves"] = []  # a display shows the table; it makes no moves
        elif viewer.is_host:  # the host also makes the table's moves (halftime)
            table = rules.player_view(game, None)["legal_moves"]
            view["legal_moves"] += [m for m in table if move_of(self, m["type"]).host_only]
        view["waiting_for"] = self.players_on(played, view["waiting_for"])
        for row in view["turns"]:
            row["tiles"] = tiles(row)
            row["note"] = lie_note(row) if row["clues"] and not row["correct"] else ""
        for row in view.get("checks", ()):  # the lies come only with the honest clues (the truth's view)
            row["tiles"] = tiles({**row, "facts": [], "fictions": [],
                                   "lies": [lie["position"] for lie in row.get("lies", ())]})
        view["alphabet"] = alphabet(view)
        # What the alphabet board shows besides the letters; it changes with the phase far less
        # often than the phase does (a guess and its clues leave it as it was).
        view["alphabet_board"] = None if view["phase"] in ("setup", "checking") or view["options"]["clue_check"] else {
            "marking": any(m["type"] == "mark_letter" for m in view["legal_moves"]),
            "over": view["phase"] == "over"}
        if view["seat"] == LIBRARIAN:
            view["lie_counts"] = lie_counts(view)
            view["lies_wanted"] = lies_wanted(view["lie_counts"])
        return view

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

    def outcome(self, played: Played) -> Outcome | None:
        game = played.state
        found = game.outcome
        if found is None:
            return None
        won = tuple(_on_side(played, found.winner))
        # A side with no seat at the table (paper guessers in clue check, the app) is still named.
        side = "" if found.winner is None else "the Guessers" if found.winner == GUESSERS else \
            "the app" if game.options.app_librarian else "the Lie-brarian"
        return Outcome(won, found.termination.value, side)

    def clock(self, played: Played) -> ClockWant | None:
        game = played.state
        if game.phase in ("setup", "over", "checking"):
            return None
        return ClockWant(f"half-{game.half}", game.half_seconds, game.clock_running)

    def moment(self, played: Played) -> str:
        """The word, and the guess that found it (or how many missed it)."""
        view = self.view(played, Viewer(seat_id=None, role="display"))
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
        return _truth_shown(before, shown)

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> dict:
        # What the Guessers have seen of the Lie-brarian's secrets cannot be hidden from them again.
        seen = _truth_shown(before, shown)
        if seen:
            raise IllegalMove(seen, reason="truth-seen")
        return before.state

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


def _truth_shown(before: Played, shown: Sequence[Played]) -> str:
    """Why going back to ``before`` would hide from the Guessers what a state every screen has
    shown since told them (``rules.TRUTH_SEEN``, ``rules.ANSWER_SEEN``), or ""."""
    # Asked at every drawing of the host's Undo: a game with no secret chosen yet is ruled out first.
    state = before.state
    if state.phase == OVER or state.secret is None:
        return ""
    seen = {rules.shows_truth(state, later.state) for later in shown}
    return next((why for why in (rules.TRUTH_SEEN, rules.ANSWER_SEEN) if why in seen), "")


# The role its players held as the game began, for each of the rules' sides.
_ROLE_OF_SIDE = {LIBRARIAN: LIBRARIAN, GUESSERS: "guesser"}


def _on_side(played: Played, side: str | None) -> list[int]:
    """The rules' players on a side (none for the table, None), in seat order."""
    role = _ROLE_OF_SIDE.get(side)  # type: ignore[arg-type]
    return [n for n, player in enumerate(played.players) if role and player.role == role]
