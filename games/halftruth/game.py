"""Half Truth on the table: seats, setup, move fields and regions around the pure rules.

Rules seats are player indices in seat order (None is the table); ``state["seats"]``
maps them to the table's seat ids, and every view leaves here in seat ids.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games import Field, Game, Move, Now, Role, Viewer

from . import rules

LETTER_CHOICES = tuple((letter, letter) for letter in rules.LETTERS)
FACE_CHOICES = tuple(
    (face.name, face.label + {"AMPED": " Amped", "HALF_LIE": " Half Lie"}.get(face.name, ""))
    for face in rules.DieFace
)
COLOUR_CHOICES = tuple((colour.value, colour.value.capitalize()) for colour in rules.Colour)


class HalfTruth(Game):
    slug = "halftruth"
    name = "Half Truth"
    blurb = ("Lock in your answer letters in secret, reveal together; the app rolls in the scoring die, "
             "moves the pawns on the round trackers and adds up the victory points.")
    players = f"{rules.MIN_PLAYERS}–{rules.MAX_PLAYERS} players"
    roles = (Role("player", "Player", rules.MIN_PLAYERS, rules.MAX_PLAYERS, "●"),)
    # The rulebook gives the die and the card to no player: they are the table's
    # moves, which the host makes (the rules refuse them from a player's seat).
    moves = (
        Move("roll", label="Roll the scoring die", host_only=True),
        Move("set_die", (Field("face", "choice", label="Die face", choices=FACE_CHOICES),),
             label="Enter the die as rolled", host_only=True),
        Move("lock_in", (Field("letters", "choice", label="Answer", many=True, choices=LETTER_CHOICES),),
             label="Lock in", stale_safe=True),
        Move("reveal", (Field("correct", "choice", label="Correct answer", many=True, choices=LETTER_CHOICES),),
             label="Reveal the correct answers", host_only=True),
    )
    setup = (
        Field("colours", "choice", label="Colours", many=True, required=False, choices=COLOUR_CHOICES,
              help="One colour per player in seat order; leave them all blank for "
                   + ", ".join(c.value for c in rules.Colour) + " in seat order."),
        Field("layouts", "text", label="Round trackers", required=False, max_length=1500,
              default=rules.layouts_text(rules.DEFAULT_LAYOUTS),
              help="The number on each space after START, comma-separated, one round after another "
                   "separated by \";\". The rulebook's printed numbers are not known to us: these "
                   "defaults reproduce the rulebook's scoring example."),
    )
    regions = ("scoring_die", "answer_picker", "picks", "card_answers", "round_tracker", "standings")

    # -- setup ----------------------------------------------------------------
    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        try:
            _new_game(players, options)
        except rules.RulesError as error:
            return error.message
        return None

    # -- the game -------------------------------------------------------------
    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> dict:
        return {**_new_game(players, options).to_dict(), "seats": [p.seat_id for p in players]}

    def apply(self, state: dict, actor: Viewer, move: dict, rng: random.Random) -> dict:
        declared = self.move(move.get("type", ""))
        if declared is not None and declared.host_only:
            if not actor.is_host:
                raise rules.IllegalMove(
                    "The host rolls the scoring die and reads the card's answers for the table.",
                    reason="host-only",
                )
            seat = None
        else:
            seat = _seat(state, actor)
        after = rules.apply(_rules_state(state), seat, move, rng)
        return {**after.to_dict(), "seats": state["seats"]}

    def view(self, state: dict, viewer: Viewer) -> dict:
        view = rules.player_view(_rules_state(state), _seat(state, viewer), table_moves=viewer.is_host)
        return _in_seat_ids(view, state["seats"])

    def now(self, view: dict, viewer: Viewer) -> Now:
        phase = view["phase"]
        if phase == "over":
            names = " and ".join(p["name"] for p in view["players"] if p["seat"] in view["outcome"]["winners"])
            return Now(f"Game over: {names} {'wins' if len(view['outcome']['winners']) == 1 else 'share the victory'}",
                       "The player with the most Victory Points wins.")
        allowed = {m["type"] for m in view["legal_moves"] if m["allowed"]}
        me = next((p for p in view["players"] if p["seat"] == view["seat"]), None)
        where = [f"You are {me['colour']}"] if me else []
        where.append(f"Round {view['round']}, question {view['question']}")
        if phase == "roll":
            if "roll" in allowed:
                return Now("Roll the scoring die", " · ".join(
                    [*where, "Enter the face rolled on the table, or roll here for a fair roll."]), my_turn=True)
            return Now("Waiting for the host to roll the scoring die", " · ".join(where))
        die = view["die"]
        where.append(die["rule"] or f"The die shows {die['label']}")
        if phase == "pick":
            if me and me["picks"] is None:
                return Now("Lock in one to three answers: your letters stay secret until everyone is in",
                           " · ".join(where), my_turn=True)
            if me:
                return Now(f"Locked in {me['picks']}: you can change them until the last player locks in",
                           " · ".join(where))
            return Now("Waiting for everyone to lock in their answers", " · ".join(where))
        if "reveal" in allowed:
            return Now("Read the card's three correct answers",
                       " · ".join([*where, "Flip the question card and enter its three correct answers."]),
                       my_turn=True)
        return Now("Waiting for the card's three correct answers", " · ".join(where))

    def audience(self, viewer: Viewer) -> str | None:
        # A host's view lists the table's moves, so a host display is not like the others.
        return None if viewer.is_host else super().audience(viewer)

    def is_over(self, state: dict) -> bool:
        return state["phase"] == rules.Phase.OVER.value

    def check_removal(self, state: dict, viewer: Viewer) -> None:
        if viewer.seat_id in state["seats"] and not self.is_over(state):
            raise ValueError("A player's pawn and points are in play; end the game before they leave.")


def _new_game(players: list[Viewer], options: dict[str, Any]) -> rules.GameState:
    colours = options.get("colours") or []
    if colours and len(colours) != len(players):
        raise rules.InvalidSetup(
            "Choose a colour for every player, or none for the usual order.", reason="colour-count"
        )
    entrants = [(p.name, c) for p, c in zip(players, colours)] if colours else [p.name for p in players]
    return rules.new_game(entrants, layouts=rules.parse_layouts(options.get("layouts") or ""))


def _rules_state(state: dict) -> rules.GameState:
    return rules.from_dict({key: value for key, value in state.items() if key != "seats"})


def _seat(state: dict, viewer: Viewer) -> int | None:
    """The rules' seat for a viewer: its player index, or None (the table) for a display."""
    if viewer.is_display or viewer.seat_id not in state["seats"]:
        return None
    return state["seats"].index(viewer.seat_id)


def _in_seat_ids(view: dict, seats: list[int]) -> dict:
    """The rules' view with every player index turned into a seat id; the table (None) is awaited by no seat."""
    view = {**view, "seat": None if view["seat"] is None else seats[view["seat"]],
            "waiting_for": [seats[i] for i in view["waiting_for"] if i is not None],
            "players": [{**p, "seat": seats[p["seat"]]} for p in view["players"]]}
    if view["last_question"]:
        last = view["last_question"]
        view["last_question"] = {**last, "results": [{**r, "seat": seats[r["seat"]]} for r in last["results"]]}
    if view["outcome"]:
        outcome = view["outcome"]
        view["outcome"] = {**outcome, "winners": [seats[i] for i in outcome["winners"]],
                           "standings": [{**s, "seat": seats[s["seat"]]} for s in outcome["standings"]]}
    return view
