"""The rules tests stay pure too: only test_game.py and scripted.py drive the table's adapter,
which is Django's side. (The rules themselves: tests/games/test_purity.py, for every game.)"""

from pathlib import Path

from tests.games.test_purity import imported_modules

TESTS = Path(__file__).resolve().parent


def test_rules_tests_do_not_import_django():
    rules_tests = [p for p in TESTS.glob("*.py") if p.name not in {"test_game.py", "scripted.py"}]
    for path in rules_tests:
        assert "django" not in {m.split(".")[0] for m in imported_modules(path)}, path.name
