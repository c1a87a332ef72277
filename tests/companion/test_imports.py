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
    # about seats, so both take it from companion.table.seats and neither leans on the other.
    assert "companion.live.consumers" not in imported(ROOT / "companion" / "web" / "views.py")


def test_the_table_authority_imports_nothing_that_draws_or_sends():
    # The table writes and says whom to tell; drawing and sending belong to the live sync, which
    # the view hands the news to. A table module leaning on them would tie every write to a
    # socket, and the table and the live sync into a loop of rooms.
    drawing_or_sending = ("companion.live", "companion.web", "channels", "asgiref", "jinja2", "django.template",
                          "django.shortcuts")
    leaning = {path.name: sorted(n for n in imported(path) if n.startswith(drawing_or_sending))
               for path in sorted((ROOT / "companion" / "table").glob("*.py"))}
    assert {name: found for name, found in leaning.items() if found} == {}


def companion_modules() -> dict[str, Path]:
    """Every module of the platform by its dotted name, migrations left out (Django writes them)."""
    found = {}
    for path in sorted((ROOT / "companion").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "migrations" not in parts:
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def test_the_platform_is_grouped_into_rooms_a_reader_finds_by_name():
    # Django looks for these in the app's own folder; every other module lives in the room that
    # says what it does, so a newcomer opens companion/ and sees the table, the live sync, the
    # web pages and the speed work, not thirty files side by side.
    django_expects = {"__init__.py", "apps.py", "models.py", "migrations", "templatetags"}
    rooms = {"table", "live", "web", "speed"}
    top = {p.name for p in (ROOT / "companion").iterdir() if p.name != "__pycache__"}
    assert top == django_expects | rooms
    for room in rooms:
        assert (ROOT / "companion" / room / "__init__.py").is_file(), room


def test_no_module_of_the_platform_imports_from_a_game():
    # Games plug into the platform (Game, registered in their AppConfig), never the other way:
    # a module under companion/ that imported games/ would tie the house to one game.
    leaning = {name: sorted(n for n in imported(path) if n == "games" or n.startswith("games."))
               for name, path in companion_modules().items()}
    assert {name: found for name, found in leaning.items() if found} == {}


def test_no_two_modules_of_the_platform_import_each_other():
    # Not even round a longer loop, nor from inside a function: a loop means neither module can
    # be read, or changed, without the other, and its order of import decides what works.
    modules = companion_modules()
    leans = {name: {n for n in imported(path) if n in modules and n != name and modules[n].name != "__init__.py"}
             for name, path in modules.items()}

    def loop_from(start: str) -> list[str] | None:
        paths = [[start]]
        seen = set()
        while paths:
            path = paths.pop()
            for nxt in sorted(leans[path[-1]]):
                if nxt == start:
                    return [*path, start]
                if nxt not in seen:
                    seen.add(nxt)
                    paths.append([*path, nxt])
        return None

    assert [loop for name in modules if (loop := loop_from(name))] == []


def test_the_rooms_import_downwards_only():
    # The pages use the live sync and the table, the live sync uses the table, and the speed
    # devices and the models sit under all three: a room never reaches up, so each can be read
    # knowing only the rooms below it.
    floors = {"web": 3, "live": 2, "table": 1, "speed": 0, "models": 0}

    def floor(name: str) -> int | None:
        parts = name.split(".")
        return floors.get(parts[1]) if len(parts) > 1 and parts[0] == "companion" else None

    upwards = {}
    for name, path in companion_modules().items():
        here = floor(name)
        if here is None:
            continue
        above = sorted(n for n in imported(path) if (floor(n) or 0) > here and n.split(".")[1] != name.split(".")[1])
        if above:
            upwards[name] = above
    assert upwards == {}


def test_every_speed_device_says_what_it_saves_and_links_its_row():
    # The speed wing is read by name: each module opens with what it saves and where its
    # measurements are, and the inventory names the module, so neither is found by search.
    inventory = (ROOT / "docs" / "performance.md").read_text().split("## The speed devices: an inventory")[1]
    inventory = inventory.split("\n## ")[0]
    unlinked = {}
    for path in sorted((ROOT / "companion" / "speed").glob("*.py")):
        if path.name == "__init__.py":
            continue
        lines = (ast.get_docstring(ast.parse(path.read_text())) or "").splitlines() + ["", ""]
        where = f"companion/speed/{path.name}"
        if not (lines[0].startswith("Saves ") and "docs/performance.md#the-speed-devices-an-inventory" in lines[1]
                and where in inventory):
            unlinked[path.name] = lines[:2]
    assert unlinked == {}
