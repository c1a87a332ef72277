"""LIE on the table: the setup form, the moves as forms, and the rules' views for the screens.

The rules number players 0..n-1 in clockwise order, which is the table's seat order as the
game began (``Played.players``). The view marks each player it names with ``PlayerRef``, and
the platform turns seat ids into players on the way in and players into seat ids on the way out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.table.games import Codec, Field, Game, Move, Outcome, Played, PlayerRef, Role, Viewer

from . import rules
from .screens import LieScreens, hands_shown, own_screen, screen, showdown
from .rules import DECK_SIZE, FACES, MAX_PLAYERS, MIN_PLAYERS

_DIRECTIONS = (
    (rules.Direction.CLOCKWISE.value, "Clockwise (to your left)"),
    (rules.Direction.COUNTER_CLOCKWISE.value, "Counter clockwise (to your right)"),
)


class Lie(Game):
    slug = "lie"
    name = "LIE"
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
    public_regions = ("showdown", "bids", "players", "history")
    codec = Codec(rules.from_dict, rules.to_dict)
    screens = LieScreens()

    # -- setup ----------------------------------------------------------------
    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        try:
            self._new_game(players, options, random.Random(0))
        except rules.RulesError as refusal:
            return refusal.message
        return None

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
        shown = _marked(table, [showdown(down, list(game.players)) for down in table["showdowns"]])
        shown.update(screen(shown))  # what every screen shows
        shown.update(own_screen(shown, None))  # the display's own: no hand, no moves
        out = []
        for viewer in viewers:
            seat = played.index(viewer)
            if seat is None:
                out.append(shown)
            else:  # a seat's own fields in place of the display's
                mine = rules.player_view(game, seat)
                view = {**shown, "seat": PlayerRef(seat), **{key: mine[key] for key in OWN}}
                view.update(own_screen(view, game.cards[seat]))
                out.append(view)
        return out

    def outcome(self, played: Played) -> Outcome | None:
        game = played.state
        if game.outcome is None:
            return None
        won = () if game.outcome.winner is None else (game.outcome.winner,)
        how = "the play-off" if game.playoff and game.outcome.termination == rules.Termination.LAST_PLAYER else ""
        return Outcome(won, game.outcome.termination.value, how=how)

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> rules.GameState:
        # Hands every screen has shown cannot be bid on again: the round starts over from a new deal.
        if hands_shown(before, shown):
            return rules.deal_again(before.state, rng)
        return before.state


# What the rules show a seat apart from what they show the display (the rest is the same:
# tests/games/lie/test_properties.py holds it).
OWN = ("hand", "dealt", "my_count", "odds", "legal_moves")


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
