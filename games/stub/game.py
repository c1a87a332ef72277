"""Secret Keeper on the table: roles, setup, moves, regions and the clock for the demo game.

Its rules know players 0..n-1, in seat order as the game began, as every game's do: the view
marks each player it names with ``PlayerRef`` and the platform shows seat ids in their place.
"""

from __future__ import annotations

import random

from companion.table.clock import ClockWant
from companion.table.games import (END, REMOVE, TIMER_EXPIRED, Field, Game, Move, Now, Outcome, Played, PlayerRef,
                                   Role, Viewer, platform_move)

from . import rules

WORD = Field("word", "text", label="Word", max_length=12)


class SecretKeeper(Game):
    slug = "stub"
    name = "Secret Keeper"
    blurb = "A one-minute demo of the table: one phone keeps a secret word, the others guess it."
    players = "2–8 players"
    demo = True
    roles = (Role("keeper", "Keeper", 1, 1, "✎"), Role("guesser", "Guesser", 1, 7, "◎"))
    rotating_role = "keeper"
    moves = (
        Move("set_secret", (WORD,), label="Keep it"),
        Move("guess", (Field("word", "text", label="Word", max_length=12, public=True),), label="Guess"),
        Move("reveal", label="Reveal it to everyone"),
    )
    setup = (
        Field("seconds", "choice", label="Time to guess",
              choices=(("60", "1 minute"), ("90", "90 seconds"), ("180", "3 minutes")), default="90"),
        Field("show_length", "bool", label="Tell the guessers how long the word is"),
    )
    regions = ("secret", "guess_box", "guesses")

    def start(self, players: list[Viewer], options: dict, rng: random.Random) -> dict:
        keeper = next(n for n, p in enumerate(players) if p.role == "keeper")
        guessers = [n for n, p in enumerate(players) if p.role == "guesser"]
        return rules.new_game(keeper, guessers, seconds=int(options.get("seconds") or rules.ROUND_SECONDS),
                              show_length=bool(options.get("show_length"))).to_dict()

    def apply(self, played: Played, actor: Viewer, move: dict, rng: random.Random) -> dict:
        kind = platform_move(actor, move)
        state = rules.State.from_dict(played.rules)
        if kind == END:
            return rules.end_game(state).to_dict()
        if kind == TIMER_EXPIRED:
            return rules.apply(state, None, {"type": "timer_expired"}).to_dict()
        if kind == REMOVE:
            if move["seat"] == state.keeper:
                raise rules.IllegalMove("The keeper holds the secret and cannot leave mid-game; end the game first.",
                                        reason="holds-the-secret")
            return played.rules
        return rules.apply(state, played.index(actor), move).to_dict()

    def view(self, played: Played, viewer: Viewer) -> dict:
        seen = rules.player_view(rules.State.from_dict(played.rules), played.index(viewer))
        winner = None if seen["winner"] is None else PlayerRef(seen["winner"])
        return {**seen, "keeper": PlayerRef(seen["keeper"]), "winner": winner,
                "waiting_for": [PlayerRef(n) for n in seen["waiting_for"]],
                "guesses": [{**g, "by": PlayerRef(g["by"])} for g in seen["guesses"]],
                "outcome": seen["outcome"] and {**seen["outcome"], "winner": winner}}

    def now(self, view: dict, viewer: Viewer) -> Now:
        phase = view["phase"]
        if phase == "writing":
            if view["is_keeper"]:
                return Now("Your turn: write a secret word for the others to guess.", my_turn=True)
            return Now("The keeper is writing a secret word.")
        if phase == "guessing":
            if view["is_keeper"]:
                return Now("They are guessing your word. Reveal it whenever you like.")
            if view["is_guesser"]:
                return Now("Your turn: guess the keeper's word before the time runs out.", my_turn=True)
            return Now("The guessers are guessing the keeper's word.")
        ended = {"guessed": "Guessed!", "time": "Time ran out.", "revealed": "The keeper revealed the word.",
                 "ended": "The host ended the game."}
        return Now(f"The round is over. {ended.get(view['ended_by'], '')}".strip())

    def said(self, move: dict, view: dict) -> str:
        if move["type"] == "guess" and view["phase"] == "guessing":
            return f"{move['word'].upper()} is not the word. Guess again."
        return ""

    def audience(self, viewer: Viewer) -> str | None:
        # Every guesser sees the same: the guesses so far and the box to guess in.
        return "guessers" if viewer.role == "guesser" else super().audience(viewer)

    def outcome(self, played: Played) -> Outcome | None:
        state = rules.State.from_dict(played.rules)
        if state.phase != "revealed":
            return None
        won = () if state.winner is None else (state.winner,)
        return Outcome(won, rules.Termination(state.ended_by).value)

    def moment(self, played: Played) -> str:
        view = self.view(played, Viewer(seat_id=None, role="display"))
        if not view.get("secret"):
            return ""
        guesses = len(view["guesses"])
        return f"The secret was {view['secret'].upper()}, after {guesses} guess{'es' if guesses != 1 else ''}."

    def clock(self, played: Played) -> ClockWant | None:
        state = played.rules
        if state["phase"] == "writing":
            return None
        seconds = state.get("seconds", rules.ROUND_SECONDS)
        return ClockWant(period="round", seconds=seconds, running=state["phase"] == "guessing")
