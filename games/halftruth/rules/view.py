"""The one road from a game state to a screen: what one seat may see."""

from __future__ import annotations

from typing import Any

from .game import GameState, Phase, check_seat, move_options, waiting_for


def player_view(state: GameState, seat: int | None, *, table_moves: bool = False) -> dict[str, Any]:
    """A JSON-friendly picture of the game for ``seat`` (None: the public table display).

    While players are choosing (PICK), each seat sees only its own letters;
    for everyone else it sees only whether they have locked in. Once
    everyone is in, all picks are shown together.

    ``legal_moves`` are the seat's own moves, plus the table's (rolling the
    die, entering the card's answers) when ``table_moves``: for whoever acts
    for the table. ``waiting_for`` holds the players still choosing, or None
    when the table's die or card is awaited.
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
    options = (move_options(state, seat) if seat is not None else ()) + (
        move_options(state, None) if table_moves else ()
    )
    die = state.die
    last = state.last
    outcome = state.outcome
    return {
        "seat": seat,
        "round": state.round,
        "question": state.question,
        "phase": state.phase.value,
        "waiting_for": list(waiting_for(state)),
        "legal_moves": [{"type": kind, "allowed": not why, "why": why} for kind, why in options],
        "die": None
        if die is None
        else {"face": die.name, "label": die.label, "spaces": die.spaces, "rule": die.rule},
        "tracker": list(tracker.spaces),
        "trackers": [list(t.spaces) for t in state.trackers],
        "players": players,
        "last_question": None
        if last is None
        else {
            "round": last.round,
            "question": last.question,
            "die": last.die.name,
            "die_label": last.die.label,
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
            "termination": outcome.termination.value,
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
