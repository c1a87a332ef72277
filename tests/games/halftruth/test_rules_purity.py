import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "games" / "halftruth" / "rules"
TESTS = ROOT / "tests" / "games" / "halftruth"


def imported_modules(folder):
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                yield from (alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                yield node.module.split(".")[0]


def test_rules_import_only_the_standard_library():
    outside = set(imported_modules(RULES)) - set(sys.stdlib_module_names)
    assert outside == set()


def test_rules_tests_do_not_import_django():
    assert "django" not in set(imported_modules(TESTS))


def test_importing_the_rules_does_not_load_django():
    code = "import sys, games.halftruth.rules; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
