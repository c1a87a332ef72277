"""Fiction on the table: roles, setup, move forms, regions, the clock and the "now" card.

The rules know three seats: "librarian", "guessers" (every guesser phone shares
one side) and None (the table: its clock, its host, its display). Which platform
seats sit on each side is the roles they held as the game began (``Played.players``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.table.clock import ClockWant
from companion.table.games import Codec, Field, Game, Move, Outcome, Played, PlayerRef, Role, Viewer, move_of
from companion.table.rules_errors import IllegalMove, RulesError

from . import rules
from .rules.game import GUESSERS, LIBRARIAN
from .card_form import CardsField, rules_cards, typed_cards  # noqa: F401 (typed_cards: the old syntax)
from .screens import TYPED, FictionScreens, alphabet, lie_counts, lie_note, lies_wanted, tiles, truth_shown

# Word fields keep the form's default length: a word of the wrong length gets the rules' own reason.
CLUES = (("✓", "✓ right letter, right spot"), ("~", "~ in the word, wrong spot"), ("✗", "✗ not in the word"))


class Fiction(Game):
    slug = "fiction"
    name = "Fiction"
    # The minimums are check_setup's: no Guesser in clue check mode (a paper game checked on one
    # phone), no Lie-brarian when the app is the Lie-brarian. The Lie-brarian's screens hold the
    # secret word and the honest clues beside every guess typed, and the book card is passed on.
    roles = (Role("librarian", "Lie-brarian", 0, 1, "✎", rotates=True, secret=True),
             Role("guesser", "Guesser", 0, 7, "◎"))
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
    regions = ("outcome", "setup_panel", "halftime", "clue_picker", "guess_box", "guess_rows", "alphabet", "clue_check")
    codec = Codec(rules.GameState.from_dict, rules.GameState.to_dict)
    screens = FictionScreens()

    # -- setup ------------------------------------------------------------------
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
        plain = {k: v for k, v in options.items() if k not in TYPED}
        rules_options = rules.Options.from_dict(plain)
        if not rules_options.ability_cards or rules_options.clue_check or rules_options.app_librarian:
            return rules_options, []
        return rules_options, [card for name, side in TYPED.items()
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

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> rules.GameState:
        # What the Guessers have seen of the Lie-brarian's secrets cannot be hidden from them again.
        seen = truth_shown(before, shown)
        if seen:
            raise IllegalMove(seen, reason="truth-seen")
        return before.state



# The role its players held as the game began, for each of the rules' sides.
_ROLE_OF_SIDE = {LIBRARIAN: LIBRARIAN, GUESSERS: "guesser"}


def _on_side(played: Played, side: str | None) -> list[int]:
    """The rules' players on a side (none for the table, None), in seat order."""
    role = _ROLE_OF_SIDE.get(side)  # type: ignore[arg-type]
    return [n for n, player in enumerate(played.players) if role and player.role == role]
