"""Secret Keeper, the demo game that shows the table's whole path. Pure: no Django.

One seat, the keeper, writes a secret word. The others send guesses. The secret is
revealed to everyone when the keeper reveals it, when someone guesses it, or when
the clock runs out. Until then `player_view` shows it to the keeper alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

from games.errors import RulesError

ROUND_SECONDS = 90


class SecretKeeperError(RulesError):
    """A move Secret Keeper refuses: a RulesError, like every game's refusals."""

    reason = "refused"


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
        )


def new_game(keeper: int, players: list[int]) -> State:
    if keeper in players:
        raise SecretKeeperError("The keeper cannot also guess.", reason="roles")
    if not players:
        raise SecretKeeperError("Someone has to guess.", reason="roles")
    return State(keeper=keeper, players=tuple(players))


def _word(raw: object) -> str:
    word = str(raw or "").strip().lower()
    if not word.isalpha() or not 2 <= len(word) <= 12:
        raise SecretKeeperError("A word is 2 to 12 letters, nothing else.", reason="word")
    return word


def apply(state: State, seat: int | None, move: dict) -> State:
    kind = move.get("type")
    if kind == "set_secret":
        if seat != state.keeper:
            raise SecretKeeperError("Only the keeper writes the secret.", reason="not-keeper")
        if state.phase != "writing":
            raise SecretKeeperError("The secret is already written.", reason="phase")
        return replace(state, secret=_word(move.get("word")), phase="guessing")
    if kind == "guess":
        if seat not in state.players:
            raise SecretKeeperError("Only the guessers guess.", reason="not-guesser")
        if state.phase != "guessing":
            raise SecretKeeperError("Guessing is not open.", reason="phase")
        word = _word(move.get("word"))
        state = replace(state, guesses=state.guesses + (Guess(seat, word),))
        if word == state.secret:
            return replace(state, phase="revealed", winner=seat, ended_by="guessed")
        return state
    if kind == "reveal":
        if seat != state.keeper:
            raise SecretKeeperError("Only the keeper reveals the secret.", reason="not-keeper")
        if state.phase != "guessing":
            raise SecretKeeperError("There is nothing to reveal yet.", reason="phase")
        return replace(state, phase="revealed", ended_by="revealed")
    if kind == "timer_expired":
        if state.phase != "guessing":
            return state
        return replace(state, phase="revealed", ended_by="time")
    raise SecretKeeperError(f"Unknown move {kind!r}.", reason="unknown-move")


def player_view(state: State, seat: int | None) -> dict:
    shows_secret = seat == state.keeper or state.phase == "revealed"
    return {
        "phase": state.phase,
        "keeper": state.keeper,
        "secret": state.secret if shows_secret else None,
        "secret_written": bool(state.secret),
        "guesses": [{"by": g.by, "word": g.word} for g in state.guesses],
        "winner": state.winner,
        "ended_by": state.ended_by,
        "is_keeper": seat == state.keeper,
        "is_guesser": seat in state.players,
    }
