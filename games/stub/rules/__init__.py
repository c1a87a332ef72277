"""Secret Keeper's rules: the keeper writes a secret word, the guessers try to find it.

Pure Python: the table stores `State.to_dict()` and hands it back. Players are 0..n-1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from companion.table.rules_errors import CorruptState, IllegalMove, IllegalSetup

SECONDS = (60, 90, 180)


@dataclass(frozen=True)
class State:
    keeper: int
    players: tuple[int, ...]  # the guessers
    seconds: int = 90
    show_length: bool = False
    phase: str = "writing"  # writing -> guessing -> revealed
    secret: str = ""
    guesses: tuple[dict, ...] = ()  # {"by": player, "word": word}
    winner: int | None = None
    ended_by: str = ""  # how the round ended, its outcome's ending: guessed, revealed, time or ended

    def to_dict(self) -> dict:
        return {**asdict(self), "players": list(self.players), "guesses": list(self.guesses)}

    @classmethod
    def from_dict(cls, data: dict) -> State:
        try:
            return replace(cls(**data), players=tuple(data["players"]), guesses=tuple(data["guesses"]))
        except (TypeError, KeyError, ValueError) as error:
            raise CorruptState(f"Not a Secret Keeper state: {error}") from None


def new_game(keeper: int, guessers: list[int], seconds: int = 90, show_length: bool = False) -> State:
    if keeper < 0 or keeper in guessers or not 1 <= len(guessers) <= 7:
        raise IllegalSetup("Secret Keeper needs one keeper and 1 to 7 guessers.", reason="roles")
    if seconds not in SECONDS:
        raise IllegalSetup("The time to guess is 60, 90 or 180 seconds.", reason="seconds")
    return State(keeper, tuple(guessers), seconds, show_length)


def word(text: str) -> str:
    """The word as typed, or an IllegalMove saying why it is not one."""
    if not (text.isalpha() and 2 <= len(text) <= 12):
        raise IllegalMove("A word is 2 to 12 letters, nothing else.", reason="not-a-word")
    return text


def apply(state: State, player: int, move: dict) -> State:
    kind = move.get("type")
    if kind == "set_secret":
        if player != state.keeper:
            raise IllegalMove("Only the keeper writes the secret.", reason="not-keeper")
        if state.phase != "writing":
            raise IllegalMove("The secret is already written.", reason="wrong-phase")
        return replace(state, secret=word(move.get("word", "")), phase="guessing")
    if kind == "guess":
        if player not in state.players:
            raise IllegalMove("Only a guesser guesses.", reason="not-guesser")
        if state.phase != "guessing":
            raise IllegalMove("It is not time to guess.", reason="wrong-phase")
        guess = word(move.get("word", ""))
        state = replace(state, guesses=(*state.guesses, {"by": player, "word": guess}))
        if guess.casefold() == state.secret.casefold():
            return replace(state, phase="revealed", winner=player, ended_by="guessed")
        return state
    if kind == "reveal":
        if player != state.keeper:
            raise IllegalMove("Only the keeper reveals the secret.", reason="not-keeper")
        if state.phase != "guessing":
            raise IllegalMove("There is nothing to reveal now.", reason="wrong-phase")
        return replace(state, phase="revealed", ended_by="revealed")
    raise IllegalMove(f"{kind!r} is not a Secret Keeper move.", reason="unknown-move")


def time_up(state: State) -> State:
    """The clock ran out: nobody found the word."""
    if state.phase != "guessing":
        raise IllegalMove("The clock only runs while guessing.", reason="wrong-phase")
    return replace(state, phase="revealed", ended_by="time")


def end(state: State) -> State:
    """The host ended the game: nobody wins."""
    return replace(state, phase="revealed", winner=None, ended_by="ended")


def remove(state: State, player: int) -> State:
    """The host removed a player mid-game. A guesser's seat just stops guessing; the round needs its keeper."""
    if player == state.keeper:
        raise IllegalMove("The keeper cannot leave mid-game: end the game instead.", reason="keeper")
    return state


# Why a move is not allowed, by the phase it is tried in.
WHY = {"writing": "The keeper is still writing the word.", "guessing": "The word is written.",
       "revealed": "The round is over."}


def legal_moves(state: State, player: int | None) -> list[dict]:
    if player == state.keeper:
        phases = {"set_secret": "writing", "reveal": "guessing"}
    elif player in state.players:
        phases = {"guess": "guessing"}
    else:
        return []
    return [{"type": kind, "allowed": state.phase == phase, "why": "" if state.phase == phase else WHY[state.phase]}
            for kind, phase in phases.items()]


def player_view(state: State, player: int | None) -> dict:
    """What `player` sees (None: the table display). The secret is the keeper's until the end."""
    over = state.phase == "revealed"
    keeper = player == state.keeper
    waiting = {"writing": [state.keeper], "guessing": list(state.players)}.get(state.phase, [])
    return {
        "phase": state.phase,
        "keeper": state.keeper,
        "guessers": list(state.players),
        "waiting_for": waiting,
        "legal_moves": legal_moves(state, player),
        "secret": state.secret if keeper or over else "",
        "length": len(state.secret) if state.secret and state.show_length else None,
        "guesses": list(state.guesses),
        "winner": state.winner,
        "outcome": {"termination": state.ended_by, "winner": state.winner} if over else None,
    }
