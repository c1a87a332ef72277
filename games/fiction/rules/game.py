"""The Fiction game as an immutable state and moves (see the package docstring)."""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Callable, Mapping

from .abilities import (
    ANY_FIVE_LETTERS,
    SIDES,
    VOWEL_IN_ANY_GUESS,
    AbilityCard,
    custom_card,
    deal,
)
from .board import Board, Known, deduce
from .clues import Clue, clues_text, honest_clues, judge_row, lie_positions, parse_clues
from .errors import IllegalClues, IllegalGuess, IllegalMove, IllegalSecret, IllegalSetup, RulesError
from .solver import Row, best_lie, candidates
from .words import check_guess, check_shape, common_words, guess_warnings, secret_words

LIBRARIAN = "librarian"
GUESSERS = "guessers"
SEATS = (LIBRARIAN, GUESSERS)

SETUP = "setup"
GUESSING = "guessing"
DECEIVING = "deceiving"
HALFTIME = "halftime"
OVER = "over"
CHECKING = "checking"  # clue check mode: a paper game, checked on the Lie-brarian's phone
PHASES = (SETUP, GUESSING, DECEIVING, HALFTIME, OVER, CHECKING)

GUESSES_PER_HALF = 5
TOKENS_PER_GAME = 3
HALF_SECONDS = 600
HARD_HALF_SECONDS = 480
VOWELS = frozenset("aeiou")
# Refusals of a well-formed guess that only our dictionary makes (TEXAS, FYKLI): the table may overrule them.
LACKING = ("not-a-word", "proper-noun")
HOUSE_WORD = "house-word"  # such a refusal where the table may agree to allow the word
# Banned Books: "At any time while the timer is running, they may declare they are using a
# token"; "Guesser abilities can only be used when the timer is running". The base game says
# only "Before making their next guess", so there a token waits for no clock.
NEEDS_RUNNING_CLOCK = frozenset({"fact_fiction", "use_ability"})
CLOCK_PAUSED = "The clock is paused: tokens can be used while it runs."
STATE_VERSION = 2  # 2: the outcome says its termination


