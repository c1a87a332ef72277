import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "games" / "halftruth" / "rules"
TESTS = ROOT / "tests" / "games" / "halftruth"
SHARED = ROOT / "companion" / "table" / "rules_errors.py"  # the RulesError family every game shares
OURS = {"companion.table.rules_errors"}  # our own modules the rules may import (standard library only themselves)


def imported_modules(*paths):
    """Dotted names of the modules imported, relative imports made absolute."""
    for path in paths:
        package = path.relative_to(ROOT).with_suffix("").parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                yield from (alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                yield node.module
            elif isinstance(node, ast.ImportFrom):
                base = list(package[: len(package) - node.level + 1])
                yield ".".join(base + ([node.module] if node.module else []))


def outside_the_standard_library(modules):
    return {m for m in modules if m.split(".")[0] not in sys.stdlib_module_names}


def test_rules_import_only_the_standard_library():
    inside = "games.halftruth.rules"
    outside = {
        module
        for module in outside_the_standard_library(imported_modules(*RULES.glob("*.py")))
        if module not in OURS and module != inside and not module.startswith(inside + ".")
    }
    assert outside == set()


def test_the_shared_errors_import_only_the_standard_library():
    assert outside_the_standard_library(imported_modules(SHARED)) == set()


def test_rules_tests_do_not_import_django():
    # test_game.py and scripted.py drive the Django adapter; the rules tests stay pure.
    rules_tests = [p for p in TESTS.glob("*.py") if p.name not in {"test_game.py", "scripted.py"}]
    assert "django" not in {m.split(".")[0] for m in imported_modules(*rules_tests)}


def test_importing_the_rules_does_not_load_django():
    code = "import sys, games.halftruth.rules; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
