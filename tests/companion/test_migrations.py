"""Tables stored before every game shared one envelope play on after the migration to it (0004).

A table of each game is stored at the migration before, in that game's old shape (Fiction and
Half Truth: the rules' state with ``seats`` beside it; LIE: ``{"seats", "rules"}``; the demo
game: the rules alone, naming seat ids, which 0008 turns into its players), with its last move
in the log. Migrated, the host undoes that move
(the log's stored state is migrated too), the seat that made it makes it again, and every
seat is drawn its screen. A game written since the envelope never had another shape: its table
is stored in the envelope, which the migrations must leave as it is.
"""

from __future__ import annotations

import importlib
import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from companion.live import render
from companion.table import seam, tables
from companion.table.clock import Clock
from companion.table.games import DISPLAY, Played, get
from companion.models import Table
from tests import played as play
from tests.catalogue import GAMES

BEFORE = [("companion", "0003_notice_results_left")]
# The migration under test is 0004; a table is then migrated on to the latest, as the models are.
AFTER = [max(MigrationLoader(None, ignore_no_migrations=True).graph.leaf_nodes("companion"))]
DISPLAY_ID = 99


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


# The games stored before the envelope (0004), each with its shape then.
OLD_SHAPES = ("fiction", "halftruth", "lie", "stub")


def old_shape(slug: str, played: Played) -> dict:
    """The state as each game stored it before the envelope, written out by hand; a game
    written since stored the envelope from the start."""
    if slug not in OLD_SHAPES:
        return played.to_dict()
    if slug == "fiction":
        librarian = next((p.seat for p in played.players if p.role == "librarian"), None)
        return {**played.rules, "seats": {"librarian": librarian,
                                          "guessers": [p.seat for p in played.players if p.role == "guesser"]}}
    if slug == "halftruth":
        return {**played.rules, "seats": [p.seat for p in played.players]}
    if slug == "lie":
        return {"seats": [p.seat for p in played.players], "rules": played.rules}
    # The demo game's rules kept seat ids then (0008 turns them into its players).
    seat = played.seat
    rules = played.rules
    return {**rules, "keeper": seat(rules["keeper"]), "players": [seat(n) for n in rules["players"]],
            "guesses": [{**g, "by": seat(g["by"])} for g in rules["guesses"]],
            "winner": None if rules["winner"] is None else seat(rules["winner"])}


def last_seat_move(script) -> int:
    """How many steps are played before the move that is undone and made again: a seat's own
    move (not the clock's, not one the host makes for a seat without a phone) half-way through."""
    phones = {p.seat_id for p in script.PLAYERS if p.has_phone}
    return next(n for n in range(len(script.STEPS) // 2, len(script.STEPS))
                if script.STEPS[n][0] in phones and not script.STEPS[n][1].get("as_seat"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", GAMES)
def test_a_table_stored_in_its_games_old_shape_plays_on_after_the_migration(slug):
    game = get(slug)
    script = importlib.import_module(f"tests.games.{slug}.scripted")
    rng = random.Random(7)
    played = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    n = last_seat_move(script)
    for seat_id, move in script.STEPS[:n]:
        played = play.step(game, played, by_id.get(seat_id), move, rng)
    seat_id, move = script.STEPS[n]
    after = play.move(game, played, by_id[seat_id], move, rng)
    old_before, old_after = old_shape(slug, played), old_shape(slug, after)

    try:
        apps = migrate(BEFORE)
        OldTable, OldSeat, OldAction = (apps.get_model("companion", name) for name in ("Table", "Seat", "Action"))
        table = OldTable.objects.create(code="KMNPQR", game=slug, status="playing", setup=script.SETUP,
                                        state=old_after, clock=Clock().to_dict(), version=3)
        # The seats in an order of their own, not their ids': the players are read in seat order.
        for p in reversed(script.PLAYERS):
            OldSeat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order,
                                   is_host=p.is_host, has_phone=p.has_phone, token=f"token-{p.seat_id}")
        OldSeat.objects.create(pk=DISPLAY_ID, table=table, name="Table display", role=DISPLAY.slug,
                               order=len(script.PLAYERS), token="token-display")
        OldAction.objects.create(table=table, seat_id=seat_id, kind="move", key="k", base_version=2, move=move,
                                 status_before="playing", state_before=old_before, clock_before=Clock().to_dict(),
                                 undoable=True)

        migrate(AFTER)
        stored = Table.objects.get()
        assert stored.state == after.to_dict()
        assert stored.actions.get().state_before == played.to_dict()

        # Back and forth: the reverse gives each game its old shape again (a game that had
        # none is never taken back before the envelope).
        if slug in OLD_SHAPES:
            migrate(BEFORE)
            assert OldTable.objects.get().state == old_after and OldAction.objects.get().state_before == old_before
            migrate(AFTER)
            assert Table.objects.get().state == after.to_dict()
    finally:
        migrate(AFTER)

    host = next(p for p in script.PLAYERS if p.is_host)
    tables.run("KMNPQR", f"token-{host.seat_id}", tables.Undo(), 3)
    assert Table.objects.get().state == played.to_dict()
    tables.run("KMNPQR", f"token-{seat_id}", tables.Play(move), 4)
    table = Table.objects.get()
    assert table.version == 5 and Played.from_dict(table.state).players == played.players
    assert Played.from_dict(table.state).rules != played.rules
    seats = list(table.seats.all())
    scene = render.scene(table, seats)
    for seat in seats:
        view = seam.view(game, Played.from_dict(table.state, game.codec), render.viewer_of(seat))
        assert view["phase"] and render.fragment(scene, seat), seat.name


@pytest.mark.django_db(transaction=True)
def test_a_finished_lie_game_stored_with_its_old_ending_reads_its_ending_with_hyphens():
    """LIE spelt its endings with underscores once (0010 spells them as every game does): a
    finished game stored then, and the logged state an undo goes back to, read "last-player"."""
    from tests.played import played_out

    game, script, played = played_out("lie/scripted")
    new = played.to_dict()
    assert new["rules"]["outcome"]["termination"] == "last-player"
    old = {**new, "rules": {**new["rules"], "outcome": {**new["rules"]["outcome"], "termination": "last_player"}}}
    try:
        apps = migrate([("companion", "0009_stale_before")])
        OldTable, OldAction = (apps.get_model("companion", name) for name in ("Table", "Action"))
        table = OldTable.objects.create(code="KMNPQR", game="lie", status="finished", setup=script.SETUP,
                                        state=old, clock=Clock().to_dict(), version=9)
        OldAction.objects.create(table=table, kind="move", key="k", base_version=8, move={}, status_before="playing",
                                 state_before=old, clock_before=Clock().to_dict(), undoable=True)
        migrate(AFTER)
        stored = Table.objects.get()
        assert stored.state == new and stored.actions.get().state_before == new
        assert game.outcome(Played.from_dict(stored.state, game.codec)).ending == "last-player"
        migrate([("companion", "0009_stale_before")])
        assert OldTable.objects.get().state == old
    finally:
        migrate(AFTER)
