"""The rules tests stay pure too: only test_game.py and scripted.py drive the table's adapter,
which is Django's side. (The rules themselves: tests/games/test_purity.py, for every game.)"""

from pathlib import Path

from tests.games.test_purity import imported_modules

TESTS = Path(__file__).resolve().parent


def test_nothing_here_imports_django():
    for path in sorted(TESTS.glob("test_rules_*.py")) + [TESTS / "conftest.py"]:
        assert "django" not in {m.split(".")[0] for m in imported_modules(path)}, path.name
