"""Secret Keeper at the table: the demo game, and the one to copy when writing a new game."""

from __future__ import annotations

from companion.table.clock import ClockWant
from companion.table.games import Codec, Field, Game, Move, Outcome, Role
from companion.table.players import ref, refs
from games.stub import rules
from games.stub.screens import SecretKeeperScreens


class SecretKeeper(Game):
    slug = "stub"
    name = "Secret Keeper"
    # The keeper's word sits beside every guess typed: a secret role, and the one passed on.
    roles = (Role("keeper", "Keeper", 1, 1, "✎", rotates=True, secret=True), Role("guesser", "Guesser", 1, 7, "◎"))
    moves = (Move("set_secret", (Field("word", "text", label="Word"),), label="Keep it"),
             Move("guess", (Field("word", "text", label="Word", public=True),), label="Guess"),
             Move("reveal", label="Reveal it to everyone"))
    setup = (Field("seconds", "choice", label="Time to guess", default="90",
                   choices=(("60", "1 minute"), ("90", "1½ minutes"), ("180", "3 minutes"))),
             Field("show_length", "bool", label="Tell the guessers how long the word is"))
    regions = ("secret", "guess_box", "guesses")
    codec = Codec(rules.State.from_dict, rules.State.to_dict)
    screens = SecretKeeperScreens()

    def start(self, players, options, rng):
        keeper = next((n for n, p in enumerate(players) if p.role == "keeper"), -1)
        guessers = [n for n, p in enumerate(players) if p.role != "keeper"]
        return rules.new_game(keeper, guessers, int(options["seconds"]), options["show_length"])

    def apply(self, played, actor, move, rng):
        return rules.apply(played.state, played.index(actor), move)

    def end(self, played):
        return rules.end(played.state)

    def time_up(self, played):
        return rules.time_up(played.state)

    def remove(self, played, player, rng):
        return rules.remove(played.state, player)  # a guesser just stops; the keeper cannot leave

    def view(self, played, viewer):
        seen = rules.player_view(played.state, played.index(viewer))
        return {**seen, "keeper": ref(seen["keeper"]), "guessers": refs(seen["guessers"]),
                "waiting_for": refs(seen["waiting_for"]), "winner": ref(seen["winner"]),
                "guesses": [{**g, "by": ref(g["by"])} for g in seen["guesses"]],
                "outcome": seen["outcome"] and {**seen["outcome"], "winner": ref(seen["winner"])}}

    def outcome(self, played):
        state = played.state
        if state.phase != "revealed":
            return None
        return Outcome(() if state.winner is None else (state.winner,), state.ended_by)

    def clock(self, played):
        state = played.state
        return ClockWant("round", state.seconds, running=True) if state.phase == "guessing" else None
