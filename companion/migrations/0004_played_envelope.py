"""Every game's stored state in one envelope: ``{"players": [{"seat", "role"}, ...], "rules": {...}}``.

Before, each game stored its own shape: Fiction and Half Truth the rules' dict with a
``seats`` key beside the rules' own, LIE ``{"seats", "rules"}``, the demo game the rules
alone. The players are the seats the game began with, in seat order; where the old shape
kept no seats (the demo game), they are the table's players as they sit now.
"""

from django.db import migrations

ENVELOPE = {"players", "rules"}


def _players_now(table) -> list[dict]:
    return [{"seat": s.pk, "role": s.role} for s in table.seats.exclude(role="display").order_by("order", "id")]


def _in_seat_order(table, players: list[dict]) -> list[dict]:
    """``players`` in the table's seat order; a seat removed since keeps its place after the others."""
    where = {pk: n for n, pk in enumerate(table.seats.order_by("order", "id").values_list("pk", flat=True))}
    return sorted(players, key=lambda p: where.get(p["seat"], len(where)))


def wrapped(table, state: dict | None) -> dict | None:
    if state is None or set(state) == ENVELOPE:
        return state
    if table.game == "fiction":
        seats = state["seats"]
        librarian = [] if seats["librarian"] is None else [{"seat": seats["librarian"], "role": "librarian"}]
        players = librarian + [{"seat": pk, "role": "guesser"} for pk in seats["guessers"]]
        rules = {k: v for k, v in state.items() if k != "seats"}
        return {"players": _in_seat_order(table, players), "rules": rules}
    if table.game == "halftruth":
        return {"players": [{"seat": pk, "role": "player"} for pk in state["seats"]],
                "rules": {k: v for k, v in state.items() if k != "seats"}}
    if table.game == "lie":
        return {"players": [{"seat": pk, "role": "player"} for pk in state["seats"]], "rules": state["rules"]}
    return {"players": _players_now(table), "rules": state}


def unwrapped(table, state: dict | None) -> dict | None:
    if state is None or set(state) != ENVELOPE:
        return state
    players, rules = state["players"], state["rules"]
    if table.game == "fiction":
        librarian = next((p["seat"] for p in players if p["role"] == "librarian"), None)
        return {**rules, "seats": {"librarian": librarian,
                                   "guessers": [p["seat"] for p in players if p["role"] == "guesser"]}}
    if table.game == "halftruth":
        return {**rules, "seats": [p["seat"] for p in players]}
    if table.game == "lie":
        return {"seats": [p["seat"] for p in players], "rules": rules}
    return rules


def _convert(apps, change) -> None:
    Table = apps.get_model("companion", "Table")
    Action = apps.get_model("companion", "Action")
    for table in Table.objects.all():
        after = change(table, table.state)
        if after is not table.state:
            table.state = after
            table.save(update_fields=["state"])
        for action in Action.objects.filter(table=table):
            before = change(table, action.state_before)
            if before is not action.state_before:
                action.state_before = before
                action.save(update_fields=["state_before"])


def forwards(apps, schema_editor) -> None:
    _convert(apps, wrapped)


def backwards(apps, schema_editor) -> None:
    _convert(apps, unwrapped)


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0003_notice_results_left'),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
