"""The demo game's rules name players 0..n-1, as every game's rules do, not seat ids.

Secret Keeper's rules kept the keeper, the guessers, each guess's guesser and the winner as
seat ids; they now keep each as the player's place in ``players`` of the stored envelope, and
the platform shows seat ids. A table's state and every logged state are turned over, so a game
in play, an undo and a finished game's summary read the same seats as before.
"""

from django.db import migrations


def _turned(state: dict | None, to_player: bool) -> dict | None:
    if not state or set(state) != {"players", "rules"}:
        return state
    seats = [p["seat"] for p in state["players"]]
    rules = state["rules"]
    if to_player:
        if any(s not in seats for s in [rules["keeper"], *rules["players"]]):
            return state  # not seat ids of this game: left as it is

        def turn(s):
            return seats.index(s)
    else:
        def turn(s):
            return seats[s]
    rules = {**rules, "keeper": turn(rules["keeper"]), "players": [turn(s) for s in rules["players"]],
             "guesses": [{**g, "by": turn(g["by"])} for g in rules["guesses"]],
             "winner": None if rules["winner"] is None else turn(rules["winner"])}
    return {**state, "rules": rules}


def _convert(apps, to_player: bool) -> None:
    Table = apps.get_model("companion", "Table")
    Action = apps.get_model("companion", "Action")
    for table in Table.objects.filter(game="stub"):
        table.state = _turned(table.state, to_player)
        table.save(update_fields=["state"])
        for action in Action.objects.filter(table=table).exclude(state_before=None):
            action.state_before = _turned(action.state_before, to_player)
            action.save(update_fields=["state_before"])


def forwards(apps, schema_editor) -> None:
    _convert(apps, to_player=True)


def backwards(apps, schema_editor) -> None:
    _convert(apps, to_player=False)


class Migration(migrations.Migration):

    dependencies = [
        ("companion", "0007_own_changes"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
