"""The whole game of Half Truth as a state machine of immutable states.

A question goes through three phases:

ROLL    the scoring die is rolled (``{"type": "roll"}``, using the rng passed
        to ``apply``) or the face of a physical die is entered
        (``{"type": "set_die", "face": "AMPED"}``).
PICK    each player secretly locks in one to three answers
        (``{"type": "lock_in", "letters": "AC"}``). Locking in again replaces
        the earlier pick; whether a player has locked in is public, the
        letters are not. When the last player locks in, every pick is shown
        at the same time and nobody can change any more.
REVEAL  the card is flipped and its three correct answers are entered
        (``{"type": "reveal", "correct": "ACE"}``). Pawns move, bonus victory
        points are taken, and if a pawn reached the end of the round tracker
        the round is scored; then the next question starts at ROLL, or the
        game is OVER after round 3.

The table may also end the game at any point (``end_game``, when the host ends
it): it is OVER with nobody winning, and every pick locked in is shown.

Rolling, entering the die and entering the answers are the reader's moves.
The rulebook gives them to no one in particular; at a real table whoever
reads the card rolls the die and flips the card, and the job passes round
the table. So the reader changes with every question, in seat order, and
the table (``None``, for which the host acts) may always make them too.
Locking in is only ever for one's own seat.

A player who does not answer does not block the table: the table can skip
them for this question (``{"type": "skip", "seat": 2}``; locking in brings
them back) or take them out of the game (``{"type": "drop", "seat": 2}``),
after which every question skips them and they no longer read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .errors import IllegalMove, IllegalSetup, CorruptState, RulesError
from .scoring import NOTHING, DieFace, Score, score_answer, validate_correct, validate_picks
from .trackers import ROUNDS, Tracker, trackers_from

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 40
STATE_VERSION = 2


class Colour(Enum):
    """The six player colours (pawn and answer chips)."""

    GREEN = "green"
    YELLOW = "yellow"
    MAGENTA = "magenta"
    BLUE = "blue"
    ORANGE = "orange"
    PURPLE = "purple"

    @classmethod
    def of(cls, value: object) -> Colour:
        if isinstance(value, cls):
            return value
        try:
            return cls(value)
        except ValueError:
            raise IllegalSetup(
                f"{value!r} is not a player colour; choose one of "
                f"{', '.join(c.value for c in cls)}.",
                reason="unknown-colour",
            ) from None


class Termination(Enum):
    """How a game ended: a pawn reached the end of the Round 3 Tracker, or the table ended it."""

    THREE_ROUNDS = "three-rounds"
    ENDED = "ended"  # nobody wins; there are no standings


class Phase(Enum):
    ROLL = "roll"
    PICK = "pick"
    REVEAL = "reveal"
    OVER = "over"


@dataclass(frozen=True)
class Player:
    name: str
    colour: Colour

    @classmethod
    def of(cls, value: object) -> Player:
        """A player from a Player, a (name, colour) pair or a {"name", "colour"} mapping."""
        if isinstance(value, Player):
            name, colour = value.name, value.colour
        elif isinstance(value, Mapping) and set(value) == {"name", "colour"}:
            name, colour = value["name"], value["colour"]
        elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2:
            name, colour = value
        else:
            raise IllegalSetup("Each player needs a name and a colour.", reason="not-a-player")
        if not isinstance(name, str) or not name.strip():
            raise IllegalSetup("Each player needs a name.", reason="blank-name")
        if len(name.strip()) > MAX_NAME_LENGTH:
            raise IllegalSetup(
                f"A player's name is at most {MAX_NAME_LENGTH} characters.", reason="name-too-long"
            )
        return cls(name=name.strip(), colour=Colour.of(colour))


@dataclass(frozen=True)
class QuestionResult:
    """One question answered: every pick (None: skipped), the card's answers, what each seat got.

    ``positions`` are the pawns after moving; a question that ended the round
    scored each pawn's tracker number on top of its bonus.
    """

    round: int
    question: int
    die: DieFace
    reader: int
    picks: tuple[str | None, ...]
    correct: str
    scores: tuple[Score, ...]
    positions: tuple[int, ...]
    ended_round: bool

    @property
    def shown(self) -> dict[str, Any]:
        """This question as every view shows it (all of it is public once answered)."""
        return {
            "round": self.round,
            "question": self.question,
            "die": self.die.name,
            "die_label": self.die.label,
            "reader": self.reader,
            "correct": self.correct,
            "ended_round": self.ended_round,
            "results": [
                {"seat": i, "picks": p, "spaces": s.spaces, "bonus": s.bonus, "position": pos}
                for i, (p, s, pos) in enumerate(zip(self.picks, self.scores, self.positions))
            ],
        }


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int
    victory_points: int
    furthest: int  # position on the round 3 tracker, the tie-break


@dataclass(frozen=True)
class Outcome:
    """The final ranking: most victory points, then furthest pawn on round 3, then shared."""

    standings: tuple[Standing, ...]
    termination: Termination = Termination.THREE_ROUNDS

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.place == 1)


@dataclass(frozen=True)
class GameState:
    """Everything about a game in progress; never changed, only replaced by ``apply``.

    ``picks`` holds each seat's locked-in letters for the current question
    (sorted, e.g. "AC") or None; it is secret from the other seats during PICK.
    ``skipped`` marks who sits this question out, ``out`` who left the game
    (an out seat is always skipped). ``reader`` rolls and reads this question.
    Victory points are kept per round and apart: ``bonus_vp`` has one row per
    round started, ``tracker_vp`` and ``final_positions`` one row per round
    finished.
    """

    players: tuple[Player, ...]
    trackers: tuple[Tracker, Tracker, Tracker]
    round: int
    question: int
    phase: Phase
    die: DieFace | None
    positions: tuple[int, ...]
    picks: tuple[str | None, ...]
    bonus_vp: tuple[tuple[int, ...], ...]
    tracker_vp: tuple[tuple[int, ...], ...]
    final_positions: tuple[tuple[int, ...], ...]
    reader: int = 0
    skipped: tuple[bool, ...] = ()
    out: tuple[bool, ...] = ()
    history: tuple[QuestionResult, ...] = ()
    # OVER because the table ended the game, not its rounds: the question in play stays as it
    # was (the die, every pick locked in), now shown to everyone.
    ended: bool = False

    @property
    def last(self) -> QuestionResult | None:
        return self.history[-1] if self.history else None

    def answering(self, seat: int) -> bool:
        """Whether the seat answers this question (not skipped, not out)."""
        return not self.skipped[seat] and not self.out[seat]

    @property
    def tracker(self) -> Tracker:
        """The round tracker in play (round 3's stays shown once the game is over)."""
        return self.trackers[self.round - 1]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def victory_points(self, seat: int) -> int:
        """All victory points the seat has taken: bonuses plus finished round trackers."""
        return sum(row[seat] for row in self.bonus_vp) + sum(row[seat] for row in self.tracker_vp)

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        if self.ended:
            return Outcome(standings=(), termination=Termination.ENDED)
        keys = [
            (self.victory_points(seat), self.final_positions[-1][seat])
            for seat in range(len(self.players))
        ]
        standings = [
            Standing(
                seat=seat,
                place=1 + sum(other > key for other in keys),
                victory_points=key[0],
                furthest=key[1],
            )
            for seat, key in enumerate(keys)
        ]
        standings.sort(key=lambda s: (s.place, s.seat))
        return Outcome(standings=tuple(standings))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict that ``from_dict`` turns back into an equal state."""
        return {
            "version": STATE_VERSION,
            "players": [{"name": p.name, "colour": p.colour.value} for p in self.players],
            "trackers": [list(t.spaces) for t in self.trackers],
            "round": self.round,
            "question": self.question,
            "phase": self.phase.value,
            "die": self.die.name if self.die else None,
            "positions": list(self.positions),
            "picks": list(self.picks),
            "bonus_vp": [list(row) for row in self.bonus_vp],
            "tracker_vp": [list(row) for row in self.tracker_vp],
            "final_positions": [list(row) for row in self.final_positions],
            "reader": self.reader,
            "skipped": list(self.skipped),
            "out": list(self.out),
            "ended": self.ended,
            "history": [
                {
                    "round": q.round,
                    "question": q.question,
                    "die": q.die.name,
                    "reader": q.reader,
                    "picks": list(q.picks),
                    "correct": q.correct,
                    "scores": [[s.spaces, s.bonus] for s in q.scores],
                    "positions": list(q.positions),
                    "ended_round": q.ended_round,
                }
                for q in self.history
            ],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameState:
        """The state ``to_dict`` described; CorruptState for anything it could not have written."""
        try:
            state = _state_from_dict(data)
        except RulesError as error:
            raise CorruptState(
                f"Saved game is damaged: {error.message}", reason="bad-state"
            ) from error
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise CorruptState(f"Saved game is damaged: {error!r}", reason="bad-state") from error
        _check_consistent(state)
        return state


def to_dict(state: GameState) -> dict[str, Any]:
    """``state.to_dict()``, as a function like the other games' rules offer."""
    return state.to_dict()


def from_dict(data: object) -> GameState:
    """``GameState.from_dict(data)``, as a function like the other games' rules offer."""
    return GameState.from_dict(data)


def seat_colours(chosen: Sequence[Colour | None]) -> tuple[Colour, ...]:
    """Each seat's colour, in seat order: the one chosen for it, or (None) the first colour, in
    ``Colour`` order, that no seat chose. At most six seats."""
    free = iter(c for c in Colour if c not in set(chosen))
    return tuple(next(free) if colour is None else colour for colour in chosen)


def new_game(players: Sequence[object], *, layouts: object = None) -> GameState:
    """A game at the start of round 1, pawns on START, waiting for the die.

    ``players`` are in seat order, each a Player, a (name, colour) pair, a
    {"name", "colour"} mapping, or a bare name: a player given by name alone
    takes the first colour (in ``Colour`` order) nobody chose. ``layouts`` are
    the three round trackers (Trackers or lists of numbers); by default
    ``DEFAULT_LAYOUTS``.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise IllegalSetup("Give the players in seat order.", reason="not-players")
    if len(players) < MIN_PLAYERS:
        raise IllegalSetup(
            f"Half Truth needs at least {MIN_PLAYERS} players.", reason="too-few-players"
        )
    if len(players) > MAX_PLAYERS:
        raise IllegalSetup(
            f"Half Truth takes at most {MAX_PLAYERS} players.", reason="too-many-players"
        )
    colours = seat_colours([None if isinstance(p, str) else Player.of(p).colour for p in players])
    seated = tuple(Player.of((p, colour) if isinstance(p, str) else p) for p, colour in zip(players, colours))
    colours = [p.colour for p in seated]
    if len(set(colours)) != len(colours):
        raise IllegalSetup("Each player needs a different colour.", reason="colour-taken")
    trackers = trackers_from(layouts)
    count = len(seated)
    return GameState(
        players=seated,
        trackers=trackers,
        round=1,
        question=1,
        phase=Phase.ROLL,
        die=None,
        positions=(0,) * count,
        picks=(None,) * count,
        bonus_vp=((0,) * count,),
        tracker_vp=(),
        final_positions=(),
        reader=0,
        skipped=(False,) * count,
        out=(False,) * count,
        history=(),
    )


_MOVE_FIELDS = {
    "roll": frozenset({"type"}),
    "set_die": frozenset({"type", "face"}),
    "lock_in": frozenset({"type", "letters"}),
    "reveal": frozenset({"type", "correct"}),
    "skip": frozenset({"type", "seat"}),
    "drop": frozenset({"type", "seat"}),
}

# The phases in which each move can be made.
_PHASES_OF_MOVE = {
    "roll": (Phase.ROLL,),
    "set_die": (Phase.ROLL,),
    "lock_in": (Phase.PICK,),
    "reveal": (Phase.REVEAL,),
    "skip": (Phase.ROLL, Phase.PICK),
    "drop": (Phase.ROLL, Phase.PICK, Phase.REVEAL),
}


def check_seat(state: GameState, seat: object) -> None:
    """Refuse anything but None (the table) or the index of a player."""
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players)
    ):
        raise IllegalMove(f"There is no seat {seat!r} at this table.", reason="no-such-seat")


# The reader's moves (the table may always make them); skip and drop are the table's alone.
READER_MOVES = ("roll", "set_die", "reveal")
TABLE_MOVES = (*READER_MOVES, "skip", "drop")

# Why a move is not allowed now, for a disabled button: (phase, move type) -> reason.
_NOT_NOW = {
    (Phase.ROLL, "lock_in"): "The scoring die is rolled first.",
    (Phase.REVEAL, "lock_in"): "Everyone is in: the chips are revealed and can no longer change.",
    (Phase.PICK, "reveal"): "Wait until everyone has locked in their answers.",
    (Phase.REVEAL, "skip"): "Everyone is in: the chips are revealed.",
}


def move_options(state: GameState, seat: int | None) -> tuple[tuple[str, str], ...]:
    """The moves ``seat`` (None: the table) could make in this phase, each with why not ("" if allowed)."""
    check_seat(state, seat)
    if state.is_over:
        return ()
    if seat is None:
        kinds: tuple[str, ...] = TABLE_MOVES
    elif state.out[seat]:
        return ()
    else:
        kinds = ("lock_in", *READER_MOVES) if seat == state.reader else ("lock_in",)
    return tuple(
        (kind, "" if state.phase in _PHASES_OF_MOVE[kind] else _NOT_NOW[state.phase, kind])
        for kind in kinds
        if state.phase in _PHASES_OF_MOVE[kind] or (state.phase, kind) in _NOT_NOW
    )


def legal_moves(state: GameState, seat: int | None) -> tuple[str, ...]:
    """The move types ``seat`` (or None, the table) may make now."""
    return tuple(kind for kind, why in move_options(state, seat) if not why)


def waiting_for(state: GameState) -> tuple[int, ...]:
    """Whom the game waits on: the players still choosing, or the reader for the die or the card."""
    if state.is_over:
        return ()
    if state.phase is Phase.PICK:
        return tuple(
            seat
            for seat, pick in enumerate(state.picks)
            if pick is None and state.answering(seat)
        )
    return (state.reader,)


def apply(state: GameState, seat: int | None, move: Mapping[str, Any], rng: Any = None) -> GameState:
    """The state after ``seat`` makes ``move``; raises an IllegalMove (or other RulesError).

    ``rng`` (a ``random.Random``) is only used by ``{"type": "roll"}``.
    """
    check_seat(state, seat)
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str) or (
        move["type"] not in _MOVE_FIELDS
    ):
        kind = move.get("type") if isinstance(move, Mapping) else move
        raise IllegalMove(f"{kind!r} is not a move in Half Truth.", reason="unknown-move")
    kind = move["type"]
    if set(move) != _MOVE_FIELDS[kind]:
        raise IllegalMove(
            f"A {kind} move has exactly the fields {', '.join(sorted(_MOVE_FIELDS[kind]))}.",
            reason="malformed-move",
        )
    if kind in READER_MOVES and seat is not None and seat != state.reader:
        raise IllegalMove(
            f"{state.players[state.reader].name} reads this question: the reader (or the host) "
            "rolls the scoring die and reads the card's answers.",
            reason="table-move",
        )
    if kind in ("skip", "drop") and seat is not None:
        raise IllegalMove(
            "Only the host skips a player or takes them out of the game.", reason="table-move"
        )
    if state.is_over:
        raise IllegalMove("The game is over.", reason="game-over")
    if state.phase not in _PHASES_OF_MOVE[kind]:
        raise IllegalMove(_WRONG_PHASE[state.phase], reason="wrong-phase")
    if kind == "roll":
        if rng is None:
            raise IllegalMove(
                "Rolling the die needs a source of randomness.", reason="rng-required"
            )
        faces = tuple(DieFace)
        return _set_die(state, faces[rng.randrange(len(faces))])
    if kind == "set_die":
        return _set_die(state, DieFace.from_name(move["face"]))
    if kind == "lock_in":
        return _lock_in(state, seat, move["letters"])
    if kind == "skip":
        return _skip(state, _target(state, move["seat"]))
    if kind == "drop":
        return _drop(state, _target(state, move["seat"]))
    return _reveal(state, move["correct"])


_WRONG_PHASE = {
    Phase.ROLL: "Roll the scoring die first.",
    Phase.PICK: "Wait until everyone has locked in their answers.",
    Phase.REVEAL: "Everyone's answers are shown; enter the card's correct answers.",
}


def end_game(state: GameState) -> GameState:
    """The table ends the game before its last round is scored: nobody wins, and every pick
    locked in for the question in play is shown, as every pick is at the end.

    Not a move any seat makes: the platform calls it when the host ends the game.
    """
    if state.is_over:
        return state
    return dataclasses.replace(state, phase=Phase.OVER, ended=True)


# Why the table refuses to go back past the moment the picks were shown.
PICKS_SEEN = ("Everyone has seen the picks: going back would hide them again and let answers change, "
              "so this cannot be undone.")


def shows_picks(before: GameState, after: GameState | None) -> bool:
    """Whether going from ``before`` to ``after`` showed everyone picks that were secret: the
    question was still being answered, and afterwards the picks locked in are shown (the last
    lock-in or skip revealed them, or the game ended). ``after`` None: no game followed."""
    return (after is not None and before.phase is Phase.PICK and after.phase is not Phase.PICK
            and any(pick is not None for pick in after.picks))


def _target(state: GameState, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise IllegalMove(f"There is no player {seat!r} at this table.", reason="no-such-seat")
    return seat


def _replace(row: tuple, seat: int, value: object) -> tuple:
    return row[:seat] + (value,) + row[seat + 1 :]


def _settled(state: GameState) -> GameState:
    """Reveal the chips once every player still answering has locked in."""
    if state.phase is Phase.PICK and all(
        pick is not None or not state.answering(seat) for seat, pick in enumerate(state.picks)
    ):
        return dataclasses.replace(state, phase=Phase.REVEAL)
    return state


def _set_die(state: GameState, face: DieFace) -> GameState:
    return _settled(dataclasses.replace(state, die=face, phase=Phase.PICK))


def _lock_in(state: GameState, seat: int | None, letters: object) -> GameState:
    if seat is None:
        raise IllegalMove("Only a player can lock in answers.", reason="seat-required")
    if state.out[seat]:
        raise IllegalMove("You have left this game.", reason="left-the-game")
    chosen = "".join(sorted(validate_picks(letters)))
    # A skipped player who locks in after all is back in this question.
    return _settled(
        dataclasses.replace(
            state,
            picks=_replace(state.picks, seat, chosen),
            skipped=_replace(state.skipped, seat, False),
        )
    )


def _skip(state: GameState, seat: int) -> GameState:
    name = state.players[seat].name
    if state.out[seat]:
        raise IllegalMove(f"{name} has left the game.", reason="left-the-game")
    if state.skipped[seat]:
        raise IllegalMove(f"{name} already sits this question out.", reason="already-skipped")
    if state.picks[seat] is not None:
        raise IllegalMove(f"{name} has locked in already.", reason="locked-in")
    if not any(state.answering(other) for other in range(len(state.players)) if other != seat):
        raise IllegalMove("At least one player answers each question.", reason="nobody-answers")
    return _settled(dataclasses.replace(state, skipped=_replace(state.skipped, seat, True)))


def _next_reader(state: GameState, after: int) -> int:
    """The next player in seat order after ``after`` who is still in the game."""
    count = len(state.players)
    return next(
        seat
        for seat in ((after + step) % count for step in range(1, count + 1))
        if not state.out[seat]
    )


def _drop(state: GameState, seat: int) -> GameState:
    name = state.players[seat].name
    if state.out[seat]:
        raise IllegalMove(f"{name} has already left the game.", reason="left-the-game")
    if sum(not out for out in state.out) == 1:
        raise IllegalMove("The last player in the game cannot leave it.", reason="nobody-answers")
    after = dataclasses.replace(state, out=_replace(state.out, seat, True))
    if state.phase is not Phase.REVEAL:  # once the chips are shown, this question still counts
        after = dataclasses.replace(
            after,
            picks=_replace(state.picks, seat, None),
            skipped=_replace(state.skipped, seat, True),
        )
    if state.reader == seat:
        after = dataclasses.replace(after, reader=_next_reader(after, seat))
    if after.phase is not Phase.REVEAL and not any(map(after.answering, range(len(state.players)))):
        # Somebody must answer: whoever was skipped for this question is asked again.
        after = dataclasses.replace(after, skipped=after.out)
    return _settled(after)


def _reveal(state: GameState, correct: object) -> GameState:
    answers = validate_correct(correct)
    die = state.die
    assert die is not None  # PICK and REVEAL are only reached through the die
    scores = tuple(
        NOTHING if p is None else score_answer(die, frozenset(p), answers) for p in state.picks
    )
    tracker = state.tracker
    positions = tuple(tracker.advance(pos, s.spaces) for pos, s in zip(state.positions, scores))
    bonus_row = tuple(vp + s.bonus for vp, s in zip(state.bonus_vp[-1], scores))
    bonus_vp = state.bonus_vp[:-1] + (bonus_row,)
    # The round ends only after everyone has moved, so all pawns count.
    ended = any(pos >= tracker.last for pos in positions)
    result = QuestionResult(
        round=state.round,
        question=state.question,
        die=die,
        reader=state.reader,
        picks=state.picks,
        correct="".join(sorted(answers)),
        scores=scores,
        positions=positions,
        ended_round=ended,
    )
    count = len(state.players)
    after = dataclasses.replace(
        state,
        die=None,
        picks=(None,) * count,
        skipped=state.out,
        positions=positions,
        bonus_vp=bonus_vp,
        history=state.history + (result,),
        phase=Phase.ROLL,
        question=state.question + 1,
    )
    after = dataclasses.replace(after, reader=_next_reader(after, state.reader))
    if not ended:
        return after
    after = dataclasses.replace(
        after,
        tracker_vp=state.tracker_vp + (tuple(tracker.points_at(p) for p in positions),),
        final_positions=state.final_positions + (positions,),
    )
    if state.round == ROUNDS:
        return dataclasses.replace(after, phase=Phase.OVER)
    return dataclasses.replace(
        after,
        round=state.round + 1,
        question=1,
        positions=(0,) * count,
        bonus_vp=bonus_vp + ((0,) * count,),
    )


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _ints(values: object) -> tuple[int, ...]:
    if not isinstance(values, list | tuple):
        raise TypeError(f"expected a list, got {values!r}")
    return tuple(_int(v) for v in values)


def _rows(values: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(values, list | tuple):
        raise TypeError(f"expected a list of lists, got {values!r}")
    return tuple(_ints(row) for row in values)


def _bools(values: object) -> tuple[bool, ...]:
    if not isinstance(values, list | tuple) or not all(isinstance(v, bool) for v in values):
        raise TypeError(f"expected a list of true/false, got {values!r}")
    return tuple(values)


def _picks(values: object) -> tuple[str | None, ...]:
    if not isinstance(values, list | tuple) or not all(v is None or isinstance(v, str) for v in values):
        raise TypeError("picks are strings or null")
    return tuple(values)


def _question(data: Mapping) -> QuestionResult:
    if not isinstance(data["correct"], str) or not isinstance(data["ended_round"], bool):
        raise TypeError("bad question in the history")
    picks = _picks(data["picks"])
    for pick in picks:  # letters off the chips (RulesError: a damaged save) are refused here
        if pick is not None:
            validate_picks(pick)
    validate_correct(data["correct"])
    return QuestionResult(
        round=_int(data["round"]),
        question=_int(data["question"]),
        die=DieFace.from_name(data["die"]),
        reader=_int(data["reader"]),
        picks=picks,
        correct=data["correct"],
        scores=tuple(Score(spaces=_int(s), bonus=_int(b)) for s, b in data["scores"]),
        positions=_ints(data["positions"]),
        ended_round=data["ended_round"],
    )


def _state_from_dict(data: object) -> GameState:
    if not isinstance(data, Mapping):
        raise TypeError("a saved game is a mapping")
    if data["version"] != STATE_VERSION:
        raise ValueError(f"unknown version {data['version']!r}")
    if not isinstance(data["history"], list | tuple):
        raise TypeError("the history is a list")
    return GameState(
        players=tuple(Player.of(p) for p in data["players"]),
        trackers=trackers_from(data["trackers"]),
        round=_int(data["round"]),
        question=_int(data["question"]),
        phase=Phase(data["phase"]),
        die=None if data["die"] is None else DieFace.from_name(data["die"]),
        positions=_ints(data["positions"]),
        picks=_picks(data["picks"]),
        bonus_vp=_rows(data["bonus_vp"]),
        tracker_vp=_rows(data["tracker_vp"]),
        final_positions=_rows(data["final_positions"]),
        reader=_int(data["reader"]),
        skipped=_bools(data["skipped"]),
        out=_bools(data["out"]),
        history=tuple(_question(q) for q in data["history"]),
        ended=_bools([data.get("ended", False)])[0],
    )


def _check_consistent(state: GameState) -> None:
    """Refuse a decoded state that no sequence of moves could reach."""
    count = len(state.players)
    problems = []
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        problems.append("player count")
    if len({p.colour for p in state.players}) != count:
        problems.append("shared colour")
    if not 1 <= state.round <= ROUNDS or state.question < 1:
        raise CorruptState("Saved game is inconsistent: round or question.", reason="bad-state")
    finished = state.round if state.is_over and not state.ended else state.round - 1
    if len(state.tracker_vp) != finished or len(state.final_positions) != finished:
        problems.append("finished rounds")
    if len(state.bonus_vp) != state.round:
        problems.append("bonus rows")
    rows = (state.positions, state.picks, state.skipped, state.out, *state.bonus_vp,
            *state.tracker_vp, *state.final_positions)
    if any(len(row) != count for row in rows):
        problems.append("row length")
    if any(v < 0 for row in (*state.bonus_vp, *state.tracker_vp) for v in row):
        problems.append("negative victory points")
    if any(not 0 <= p <= state.tracker.last for p in state.positions):
        problems.append("pawn off the tracker")
    if state.ended and state.phase is not Phase.OVER:
        problems.append("ended")
    if not state.ended and (state.die is None) != (state.phase in (Phase.ROLL, Phase.OVER)):
        problems.append("die")
    for pick in state.picks:
        try:
            if pick is not None and pick != "".join(sorted(validate_picks(pick))):
                problems.append("pick")
        except RulesError:
            problems.append("pick")
    if not 0 <= state.reader < count or state.out[state.reader]:
        problems.append("reader")
    if all(state.out) or (state.phase is not Phase.REVEAL and not state.ended and any(
            o and not s for o, s in zip(state.out, state.skipped))):
        problems.append("left the game")
    locked = [p is not None for p in state.picks]
    if any(state.skipped[s] and locked[s] for s in range(count)):
        problems.append("skipped but locked in")
    done = [locked[s] or not state.answering(s) for s in range(count)]
    if state.phase is Phase.REVEAL and not (all(done) and any(locked)):
        problems.append("reveal before everyone locked in")
    if state.phase is Phase.PICK and all(done):
        problems.append("everyone locked in but not revealed")
    if state.phase in (Phase.ROLL, Phase.OVER) and not state.ended and any(locked):
        problems.append("picks outside a question")
    if any(
        len(q.picks) != count or len(q.scores) != count or len(q.positions) != count
        or not 0 <= q.reader < count
        for q in state.history
    ):
        problems.append("history")
    if problems:
        raise CorruptState(
            f"Saved game is inconsistent: {', '.join(problems)}.", reason="bad-state"
        )
