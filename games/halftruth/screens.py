"""What Half Truth's screens show beyond the rules' view, each built from a view alone: the
Victory Points chart (polylines for a small SVG drawn on the server, no script), the round just
finished, and how the winner was found, in words."""

from __future__ import annotations

from typing import Any

from companion.table.games import listed

from . import rules

WIDTH, HEIGHT, PAD = 320, 160, 14
# Lines are 3 units wide: players level on points are drawn this far apart, side by side,
# so that one line never hides another.
APART = 3.5


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
