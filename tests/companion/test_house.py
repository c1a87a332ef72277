"""How the platform's modules lean on each other, read from their imports (no module is run)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(path: Path) -> set[str]:
    """Every module a file imports, by its dotted name: ``from companion import x`` counts as
    ``companion.x`` as well as ``companion``, since x may be a module."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_web_pages_import_nothing_from_the_socket_consumer():
    # A page's view and the live socket both decide which seat a page shows; that decision is
    # about seats, so both take it from companion.seats and neither leans on the other.
    assert "companion.consumers" not in imported(ROOT / "companion" / "web" / "views.py")
