"""The rules are a pure library: standard library imports only, no Django."""

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[3] / "games" / "fiction" / "rules"
TESTS = Path(__file__).resolve().parent


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_import_only_the_standard_library():
    files = sorted(RULES.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        outside = imported_roots(path) - set(sys.stdlib_module_names) - {"__future__"}
        assert not outside, (path.name, outside)


def test_nothing_here_imports_django():
    for path in sorted(RULES.glob("*.py")) + sorted(TESTS.glob("*.py")):
        assert "django" not in imported_roots(path), path.name
