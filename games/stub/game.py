"""Secret Keeper at the table: the demo game, and the one to copy when writing a new game."""

from __future__ import annotations

from companion.table.clock import ClockWant
from companion.table.games import Codec, Field, Game, Move, Now, Outcome, Role
from companion.table.players import ref, refs
from games.stub import rules

# How the round ended, as every screen says it.
ENDINGS = {"guessed": "Guessed!", "revealed": "The keeper revealed it.", "time": "Time ran out.",
           "ended": "The host ended the game."}


class SecretKeeper(Game):
    slug = "stub"
    name = "Secret Keeper"
    blurb = "One player writes a secret word; the others guess it before the clock runs out."
    players = "2–8 players"
    demo = True
    roles = (Role("keeper", "Keeper", 1, 1, "✎"), Role("guesser", "Guesser", 1, 7, "◎"))
    rotating_role = "keeper"
    secret_roles = ("keeper",)  # the word, beside every guess typed
    moves = (Move("set_secret", (Field("word", "text", label="Word"),), label="Keep it"),
             Move("guess", (Field("word", "text", label="Word", public=True),), label="Guess"),
             Move("reveal", label="Reveal it to everyone"))
    setup = (Field("seconds", "choice", label="Time to guess", default="90",
                   choices=(("60", "1 minute"), ("90", "1½ minutes"), ("180", "3 minutes"))),
             Field("show_length", "bool", label="Tell the guessers how long the word is"))
    regions = ("secret", "guess_box", "guesses")
    codec = Codec(rules.State.from_dict, rules.State.to_dict)

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
        return rules.remove(played.state, player)

    def view(self, played, viewer):
        seen = rules.player_view(played.state, played.index(viewer))
        return {**seen, "keeper": ref(seen["keeper"]), "guessers": refs(seen["guessers"]),
                "waiting_for": refs(seen["waiting_for"]), "winner": ref(seen["winner"]),
                "guesses": [{**g, "by": ref(g["by"])} for g in seen["guesses"]],
                "outcome": seen["outcome"] and {**seen["outcome"], "winner": ref(seen["winner"])}}

    def audience(self, viewer):
        # Every guesser sees the same screen: drawn once, sent to all of them.
        return "guessers" if viewer.role == "guesser" else super().audience(viewer)

    def now(self, view, viewer):
        keeper = viewer.seat_id == view["keeper"]
        if view["outcome"]:
            return Now(ENDINGS[view["outcome"]["termination"]])
        if view["phase"] == "writing":
            if keeper:
                return Now("Your turn: write a secret word", "Only you see it.", my_turn=True)
            return Now("The keeper is writing a secret word", "Get ready to guess.")
        if keeper:
            return Now("Keep your secret", "Reveal it whenever you like.")
        if viewer.role == "guesser":
            return Now("Your turn: guess the keeper's word", "The first right guess wins.", my_turn=True)
        return Now("The guessers are guessing the keeper's word", "The first right guess wins.")

    def said(self, move, view):
        if move["type"] == "guess" and view["phase"] == "guessing":
            return f"{move['word'].upper()} is not the word."
        return ""

    def outcome(self, played):
        state = played.state
        if state.phase != "revealed":
            return None
        return Outcome(() if state.winner is None else (state.winner,), state.ended_by)

    def moment(self, played):
        state = played.state
        if state.ended_by == "ended":
            return ""
        if state.ended_by == "guessed":
            count = len(state.guesses)
            return f"The secret was {state.secret.upper()}, after {count} guess{'' if count == 1 else 'es'}."
        return f"The secret was {state.secret.upper()}; the guessers missed it."

    def clock(self, played):
        state = played.state
        return ClockWant("round", state.seconds, running=True) if state.phase == "guessing" else None
