"""Half Truth on the table: seats, setup, move fields and regions around the pure rules.

Rules seats are player indices in seat order as the game began (None is the table). The view
marks each player it names with ``PlayerRef``; the platform shows seat ids in their place.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.table.games import Codec, Field, Game, Move, Now, Outcome, Played, PlayerRef, Role, Viewer, listed

from . import rules
from .rules.scoring import CORRECT_ANSWERS, MAX_PICKS
from .screens import chart, decided, gain, result_words, results, round_end, standing_words

LETTER_CHOICES = tuple((letter, letter) for letter in rules.LETTERS)
FACE_CHOICES = tuple(
    (face.name, face.label + {"AMPED": " Amped", "HALF_LIE": " Half Lie"}.get(face.name, ""))
    for face in rules.DieFace
)
# Each colour's pawn has a shape of its own, so that players who cannot tell two colours apart
# can tell the pawns apart.
SHAPES = {"green": "triangle", "yellow": "shield", "magenta": "diamond", "blue": "circle", "orange": "hexagon",
          "purple": "star"}
FREE = "any"  # a seat with no colour chosen takes the first colour nobody chose
COLOUR_CHOICES = ((FREE, "First free colour"),) + tuple(
    (colour.value, f"{colour.value.capitalize()} ({SHAPES[colour.value]})") for colour in rules.Colour)
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
KEPT = "_colours"  # the setup's memory of each person's colour this evening, by seat id (Game.carried)


class HalfTruth(Game):
    slug = "halftruth"
    name = "Half Truth"
    blurb = ("Lock in your answer letters in secret, reveal together; the app rolls the scoring die, "
             "moves the pawns on the round trackers and adds up the victory points.")
    players = f"{rules.MIN_PLAYERS}–{rules.MAX_PLAYERS} players"
    stylesheet = "css/halftruth.css"
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

    # -- setup ----------------------------------------------------------------
    def check_setup(self, options: dict[str, Any], players: list[Viewer]) -> str | None:
        try:
            _new_game(players, options)
        except rules.RulesError as error:
            return error.message
        return None

    def marks(self, played: Played | None, setup: dict[str, Any], players: list[Viewer]) -> dict[int, dict[str, str]]:
        if played is not None:
            colours = [p.colour.value for p in played.state.players]
        else:
            colours = [c.value for c in rules.seat_colours(_chosen(players[:rules.MAX_PLAYERS], setup))]
        return {PlayerRef(n): {"colour": colour, "shape": SHAPES[colour]} for n, colour in enumerate(colours)}

    def carried(self, setup: dict[str, Any], marks: dict[int, dict[str, str]]) -> dict[str, Any]:
        # Each person keeps their colour for the evening, whoever leaves or sits down: the chips
        # in their hands are that colour. Kept by seat id, the colours of earlier games included.
        if not marks:
            return setup
        kept = {**setup.get(KEPT, {}), **{str(seat): mark["colour"] for seat, mark in marks.items()}}
        # The colours chosen by place give way: after someone leaves, a place is someone else's.
        return {**setup, **{f"colour_{n}": FREE for n in range(1, rules.MAX_PLAYERS + 1)}, KEPT: kept}

    def setup_notes(self, setup: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, str]:
        notes = {f"colour_{n}": f"{p['name']}: {p['colour'].capitalize()} ({p['shape']})"
                 for n, p in enumerate(players, 1) if p["colour"]}
        # The trackers in short, as a setup summary says them: how long each round is.
        try:
            trackers = rules.parse_layouts(setup.get("layouts") or "") or rules.DEFAULT_LAYOUTS
        except rules.RulesError as error:
            # Beside the host's field and in every screen's summary instead of the raw text,
            # which may be anything typed: what is wrong, in the rules' words.
            return {**notes, "layouts": f"Not valid yet. {error.message}"}
        lengths = [str(len(t.spaces)) for t in trackers]
        return {**notes, "layouts": f"{', '.join(lengths[:-1])} and {lengths[-1]} spaces"}

    # -- the game -------------------------------------------------------------
    def start(self, players: list[Viewer], options: dict[str, Any], rng: random.Random) -> dict:
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
        drawn = chart(_marked(table, history))  # everyone's points, as the display shows them
        out = []
        for viewer in viewers:
            seat = played.index(viewer)
            mine = table if seat is None and not viewer.is_host else rules.player_view(game, seat, table_moves=viewer.is_host)
            out.append(_on_screen(_marked(mine, history), drawn))
        return out

    def now(self, view: dict, viewer: Viewer) -> Now:
        phase = view["phase"]
        me = next((p for p in view["players"] if p["seat"] == view["seat"]), None)
        if phase == "over" and view["outcome"]["termination"] == rules.Termination.ENDED.value:
            # Nobody is ranked, but the points scored so far are every player's to see.
            return Now("The host ended the game: nobody wins",
                       f"It ended in round {view['round']}, question {view['question']}; "
                       f"any answers locked in are shown. Victory Points: {standing_words(view)}.")
        if phase == "over":
            outcome = view["outcome"]
            names = listed([p["name"] for p in view["players"] if p["seat"] in outcome["winners"]])
            won = "wins" if len(outcome["winners"]) == 1 else "share the victory"
            if outcome["tie_break"] == "tracker":
                won += " on the tie-break"
            if me is None:  # the table display: its final standings come next, with every player's points
                return Now(f"Game over: {names} {won}", outcome["decided"])
            place = next((s["place"] for s in outcome["standings"] if s["seat"] == me["seat"]), 0)
            return Now(f"Game over: {names} {won}",
                       f"{outcome['decided']} You: {me['victory_points']} VP, {ORDINALS[place - 1]} place. "
                       f"Victory Points: {standing_words(view)}.")
        allowed = {m["type"] for m in view["legal_moves"] if m["allowed"]}
        reader = next(p for p in view["players"] if p["seat"] == view["reader"])
        i_read = me is not None and me["seat"] == reader["seat"]
        # The die card (or the answer picker) below says the round, the question, the reader, the
        # die's rule and that picks stay secret: said once. When the seat must act, the card says
        # only what to do, so that the form to do it is on a phone's first screen.
        who = f"You are {me['colour']}, the {me['shape']}" if me else ""
        if me and me["out"]:
            return Now("You have left this game", f"{who} · Round {view['round']}, question {view['question']}")
        if phase == "roll":
            # What the last question brought this seat leads until the next die is in: on a phone
            # the card's answers and the round's end sit below the die to roll.
            news = result_words(view, None if me is None else me["seat"])
            if "roll" in allowed:
                return Now("You read this question: roll the scoring die" if i_read else
                           f"Roll the scoring die for {reader['name']}, the reader", news, my_turn=True)
            return Now(f"Waiting for {reader['name']} to roll the scoring die", news or who, waiting_said=True)
        if phase == "pick":
            if me and me["skipped"]:
                return Now("The host skipped you for this question: lock in to play it after all", my_turn=True)
            if me and me["picks"] is None:
                return Now("Lock in one to three answers", my_turn=True)
            if me:
                return Now(f"Locked in {me['picks']}: you can change them until the last player locks in", who)
            playing = [p for p in view["players"] if not p["out"] and not p["skipped"]]
            locked = sum(p["locked_in"] for p in playing)
            if not locked:
                return Now("Waiting for everyone to lock in their answers", who, waiting_said=True)
            # Below it, the card names those the table still waits for.
            return Now(f"{locked} of {len(playing)} players have locked in their answers", who)
        if "reveal" in allowed:
            return Now("Flip the card" if i_read else f"Flip the card for {reader['name']}, the reader", my_turn=True)
        return Now(f"Waiting for {reader['name']} to flip the card", who, waiting_said=True)

    def audience(self, viewer: Viewer) -> str | None:
        # A host's view lists the table's moves, so a host display is not like the others.
        return None if viewer.is_host else super().audience(viewer)

    def outcome(self, played: Played) -> Outcome | None:
        found = played.state.outcome
        return None if found is None else Outcome(found.winners, found.termination.value)

    def moment(self, played: Played) -> str:
        """The final ranking, by Victory Points."""
        players = self.view(played, Viewer(seat_id=None, role="display"))["players"]
        ranked = sorted(players, key=lambda p: -p["victory_points"])
        return "Final ranking: " + ", ".join(f"{p['name']} {p['victory_points']} VP" for p in ranked) + "."

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        return rules.PICKS_SEEN if _picks_shown(before, shown) else ""

    def undone(self, before: Played, shown: Sequence[Played], rng: random.Random) -> dict:
        # Picks everyone has seen cannot be hidden again, nor changed with the others' in view.
        if _picks_shown(before, shown):
            raise rules.IllegalMove(rules.PICKS_SEEN, reason="picks-seen")
        return before.state

    def when_gone(self, played: Played, player: int) -> str:
        if played.state.out[player]:
            return ""
        return ("Wait for them to come back, or take them out of the game below the chips (the others play "
                "on, and their Victory Points stay in the standings); then you can remove their seat.")


def _picks_shown(before: Played, shown: Sequence[Played]) -> bool:
    """Whether a state every screen has shown since ``before`` showed everyone picks that were secret."""
    # Asked at every drawing of the host's Undo: most states are ruled out before any other is read.
    if before.state.phase != rules.Phase.PICK:
        return False
    return any(rules.shows_picks(before.state, later.state) for later in shown)


def _chosen(players: list[Viewer], options: dict[str, Any]) -> list[rules.Colour | None]:
    """Each player's colour before the free ones are handed out: the one the host chose for their
    place, else the one they had earlier this evening (``KEPT``) if nobody else holds it, else None."""
    # Colours chosen for seats nobody sits in are ignored: a player may have left the lobby.
    picked = [options.get(f"colour_{n}") or FREE for n in range(1, len(players) + 1)]
    taken = {c for c in picked if c != FREE}
    kept = options.get(KEPT) or {}
    chosen: list[rules.Colour | None] = []
    for player, colour in zip(players, picked):
        if colour == FREE and kept.get(str(player.seat_id)) in {c.value for c in rules.Colour} \
                and kept[str(player.seat_id)] not in taken:
            colour = kept[str(player.seat_id)]
            taken.add(colour)
        chosen.append(None if colour == FREE else rules.Colour(colour))
    return chosen


def _new_game(players: list[Viewer], options: dict[str, Any]) -> rules.GameState:
    entrants = [(p.name, c.value) if c else p.name for p, c in zip(players, _chosen(players, options))]
    return rules.new_game(entrants, layouts=rules.parse_layouts(options.get("layouts") or ""))


def _on_screen(view: dict, drawn: dict | None) -> dict:
    """A seat's view (its players marked) with what its screens show beyond the rules' view: the
    Victory Points chart (``drawn``, the same for every seat), each player's cells per round."""
    view["chart"] = drawn
    # How many letters a form may tick (public rules): the forms stop at the limit as they are tapped.
    view["most_picks"], view["correct_answers"] = MAX_PICKS, CORRECT_ANSWERS
    # The host's tools on the chips list, apart from the seat's own moves: every seat's list
    # is drawn from these, so a player's own lock-in does not set it apart. Each is there, off
    # when not offered.
    offered = {m["type"]: m["allowed"] for m in view["legal_moves"]}
    view["tools"] = {kind: offered.get(kind, False) for kind in ("skip", "drop")}
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
