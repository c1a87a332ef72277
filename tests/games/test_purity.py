"""Every game's rules are a pure library: the standard library, their own package and the
platform's two standard-library-only modules (the error family and the player marker), no Django."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalogue import GAMES

ROOT = Path(__file__).resolve().parents[2]
# Our own modules a rules package may import; each imports only the standard library itself.
SHARED = {"companion.table.rules_errors": ROOT / "companion" / "table" / "rules_errors.py",
          "companion.table.players": ROOT / "companion" / "table" / "players.py"}


def imported_modules(path: Path) -> set[str]:
    """Dotted names of the modules ``path`` imports, relative imports made absolute."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = ".".join(path.relative_to(ROOT).parts[:-1])
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                modules.add(node.module)
            else:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                modules.add(".".join(base + ([node.module] if node.module else [])))
    return modules


def beyond_the_standard_library(path: Path) -> set[str]:
    return {m for m in imported_modules(path) if m.split(".")[0] not in sys.stdlib_module_names}


@pytest.mark.parametrize("slug", GAMES)
def test_rules_import_only_the_standard_library_and_the_shared_modules(slug):
    inside = f"games.{slug}.rules"
    files = sorted((ROOT / "games" / slug / "rules").rglob("*.py"))
    assert files
    for path in files:
        outside = {m for m in beyond_the_standard_library(path)
                   if m not in SHARED and m != inside and not m.startswith(inside + ".")}
        assert not outside, (str(path.relative_to(ROOT)), outside)


def test_the_shared_modules_import_only_the_standard_library():
    for name, path in SHARED.items():
        assert not beyond_the_standard_library(path), name


@pytest.mark.parametrize("slug", GAMES)
def test_importing_the_rules_does_not_load_django(slug):
    code = f"import sys, games.{slug}.rules; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
