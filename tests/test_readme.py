"""The README is the host's: short, and every command it shows is one the suite runs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()

# Each command the README shows, and what runs it as a host types it: a test that starts it for
# real (file, test), or CI's script (file, None), which runs it as a line of its own.
RUN_BY = {
    "make party": ("tests/test_make_serves.py", "test_make_party_serves_phones_on_the_address_it_prints"),
    "make run": ("tests/test_make_serves.py", "test_make_run_serves_this_machine_on_the_address_it_prints"),
    "make test": (".ci/run", None),
}


def shown_commands() -> list[str]:
    """The lines of the README's code blocks, comments left out."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", README, re.MULTILINE | re.DOTALL)
    lines = (line.split("#", 1)[0].strip() for block in blocks for line in block.splitlines())
    return [line for line in lines if line]


def test_the_readme_is_at_most_250_lines():
    assert len(README.splitlines()) <= 250


def test_the_readme_shows_how_to_host_serve_and_test():
    assert {"make party", "make run", "make test"} <= {command_of(line)[0] for line in shown_commands()}


def command_of(line: str) -> tuple[str, list[str]]:
    """``make run PORT=8080`` is the command ``make run`` with the variable ``PORT``."""
    words = line.split()
    names = [word.split("=", 1)[0] for word in words if re.fullmatch(r"[A-Z_]+=\S*", word)]
    return " ".join(word for word in words if "=" not in word), names


def test_every_command_the_readme_shows_is_run_by_the_suite():
    for line in shown_commands():
        command, names = command_of(line)
        assert command in RUN_BY, f"README: nothing in the suite runs `{line}`"
        path, test = RUN_BY[command]
        source = (ROOT / path).read_text()
        if test is None:
            assert command in (line.strip() for line in source.splitlines()), f"{path} does not run `{command}`"
        else:
            body = next((node for node in ast.parse(source).body
                         if isinstance(node, ast.FunctionDef) and node.name == test), None)
            assert body is not None, f"{path} has no {test}"
            target = command.split()[1]
            assert f'"{target}"' in ast.get_source_segment(source, body), f"{test} does not start `{command}`"
        for name in names:
            assert f"{name}=" in source, f"{path} does not set {name} as `{line}` does"
