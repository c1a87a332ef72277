"""A game played outside a table, as the table plays it: each step returns the whole `Played`,
the rules' state the game returned put back beside the players the game began with."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from companion.table import seam
from companion.table.games import END, REMOVE, TABLE, TIMER_EXPIRED, Game, Played, Viewer, get

begin = seam.start

__all__ = ["begin", "end", "expire", "move", "played_out", "remove", "step"]


def move(game: Game, played: Played, actor: Viewer, made: dict, rng: random.Random) -> Played:
    return seam.apply(game, played, actor, made, rng)


def expire(game: Game, played: Played, rng: random.Random | None = None) -> Played:
    return move(game, played, TABLE, {"type": TIMER_EXPIRED}, rng or random.Random(0))


def end(game: Game, played: Played, rng: random.Random | None = None) -> Played:
    return move(game, played, TABLE, {"type": END}, rng or random.Random(0))


def remove(game: Game, played: Played, viewer: Viewer, rng: random.Random) -> Played:
    """The host removes ``viewer``'s seat, as the table does: a seat not dealt in is no player to remove."""
    player = played.index(viewer)
    return played if player is None else move(game, played, TABLE, {"type": REMOVE, "seat": player}, rng)


def step(game: Game, played: Played, actor: Viewer | None, made: dict, rng: random.Random) -> Played:
    """One step of a scripted game: a seat's move, or the clock running out (no actor)."""
    return expire(game, played, rng) if actor is None else move(game, played, actor, made, rng)


def played_out(name: str) -> tuple[Game, ModuleType, Played]:
    """A scripted game ("lie/scripted") played through every step, as the render tests play it:
    the game, the script, and the state it ends in."""
    slug, module = name.split("/")
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    rng = random.Random(7)
    state = begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, made in script.STEPS:
        state = step(game, state, by_id.get(seat_id), made, rng)
    return game, script, state
