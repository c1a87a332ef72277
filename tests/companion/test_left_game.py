"""What the host may do about a player whose phone left mid-game, in each game's words
(Game.when_gone): the host's "now" card says it, and says nothing once the game has dealt with it."""

from __future__ import annotations

import importlib
import random

import pytest

from companion.table.games import Played, get
from tests import played as play
from tests.browser.stage import leaver


def in_play(name: str) -> tuple:
    """A scripted game played to its last state before the end, and the seat that leaves it."""
    slug, module = name.split("/")
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    game, rng = get(slug), random.Random(7)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, move in script.STEPS:
        after = play.step(game, state, by_id.get(seat_id), move, rng)
        if game.outcome(after) is not None:
            break
        state = after
    gone = by_id[leaver(game, state, script.PLAYERS)]
    return game, state, gone, state.index(gone), rng


def host_of(state: Played, name: str):
    script = importlib.import_module(f"tests.games.{name.replace('/', '.')}")
    return next(p for p in script.PLAYERS if p.is_host)


@pytest.mark.parametrize("name", ["halftruth/scripted", "halftruth/scripted_largest"])
def test_half_truth_offers_to_wait_or_take_them_out_until_they_are_out(name):
    game, state, gone, player, rng = in_play(name)
    assert "take them out of the game" in game.screens.when_gone(state, player)
    dropped = play.move(game, state, host_of(state, name), {"type": "drop", "seat": gone.seat_id}, rng)
    assert game.screens.when_gone(dropped, player) == ""


@pytest.mark.parametrize("name", ["lie/scripted", "lie/scripted_largest"])
def test_lie_offers_to_wait_play_for_them_or_let_them_forfeit_until_they_have(name):
    game, state, gone, player, rng = in_play(name)
    said = game.screens.when_gone(state, player)
    assert "No phone" in said and "they forfeit" in said
    assert game.screens.when_gone(play.remove(game, state, gone, rng), player) == ""


def test_fiction_tells_a_lie_brarian_who_left_from_a_guesser_who_left():
    game, state, gone, player, rng = in_play("fiction/scripted_largest")
    roles = [p.role for p in state.players]
    librarian = roles.index("librarian")
    assert "The Lie-brarian holds the secret word" in game.screens.when_gone(state, librarian)
    guesser = next(n for n, role in enumerate(roles) if role == "guesser")
    assert "The other Guessers play on" in game.screens.when_gone(state, guesser)
