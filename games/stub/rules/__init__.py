"""Secret Keeper, the demo game that shows the table's whole path. Pure: no Django.

One player, the keeper, writes a secret word. The others send guesses. The secret is
revealed to everyone when the keeper reveals it, when someone guesses it, when
the clock runs out, or when the host ends the round. Until then `player_view` shows it to the keeper alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from enum import Enum

from companion.table.rules_errors import IllegalMove, IllegalSetup  # the platform's one family

ROUND_SECONDS = 90


class Termination(Enum):
    """How a round of Secret Keeper ended."""

    GUESSED = "guessed"
    REVEALED = "revealed"
    TIME = "time"
    ENDED = "ended"  # the host ended the round: nobody wins


@dataclass(frozen=True)
class Guess:
    by: int
    word: str


@dataclass(frozen=True)
class State:
    keeper: int
    players: tuple[int, ...]
    phase: str = "writing"  # writing -> guessing -> revealed
    secret: str = ""
    guesses: tuple[Guess, ...] = field(default_factory=tuple)
    winner: int | None = None
    ended_by: str = ""
    seconds: int = ROUND_SECONDS
    show_length: bool = False

    def to_dict(self) -> dict:
        data = asdict(self)
        data["players"] = list(self.players)
        data["guesses"] = [asdict(g) for g in self.guesses]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> State:
        return cls(
            keeper=data["keeper"], players=tuple(data["players"]), phase=data["phase"], secret=data["secret"],
            guesses=tuple(Guess(**g) for g in data["guesses"]), winner=data["winner"], ended_by=data["ended_by"],
            seconds=data.get("seconds", ROUND_SECONDS), show_length=data.get("show_length", False),
        )


def new_game(keeper: int, players: list[int], *, seconds: int = ROUND_SECONDS, show_length: bool = False) -> State:
    if keeper in players:
        raise IllegalSetup("The keeper cannot also guess.", reason="roles")
    if not players:
        raise IllegalSetup("Someone has to guess.", reason="roles")
    if not 10 <= seconds <= 600:
        raise IllegalSetup("A round lasts 10 seconds to 10 minutes.", reason="setup")
    return State(keeper=keeper, players=tuple(players), seconds=seconds, show_length=show_length)


def _word(raw: object) -> str:
    word = str(raw or "").strip().lower()
    if not word.isalpha() or not 2 <= len(word) <= 12:
        raise IllegalMove("A word is 2 to 12 letters, nothing else.", reason="word")
    return word


def apply(state: State, seat: int | None, move: dict) -> State:
    kind = move.get("type")
    if kind == "set_secret":
        if seat != state.keeper:
            raise IllegalMove("Only the keeper writes the secret.", reason="not-keeper")
        if state.phase != "writing":
            raise IllegalMove("The secret is already written.", reason="phase")
        return replace(state, secret=_word(move.get("word")), phase="guessing")
    if kind == "guess":
        if seat not in state.players:
            raise IllegalMove("Only the guessers guess.", reason="not-guesser")
        if state.phase != "guessing":
            raise IllegalMove("Guessing is not open.", reason="phase")
        word = _word(move.get("word"))
        state = replace(state, guesses=state.guesses + (Guess(seat, word),))
        if word == state.secret:
            return replace(state, phase="revealed", winner=seat, ended_by="guessed")
        return state
    if kind == "reveal":
        if seat != state.keeper:
            raise IllegalMove("Only the keeper reveals the secret.", reason="not-keeper")
        if state.phase != "guessing":
            raise IllegalMove("There is nothing to reveal yet.", reason="phase")
        return replace(state, phase="revealed", ended_by="revealed")
    if kind == "timer_expired":
        if seat is not None:
            raise IllegalMove("Only the clock says when time is up.", reason="clock-only")
        if state.phase != "guessing":
            return state
        return replace(state, phase="revealed", ended_by="time")
    raise IllegalMove(f"Unknown move {kind!r}.", reason="unknown-move")


def end_game(state: State) -> State:
    """The host ends the round early: nobody wins, and the secret is shown to everyone."""
    return replace(state, phase="revealed", winner=None, ended_by=Termination.ENDED.value)


# Who may make each move, and in which phase: the source of legal_moves and their reasons.
_WHO = {"set_secret": "keeper", "reveal": "keeper", "guess": "guesser"}
_WHEN = {"set_secret": "writing", "reveal": "guessing", "guess": "guessing"}
_WHY_NOT_NOW = {
    "set_secret": "The secret is already written.",
    "reveal": "There is nothing to reveal yet.",
    "guess": "Guessing opens once the keeper has written the secret.",
}


def legal_moves(state: State, seat: int | None) -> list[dict]:
    """The moves this seat makes in this game, each allowed now or with the reason it is not."""
    if state.phase == "revealed":  # nothing is left to do: no form stays on screen
        return []
    role = "keeper" if seat == state.keeper else "guesser" if seat in state.players else None
    moves = []
    for kind, who in _WHO.items():
        if who != role:
            continue
        allowed = state.phase == _WHEN[kind]
        moves.append({"type": kind, "allowed": allowed, "why": "" if allowed else _WHY_NOT_NOW[kind]})
    return moves


def waiting_for(state: State) -> list[int]:
    if state.phase == "writing":
        return [state.keeper]
    if state.phase == "guessing":
        return list(state.players)
    return []


def player_view(state: State, seat: int | None) -> dict:
    shows_secret = seat == state.keeper or state.phase == "revealed"
    over = state.phase == "revealed"
    return {
        "phase": state.phase,
        "waiting_for": waiting_for(state),
        "legal_moves": legal_moves(state, seat),
        "outcome": {"termination": Termination(state.ended_by).value, "winner": state.winner}
        if over else None,
        "keeper": state.keeper,
        "secret": state.secret if shows_secret else None,
        "secret_written": bool(state.secret),
        "length": len(state.secret) if state.secret and (state.show_length or shows_secret) else None,
        "guesses": [{"by": g.by, "word": g.word} for g in state.guesses],
        "winner": state.winner,
        "ended_by": state.ended_by,
        "is_keeper": seat == state.keeper,
        "is_guesser": seat in state.players,
    }
