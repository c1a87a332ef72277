"""Half Truth on the table: seats, setup, move fields and regions around the pure rules.

Rules seats are player indices in seat order as the game began (None is the table). The view
marks each player it names with ``PlayerRef``; the platform shows seat ids in their place.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.table.games import Codec, Field, Game, Move, Outcome, Played, PlayerRef, Role, Viewer

from . import rules
from .rules.scoring import CORRECT_ANSWERS, MAX_PICKS
from .screens import (FREE, ORDINALS, SHAPES, HalfTruthScreens, chart, chosen, decided, gain, picks_shown, results,
                      round_end)

LETTER_CHOICES = tuple((letter, letter) for letter in rules.LETTERS)
FACE_CHOICES = tuple(
    (face.name, face.label + {"AMPED": " Amped", "HALF_LIE": " Half Lie"}.get(face.name, ""))
    for face in rules.DieFace
)
COLOUR_CHOICES = ((FREE, "First free colour"),) + tuple(
    (colour.value, f"{colour.value.capitalize()} ({SHAPES[colour.value]})") for colour in rules.Colour)


class HalfTruth(Game):
    slug = "halftruth"
    name = "Half Truth"
    roles = (Role("player", "Player", rules.MIN_PLAYERS, rules.MAX_PLAYERS, "●"),)
    # The die and the card are the reader's (who changes every question) or the host's:
    # not host_only, so the reader can post them; the rules refuse anyone else.
    moves = (
        Move("roll", label="Roll the scoring die", noun="roll of the scoring die"),
        Move("set_die", (Field("face", "choice", label="Die face", choices=FACE_CHOICES),),
             label="Enter the die as rolled", noun="scoring die face"),
        Move("lock_in", (Field("letters", "choice", label="Answer", many=True, choices=LETTER_CHOICES),),
             label="Lock in", stale_safe=True, noun="answer"),
        Move("reveal", (Field("correct", "choice", label="Correct answer", many=True, choices=LETTER_CHOICES),),
             label="Reveal the correct answers", noun="reveal of the card"),
        Move("skip", (Field("seat", "seat", label="Player"),), label="Skip for this question", host_only=True),
        Move("drop", (Field("seat", "seat", label="Player"),), label="Take out of the game", host_only=True,
             noun="taking a player out"),
    )
    setup = (
        *(Field(f"colour_{n}", "choice", label=f"Colour of the {ORDINALS[n - 1]} player", required=False,
                default=FREE, choices=COLOUR_CHOICES, in_short=False) for n in range(1, rules.MAX_PLAYERS + 1)),
        Field("layouts", "text", label="Round trackers", required=False, max_length=1500,
              default=rules.layouts_text(rules.DEFAULT_LAYOUTS),
              help="The number on each space after START, comma-separated, one round after another "
                   "separated by \";\". The rulebook's printed numbers are not known to us: these "
                   "defaults reproduce the rulebook's scoring example."),
    )
    regions = ("scoring_die", "answer_picker", "picks", "card_answers", "results", "round_tracker", "victory_points",
               "history")
    public_regions = ("card_answers", "results", "round_tracker", "victory_points", "history")
    codec = Codec(rules.from_dict, rules.to_dict)
    screens = HalfTruthScreens()

    # -- setup ----------------------------------------------------------------
    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        try:
            _new_game(players, options)
        except rules.RulesError as error:
            return error.message
        return None

    # -- the game -------------------------------------------------------------
    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> rules.GameState:
        return _new_game(players, options)

    def apply(self, played: Played, actor: Viewer, move: dict, rng: random.Random) -> rules.GameState:
        seat = played.index(actor)
        if move.get("type") in ("skip", "drop"):  # the host's (host_only), its seat the rules' player
            seat = None
        elif move.get("type") in rules.READER_MOVES and actor.is_host and seat != played.state.reader:
            seat = None  # the host acts for the table
        return rules.apply(played.state, seat, move, rng)

    def end(self, played: Played) -> rules.GameState:
        return rules.end_game(played.state)

    def remove(self, played: Played, player: int, rng: random.Random) -> rules.GameState:
        if self.outcome(played) is None and not played.state.out[player]:
            raise rules.IllegalMove("A player's pawn and points are in play: take them out of the game first "
                                    "(their points stay in the standings), then remove their seat.", reason="in-play")
        return played.state

    def view(self, played: Played, viewer: Viewer) -> dict:
        return self.views(played, [viewer])[0]

    def views(self, played: Played, viewers: list[Viewer]) -> list[dict]:
        game = played.state
        table = rules.player_view(game, None)  # the display's: every pick of the questions answered
        history = [{**q, "reader": PlayerRef(q["reader"]),
                    "results": [{**r, "seat": PlayerRef(r["seat"])} for r in q["results"]]} for q in table["history"]]
        shown = _marked(table, history)
        shown = _on_screen(shown, chart(shown))  # the display's screen: what every screen shows
        out = []
        for viewer in viewers:
            seat = played.index(viewer)
            if seat is None and not viewer.is_host:
                out.append(shown)
            else:
                out.append(_own(shown, rules.player_view(game, seat, table_moves=viewer.is_host)))
        return out

    def outcome(self, played: Played) -> Outcome | None:
        found = played.state.outcome
        return None if found is None else Outcome(found.winners, found.termination.value)

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> rules.GameState:
        # Picks everyone has seen cannot be hidden again, nor changed with the others' in view.
        if picks_shown(before, shown):
            raise rules.IllegalMove(rules.PICKS_SEEN, reason="picks-seen")
        return before.state


def _new_game(players: list[Viewer], options: dict[str, Any]) -> rules.GameState:
    entrants = [(p.name, c.value) if c else p.name for p, c in zip(players, chosen(players, options))]
    return rules.new_game(entrants, layouts=rules.parse_layouts(options.get("layouts") or ""))


def _own(shown: dict, mine: dict) -> dict:
    """A seat's screen: the display's (``shown``) with what the rules' view of that seat
    (``mine``) holds apart from the display's: its seat, its moves (the host's tools among them)
    and the picks it may see (its own, while the others' are secret)."""
    view = {**shown, "seat": None if mine["seat"] is None else PlayerRef(mine["seat"]),
            "legal_moves": mine["legal_moves"], "tools": _tools(mine["legal_moves"])}
    players = [p if p["picks"] == own["picks"] else {**p, "picks": own["picks"]}
               for p, own in zip(shown["players"], mine["players"])]
    if any(p is not q for p, q in zip(players, shown["players"])):
        view["players"] = players
        view["by_seat"] = {player["seat"]: player for player in players}
    return view


def _tools(legal_moves: list[dict]) -> dict[str, bool]:
    """The host's tools on the chips list, apart from the seat's own moves: every seat's list
    is drawn from these, so a player's own lock-in does not set it apart. Each is there, off
    when not offered."""
    offered = {m["type"]: m["allowed"] for m in legal_moves}
    return {kind: offered.get(kind, False) for kind in ("skip", "drop")}


def _on_screen(view: dict, drawn: dict | None) -> dict:
    """A seat's view (its players marked) with what its screens show beyond the rules' view: the
    Victory Points chart (``drawn``, the same for every seat), each player's cells per round."""
    view["chart"] = drawn
    # How many letters a form may tick (public rules): the forms stop at the limit as they are tapped.
    view["most_picks"], view["correct_answers"] = MAX_PICKS, CORRECT_ANSWERS
    view["tools"] = _tools(view["legal_moves"])
    for player in view["players"]:  # one cell per round for the standings
        player["shape"] = SHAPES[player["colour"]]
        player["rounds"] = [
            {"started": n < len(player["bonus_vp"]),
             "bonus": player["bonus_vp"][n] if n < len(player["bonus_vp"]) else 0,
             "tracker": player["tracker_vp"][n] if n < len(player["tracker_vp"]) else None}
            for n in range(len(view["trackers"]))]
        for cell in player["rounds"]:
            cell["total"] = cell["bonus"] + (cell["tracker"] or 0)
    # The running standings beside each player on the TV: the points banked so far, who leads.
    best = max((player["victory_points"] for player in view["players"]), default=0)
    for player in view["players"]:
        player["leads"] = bool(best) and player["victory_points"] == best
    view["by_seat"] = {player["seat"]: player for player in view["players"]}  # who read, who answered
    view["round_end"] = round_end(view)
    view["results"] = results(view)
    # Each player's result of the last question in the words the results and the now card use.
    last = view["last_question"]
    view["last_words"] = {r["seat"]: gain(r, last, view["trackers"][last["round"] - 1], view["by_seat"][r["seat"]]["out"])
                          for r in last["results"]} if last else {}
    return view


def _marked(view: dict, history: list[dict]) -> dict:
    """The rules' view with every player index marked as a ``PlayerRef``, and ``history`` (the
    questions answered, marked) in place of the rules' own."""
    view = {**view, "seat": None if view["seat"] is None else PlayerRef(view["seat"]),
            "reader": None if view["reader"] is None else PlayerRef(view["reader"]),
            "waiting_for": [PlayerRef(i) for i in view["waiting_for"]],
            "players": [{**p, "seat": PlayerRef(p["seat"])} for p in view["players"]],
            "history": history, "last_question": history[-1] if history else None}
    if view["outcome"]:
        outcome = view["outcome"]
        view["outcome"] = {**outcome, "winners": [PlayerRef(i) for i in outcome["winners"]],
                           "standings": [{**s, "seat": PlayerRef(s["seat"])} for s in outcome["standings"]]}
        view["outcome"].update(decided(view["outcome"], {p["seat"]: p["name"] for p in view["players"]}))
    return view
