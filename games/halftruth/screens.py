"""What Half Truth's screens show beyond the rules' view, each built from a view alone: the
Victory Points chart (polylines for a small SVG drawn on the server, no script), the round just
finished, and how the winner was found, in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.table.games import Now, Played, PlayerRef, Screens, Viewer, listed

from . import rules

WIDTH, HEIGHT, PAD = 320, 160, 14
# Lines are 3 units wide: players level on points are drawn this far apart, side by side,
# so that one line never hides another.
APART = 3.5

# Each colour's pawn has a shape of its own, so that players who cannot tell two colours apart
# can tell the pawns apart.
SHAPES = {"green": "triangle", "yellow": "shield", "magenta": "diamond", "blue": "circle", "orange": "hexagon",
          "purple": "star"}
FREE = "any"  # a seat with no colour chosen takes the first colour nobody chose
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
KEPT = "_colours"  # the setup's memory of each person's colour this evening, by seat id (Screens.carried)


def totals(view: dict[str, Any]) -> dict[int, list[int]]:
    """Each seat's victory points after every question, from 0 at the start.

    Bonuses count when taken; a round's tracker points when the round ends.
    """
    seats = [p["seat"] for p in view["players"]]
    running = dict.fromkeys(seats, 0)
    series = {seat: [0] for seat in seats}
    for question in view["history"]:
        spaces = view["trackers"][question["round"] - 1]
        for result in question["results"]:
            gained = result["bonus"]
            if question["ended_round"]:
                gained += max(spaces[: result["position"]], default=0)
            running[result["seat"]] += gained
            series[result["seat"]].append(running[result["seat"]])
    return series


def chart(view: dict[str, Any]) -> dict[str, Any] | None:
    """Where to draw each player's line; None before the first question is answered."""
    if not view["history"]:
        return None
    series = totals(view)
    steps = len(view["history"])
    top = max(max(points) for points in series.values()) or 1

    def x(step: int) -> float:
        return round(PAD + step * (WIDTH - 2 * PAD) / steps, 1)

    def y(points: int) -> float:
        return round(HEIGHT - PAD - points * (HEIGHT - 2 * PAD) / top, 1)

    seats = [player["seat"] for player in view["players"]]
    ys: dict[int, list[float]] = {seat: [] for seat in seats}
    for step in range(steps + 1):
        level: dict[int, list[int]] = {}
        for seat in seats:
            level.setdefault(series[seat][step], []).append(seat)
        for points, together in level.items():
            for place, seat in enumerate(together):
                ys[seat].append(round(y(points) + (place - (len(together) - 1) / 2) * APART, 1))
    lines = []
    for player in view["players"]:
        points = series[player["seat"]]
        at = ys[player["seat"]]
        lines.append({
            "seat": player["seat"], "name": player["name"], "colour": player["colour"], "total": points[-1],
            "points": " ".join(f"{x(i)},{at[i]}" for i in range(len(points))),
            "end_x": x(len(points) - 1), "end_y": at[-1],
        })
    ends = [x(i + 1) for i, q in enumerate(view["history"]) if q["ended_round"] and i + 1 < steps]
    return {"width": WIDTH, "height": HEIGHT, "lines": lines, "round_ends": ends, "top": top,
            "top_y": y(top), "base_y": y(0), "left": PAD, "right": WIDTH - PAD}


def round_end(view: dict) -> dict | None:
    """The round just finished, from its last question until the next question's die is in: each
    pawn where it ended, what each player scored for the round, and who is ahead."""
    last = view["last_question"]
    if view["phase"] != rules.Phase.ROLL.value or not last or not last["ended_round"]:
        return None
    number = last["round"]
    ended = {r["seat"]: r["position"] for r in last["results"]}
    players = [{"seat": p["seat"], "name": p["name"], "colour": p["colour"], "shape": p["shape"],
                "position": ended[p["seat"]], **p["rounds"][number - 1], "victory_points": p["victory_points"]}
               for p in view["players"]]
    best = max(p["victory_points"] for p in players)
    ahead = [p["name"] for p in players if p["victory_points"] == best]
    return {"round": number, "tracker": view["trackers"][number - 1], "players": players,
            "ahead": f"{listed(ahead)} {'leads' if len(ahead) == 1 else 'lead together'} with {best} Victory "
                     f"Point{'s' if best != 1 else ''}."}


def decided(outcome: dict, names: dict[int, str]) -> dict[str, str]:
    """How the winner was found, in words: the most Victory Points; on a tie, the pawn furthest
    along the Round 3 Tracker; still tied, a shared victory. ``tie_break`` is "" (no tie),
    "tracker" (the tracker broke it) or "shared"."""
    standings = outcome["standings"]
    if not standings:  # the host ended the game: nobody was ranked
        return {"tie_break": "", "decided": ""}
    best = max(s["victory_points"] for s in standings)
    tied = [s for s in standings if s["victory_points"] == best]
    winners = [s for s in tied if s["place"] == 1]
    tied_names = listed([names[s["seat"]] for s in tied])
    if len(tied) == 1:
        return {"tie_break": "", "decided": f"{tied_names} has the most Victory Points ({best})."}
    far = winners[0]["furthest"]
    spaces = f"{far} space{'s' if far != 1 else ''}"
    if len(winners) == len(tied):
        return {"tie_break": "shared", "decided": f"{tied_names} tied on {best} Victory Points and went as far along "
                                                  f"the Round 3 Tracker ({spaces}): they share the victory."}
    behind = listed([f"{names[s['seat']]} with {s['furthest']}" for s in tied if s["place"] != 1])
    shared = ", and share the victory" if len(winners) > 1 else ""
    return {"tie_break": "tracker", "decided": f"{tied_names} tied on {best} Victory Points. The tie goes to the pawn "
                                               f"furthest along the Round 3 Tracker: {listed([names[s['seat']] for s in winners])} "
                                               f"with {spaces}, ahead of {behind}{shared}."}


