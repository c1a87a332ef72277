"""Every game's rules refuse with the one RulesError family of companion.table.rules_errors."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import games.fiction.rules as fiction
import games.halftruth.rules as halftruth
import games.lie.rules as lie
from companion.table.rules_errors import CorruptState, IllegalMove, IllegalSetup, RulesError
from games.stub import rules as stub
from tests.catalogue import GAMES

ROOT = Path(__file__).resolve().parents[2]
HALF_TRUTH = halftruth.new_game([("Kamila", "green"), ("Tony", "yellow")])
FAMILY = ("RulesError", "IllegalMove", "IllegalSetup", "CorruptState")


def test_reason_defaults_to_the_class_and_the_message_is_the_sentence():
    error = RulesError("That is not your move.")
    assert isinstance(error, ValueError)
    assert error.reason == "illegal"
    assert error.message == str(error) == "That is not your move."
    assert RulesError("Wait your turn.", reason="not-your-turn").reason == "not-your-turn"
    with pytest.raises(TypeError):
        RulesError("wrong-phase", "It is not time to pick.")  # the reason is keyword-only


def test_the_family_shares_the_base_and_a_corrupt_state_says_so():
    for kind in (IllegalMove, IllegalSetup, CorruptState):
        assert issubclass(kind, RulesError)
        assert kind("No.").reason == ("corrupt-state" if kind is CorruptState else "illegal")
        assert kind("No.", reason="bad-state").reason == "bad-state"


def test_every_game_shares_the_one_family():
    for package in (fiction, halftruth, lie):
        assert package.RulesError is RulesError, package.__name__
        assert package.IllegalMove is IllegalMove, package.__name__
        assert package.IllegalSetup is IllegalSetup, package.__name__
    for package in (halftruth, lie):
        assert package.CorruptState is CorruptState, package.__name__


def test_each_class_of_the_family_is_defined_once():
    defined: dict[str, list[str]] = {name: [] for name in FAMILY}
    for folder in ("games", "companion"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.ClassDef) and node.name in defined:
                    defined[node.name].append(str(path.relative_to(ROOT)))
    assert defined == {name: ["companion/table/rules_errors.py"] for name in FAMILY}


@pytest.mark.parametrize(
    ("refuse", "kind", "reason"),
    [
        (lambda: fiction.apply(fiction.new_game(), "guessers", {"type": "dance"}), IllegalMove, "unknown-move"),
        (lambda: fiction.new_game(fiction.Options(clue_check=True, app_librarian=True)), IllegalSetup, None),
        (lambda: halftruth.apply(HALF_TRUTH, 0, {"type": "dance"}), IllegalMove, "unknown-move"),
        (lambda: halftruth.new_game(["Kamila"]), IllegalSetup, None),
        (lambda: halftruth.from_dict({"phase": "dancing"}), CorruptState, "bad-state"),
        (lambda: lie.new_game([]), IllegalSetup, "player-count"),
        (lambda: lie.from_dict({"game": "fiction"}), CorruptState, "corrupt-state"),
        (lambda: stub.new_game(1, []), IllegalSetup, "roles"),
        (lambda: stub.apply(stub.new_game(1, [2]), 1, {"type": "dance"}), IllegalMove, "unknown-move"),
    ],
)
def test_a_refusal_from_any_game_is_one_of_the_family(refuse, kind, reason):
    with pytest.raises(kind) as caught:
        refuse()
    if reason is not None:
        assert caught.value.reason == reason
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", caught.value.reason)
    assert caught.value.message


def test_importing_the_family_does_not_load_django():
    code = "import sys, companion.table.rules_errors; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_the_family_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "companion" / "table" / "rules_errors.py").read_text())
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [node.module] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"}, name


def test_a_seat_the_game_cannot_do_without_is_refused_as_an_illegal_move():
    # The demo game's keeper holds the secret: removing that seat mid-game is refused, for the host to read.
    import random

    from companion.table.games import get
    from tests import played as play
    from tests.games.stub import scripted

    game = get("stub")
    played = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(0))
    with pytest.raises(IllegalMove) as caught:
        play.remove(game, played, scripted.PLAYERS[0], random.Random(0))
    assert "keeper" in caught.value.message
    assert play.remove(game, played, scripted.PLAYERS[1], random.Random(0)) == played


@pytest.mark.parametrize("slug", GAMES)
def test_a_platform_move_from_any_seat_is_refused_by_every_game_and_the_table_makes_it(slug):
    # The form parser keeps these from phones; the seam, the one door to every game, refuses them
    # from any seat too, and takes them from the table alone.
    import importlib
    import random

    from companion.table import seam
    from companion.table.games import END, PLATFORM_MOVES, TABLE, get

    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.scripted")
    played = seam.start(game, list(script.PLAYERS), script.SETUP, random.Random(7))
    for kind in sorted(PLATFORM_MOVES):
        for seat in script.PLAYERS:
            with pytest.raises(RulesError) as caught:
                seam.apply(game, played, seat, {"type": kind, "seat": 0}, random.Random(0))
            assert caught.value.reason == "unknown-move", (kind, seat.name)
    assert game.outcome(played) is None
    ended = seam.apply(game, played, TABLE, {"type": END}, random.Random(0))
    assert game.outcome(ended).winners == () and game.outcome(ended).ending == "ended"
