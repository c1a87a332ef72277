"""LIE's endings are slugs with hyphens, as every other game's are ("last-player", "most-cards").

LIE spelt its two endings with underscores, the other games theirs with hyphens, and the
evening's standings had to read both. A finished game of LIE keeps its ending in its stored
state (``rules.outcome.termination``), in the table and in every logged state an undo goes back
to, so each is spelt again; the reverse spells it as before.
"""

from django.db import migrations

SPELLINGS = {"last_player": "last-player", "most_cards": "most-cards"}


def _respelt(state: dict | None, spellings: dict[str, str]) -> dict | None:
    rules = (state or {}).get("rules")
    outcome = rules.get("outcome") if isinstance(rules, dict) else None
    if not isinstance(outcome, dict) or outcome.get("termination") not in spellings:
        return state
    outcome = {**outcome, "termination": spellings[outcome["termination"]]}
    return {**state, "rules": {**rules, "outcome": outcome}}


def _convert(apps, spellings: dict[str, str]) -> None:
    Table = apps.get_model("companion", "Table")
    Action = apps.get_model("companion", "Action")
    for table in Table.objects.filter(game="lie"):
        state = _respelt(table.state, spellings)
        if state is not table.state:
            table.state = state
            table.save(update_fields=["state"])
        for action in Action.objects.filter(table=table).exclude(state_before=None):
            before = _respelt(action.state_before, spellings)
            if before is not action.state_before:
                action.state_before = before
                action.save(update_fields=["state_before"])


def forwards(apps, schema_editor) -> None:
    _convert(apps, SPELLINGS)


def backwards(apps, schema_editor) -> None:
    _convert(apps, {new: old for old, new in SPELLINGS.items()})


class Migration(migrations.Migration):

    dependencies = [
        ("companion", "0009_stale_before"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
