"""The one road from a game state to a screen: what one seat may see."""

from __future__ import annotations

from typing import Any

from .game import GameState, Phase, check_seat, legal_moves


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """A JSON-friendly picture of the game for ``seat`` (None: the public table display).

    While players are choosing (PICK), each seat sees only its own letters;
    for everyone else it sees only whether they have locked in. Once
    everyone is in, all picks are shown together.
    """
    check_seat(state, seat)
    secret = state.phase is Phase.PICK
    tracker = state.tracker
    players = []
    for index, player in enumerate(state.players):
        pick = state.picks[index]
        players.append(
            {
                "seat": index,
                "name": player.name,
                "colour": player.colour.value,
                "position": state.positions[index],
                "tracker_points": tracker.points_at(state.positions[index]),
                "locked_in": pick is not None,
                "picks": pick if not secret or index == seat else None,
                "bonus_vp": [row[index] for row in state.bonus_vp],
                "tracker_vp": [row[index] for row in state.tracker_vp],
                "victory_points": state.victory_points(index),
            }
        )
    die = state.die
    last = state.last
    outcome = state.outcome
    return {
        "seat": seat,
        "round": state.round,
        "question": state.question,
        "phase": state.phase.value,
        "die": None if die is None else {"face": die.name, "label": die.label, "spaces": die.spaces},
        "tracker": list(tracker.spaces),
        "trackers": [list(t.spaces) for t in state.trackers],
        "players": players,
        "moves": list(legal_moves(state, seat)),
        "last_question": None
        if last is None
        else {
            "round": last.round,
            "question": last.question,
            "die": last.die.name,
            "correct": last.correct,
            "ended_round": last.ended_round,
            "results": [
                {"seat": i, "picks": p, "spaces": s.spaces, "bonus": s.bonus}
                for i, (p, s) in enumerate(zip(last.picks, last.scores))
            ],
        },
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "standings": [
                {
                    "seat": s.seat,
                    "place": s.place,
                    "victory_points": s.victory_points,
                    "furthest": s.furthest,
                }
                for s in outcome.standings
            ],
        },
    }
