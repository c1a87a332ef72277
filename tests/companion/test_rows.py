"""The table and its seats read and written through companion.speed.rows are what the ORM reads and
writes: every field, converted the same way (JSON, booleans, times), on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction

from companion.speed import rows
from companion.table import tables
from companion.models import Seat, Table

pytestmark = [pytest.mark.django_db, pytest.mark.sync]


def fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}


@pytest.fixture
def table() -> Table:
    table, lena = tables.create_table("stub", "lena")
    tables.join_table(table, "gus")
    tables.join_table(table, "", as_display=True)
    tables.run(table.code, lena.token, tables.AddPlayer("no phone"), Table.objects.get(pk=table.pk).version)
    table.refresh_from_db()
    tables.run(table.code, lena.token, tables.StartGame(), table.version)
    table.refresh_from_db()
    tables.run(table.code, lena.token, tables.Play({"type": "set_secret", "word": "lantern"}), table.version)
    return Table.objects.get(pk=table.pk)


def test_a_table_loads_as_the_orm_loads_it(table):
    with transaction.atomic():
        [loaded] = rows.load(Table, lock=True, code=table.code)
    assert fields(loaded) == fields(table)
    assert isinstance(loaded.state, dict) and loaded.state["rules"]["secret"] == "lantern"
    assert isinstance(loaded.updated_at, datetime.datetime) and loaded.updated_at.tzinfo is not None
    assert not loaded._state.adding
    assert rows.load(Table, code="NOSUCH") == []


def test_seats_load_in_seat_order_with_every_field_as_the_orm_has_it(table):
    orm = list(table.seats.all())
    Seat.objects.filter(pk=orm[0].pk).update(order=99)  # the host moved to the end
    orm = list(table.seats.all())
    loaded = rows.load(Seat, table_id=table.pk)
    assert [fields(s) for s in loaded] == [fields(s) for s in orm]
    assert [s.name for s in loaded][-1] == "lena"
    assert {s.has_phone for s in loaded} == {True, False} and {s.is_host for s in loaded} == {True, False}


def test_the_locked_seats_know_their_table_without_asking_the_database(table, django_assert_num_queries):
    lena = Seat.objects.get(table=table, is_host=True)
    with transaction.atomic():
        locked, seat, seats = tables._locked(table.code, lena.token)
        with django_assert_num_queries(0):
            assert {s.table.code for s in seats} == {table.code} and seat.table is locked


def test_a_table_written_back_is_what_the_orm_reads_and_its_time_moves_on(table):
    with transaction.atomic():
        [loaded] = rows.load(Table, lock=True, code=table.code)
        loaded.state = {**loaded.state, "guesses": [{"word": "CANDLE"}]}
        loaded.results = [{"game": 1, "winners": ["gus"], "how": "guessed"}]
        loaded.notice = "Undone: a guess"
        loaded.version += 1
        rows.update(loaded)
    fresh = Table.objects.get(pk=table.pk)
    assert fields(fresh) == fields(loaded)
    assert fresh.state["guesses"] == [{"word": "CANDLE"}] and fresh.version == table.version + 1
    assert fresh.updated_at > table.updated_at and fresh.created_at == table.created_at


def test_only_the_named_fields_are_written_when_named(table):
    [loaded] = rows.load(Table, code=table.code)
    loaded.notice, loaded.version = "changed", 999
    rows.update(loaded, ["notice"])
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.notice, fresh.version) == ("changed", table.version)


def test_an_action_inserted_is_what_the_orm_reads_with_its_key_and_time(table):
    from companion.models import Action
    lena = Seat.objects.get(table=table, is_host=True)
    before = Action.objects.count()
    action = Action(table=table, seat=lena, kind="move", key="k" * 64, base_version=7, move={"type": "guess"},
                    status_before="playing", state_before={"guesses": [{"word": "ÉCLAIR"}], "n": None},
                    clock_before={"left": 1.5}, undoable=True)
    with transaction.atomic():
        rows.insert(action)
    assert action.pk is not None and not action._state.adding
    fresh = Action.objects.get(pk=action.pk)
    assert fields(fresh) == fields(action)
    assert fresh.state_before == {"guesses": [{"word": "ÉCLAIR"}], "n": None} and fresh.created_at is not None
    assert Action.objects.count() == before + 1
    second = Action(table=table, seat=None, kind="clock", key="c", base_version=8, status_before="playing")
    rows.insert(second)
    assert second.pk > action.pk and Action.objects.get(pk=second.pk).seat_id is None