@dataclass(frozen=True)
class Options:
    """Table choices made before the Prologue; each hard option stands alone."""

    red_words: bool = False
    one_token_per_half: bool = False
    eight_minute_halves: bool = False
    ability_cards: bool = False
    house_words: bool = False  # the table may agree to allow a guess the dictionary lacks
    words_left: bool = False  # a helper the table may switch on: how many dictionary words still fit
    clue_check: bool = False  # the game is played on paper; the app only checks the Lie-brarian's rows
    app_librarian: bool = False  # the app draws the secret and lies on every row; everyone guesses

    @classmethod
    def hard(cls, **others: bool) -> "Options":
        return cls(red_words=True, one_token_per_half=True, eight_minute_halves=True, **others)

    def to_dict(self) -> dict[str, bool]:
        return {
            "red_words": self.red_words,
            "one_token_per_half": self.one_token_per_half,
            "eight_minute_halves": self.eight_minute_halves,
            "ability_cards": self.ability_cards,
            "house_words": self.house_words,
            "words_left": self.words_left,
            "clue_check": self.clue_check,
            "app_librarian": self.app_librarian,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Options":
        """Options from a dict; ``hard_mode`` (the setup form's shortcut) turns on all three hard options."""
        unknown = set(data) - set(cls().to_dict()) - {"hard_mode"}
        if unknown:
            raise IllegalSetup(f"Unknown option {sorted(unknown)[0]!r}.", reason="unknown-option")
        for key, value in data.items():
            if not isinstance(value, bool):
                raise IllegalSetup(f"Option {key!r} is on or off.", reason="bad-option")
        options = {key: value for key, value in data.items() if key != "hard_mode"}
        if data.get("hard_mode"):
            return cls.hard(**{k: v for k, v in options.items() if k in ("ability_cards", "house_words", "words_left", "clue_check", "app_librarian")})
        return cls(**options)


@dataclass(frozen=True)
class Turn:
    """One guess board: the guess, the Lie-brarian's two halves, and any tokens on it."""

    guess: str
    half: int
    honest: tuple[Clue, ...]
    shared: tuple[Clue, ...] | None = None  # None until the clues are shared
    correct: bool = False
    ability_used: bool = False  # the Lie-brarian crossed off a feather for this guess
    facts: frozenset[int] = frozenset()
    fictions: frozenset[int] = frozenset()
    free_guess: bool = False  # made with "5 letters that don't spell a word"
    table_word: bool = False  # allowed by the table although the dictionary lacks it

    @property
    def lies(self) -> frozenset[int]:
        return frozenset() if self.shared is None else lie_positions(self.honest, self.shared)

    def to_dict(self) -> dict[str, Any]:
        return {
            "guess": self.guess,
            "half": self.half,
            "honest": clues_text(self.honest),
            "shared": None if self.shared is None else clues_text(self.shared),
            "correct": self.correct,
            "ability_used": self.ability_used,
            "facts": sorted(self.facts),
            "fictions": sorted(self.fictions),
            "free_guess": self.free_guess,
            "table_word": self.table_word,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Turn":
        return cls(
            guess=data["guess"],
            half=data["half"],
            honest=parse_clues(data["honest"]),
            shared=None if data["shared"] is None else parse_clues(data["shared"]),
            correct=data["correct"],
            ability_used=data["ability_used"],
            facts=frozenset(data["facts"]),
            fictions=frozenset(data["fictions"]),
            free_guess=data["free_guess"],
            table_word=data["table_word"],
        )


class Termination(Enum):
    """How a game of Fiction ended (Game End)."""

    GUESSED = "guessed"  # the Guessers win by guessing the secret word
    OUT_OF_GUESSES = "out-of-guesses"  # the Lie-brarian wins: no guesses left
    TIME = "time"  # the Lie-brarian wins: the second timer expired
    ENDED = "ended"  # the table stopped the game before either side won


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # "guessers" or "librarian"; None when the table ended the game
    termination: Termination

    def to_dict(self) -> dict[str, str]:
        return {"winner": self.winner, "termination": self.termination.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Outcome":
        return cls(data["winner"], Termination(data["termination"]))


@dataclass(frozen=True)
class GameState:
    options: Options = Options()
    phase: str = SETUP
    half: int = 1
    secret: str | None = None
    hint: str | None = None
    secret_override: bool = False  # the Lie-brarian confirmed a secret our dictionary lacks
    turns: tuple[Turn, ...] = ()
    tokens: int = TOKENS_PER_GAME
    offers: tuple[tuple[str, tuple[AbilityCard, ...]], ...] = ()  # dealt, not yet chosen
    librarian_card: AbilityCard | None = None
    guessers_card: AbilityCard | None = None
    librarian_uses: int = 0
    guessers_uses: int = 0
    free_guess_pending: bool = False
    outcome: Outcome | None = None
    checks: tuple[tuple[str, tuple[Clue, ...]], ...] = ()  # clue check mode: (guess, tokens laid down)
    marks: tuple[tuple[str, str], ...] = ()  # the guessers' own marks on the alphabet board, by letter
    # The Fact/Fiction token answered last, (turn index, position), until the next guess: the
    # news every screen leads with, since a turn's tokens do not say which came last.
    last_token: tuple[int, int] | None = None

    # --- what the platform reads -------------------------------------------------

    @property
    def clock_running(self) -> bool:
        """True while the guessers are guessing; paused from a guess until its clues are shared."""
        return self.phase == GUESSING

    @property
    def half_seconds(self) -> int:
        return HARD_HALF_SECONDS if self.options.eight_minute_halves else HALF_SECONDS

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def guesses_this_half(self) -> int:
        return sum(1 for t in self.turns if t.half == self.half)

    @property
    def guesses_left_in_half(self) -> int:
        return GUESSES_PER_HALF - self.guesses_this_half

    def offer(self, side: str) -> tuple[AbilityCard, ...]:
        return dict(self.offers).get(side, ())

    def card(self, side: str) -> AbilityCard | None:
        return self.librarian_card if side == LIBRARIAN else self.guessers_card

    def uses_left(self, side: str) -> int | None:
        card = self.card(side)
        if card is None:
            return 0
        if card.uses is None:
            return None
        used = self.librarian_uses if side == LIBRARIAN else self.guessers_uses
        return card.uses - used

    @property
    def setup_complete(self) -> bool:
        cards_chosen = not self.options.ability_cards or (
            self.librarian_card is not None and self.guessers_card is not None
        )
        return self.secret is not None and self.hint is not None and cards_chosen

    def possible_lies(self) -> frozenset[int]:
        """How many lies a shared row may hold, as the guessers know it.

        The feathers are crossed off in secret, so while the Lie-brarian holds
        a card the guessers must allow for it on every row.
        """
        card = self.librarian_card
        return frozenset({1}) | (card.lie_counts if card is not None else frozenset())

    def _shared_rows(self) -> list[Row]:
        lies = self.possible_lies()
        return [
            Row(t.guess, t.shared, lies=lies, facts=t.facts, fictions=t.fictions)
            for t in self.turns
            if t.shared is not None and not t.correct
        ]

    def board(self, hint: str | None) -> Board:
        """What the guessers can be sure of from the shared rows, their tokens and ``hint`` (if they know it)."""
        card = self.librarian_card
        # a card that never allows one lie shows its feathers in the rows that cannot hold one
        feathers = card.uses if card is not None and 1 not in card.lie_counts else None
        return deduce(self._shared_rows(), hint, feathers)

    def rows(self) -> list[Row]:
        """The shared rows as ``Row``s for ``candidates`` (what the guessers know)."""
        rows = self._shared_rows()
        return [replace(row, lies=known.counts) for row, known in zip(rows, self.board(self.hint).rows)]

    # --- serialisation -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "options": self.options.to_dict(),
            "phase": self.phase,
            "half": self.half,
            "secret": self.secret,
            "hint": self.hint,
            "secret_override": self.secret_override,
            "turns": [t.to_dict() for t in self.turns],
            "tokens": self.tokens,
            "offers": {side: [c.to_dict() for c in cards] for side, cards in self.offers},
            "librarian_card": None if self.librarian_card is None else self.librarian_card.to_dict(),
            "guessers_card": None if self.guessers_card is None else self.guessers_card.to_dict(),
            "librarian_uses": self.librarian_uses,
            "guessers_uses": self.guessers_uses,
            "free_guess_pending": self.free_guess_pending,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            "checks": [[guess, clues_text(clues)] for guess, clues in self.checks],
            "marks": dict(self.marks),
            "last_token": None if self.last_token is None else list(self.last_token),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameState":
        if data.get("version") != STATE_VERSION:
            raise IllegalSetup("This saved game is from another version.", reason="version")
        card = lambda d: None if d is None else AbilityCard.from_dict(d)  # noqa: E731
        return cls(
            options=Options.from_dict(data["options"]),
            phase=data["phase"],
            half=data["half"],
            secret=data["secret"],
            hint=data["hint"],
            secret_override=data["secret_override"],
            turns=tuple(Turn.from_dict(t) for t in data["turns"]),
            tokens=data["tokens"],
            offers=tuple(
                (side, tuple(AbilityCard.from_dict(c) for c in cards))
                for side, cards in data["offers"].items()
            ),
            librarian_card=card(data["librarian_card"]),
            guessers_card=card(data["guessers_card"]),
            librarian_uses=data["librarian_uses"],
            guessers_uses=data["guessers_uses"],
            free_guess_pending=data["free_guess_pending"],
            outcome=None if data["outcome"] is None else Outcome.from_dict(data["outcome"]),
            checks=tuple((guess, parse_clues(clues)) for guess, clues in data.get("checks", ())),
            marks=tuple(sorted(data.get("marks", {}).items())),
            last_token=None if data.get("last_token") is None else tuple(data["last_token"]),
        )


# --- setup ---------------------------------------------------------------------------


def new_game(
    options: Options | Mapping[str, bool] | None = None,
    *,
    rng: random.Random | None = None,
    custom_cards: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]] = (),
) -> GameState:
    """A game in setup. With ability cards on, deals 2 to each side from ``rng``."""
    if options is None:
        options = Options()
    elif not isinstance(options, Options):
        options = Options.from_dict(options)
    if options.clue_check and options.app_librarian:
        raise IllegalSetup("Clue check is for a Lie-brarian at a paper game; the app as Lie-brarian needs no check.",
                           reason="modes")
    if options.clue_check or options.app_librarian:  # the Banned Books cards are for two human sides
        options = replace(options, ability_cards=False)
    tokens = 1 if options.one_token_per_half else TOKENS_PER_GAME
    state = GameState(options=options, tokens=tokens)
    if options.app_librarian:
        return _app_prologue(state, rng)
    if options.ability_cards:
        if rng is None:
            raise IllegalSetup("Dealing ability cards needs a random source.", reason="rng-required")
        typed = [custom_card(c, n) for n, c in enumerate(custom_cards, start=1)]
        dealt = deal(rng, typed)
        state = replace(state, offers=tuple((side, dealt[side]) for side in SIDES))
    elif custom_cards:
        raise IllegalSetup("Typed cards need the ability cards option.", reason="cards-off")
    return state


def _app_prologue(state: GameState, rng: random.Random | None) -> GameState:
    """The app as Lie-brarian draws a common word, shares one of its letters and starts the timer."""
    if rng is None:
        raise IllegalSetup("Drawing the secret word needs a random source.", reason="rng-required")
    red = state.options.red_words
    pool = [w for w in common_words() if red or len(set(w)) == len(w)]
    secret = rng.choice(pool)
    return replace(state, secret=secret, hint=rng.choice(sorted(set(secret))), phase=GUESSING)


def _app_lie(state: GameState) -> GameState:
    """The app shares the latest row with the lie that leaves the guessers the most candidate words."""
    turn = state.turns[-1]
    rows = best_lie(state.rows(), turn.guess, turn.honest, secret_words(state.options.red_words), hint=state.hint)
    # ties broken by a draw seeded from the game itself, so the rules stay a pure function of (state, move)
    pick = random.Random(f"{state.secret}:{len(state.turns)}:{turn.guess}").choice(rows)
    return share_clues(state, LIBRARIAN, list(pick))


def _need_seat(seat: str | None, *allowed: str | None) -> None:
    if seat not in allowed:
        if seat is not None and seat not in SEATS:
            raise IllegalMove(f"There is no seat called {seat!r}.", reason="unknown-seat")
        raise IllegalMove("That is not yours to do.", reason="not-your-turn")


def _need_table(seat: str | None, message: str, reason: str) -> None:
    """Moves the table makes (its clock, its host), never one side: refused from a side's seat."""
    if seat is not None:
        _need_seat(seat, *SEATS)
        raise IllegalMove(message, reason=reason)


def _need_phase(state: GameState, *phases: str) -> None:
    if state.phase not in phases:
        if state.phase == OVER:
            raise IllegalMove("The game is over.", reason="game-over")
        messages = {
            SETUP: "The game has not started yet.",
            GUESSING: "The guessers are guessing.",
            DECEIVING: "The Lie-brarian is giving clues; the timer is paused.",
            HALFTIME: "It is halftime.",
            CHECKING: "The game is played on paper: the Lie-brarian's phone only checks its rows.",
        }
        raise IllegalMove(messages[state.phase], reason="wrong-phase")


def choose_ability(state: GameState, seat: str | None, card: str) -> GameState:
    """Setup: each side keeps 1 of its 2 dealt cards, face up for everyone."""
    _need_seat(seat, *SEATS)
    _need_phase(state, SETUP)
    if not state.options.ability_cards:
        raise IllegalMove("This game is played without ability cards.", reason="cards-off")
    chosen = [c for c in state.offer(seat) if c.id == card]  # type: ignore[arg-type]
    if not chosen:
        raise IllegalMove("Choose one of the two cards you were dealt.", reason="not-dealt")
    field_name = "librarian_card" if seat == LIBRARIAN else "guessers_card"
    return replace(state, **{field_name: chosen[0]})


def choose_secret(
    state: GameState, seat: str | None, word: str, hint: str, override: bool = False
) -> GameState:
    """Prologue: the secret word and the hint letter that is in it.

    A word our dictionary lacks may still be on the book card, so that
    refusal is ``overridable``: send the move again with ``override: true``.
    """
    _need_seat(seat, LIBRARIAN)
    _need_phase(state, SETUP, CHECKING)
    red = state.options.red_words
    try:
        secret = check_guess(word, red_words=red)
        overridden = False
    except IllegalGuess as refusal:
        if refusal.reason == "repeated-letters":
            raise IllegalSecret(
                "Yellow words have no repeated letters; red words are a hard-mode option.",
                reason="repeated-letters",
            ) from None
        if refusal.reason not in ("not-a-word", "proper-noun"):
            raise IllegalSecret(str(refusal), reason=refusal.reason) from None
        if not override:
            raise IllegalSecret(
                f"{word.strip().upper()} is not in our dictionary. If it is on your book "
                "card, confirm it to use it anyway.",
                reason=refusal.reason,
                overridable=True,
            ) from None
        secret, overridden = check_shape(word, red_words=red), True
    if not isinstance(hint, str) or len(hint.strip()) != 1 or hint.strip().lower() not in secret:
        raise IllegalSecret("The hint is one letter that is in the secret word.", reason="hint-not-in-secret")
    state = replace(state, secret=secret, hint=hint.strip().lower(), secret_override=overridden)
    return replace(state, phase=CHECKING) if state.options.clue_check else state


def check_row(state: GameState, seat: str | None, guess: str, clues: str | list[str]) -> GameState:
    """Clue check mode: the Lie-brarian types a guess from the paper board and the tokens laid under it.

    Any five letters are taken (the guessers' paper guess was already agreed at the table;
    the view warns of a non-word or a repeated letter). A row that does not hold exactly one
    lie is refused, saying which tokens to change, and is not stored: the checked rows keep
    the paper board's numbering. A row whose guess is the secret word is the Guessers' win, as in play.
    """
    _need_seat(seat, LIBRARIAN)
    _need_phase(state, CHECKING)
    word = check_shape(guess, red_words=True)
    tokens = parse_clues(clues, len(word))
    if word != state.secret:
        assert state.secret is not None  # checking starts when the secret is chosen
        verdict = judge_row(state.secret, word, tokens)
        if not verdict["right"]:
            raise IllegalClues(_not_one_lie(verdict["lies"]), reason="not-one-lie")
    state = replace(state, checks=state.checks + ((word, tokens),))
    if word == state.secret:
        return replace(state, phase=OVER, outcome=Outcome(GUESSERS, Termination.GUESSED))
    return state


def _not_one_lie(lies: list[dict]) -> str:
    """Why a checked row is refused, in the Lie-brarian's words (it names honest clues: theirs alone)."""
    if not lies:
        return "No lie: every token is honest. Change exactly one clue."
    wrong = "; ".join(f"letter {lie['position'] + 1} shows {lie['shared']}, honest is {lie['honest']}" for lie in lies)
    return f"{len(lies)} lies, not one: {wrong}. Put back all but one."


MARKS = ("in", "out", "maybe")  # the guessers' pen on the alphabet board; "" rubs a mark out


def mark_letter(state: GameState, seat: str | None, letter: str, mark: str) -> GameState:
    """The guessers mark a letter on their alphabet board (their notes; the rules read nothing from them)."""
    _need_seat(seat, GUESSERS)
    _need_phase(state, GUESSING, DECEIVING, HALFTIME)
    letter = letter.strip().lower() if isinstance(letter, str) else ""
    if len(letter) != 1 or not "a" <= letter <= "z":
        raise IllegalMove("Mark one letter of the alphabet.", reason="letter")
    if mark not in MARKS + ("",):
        raise IllegalMove(f"A mark is one of {', '.join(MARKS)}, or none.", reason="mark")
    marks = {k: v for k, v in state.marks if k != letter} | ({letter: mark} if mark else {})
    return replace(state, marks=tuple(sorted(marks.items())))


def start_first_half(state: GameState, seat: str | None) -> GameState:
    """Prologue: the Lie-brarian "starts the 10-minute timer and begins play!"."""
    _need_seat(seat, LIBRARIAN)
    _need_phase(state, SETUP)
    if not state.setup_complete:
        missing = "the secret word and hint" if state.secret is None else "both ability cards"
        raise IllegalMove(f"Choose {missing} first.", reason="setup-incomplete")
    return replace(state, phase=GUESSING, offers=())


# --- play ------------------------------------------------------------------------------


def guess(state: GameState, seat: str | None, word: str, table_agreed: bool = False) -> GameState:
    """1. Guess: the guessers hand over a guess board and the timer pauses.

    ``table_agreed`` is the house rule: with the ``house_words`` option, or
    once the Lie-brarian has kept a secret our dictionary lacks (it must stay
    guessable), a guess the dictionary lacks is allowed when the whole table
    agrees. Without that agreement every such guess is refused alike,
    whatever the secret is, so a refusal never tells the guessers the word.
    """
    _need_seat(seat, GUESSERS)
    _need_phase(state, GUESSING)
    red = state.options.red_words
    free = state.free_guess_pending
    table_word = False
    if free:
        word = check_shape(word, red_words=red)
    else:
        try:
            word = check_guess(word, red_words=red)
        except IllegalGuess as refusal:
            if refusal.reason not in LACKING or not (state.options.house_words or state.secret_override):
                raise
            if not table_agreed:
                raise IllegalGuess(f"{refusal} If the whole table agrees it is a word, allow it anyway.",
                                   reason=HOUSE_WORD) from None
            word, table_word = check_shape(word, red_words=red), True
    assert state.secret is not None
    honest = honest_clues(state.secret, word)
    correct = word == state.secret
    turn = Turn(
        guess=word,
        half=state.half,
        honest=honest,
        shared=honest if correct else None,
        correct=correct,
        free_guess=free,
        table_word=table_word,
    )
    state = replace(state, turns=state.turns + (turn,), free_guess_pending=False, last_token=None)
    if correct:  # a correct guess wins at once, with no lie
        return replace(state, phase=OVER, outcome=Outcome(GUESSERS, Termination.GUESSED))
    state = replace(state, phase=DECEIVING)
    return _app_lie(state) if state.options.app_librarian else state


def share_clues(
    state: GameState, seat: str | None, clues: str | list[str], use_ability: bool | None = None
) -> GameState:
    """2. Deceive: share the clues, with exactly one lie (or as the Lie-brarian's card allows).

    The feather is marked when the lie count needs the card (two lies with
    "Lie about +1 letter", none with "Lie about 0 letters"), or when
    ``use_ability`` says so (for a typed card whose effect the table applies).
    """
    _need_seat(seat, LIBRARIAN)
    _need_phase(state, DECEIVING)
    turn = state.turns[-1]
    shared = parse_clues(clues, len(turn.guess))
    lies = len(lie_positions(turn.honest, shared))
    card = state.librarian_card
    uses_left = state.uses_left(LIBRARIAN)
    can_use = card is not None and (uses_left is None or uses_left > 0)
    if use_ability and card is None:
        raise IllegalClues("You have no ability card.", reason="no-ability")
    if use_ability and not can_use:
        raise IllegalClues("Your ability card has no uses left.", reason="no-ability-uses")
    if use_ability or (lies != 1 and card is not None and lies in card.lie_counts and use_ability is None):
        if not can_use:
            raise IllegalClues(
                f"Your card's uses are spent: change exactly one clue (you changed {lies}).",
                reason="no-ability-uses",
            )
        allowed = card.lie_counts  # type: ignore[union-attr]
        used = True
    else:
        allowed, used = frozenset({1}), False
    if lies not in allowed:
        want = " or ".join(str(n) for n in sorted(allowed))
        card_would = not used and can_use and lies in card.lie_counts  # type: ignore[union-attr]
        raise IllegalClues(
            f"Change exactly {want} clue{'s' if allowed != {1} else ''}; you changed {lies}."
            + (" Cross off a feather (use your ability) to share this row." if card_would else ""),
            reason="lie-count",
        )
    turns = state.turns[:-1] + (replace(turn, shared=shared, ability_used=used),)
    state = replace(state, turns=turns, librarian_uses=state.librarian_uses + used)
    if state.guesses_left_in_half > 0:
        return replace(state, phase=GUESSING)
    if state.half == 1:
        return replace(state, phase=HALFTIME)
    return replace(state, phase=OVER, outcome=Outcome(LIBRARIAN, Termination.OUT_OF_GUESSES))


def fact_fiction(
    state: GameState,
    seat: str | None,
    position: int,
    turn: int | None = None,
    use_ability: bool | None = None,
) -> GameState:
    """Use a Fact/Fiction token on a letter (0-based ``position``) of the most recent guess.

    ``turn`` (0-based index into the turns) picks an earlier guess, which
    needs the card "You may select a vowel in any previous guess" and a
    vowel (a, e, i, o, u). ``use_ability`` records a typed "with-token" card.
    """
    _need_seat(seat, GUESSERS)
    _need_phase(state, GUESSING)
    _need_token_and_guess(state)
    latest = len(state.turns) - 1
    index = latest if turn is None else turn
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= latest:
        raise IllegalMove("Choose one of your guesses.", reason="no-such-guess")
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < 5:
        raise IllegalMove("Point to one of the five letters.", reason="position")
    target = state.turns[index]
    card = state.guessers_card
    uses = 0
    if index != latest:
        if card is None or card.id != VOWEL_IN_ANY_GUESS:
            raise IllegalMove("Tokens go on a letter of your most recent guess.", reason="not-most-recent-guess")
        if target.guess[position] not in VOWELS:
            raise IllegalMove("On an earlier guess you may only choose a vowel.", reason="not-a-vowel")
        uses = 1
    elif use_ability:
        if card is None or card.payment != "with-token":
            raise IllegalMove("Your card is not used with a token.", reason="no-ability")
        uses = 1
    if uses:
        left = state.uses_left(GUESSERS)
        if left is not None and left <= 0:
            raise IllegalMove("Your ability card has no uses left.", reason="no-ability-uses")
    if position in target.facts | target.fictions:
        raise IllegalMove("That letter already has a token.", reason="already-revealed")
    if position in target.lies:
        target = replace(target, fictions=target.fictions | {position})
    else:
        target = replace(target, facts=target.facts | {position})
    turns = state.turns[:index] + (target,) + state.turns[index + 1 :]
    return replace(state, turns=turns, tokens=state.tokens - 1, guessers_uses=state.guessers_uses + uses,
                   last_token=(index, position))


def _need_token_and_guess(state: GameState) -> None:
    if state.tokens <= 0:
        raise IllegalMove("You have no Fact/Fiction tokens left.", reason="no-tokens")
    if not state.turns:
        raise IllegalMove("There is no guess to use a token on yet.", reason="no-guess")
    # "Before making their next guess, they may choose to use one": one per guess in the
    # base game; the Banned Books cards let the guessers use any number while the clock runs.
    latest = state.turns[-1]
    if not state.options.ability_cards and (latest.facts or latest.fictions):
        raise IllegalMove("You have used a token on this guess: make your next guess first.",
                          reason="one-token-per-guess")


def use_ability(state: GameState, seat: str | None) -> GameState:
    """Discard a Fact/Fiction token to use a red-cross guesser card."""
    _need_seat(seat, GUESSERS)
    _need_phase(state, GUESSING)
    card = state.guessers_card
    if card is None or card.payment != "discard-token":
        raise IllegalMove("Your card is not used by discarding a token.", reason="no-ability")
    if state.tokens <= 0:
        raise IllegalMove("You have no Fact/Fiction tokens left to discard.", reason="no-tokens")
    left = state.uses_left(GUESSERS)
    if left is not None and left <= 0:
        raise IllegalMove("Your ability card has no uses left.", reason="no-ability-uses")
    if card.id == ANY_FIVE_LETTERS and state.free_guess_pending:
        raise IllegalMove("Your next guess is already free.", reason="ability-already-active")
    return replace(
        state,
        tokens=state.tokens - 1,
        guessers_uses=state.guessers_uses + 1,
        free_guess_pending=state.free_guess_pending or card.id == ANY_FIVE_LETTERS,
    )


def timer_expired(state: GameState, seat: str | None) -> GameState:
    """The half's timer ran out: halftime after the first, the Lie-brarian wins after the second.

    Only the clock (seat None) says so; neither side can end a half early.
    """
    _need_table(seat, "Only the timer ends a half.", "clock-only")
    _need_phase(state, GUESSING)
    if state.half == 1:
        return replace(state, phase=HALFTIME)
    return replace(state, phase=OVER, outcome=Outcome(LIBRARIAN, Termination.TIME))


def end_game(state: GameState) -> GameState:
    """The table stops the game before either side wins: nobody wins, and, as at any end,
    everyone sees the secret word, every honest clue and every lie.

    Not a move any seat makes: the platform calls it when the host ends the game.
    """
    if state.phase == OVER:
        return state
    return replace(state, phase=OVER, outcome=Outcome(None, Termination.ENDED))


# Why the table refuses to go back past what the Guessers have seen of the Lie-brarian's secrets.
TRUTH_SEEN = ("Everyone has seen the secret word and every honest clue: going back would hide them again, "
              "so this cannot be undone.")
ANSWER_SEEN = ("The Guessers have seen a Fact/Fiction token's answer: going back would hand the token back "
               "with its answer known, so this cannot be undone.")


def shows_truth(before: GameState, after: GameState) -> str:
    """What ``after``, any state shown since ``before``, showed the Guessers of what ``before``
    keeps from them: ``TRUTH_SEEN`` (the game ended, so every view showed the secret word, the
    honest clues and the lies), ``ANSWER_SEEN`` (a token told whether a clue on one of
    ``before``'s guesses is honest), or "" (nothing: halftime, the clues a row shares and the
    Guessers' own notes show no secret ``before`` holds)."""
    if before.phase == OVER:
        return ""
    if after.phase == OVER:
        return TRUTH_SEEN if before.secret is not None else ""
    for mine, later in zip(before.turns, after.turns):
        if later.guess == mine.guess and (later.facts - mine.facts or later.fictions - mine.fictions):
            return ANSWER_SEEN
    return ""


def start_second_half(state: GameState, seat: str | None) -> GameState:
    """Halftime over: unused blue boards are discarded and the second timer starts.

    The rulebook names no side ("Set a new 10-minute timer for the second half"),
    so it is the table's: the host starts it for everyone (seat None), not one side.
    """
    _need_table(seat, "The table starts the second half together (on the host's phone).", "table-only")
    _need_phase(state, HALFTIME)
    tokens = 1 if state.options.one_token_per_half else state.tokens
    return replace(state, phase=GUESSING, half=2, tokens=tokens, last_token=None)


MOVES: dict[str, Callable[..., GameState]] = {
    "choose_ability": choose_ability,
    "choose_secret": choose_secret,
    "start_first_half": start_first_half,
    "check_row": check_row,
    "mark_letter": mark_letter,
    "guess": guess,
    "share_clues": share_clues,
    "fact_fiction": fact_fiction,
    "use_ability": use_ability,
    "timer_expired": timer_expired,
    "start_second_half": start_second_half,
}
_PARAMS = {
    name: {p: param.default is inspect.Parameter.empty for p, param in list(inspect.signature(fn).parameters.items())[2:]}
    for name, fn in MOVES.items()
}


def apply(state: GameState, seat: str | None, move: Mapping[str, Any], rng: random.Random | None = None,
          *, clock_held: bool = False) -> GameState:
    """Apply one JSON move such as ``{"type": "guess", "word": "frogs"}`` and return the new state.

    ``clock_held``: the table has paused the clock (the host), though the phase would run it.
    """
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        raise IllegalMove('A move is an object with a "type".', reason="bad-move")
    kind = move["type"]
    if kind not in MOVES:
        raise IllegalMove(f"There is no move called {kind!r}.", reason="unknown-move")
    fields = {k: v for k, v in move.items() if k != "type"}
    params = _PARAMS[kind]
    unknown = set(fields) - set(params)
    missing = {p for p, required in params.items() if required} - set(fields)
    if unknown or missing:
        problem = f"unexpected {sorted(unknown)[0]!r}" if unknown else f"missing {sorted(missing)[0]!r}"
        raise IllegalMove(f"Move {kind!r}: {problem}.", reason="bad-move")
    after = MOVES[kind](state, seat, **fields)
    # After the move's own refusals: theirs say what else stands in the way once the clock runs.
    _need_running_clock(state, kind, clock_held)
    return after


def _need_running_clock(state: GameState, kind: str, clock_held: bool) -> None:
    if clock_held and kind in NEEDS_RUNNING_CLOCK and state.options.ability_cards:
        raise IllegalMove(CLOCK_PAUSED, reason="clock-paused")


def waiting_for(state: GameState) -> list[str | None]:
    """The seats the table waits on now: sides, or None for the table itself (halftime)."""
    if state.phase == SETUP:  # the Lie-brarian picks the secret and starts; each side may owe a card
        return [side for side in SEATS if side == LIBRARIAN or (state.options.ability_cards and state.card(side) is None)]
    return {GUESSING: [GUESSERS], DECEIVING: [LIBRARIAN], HALFTIME: [None], CHECKING: [LIBRARIAN]}.get(state.phase, [])


# Which seats see each move, and in which phases, enabled or not. timer_expired is
# never shown: only the clock makes it.
_SHOWN: dict[str, tuple[tuple[str | None, ...], tuple[str, ...]]] = {
    "choose_ability": (SEATS, (SETUP,)),
    "choose_secret": ((LIBRARIAN,), (SETUP, CHECKING)),
    "start_first_half": ((LIBRARIAN,), (SETUP,)),
    "check_row": ((LIBRARIAN,), (CHECKING,)),
    "mark_letter": ((GUESSERS,), (GUESSING, DECEIVING, HALFTIME)),
    "guess": ((GUESSERS,), (GUESSING, DECEIVING)),
    "fact_fiction": ((GUESSERS,), (GUESSING, DECEIVING)),
    "use_ability": ((GUESSERS,), (GUESSING, DECEIVING)),
    "share_clues": ((LIBRARIAN,), (DECEIVING,)),
    "start_second_half": ((None,), (HALFTIME,)),
}


def _in_this_game(state: GameState, kind: str) -> bool:
    if kind == "choose_ability":
        return state.options.ability_cards and not state.options.clue_check
    if kind == "start_first_half":
        return not state.options.clue_check
    if kind == "use_ability":
        return state.guessers_card is not None and state.guessers_card.payment == "discard-token"
    return True


def legal_moves(state: GameState, seat: str | None, clock_held: bool = False) -> list[dict[str, Any]]:
    """The moves ``seat`` could make in this phase: ``{"type", "allowed", "why"}``.

    ``why`` is the rules' own refusal ("" when allowed); a move's details
    (the word, the clues) may still be refused when it is made. ``clock_held``: as for ``apply``.
    """
    out = []
    for kind, (seats, phases) in _SHOWN.items():
        if seat not in seats or state.phase not in phases or not _in_this_game(state, kind):
            continue
        try:
            _PROBES.get(kind, MOVES[kind])(state, seat)
            _need_running_clock(state, kind, clock_held)
            why = ""
        except RulesError as refusal:
            why = str(refusal)
        out.append({"type": kind, "allowed": not why, "why": why})
    return out


def _probe(seats: tuple[str | None, ...], phases: tuple[str, ...], *checks: Callable[[GameState], None]):
    """A move's refusals that need none of its fields."""

    def probe(state: GameState, seat: str | None) -> None:
        _need_seat(seat, *seats)
        _need_phase(state, *phases)
        for check in checks:
            check(state)

    return probe


_PROBES: dict[str, Callable[[GameState, str | None], None]] = {
    "choose_ability": _probe(SEATS, (SETUP,)),
    "choose_secret": _probe((LIBRARIAN,), (SETUP, CHECKING)),
    "check_row": _probe((LIBRARIAN,), (CHECKING,)),
    "mark_letter": _probe((GUESSERS,), (GUESSING, DECEIVING, HALFTIME)),
    "guess": _probe((GUESSERS,), (GUESSING,)),
    "share_clues": _probe((LIBRARIAN,), (DECEIVING,)),
    "fact_fiction": _probe((GUESSERS,), (GUESSING,), _need_token_and_guess),
}


# --- what each seat sees ------------------------------------------------------------------


def player_view(state: GameState, seat: str | None, clock_held: bool = False) -> dict[str, Any]:
    """The one road from state to a screen: a JSON-friendly dict for ``seat``.

    ``seat`` is ``"librarian"``, ``"guessers"`` or None (the table display,
    which sees what the guessers see). Until the game is over only the
    Lie-brarian sees the secret, the honest clues, which clue was a lie and
    which guesses used a feather; at the end everyone sees everything.
    ``clock_held``: the host paused the clock, which refuses some moves (``apply``).
    """
    if seat is not None and seat not in SEATS:
        raise IllegalMove(f"There is no seat called {seat!r}.", reason="unknown-seat")
    truth = seat == LIBRARIAN or state.phase == OVER
    hint = state.hint if (truth or state.phase != SETUP) else None
    # what the guessers can be sure of, from what they see alone (the same for every seat)
    board = state.board(hint)
    known = iter(board.rows)
    waiting = frozenset({1}) if board.feathers_spent else state.possible_lies()
    turns = []
    for number, t in enumerate(state.turns, start=1):
        if t.correct:
            sure = Known(frozenset(), frozenset(range(len(t.guess))), frozenset())
        elif t.shared is None:
            sure = Known(waiting, frozenset(), frozenset())
        else:
            sure = next(known)
        row: dict[str, Any] = {
            "number": number,
            "guess": t.guess,
            "half": t.half,
            "clues": None if t.shared is None else clues_text(t.shared),
            "correct": t.correct,
            "facts": sorted(t.facts),
            "fictions": sorted(t.fictions),
            "possible_lies": sorted(sure.counts),
            "known_honest": sorted(sure.honest),
            "known_lies": sorted(sure.lies),
            "free_guess": t.free_guess,
            "table_word": t.table_word,
        }
        if truth:
            row["honest"] = clues_text(t.honest)
            row["lies"] = None if t.shared is None else sorted(t.lies)
            row["ability_used"] = t.ability_used
        turns.append(row)

    def card_view(side: str) -> dict[str, Any] | None:
        card = state.card(side)
        if card is None:
            return None
        out = card.to_dict()
        if side == GUESSERS or truth:  # the guessers pay for theirs in public
            out["uses_left"] = state.uses_left(side)
        return out

    view: dict[str, Any] = {
        "game": "fiction",
        "seat": seat,
        "phase": state.phase,
        "half": state.half,
        "clock_running": state.clock_running,
        "half_seconds": state.half_seconds,
        "options": state.options.to_dict(),
        "hint": hint,
        "secret_chosen": state.secret is not None,
        "tokens": state.tokens,
        "guesses_left_in_half": state.guesses_left_in_half,
        "free_guess_pending": state.free_guess_pending,
        "marks": dict(state.marks),
        "turns": turns,
        "letters": board.letters,
        "abilities": {side: card_view(side) for side in SEATS},
        "offer": [c.to_dict() for c in state.offer(seat)] if seat in SEATS else [],
        "waiting_for": waiting_for(state),
        "legal_moves": legal_moves(state, seat, clock_held),
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
        # the token answered last, until the next guess: {"number": its guess's number, "position"}
        "last_token": None if state.last_token is None else
        {"number": state.last_token[0] + 1, "position": state.last_token[1]},
        # from the shared rows alone, as the guessers could work it out with the exact solver
        "words_left": (len(candidates(state.rows(), secret_words(state.options.red_words), hint=state.hint))
                       if state.options.words_left and state.phase != SETUP else None),
    }
    if state.options.clue_check:
        view["checks"] = [_checked_row(state, n, g, c, truth) for n, (g, c) in enumerate(state.checks, start=1)]
    if truth:
        view["secret"] = state.secret
        view["secret_override"] = state.secret_override
        view["librarian_uses"] = state.librarian_uses
    return view


def _checked_row(state: GameState, number: int, guess: str, tokens: tuple[Clue, ...], truth: bool) -> dict[str, Any]:
    """One checked row of a paper game, oldest first: the guess and tokens the paper board
    already shows everyone, and its verdict. Only a seat that sees the truth gets the honest
    clues and where the lie is, which would tell the guessers the clue under it."""
    assert state.secret is not None  # rows are checked only once the secret is chosen
    verdict = judge_row(state.secret, guess, tokens)
    row: dict[str, Any] = {"number": number, "guess": guess, "clues": clues_text(tokens),
                           "right": verdict["right"], "correct": guess == state.secret,
                           "warnings": guess_warnings(guess, red_words=state.options.red_words)}
    if truth:
        row.update(honest=verdict["honest"], lies=verdict["lies"])
    return row
