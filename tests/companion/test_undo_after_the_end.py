"""The move that ends a game cannot be undone back to a secret the end showed, in every game a
group plays.

Each scripted game (tests/games/<slug>/scripted*.py) is played to its end; then the host's undo
is asked of its last move: the game's ``undone(before, [end], rng)``. Where the state that move
found holds text (a secret word, a typed answer) that a seat's view of it hides and the seat's
view of the end shows, the game must refuse (an ``IllegalMove`` for the host) or go back to
another state, and say so first in its ``Screens.undo_note`` (docs/writing-a-game.md, "Undo").
Text, as in tests/companion/test_render.py: a number or a single letter is not seen here, and
undos further back are each game's own tests'. The demo game lets its win be undone for the
platform's tests, so it is left out.
"""

from __future__ import annotations

import importlib
import random

import pytest

from companion.table import seam
from companion.table.games import DISPLAY, Viewer, get, move_of
from companion.table.rules_errors import RulesError
from tests import played as play
from tests.catalogue import REAL_GAMES, scripts
from tests.companion.test_render import strings


@pytest.mark.parametrize("name", scripts(REAL_GAMES))
def test_the_move_that_ended_the_game_is_not_undone_back_to_a_secret_the_end_showed(name):
    slug, module = name.split("/")
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    rng = random.Random(7)
    before = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, made in script.STEPS[:-1]:
        before = play.step(game, before, by_id.get(seat_id), made, rng)
    seat_id, made = script.STEPS[-1]
    end = play.step(game, before, by_id.get(seat_id), made, rng)
    declared = move_of(game, made.get("type", ""))
    if game.outcome(end) is None or seat_id is None or declared is None or not declared.undoable:
        pytest.skip("this script does not end with a move undo takes back")
    stored = {text for text in strings(before.rules) if len(text.strip()) >= 2} - {p.name for p in script.PLAYERS}
    seen = {}
    for viewer in [*script.PLAYERS, Viewer(seat_id=None, role=DISPLAY.slug)]:
        hidden = {text.casefold() for text in stored - strings(seam.view(game, before, viewer))}
        shown = hidden & {text.casefold() for text in strings(seam.view(game, end, viewer))}
        if shown:
            seen[viewer.name or "the display"] = sorted(shown)
    if not seen:
        pytest.skip("the end shows no text the state before it hid")
    try:
        back = game.undone(before, [end], random.Random(0))
    except RulesError:
        back = None
    assert back is None or before.then(back).rules != before.rules, (
        f"{name}: undoing the last move ({made['type']}) goes back to a state that hides what the end "
        f"showed {seen}: refuse it in {type(game).__name__}.undone, or go back to a state without "
        "that secret (docs/writing-a-game.md, Undo)")
    assert game.screens.undo_note(before, [end]), f"{name}: the host's undo says nothing of it first (undo_note)"
