"""The rules are a pure library: standard library imports only, no Django.

The one exception is ``companion.table.rules_errors``, the platform's standard-library-only module
holding the RulesError family every game shares; it is checked here too.
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "games" / "fiction" / "rules"
SHARED = ROOT / "companion" / "table" / "rules_errors.py"
TESTS = Path(__file__).resolve().parent
OURS = {"companion.table.rules_errors"}  # our own modules the rules may import (standard library only themselves)


def imported_modules(path: Path) -> set[str]:
    """Dotted names of the modules ``path`` imports, relative imports made absolute."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                modules.add(node.module)
            else:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                modules.add(".".join(base + ([node.module] if node.module else [])))
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


def outside_the_standard_library(path: Path) -> set[str]:
    return {
        module
        for module in imported_modules(path)
        if module.split(".")[0] not in sys.stdlib_module_names and module != "__future__"
    }


def test_rules_import_only_the_standard_library():
    files = sorted(RULES.glob("*.py"))
    assert len(files) >= 5
    inside = "games.fiction.rules"
    for path in files:
        outside = {
            module
            for module in outside_the_standard_library(path)
            if module not in OURS and module != inside and not module.startswith(inside + ".")
        }
        assert not outside, (path.name, outside)


def test_the_shared_errors_import_only_the_standard_library():
    assert not outside_the_standard_library(SHARED)


def test_nothing_here_imports_django():
    # test_game.py and scripted.py test the table's adapter, which is Django's side
    rules_tests = sorted(TESTS.glob("test_rules_*.py")) + [TESTS / "conftest.py"]
    for path in sorted(RULES.glob("*.py")) + [SHARED] + rules_tests:
        assert "django" not in imported_roots(path), path.name
