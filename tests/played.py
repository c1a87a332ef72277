"""A game played outside a table, as the table plays it: each step returns the whole `Played`,
the rules' state the game returned put back beside the players the game began with."""

from __future__ import annotations

import random

from companion.games import Game, Played, Viewer, begin

__all__ = ["begin", "end", "expire", "move", "remove", "step"]


def move(game: Game, played: Played, actor: Viewer, made: dict, rng: random.Random) -> Played:
    return played.then(game.apply(played, actor, made, rng))


def expire(game: Game, played: Played) -> Played:
    return played.then(game.clock_expired(played))


def end(game: Game, played: Played) -> Played:
    return played.then(game.end(played))


def remove(game: Game, played: Played, viewer: Viewer, rng: random.Random) -> Played:
    return played.then(game.remove(played, viewer, rng))


def step(game: Game, played: Played, actor: Viewer | None, made: dict, rng: random.Random) -> Played:
    """One step of a scripted game: a seat's move, or the clock running out (no actor)."""
    return expire(game, played) if actor is None else move(game, played, actor, made, rng)