def news(view: dict) -> dict | None:
    """The last question while it is still the news: from its reveal until the next question's die
    is in. None during a question and once the game is over (the end says its own words)."""
    last = view["last_question"]
    if view["phase"] != rules.Phase.ROLL.value or not last:
        return None
    return last


def gain(result: dict, last: dict, tracker: list[int], out: bool) -> str:
    """One player's result of a question in the rulebook's words: "+3 spaces, +1 VP for doubling
    up", with Amped or Half Lie where the die changed it and a pawn that reached the last space."""
    if not result["picks"]:
        return "left the game" if out else "skipped"
    if not result["spaces"]:
        return "no move"
    spaces = result["spaces"]
    words = f"+{spaces} space{'s' if spaces != 1 else ''}"
    if result["position"] >= len(tracker):
        words += " to the last space"
    if result["bonus"]:
        words += f", +{result['bonus']} VP for {'going all in' if len(result['picks']) == 3 else 'doubling up'}"
    if last["die"] == "HALF_LIE":
        words += " (Half Lie)"
    elif last["die"] == "AMPED" and result["bonus"]:
        words += " (Amped)"
    return words


def results(view: dict) -> list[dict] | None:
    """Every player's result of the last question while it is the news (``news``): seat, name,
    colour, shape and ``words``; a round it ended adds what each took for the round."""
    last = news(view)
    if last is None:
        return None
    tracker = view["trackers"][last["round"] - 1]
    by_seat = {p["seat"]: p for p in view["players"]}
    ended = view["round_end"]
    took = {p["seat"]: p for p in ended["players"]} if ended else {}
    found = []
    for result in last["results"]:
        p = by_seat[result["seat"]]
        row = {"seat": p["seat"], "name": p["name"], "colour": p["colour"], "shape": p["shape"],
               "words": gain(result, last, tracker, p["out"]), "paid": bool(result["spaces"]), "round": None}
        if result["seat"] in took:
            row["round"] = took[result["seat"]]["total"]
        found.append(row)
    return found


def result_words(view: dict, seat: int | None) -> str:
    """What the last question brought ``seat``, for its now card: "You: +3 spaces, +1 VP for
    doubling up."; at a round's end, what its pawn scored. Empty when it is not the news or
    ``seat`` plays no part."""
    rows = {r["seat"]: r for r in view.get("results") or []}
    if seat not in rows:
        return ""
    said = f"You: {rows[seat]['words']}."
    ended = view["round_end"]
    if ended:
        # Short: on a host's phone the host's tools and the die to roll share the first screen.
        # The round's card below says everyone's score and who leads.
        me = next(p for p in ended["players"] if p["seat"] == seat)
        said += f" Round {ended['round']} is over: your pawn scores {me['tracker']} VP."
    return said


def standing_words(view: dict) -> str:
    """Every player's Victory Points, most first, as a sentence ends them: "Kamila 25, Tony 22"."""
    ranked = sorted(view["players"], key=lambda p: -p["victory_points"])
    return ", ".join(f"{p['name']} {p['victory_points']}" for p in ranked)


class HalfTruthScreens(Screens):
    blurb = ("Lock in your answer letters in secret, reveal together; the app rolls the scoring die, "
             "moves the pawns on the round trackers and adds up the victory points.")
    headcount = f"{rules.MIN_PLAYERS}–{rules.MAX_PLAYERS} players"
    stylesheet = "css/halftruth.css"

    def marks(self, played: Played | None, setup: dict[str, Any], players: list[Viewer]) -> dict[int, dict[str, str]]:
        if played is not None:
            colours = [p.colour.value for p in played.state.players]
        else:
            colours = [c.value for c in rules.seat_colours(chosen(players[:rules.MAX_PLAYERS], setup))]
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

    def moment(self, view: dict) -> str:
        """The final ranking, by Victory Points."""
        ranked = sorted(view["players"], key=lambda p: -p["victory_points"])
        return "Final ranking: " + ", ".join(f"{p['name']} {p['victory_points']} VP" for p in ranked) + "."

    def undo_note(self, before: Played, shown: Sequence[Played]) -> str:
        return rules.PICKS_SEEN if picks_shown(before, shown) else ""

    def when_gone(self, played: Played, player: int) -> str:
        if played.state.out[player]:
            return ""
        return ("Wait for them to come back, or take them out of the game below the chips (the others play "
                "on, and their Victory Points stay in the standings); then you can remove their seat.")


def picks_shown(before: Played, shown: Sequence[Played]) -> bool:
    """Whether a state every screen has shown since ``before`` showed everyone picks that were secret."""
    # Asked at every drawing of the host's Undo: most states are ruled out before any other is read.
    if before.state.phase != rules.Phase.PICK:
        return False
    return any(rules.shows_picks(before.state, later.state) for later in shown)


def chosen(players: list[Viewer], options: dict[str, Any]) -> list[rules.Colour | None]:
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
