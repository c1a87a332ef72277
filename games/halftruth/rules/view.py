"""The one road from a game state to a screen: what one seat may see."""

from __future__ import annotations

from typing import Any

from .game import GameState, Phase, check_seat, move_options, waiting_for


def player_view(state: GameState, seat: int | None, *, table_moves: bool = False) -> dict[str, Any]:
    """A JSON-friendly picture of the game for ``seat`` (None: the public table display).

    While players are choosing (PICK), each seat sees only its own letters;
    for everyone else it sees only whether they have locked in. Once
    everyone is in, all picks are shown together.

    ``legal_moves`` are the seat's own moves (the reader's include the die
    and the card), plus the table's (the die, the card, skipping or taking
    out a player) when ``table_moves``: for the host, who acts for the
    table. ``waiting_for`` holds the players still choosing, or the reader.
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
                "skipped": state.skipped[index] and not state.out[index],
                "out": state.out[index],
                "reader": index == state.reader and not state.is_over,
                "bonus_vp": [row[index] for row in state.bonus_vp],
                "tracker_vp": [row[index] for row in state.tracker_vp],
                "victory_points": state.victory_points(index),
            }
        )
    options: dict[str, str] = {}
    for kind, why in (move_options(state, seat) if seat is not None else ()) + (
        move_options(state, None) if table_moves else ()
    ):
        if options.get(kind) != "":  # a host who also reads gets each move once, allowed
            options[kind] = why
    die = state.die
    outcome = state.outcome
    history = [q.shown for q in state.history]
    return {
        "seat": seat,
        "round": state.round,
        "question": state.question,
        "phase": state.phase.value,
        "reader": None if state.is_over else state.reader,
        "waiting_for": list(waiting_for(state)),
        "legal_moves": [{"type": kind, "allowed": not why, "why": why} for kind, why in options.items()],
        "die": None
        if die is None
        else {"face": die.name, "label": die.label, "spaces": die.spaces, "rule": die.rule},
        "tracker": list(tracker.spaces),
        "trackers": [list(t.spaces) for t in state.trackers],
        "players": players,
        "history": history,
        "last_question": history[-1] if history else None,
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

