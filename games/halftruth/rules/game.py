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

Rolling, entering the die and entering the answers are the table's moves:
the rulebook gives them to no player, so only ``None`` (the table, for which
the host acts) makes them and a player's seat is refused. Locking in is only
ever for one's own seat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .errors import IllegalMove, InvalidSetup, InvalidState, RulesError
from .scoring import DieFace, Score, score_answer, validate_correct, validate_picks
from .trackers import ROUNDS, Tracker, trackers_from

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 40
STATE_VERSION = 1


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
            raise InvalidSetup(
                f"{value!r} is not a player colour; choose one of "
                f"{', '.join(c.value for c in cls)}.",
                reason="unknown-colour",
            ) from None


class Termination(Enum):
    """How a game ended: a pawn reached the end of the Round 3 Tracker."""

    THREE_ROUNDS = "three-rounds"


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
            raise InvalidSetup("Each player needs a name and a colour.", reason="not-a-player")
        if not isinstance(name, str) or not name.strip():
            raise InvalidSetup("Each player needs a name.", reason="blank-name")
        if len(name.strip()) > MAX_NAME_LENGTH:
            raise InvalidSetup(
                f"A player's name is at most {MAX_NAME_LENGTH} characters.", reason="name-too-long"
            )
        return cls(name=name.strip(), colour=Colour.of(colour))


@dataclass(frozen=True)
class QuestionResult:
    """The last question answered: every pick, the card's answers and what each seat got."""

    round: int
    question: int
    die: DieFace
    picks: tuple[str, ...]
    correct: str
    scores: tuple[Score, ...]
    ended_round: bool


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
    last: QuestionResult | None = None

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
        last = self.last
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
            "last": None
            if last is None
            else {
                "round": last.round,
                "question": last.question,
                "die": last.die.name,
                "picks": list(last.picks),
                "correct": last.correct,
                "scores": [[s.spaces, s.bonus] for s in last.scores],
                "ended_round": last.ended_round,
            },
        }

    @classmethod
    def from_dict(cls, data: object) -> GameState:
        """The state ``to_dict`` described; InvalidState for anything it could not have written."""
        try:
            state = _state_from_dict(data)
        except RulesError as error:
            raise InvalidState(
                f"Saved game is damaged: {error.message}", reason="bad-state"
            ) from error
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise InvalidState(f"Saved game is damaged: {error!r}", reason="bad-state") from error
        _check_consistent(state)
        return state


def to_dict(state: GameState) -> dict[str, Any]:
    """``state.to_dict()``, as a function like the other games' rules offer."""
    return state.to_dict()


def from_dict(data: object) -> GameState:
    """``GameState.from_dict(data)``, as a function like the other games' rules offer."""
    return GameState.from_dict(data)


def new_game(players: Sequence[object], *, layouts: object = None) -> GameState:
    """A game at the start of round 1, pawns on START, waiting for the die.

    ``players`` are in seat order, each a Player, a (name, colour) pair, a
    {"name", "colour"} mapping, or a bare name: a player given by name alone
    takes the first colour (in ``Colour`` order) nobody chose. ``layouts`` are
    the three round trackers (Trackers or lists of numbers); by default
    ``DEFAULT_LAYOUTS``.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidSetup("Give the players in seat order.", reason="not-players")
    if len(players) < MIN_PLAYERS:
        raise InvalidSetup(
            f"Half Truth needs at least {MIN_PLAYERS} players.", reason="too-few-players"
        )
    if len(players) > MAX_PLAYERS:
        raise InvalidSetup(
            f"Half Truth takes at most {MAX_PLAYERS} players.", reason="too-many-players"
        )
    chosen = [Player.of(p) for p in players if not isinstance(p, str)]
    free = iter(c for c in Colour if c not in {p.colour for p in chosen})
    seated = tuple(Player.of((p, next(free))) if isinstance(p, str) else Player.of(p) for p in players)
    colours = [p.colour for p in seated]
    if len(set(colours)) != len(colours):
        raise InvalidSetup("Each player needs a different colour.", reason="colour-taken")
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
        last=None,
    )


_MOVE_FIELDS = {
    "roll": frozenset({"type"}),
    "set_die": frozenset({"type", "face"}),
    "lock_in": frozenset({"type", "letters"}),
    "reveal": frozenset({"type", "correct"}),
}

_PHASE_OF_MOVE = {
    "roll": Phase.ROLL,
    "set_die": Phase.ROLL,
    "lock_in": Phase.PICK,
    "reveal": Phase.REVEAL,
}


def check_seat(state: GameState, seat: object) -> None:
    """Refuse anything but None (the table) or the index of a player."""
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players)
    ):
        raise IllegalMove(f"There is no seat {seat!r} at this table.", reason="no-such-seat")


TABLE_MOVES = ("roll", "set_die", "reveal")

# Why a move is not allowed now, for a disabled button: (phase, move type) -> reason.
_NOT_NOW = {
    (Phase.ROLL, "lock_in"): "The scoring die is rolled first.",
    (Phase.REVEAL, "lock_in"): "Everyone is in: the chips are revealed and can no longer change.",
    (Phase.PICK, "reveal"): "Wait until everyone has locked in their answers.",
}


def move_options(state: GameState, seat: int | None) -> tuple[tuple[str, str], ...]:
    """The moves ``seat`` (None: the table) could make in this phase, each with why not ("" if allowed)."""
    check_seat(state, seat)
    if state.is_over:
        return ()
    kinds = TABLE_MOVES if seat is None else ("lock_in",)
    return tuple(
        (kind, "" if _PHASE_OF_MOVE[kind] is state.phase else _NOT_NOW[state.phase, kind])
        for kind in kinds
        if _PHASE_OF_MOVE[kind] is state.phase or (state.phase, kind) in _NOT_NOW
    )


def legal_moves(state: GameState, seat: int | None) -> tuple[str, ...]:
    """The move types ``seat`` (or None, the table) may make now."""
    return tuple(kind for kind, why in move_options(state, seat) if not why)


def waiting_for(state: GameState) -> tuple[int | None, ...]:
    """Whom the game waits on: the players still choosing, or None for the table's die or card."""
    if state.phase is Phase.PICK:
        return tuple(seat for seat, pick in enumerate(state.picks) if pick is None)
    return () if state.is_over else (None,)


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
    if kind in TABLE_MOVES and seat is not None:
        raise IllegalMove(
            "The table rolls the scoring die and reads the card's answers, not a player.",
            reason="table-move",
        )
    if state.is_over:
        raise IllegalMove("The game is over.", reason="game-over")
    if state.phase is not _PHASE_OF_MOVE[kind]:
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
    return _reveal(state, move["correct"])


