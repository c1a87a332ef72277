"""LIE on the table: the setup form, the moves as forms, and the rules' views for the screens.

The rules number players 0..n-1 in clockwise order, which is the table's seat order as the
game began (``Played.players``). The view marks each player it names with ``PlayerRef``, and
the platform turns seat ids into players on the way in and players into seat ids on the way out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from companion.table.games import Codec, Field, Game, Move, Now, Outcome, Played, PlayerRef, Role, Viewer

from . import rules
from .screens import counted, die, result_words, screen, showdown, spoken, why_won
from .rules import DECK_SIZE, FACES, MAX_PLAYERS, MIN_PLAYERS, Phase

_DIRECTIONS = (
    (rules.Direction.CLOCKWISE.value, "Clockwise (to your left)"),
    (rules.Direction.COUNTER_CLOCKWISE.value, "Counter clockwise (to your right)"),
)


class Lie(Game):
    slug = "lie"
    name = "LIE"
    blurb = ("Bid on the dice showing across every hand, or call “Lie!”. The app checks bids, "
             "keeps the turn order, counts the dice and tracks hand sizes.")
    players = f"{MIN_PLAYERS}–{MAX_PLAYERS} players"
    roles = (Role("player", "Player", MIN_PLAYERS, MAX_PLAYERS, "●"),)
    moves = (
        # A hand is a list of the faces turned up, one per card used: faces=4&faces=4&faces=2.
        # Setting one's own hand does not depend on what others did meanwhile.
        Move("set_hand", (Field("faces", "int", label="Faces", many=True, required=False,
                                minimum=min(FACES), maximum=max(FACES)),),
             label="Set my hand", stale_safe=True, noun="hand"),
        Move("choose_direction", (Field("direction", "choice", label="Direction", choices=_DIRECTIONS),),
             label="Choose the direction", noun="choice of direction"),
        Move("bid", (Field("quantity", "int", label="Quantity", minimum=1, maximum=DECK_SIZE),
                     Field("face", "int", label="Die", minimum=min(FACES), maximum=max(FACES))),
             label="Bid"),
        Move("challenge", label="Lie!", noun="“Lie!”"),
        # Count at reveal: how many of the challenged face this player shows, and wild ones.
        Move("show_count", (Field("count", "int", label="Showing the bid's face", minimum=0, maximum=DECK_SIZE),
                            Field("ones", "int", label="Wild ones", required=False, minimum=0,
                                  maximum=DECK_SIZE)),
             label="That's my count", stale_safe=True, noun="count"),
        # Leaving: the player is out at once and a round under way is called off.
        Move("forfeit", label="Leave the game"),
    )
    setup = (
        Field("wild_ones", "bool", label="Wild Ones", default=False,
              help="Ones count toward every bid, except in a round whose opening bid is ones."),
        Field("which_way", "bool", label="Which Way", default=False,
              help="Whoever opens a round chooses whether the bidding goes clockwise or counter clockwise."),
        Field("shorter_game", "bool", label="Shorter Game", default=False,
              help="For 4–6 players: once one player can draw no cards, the player with the most cards wins."),
        Field("opener", "seat", label="Oldest player", required=False,
              help="Makes the first opening bid. Left empty: the first player in seat order."),
        Field("count_at_reveal", "bool", label="Count at reveal", default=False,
              help="Skip entering hands: at each “Lie!” every player enters how many of the bid’s face they show."),
        Field("odds_helper", "bool", label="Odds helper", default=False,
              help="Each phone shows the chance that the current bid holds, from its own hand."),
        Field("app_deals", "bool", label="The app deals", default=False,
              help="No cards needed (a friend on a video call): the app deals each hand to the phones "
                   "from a 30-card deck whose pairing of faces is assumed."),
    )
    # The picker before the hand: on a turn to bid, its forms come first and the peek at one's hand
    # under them; while hands are set or counted, the picker is empty and the hand's form is first.
    # On the host's page, "acting" holds a panel for each player without a phone: their hand, bid and
    # "Lie!", after the host's own.
    regions = ("showdown", "bid_picker", "hand", "acting", "bids", "players", "leave", "history")
    acts_inline = True
    public_regions = ("history",)
    template_functions: ClassVar[dict[str, Callable[..., Any]]] = {"die": die}
    stylesheet = "css/lie.css"
    script = "js/lie.js"
    codec = Codec(rules.from_dict, rules.to_dict)

    # -- setup ----------------------------------------------------------------
    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        try:
            self._new_game(players, options, random.Random(0))
        except rules.RulesError as refusal:
            return refusal.message
        return None

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        # The start refuses these two together: said beside each box too, where the host unticks one.
        if setup.get("app_deals") and setup.get("count_at_reveal"):
            return {"app_deals": f"Not with Count at reveal. {rules.DEALS_AND_COUNTS}",
                    "count_at_reveal": f"Not with The app deals. {rules.DEALS_AND_COUNTS}"}
        return {}

    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> rules.GameState:
        return self._new_game(players, options, rng)

    def _new_game(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> rules.GameState:
        opener = options.get("opener")  # the rules' player: the platform refuses a seat not dealt in
        state = rules.new_game(
            [p.name for p in players],
            opener=0 if opener is None else opener,
            variants={name: bool(options.get(name)) for name in rules.VARIANT_NAMES},
            count_at_reveal=bool(options.get("count_at_reveal")),
            odds_helper=bool(options.get("odds_helper")),
            app_deals=bool(options.get("app_deals")),
            rng=rng,
        )
        return state

    # -- the game -------------------------------------------------------------
    def apply(self, played: Played, actor: Viewer, move: dict, rng: random.Random) -> rules.GameState:
        seat = played.index(actor)
        if seat is None:
            raise rules.IllegalMove("You are not playing in this game.", reason="not-a-player")
        return rules.apply(played.state, seat, move, rng)

    def end(self, played: Played) -> rules.GameState:
        return rules.end_game(played.state)

    def remove(self, played: Played, player: int, rng: random.Random) -> rules.GameState:
        # A player removed by the host leaves the game as if they had tapped "Leave the game",
        # so the rules never wait on a seat that is gone.
        game = played.state
        if game.outcome is None and player in game.in_game:
            return rules.apply(game, player, {"type": "forfeit"}, rng)
        return game

    def view(self, played: Played, viewer: Viewer) -> dict:
        return self.views(played, [viewer])[0]

    def views(self, played: Played, viewers: list[Viewer]) -> list[dict]:
        game = played.state
        table = rules.player_view(game, None)  # the display's: every hand of the rounds played
        shown = [showdown(down, list(game.players)) for down in table["showdowns"]]
        out = []
        for viewer in viewers:
            seat = played.index(viewer)
            seen = _marked(table if seat is None else rules.player_view(game, seat), shown)
            out.append({**seen, **screen(seen, None if seat is None else game.cards[seat])})
        return out

    def now(self, view: dict, viewer: Viewer) -> Now:
        # The platform names the seats in waiting_for under the headline, so headlines do not.
        me = next((p for p in view["players"] if p["seat"] == viewer.seat_id), None)
        # What the last "Lie!" settled, for this seat: it leads the detail until the next round's
        # first bid, since on a phone the showdown itself sits below the form of what to do next.
        # The table display has no form: its showdown card comes first and says it all.
        news = "" if me is None else result_words(view, me["seat"])
        outcome = view["outcome"]
        if outcome is not None:
            if outcome["termination"] == rules.Termination.ENDED:
                return Now("The host ended the game: nobody wins",
                           f"It ended in round {view['round']}; every hand set in it is shown.")
            why = why_won(view)
            if me is not None and outcome["winner"] == me["seat"]:
                return Now("You win!", why)
            winner = next(p["name"] for p in view["players"] if p["seat"] == outcome["winner"])
            return Now(f"{winner} wins!", why)
        if me is not None and me["left"]:
            return Now("You left this game", "The others play on without you.")
        if me is not None and me["out"]:
            why = next((o["mine"] for s in view["showdowns"] for o in s["outs"] if o["seat"] == me["seat"]), "")
            return Now("You are out of this game", f"{news or why} Watch the others play on.".strip())
        phase = view["phase"]
        if phase == Phase.SETTING_HANDS:
            if me is None:
                if view["app_deals"]:
                    return Now("The app has dealt: everyone sets a hand", news)
                return Now("Everyone draws cards and sets a hand", news)
            if not me["hand_set"]:
                cards = me["cards"]
                if view["app_deals"]:
                    dealt = f"{cards} cards are" if cards != 1 else "1 card is"
                    return Now(f"Your {dealt} dealt: set your hand",
                               news or "Tap the end of each card you will use; you may leave cards unused.",
                               my_turn=True)
                return Now(f"Draw {cards} card{'s' if cards != 1 else ''} and enter your hand",
                           news or "Turn each card so the die you will use is on top; you may leave cards unused.",
                           my_turn=True)
            return Now("Your hand is set", news or "You may change it until the last player sets theirs.")
        if phase == Phase.COUNTING:
            bid = spoken(view["current_bid"])
            if me is None:
                return Now(f"“Lie!” Everyone counts for {bid}")
            if view["my_count"] is None:
                face = rules.Bid(2, view["current_bid"]["face"]).spoken().split()[1]
                wild = " and your ones (wild)" if view["ones_wild"] and view["current_bid"]["face"] != 1 else ""
                return Now(f"“Lie!” Show your hand and count your {face}{wild}",
                           f"The challenged bid: {bid}.", my_turn=True)
            return Now("Your count is in", "You may change it until the last player enters theirs.")
        my_turn = me is not None and view["turn"] == me["seat"]
        if phase == Phase.CHOOSING_DIRECTION:
            if my_turn:
                return Now("Choose the direction of play", news or "Clockwise (to your left) or counter clockwise.",
                           my_turn=True)
            return Now("Waiting for the opener to choose the direction of play", news)
        current = view["current_bid"]
        if current is None:
            draw = ""
            if view["count_at_reveal"] and me is not None:
                draw = f"Draw {me['cards']} card{'s' if me['cards'] != 1 else ''} and set your hand first. "
            if my_turn:
                return Now("Your turn: make the opening bid", f"{news} {draw}".strip() if news
                           else draw + "Say it out loud as you tap.", my_turn=True)
            return Now("Waiting for the opening bid", f"{news} {draw}".strip())
        if my_turn:
            return Now("Your turn: bid or call Lie!", f"The bid to beat: {spoken(current)}.", my_turn=True)
        return Now("Waiting for a higher bid or a call of Lie!", f"The bid: {spoken(current)}.")

    def when_gone(self, played: Played, player: int) -> str:
        if player not in played.state.in_game:
            return ""
        return ("Wait for them to come back, tap No phone beside their name to play their turns from your "
                "phone, or remove their seat: they forfeit (their cards leave the game) and the others play on.")

    def outcome(self, played: Played) -> Outcome | None:
        game = played.state
        if game.outcome is None:
            return None
        won = () if game.outcome.winner is None else (game.outcome.winner,)
        how = "the play-off" if game.playoff and game.outcome.termination == rules.Termination.LAST_PLAYER else ""
        return Outcome(won, game.outcome.termination.value, how=how)

    def moment(self, played: Played) -> str:
        """The last showdown: who called Lie on whose bid, and what the count said."""
        view = self.view(played, Viewer(seat_id=None, role="display"))
        last = view.get("last_showdown")
        if not last or not last.get("challenged"):
            return ""
        names = {p["seat"]: p["name"] for p in view["players"]}
        bid = last["challenged"]
        verdict = "the bid held" if last["held"] else "the bid was a lie"
        return (f"{names.get(last['challenger'], '?')} called Lie on {names.get(bid['seat'], '?')}'s "
                f"{spoken(bid)}: there {'was' if last['count'] == 1 else 'were'} {counted(last['count'], bid['face'])}, "
                f"{verdict}.")

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        if not _hands_shown(before, shown):
            return ""
        return HANDS_SEEN if before.state.app_deals else HANDS_SEEN_AT_TABLE

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> dict:
        # Hands every screen has shown cannot be bid on again: the round starts over from a new deal.
        if _hands_shown(before, shown):
            return rules.deal_again(before.state, rng)
        return before.state


# What undoing means once the app's deal was shown to everyone: said in the host's confirm and the notice.
HANDS_SEEN = "Everyone has seen the hands: the app deals this round again with fresh hands, and its bids start over."
HANDS_SEEN_AT_TABLE = ("Everyone has seen the hands: this round starts over. Shuffle and deal the cards again, "
                       "everyone sets their new hand, and its bids start over.")


def _hands_shown(before: Played, shown: Sequence[Played]) -> bool:
    """Whether a state every screen has shown since ``before`` showed everyone the hands of its
    round (the app's deal, or hands typed in from the table's cards), in a game that going back
    leaves on."""
    state = before.state
    if state.outcome is not None:
        return False
    if not state.app_deals and not any(h is not None for h in state.hands):
        return False  # nothing of the round is stored yet: nothing to hide again
    return any(rules.shows_hands(state, later.state) for later in shown)


def _marked(view: dict, showdowns: list[dict]) -> dict:
    """The rules' view with every rules seat marked as a ``PlayerRef``, and ``showdowns`` (the
    rounds played, marked) in place of the rules' own."""
    def seat(s: int | None) -> PlayerRef | None:
        return None if s is None else PlayerRef(s)

    outcome = view["outcome"]
    names = [p["name"] for p in view["players"]]
    return {
        **view,
        "open_hands": None if view["open_hands"] is None else [
            {"seat": PlayerRef(s), "name": names[s], "faces": faces}
            for s, faces in enumerate(view["open_hands"]) if faces is not None or not view["players"][s]["out"]],
        "open_counts": None if view["open_counts"] is None else [
            {"seat": PlayerRef(s), "name": names[s], **counted}
            for s, counted in enumerate(view["open_counts"]) if counted is not None],
        "called_off": [{**off, "seat": PlayerRef(off["seat"]), "name": names[off["seat"]]}
                       for off in view["called_off"]],
        "seat": seat(view["seat"]),
        "opener": PlayerRef(view["opener"]),
        "turn": seat(view["turn"]),
        "waiting_for": [PlayerRef(s) for s in view["waiting_for"]],
        "players": [{**p, "seat": PlayerRef(p["seat"])} for p in view["players"]],
        "bids": [{**call, "seat": PlayerRef(call["seat"])} for call in view["bids"]],
        "out": [PlayerRef(s) for s in view["out"]],
        "left": [{**gone, "seat": PlayerRef(gone["seat"])} for gone in view["left"]],
        "showdowns": showdowns,
        "outcome": None if outcome is None else {
            **outcome, "winner": seat(outcome["winner"])},
        "challenger": seat(view["challenger"]),
    }
