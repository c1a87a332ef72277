"""The games installed here and their scripted games.

The checklist every game passes (no seat sent what its view hides, one shape of view, valid
HTML, clear answers to any form, old saves read, every screen on every device) runs for each
game found here: a new game is checked by installing its app and writing its
tests/games/<slug>/scripted.py, then its tests/games/<slug>/twins.py (the differential leak
test's ``twin``, tests/companion/test_twins.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path

from companion.table.games import Played, Viewer, all_games

FOLDER = Path(__file__).resolve().parent / "games"

GAMES = [game.slug for game in all_games()]
# The games a group plays: the demo is left out of the checks that cost a browser.
REAL_GAMES = [game.slug for game in all_games() if not game.screens.demo]


def scripts(slugs: Iterable[str]) -> list[str]:
    """Every scripted game of these games: tests/games/<slug>/scripted.py and each
    scripted_<variant>.py beside it, as "<slug>/<file name>"."""
    return sorted(f"{slug}/{path.stem}" for slug in slugs for path in (FOLDER / slug).glob("scripted*.py"))


def twin_of(slug: str) -> Callable[[Played, Viewer], Played] | None:
    """The game's ``twin(played, viewer)`` in tests/games/<slug>/twins.py, or None if it has none:
    the same game with everything ``viewer``'s view must not depend on changed."""
    if not (FOLDER / slug / "twins.py").exists():
        return None
    return importlib.import_module(f"tests.games.{slug}.twins").twin