_WRONG_PHASE = {
    Phase.ROLL: "Roll the scoring die first.",
    Phase.PICK: "Wait until everyone has locked in their answers.",
    Phase.REVEAL: "Everyone's answers are shown; enter the card's correct answers.",
}


def _set_die(state: GameState, face: DieFace) -> GameState:
    return dataclasses.replace(state, die=face, phase=Phase.PICK)


def _lock_in(state: GameState, seat: int | None, letters: object) -> GameState:
    if seat is None:
        raise IllegalMove("Only a player can lock in answers.", reason="seat-required")
    chosen = "".join(sorted(validate_picks(letters)))
    picks = state.picks[:seat] + (chosen,) + state.picks[seat + 1 :]
    everyone_in = all(p is not None for p in picks)
    return dataclasses.replace(
        state, picks=picks, phase=Phase.REVEAL if everyone_in else Phase.PICK
    )


def _reveal(state: GameState, correct: object) -> GameState:
    answers = validate_correct(correct)
    die = state.die
    assert die is not None  # PICK and REVEAL are only reached through the die
    picks = tuple(p for p in state.picks if p is not None)
    scores = tuple(score_answer(die, frozenset(p), answers) for p in picks)
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
        picks=picks,
        correct="".join(sorted(answers)),
        scores=scores,
        ended_round=ended,
    )
    count = len(state.players)
    after = dataclasses.replace(
        state,
        die=None,
        picks=(None,) * count,
        positions=positions,
        bonus_vp=bonus_vp,
        last=result,
        phase=Phase.ROLL,
        question=state.question + 1,
    )
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


def _state_from_dict(data: object) -> GameState:
    if not isinstance(data, Mapping):
        raise TypeError("a saved game is a mapping")
    if data["version"] != STATE_VERSION:
        raise ValueError(f"unknown version {data['version']!r}")
    last = data["last"]
    if last is not None:
        picks = tuple(last["picks"])
        if not all(isinstance(p, str) for p in picks):
            raise TypeError("picks are strings")
        if not isinstance(last["correct"], str) or not isinstance(last["ended_round"], bool):
            raise TypeError("bad last question")
        scores = tuple(Score(spaces=_int(s), bonus=_int(b)) for s, b in last["scores"])
        last = QuestionResult(
            round=_int(last["round"]),
            question=_int(last["question"]),
            die=DieFace.from_name(last["die"]),
            picks=picks,
            correct=last["correct"],
            scores=scores,
            ended_round=last["ended_round"],
        )
    picks = tuple(data["picks"])
    if not all(p is None or isinstance(p, str) for p in picks):
        raise TypeError("picks are strings or null")
    return GameState(
        players=tuple(Player.of(p) for p in data["players"]),
        trackers=trackers_from(data["trackers"]),
        round=_int(data["round"]),
        question=_int(data["question"]),
        phase=Phase(data["phase"]),
        die=None if data["die"] is None else DieFace.from_name(data["die"]),
        positions=_ints(data["positions"]),
        picks=picks,
        bonus_vp=_rows(data["bonus_vp"]),
        tracker_vp=_rows(data["tracker_vp"]),
        final_positions=_rows(data["final_positions"]),
        last=last,
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
        raise InvalidState("Saved game is inconsistent: round or question.", reason="bad-state")
    finished = state.round if state.is_over else state.round - 1
    if len(state.tracker_vp) != finished or len(state.final_positions) != finished:
        problems.append("finished rounds")
    if len(state.bonus_vp) != state.round:
        problems.append("bonus rows")
    rows = (state.positions, state.picks, *state.bonus_vp, *state.tracker_vp, *state.final_positions)
    if any(len(row) != count for row in rows):
        problems.append("row length")
    if any(v < 0 for row in (*state.bonus_vp, *state.tracker_vp) for v in row):
        problems.append("negative victory points")
    if any(not 0 <= p <= state.tracker.last for p in state.positions):
        problems.append("pawn off the tracker")
    if (state.die is None) != (state.phase in (Phase.ROLL, Phase.OVER)):
        problems.append("die")
    for pick in state.picks:
        try:
            if pick is not None and pick != "".join(sorted(validate_picks(pick))):
                problems.append("pick")
        except RulesError:
            problems.append("pick")
    locked = [p is not None for p in state.picks]
    if state.phase is Phase.REVEAL and not all(locked):
        problems.append("reveal before everyone locked in")
    if state.phase is Phase.PICK and all(locked):
        problems.append("everyone locked in but not revealed")
    if state.phase in (Phase.ROLL, Phase.OVER) and any(locked):
        problems.append("picks outside a question")
    last = state.last
    if last is not None and (len(last.picks) != count or len(last.scores) != count):
        problems.append("last question")
    if problems:
        raise InvalidState(
            f"Saved game is inconsistent: {', '.join(problems)}.", reason="bad-state"
        )
