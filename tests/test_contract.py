"""docs/contract.md, the HTTP contract, lists every move, field and setup field that every game declares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.table.games import all_games, get

CONTRACT = (Path(__file__).resolve().parent.parent / "docs" / "contract.md").read_text()


def section(slug: str) -> str:
    match = re.search(rf"^## .*\(`{slug}`\)$(.*?)(?=^#|\Z)", CONTRACT, re.MULTILINE | re.DOTALL)
    assert match, f"docs/contract.md has no section for {slug}"
    return match.group(1)


@pytest.mark.parametrize("slug", [g.slug for g in all_games()])
def test_every_declared_move_and_field_is_in_the_contract(slug):
    game = get(slug)
    text = section(slug)
    for move in game.moves:
        assert f"| `{move.type}`" in text, f"{slug}: move {move.type} is not in docs/contract.md"
        for field in move.fields:
            assert f"`{field.name}`" in text, f"{slug}: {move.type}.{field.name} is not in docs/contract.md"
    for field in game.setup:
        assert f"| `{field.name}` |" in text, f"{slug}: setup field {field.name} is not in docs/contract.md"


def test_every_host_action_is_in_the_contract():
    from companion.web.views import HOST_ACTIONS

    for action in HOST_ACTIONS:
        assert f"`{action}`" in CONTRACT, f"host action {action} is not in docs/contract.md"
