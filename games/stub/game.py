"""Secret Keeper on the table: roles, forms and the clock for the demo game."""

from __future__ import annotations

import random

from companion.clock import ClockWant
from companion.games import Game, MoveError, Role, Viewer

from . import rules


class SecretKeeper(Game):
    slug = "stub"
    name = "Secret Keeper"
    blurb = "A one-minute demo of the table: one phone keeps a secret word, the others guess it."
    players = "2–8 players"
    ready = True
    demo = True
    roles = (Role("keeper", "Keeper", 1, 1, "✎"), Role("guesser", "Guesser", 1, 7, "?"))
    board_template = "stub/partials/board.html"

    def start(self, players: list[Viewer], rng: random.Random) -> dict:
        keeper = next(p.seat_id for p in players if p.role == "keeper")
        guessers = [p.seat_id for p in players if p.role == "guesser"]
        return rules.new_game(keeper, guessers).to_dict()

    def parse_move(self, data: dict[str, str]) -> dict:
        move = super().parse_move(data)
        if move["type"] in ("set_secret", "guess"):
            if "word" not in data:
                raise MoveError("Type a word first.")
            move["word"] = data["word"]
        return move

    def apply(self, state: dict, actor: Viewer, move: dict, rng: random.Random) -> dict:
        return rules.apply(rules.State.from_dict(state), actor.seat_id, move).to_dict()

    def view(self, state: dict, viewer: Viewer) -> dict:
        return rules.player_view(rules.State.from_dict(state), None if viewer.is_display else viewer.seat_id)

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "revealed"

    def clock(self, state: dict) -> ClockWant | None:
        if state["phase"] == "writing":
            return None
        return ClockWant(period="round", seconds=rules.ROUND_SECONDS, running=state["phase"] == "guessing")

    def clock_expired(self, state: dict) -> dict:
        return rules.apply(rules.State.from_dict(state), None, {"type": "timer_expired"}).to_dict()

    def check_removal(self, state: dict, viewer: Viewer) -> None:
        if viewer.seat_id == state["keeper"]:
            raise ValueError("The keeper holds the secret and cannot leave mid-game; end the game first.")
