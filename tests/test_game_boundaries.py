"""Each game keeps to its bounds: it lives in its own folder (a newcomer finds its screens and
styles beside its rules), and maps no seat ids itself.

The top-level templates/ and static/ hold only what every page shares (base.html, the app's
pages, app.css and the table's scripts); a game's partials, stylesheet and script sit under
games/<slug>/templates/ and games/<slug>/static/, where Django finds them by itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import get_template

from companion.table.games import all_games

ROOT = Path(settings.BASE_DIR)
GAMES = {game.slug: game for game in all_games()}


def folder(slug: str) -> Path:
    """The game's app folder (games/<slug>/), from the app that registers it."""
    return Path(apps.get_containing_app_config(type(GAMES[slug]).__module__).path)


def test_every_game_is_here():
    assert {"stub", "fiction", "halftruth", "lie"} <= set(GAMES)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_nothing_at_the_top_belongs_to_one_game(slug):
    assert not (ROOT / "templates" / slug).exists()
    assert not (ROOT / "static" / "css" / f"{slug}.css").exists()
    assert not (ROOT / "static" / "js" / f"{slug}.js").exists()
    for shared in (ROOT / "templates", ROOT / "static"):
        assert not [p for p in shared.rglob("*") if p.stem == slug or slug in p.relative_to(shared).parts]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_games_regions_are_drawn_from_its_folder(slug):
    game = GAMES[slug]
    assert game.regions
    for region in game.regions:
        drawn_from = Path(get_template(f"{slug}/partials/{region}.jinja").origin.name)
        assert drawn_from.is_relative_to(folder(slug) / "templates" / slug), drawn_from


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_games_stylesheet_and_script_are_found_in_its_folder(slug):
    game = GAMES[slug]
    for name in filter(None, (game.screens.stylesheet, game.screens.script)):
        found = finders.find(name)
        assert found and Path(found).is_relative_to(folder(slug) / "static"), (name, found)


# What only the platform may do with a game in play: read the players' seat ids (``Played.seats``,
# ``seat``, ``holding``), or look a seat id up by hand (``seats[n]``, ``seats.index(seat_id)``).
SEAT_MAPPING = {"seats", "holding"}


def _maps_seats(node: ast.AST) -> str:
    """What ``node`` does that maps the rules' players to seat ids or back, or ""."""
    if isinstance(node, ast.Attribute) and node.attr in SEAT_MAPPING:
        return f".{node.attr}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "seat":
            return ".seat()"
        if node.func.attr == "index" and any(isinstance(n, ast.Name) and n.id == "seats"
                                             for n in ast.walk(node.func.value)):
            return "seats.index()"
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "seats":
        return "seats[]"
    return ""


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_game_maps_its_players_to_seat_ids(slug):
    # The platform translates at the seam (companion.table.seam): a game names players as
    # PlayerRef and gets a seat field as the rules' player, so none of it looks seats up itself.
    found = []
    for path in sorted(folder(slug).rglob("*.py")):
        if "rules" in path.relative_to(folder(slug)).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if what := _maps_seats(node):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {what}")
    assert not found


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_game_reads_its_state_through_its_codec_and_leaves_the_tables_moves_to_the_platform(slug):
    # The platform reads the stored state once (``Played.state``, with the game's ``codec``) and
    # hands the table's own moves to their hooks (companion.table.seam): a game does neither.
    game = GAMES[slug]
    reads, table_moves = [], []
    for path in sorted(folder(slug).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Attribute) and node.attr == "from_dict" and "Options" not in ast.unparse(node):
                reads.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, (ast.Name, ast.alias)) and getattr(node, "id", getattr(node, "name", "")) in (
                    "END", "TIMER_EXPIRED", "REMOVE", "platform_move"):
                table_moves.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert game.codec is not None
    assert len(reads) <= 1, reads  # the codec's declaration, at most
    assert not table_moves


def test_the_game_class_is_small_and_wraps_nothing():
    # What a game is to the table, in one short list: the words on screen live with the game's
    # screens (``Screens``), and no method is wrapped behind a game's back.
    from companion.table.games import Game

    members = [name for name in vars(Game) if not (name.startswith("__") and name.endswith("__"))]
    assert "__init_subclass__" not in vars(Game)
    assert len(members) <= 20, members
