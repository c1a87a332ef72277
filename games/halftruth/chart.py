"""Victory points over the game as polylines for a small SVG drawn on the server (no script)."""

from __future__ import annotations

from typing import Any

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
