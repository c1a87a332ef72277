"""What Secret Keeper's screens say beyond its regions: the home page's card, the "now" card, a
line for the guesser who missed, who sees alike, and the round's moment for the evening."""

from __future__ import annotations

from companion.table.games import Now, Screens

# How the round ended, as every screen says it.
ENDINGS = {"guessed": "Guessed!", "revealed": "The keeper revealed it.", "time": "Time ran out.",
           "ended": "The host ended the game."}


class SecretKeeperScreens(Screens):
    blurb = "One player writes a secret word; the others guess it before the clock runs out."
    headcount = "2–8 players"
    demo = True

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

    def audience(self, viewer):
        # Every guesser sees the same screen: drawn once, sent to all of them.
        return "guessers" if viewer.role == "guesser" else super().audience(viewer)

    def moment(self, view):
        ended_by, secret = view["outcome"]["termination"], view["secret"].upper()
        if ended_by == "ended":
            return ""
        if ended_by == "guessed":
            count = len(view["guesses"])
            return f"The secret was {secret}, after {count} guess{'' if count == 1 else 'es'}."
        return f"The secret was {secret}; the guessers missed it."
