"""Saves Django compiling the lock, the seats, the update and the insert of every action afresh.
Its row: docs/performance.md#the-speed-devices-an-inventory (hand-written statements for the hot rows).

The rows every action reads and writes, through statements made once per process.

Every action locks its table, reads its seats and writes the table back. Through a queryset,
Django builds and compiles each of those statements afresh, in Python, on every action, and
compiling a statement costs many times what running it does (docs/performance.md, "Where the
speed devices came from"). Here each statement is put together once, and its rows become the
same model instances a queryset would give, read through the same converters (the
database's and each field's), and written through each field's own preparation.

What this skips, beside the compiling: a queryset's checks (``select_for_update`` outside a
transaction) and the model signals of ``save``, which nothing in this project listens to.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class _Shape:
    select: str  # SELECT every concrete column FROM the model's table
    names: tuple[str, ...]  # their attribute names, in the model's field order (Model.from_db)
    converters: tuple[tuple[int, tuple, Any], ...]  # (position, converters, column) as the ORM applies them


@functools.lru_cache(maxsize=None)
def _shape(model: type[Model], alias: str) -> _Shape:
    connection = connections[alias]
    meta = model._meta
    quote = connection.ops.quote_name
    converters = []
    for position, field in enumerate(meta.concrete_fields):
        column = field.get_col(meta.db_table)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((position, tuple(found), column))
    columns = ", ".join(quote(field.column) for field in meta.concrete_fields)
    return _Shape(f"SELECT {columns} FROM {quote(meta.db_table)}",
                  tuple(field.attname for field in meta.concrete_fields), tuple(converters))


def _ordering(model: type[Model], alias: str) -> str:
    """The model's default ordering (plain field names, "-" for descending) as ORDER BY."""
    quote = connections[alias].ops.quote_name
    terms = []
    for name in model._meta.ordering:
        descending = name.startswith("-")
        terms.append(quote(model._meta.get_field(name.lstrip("-")).column) + (" DESC" if descending else ""))
    return f" ORDER BY {', '.join(terms)}" if terms else ""


@functools.lru_cache(maxsize=None)
def _select(model: type[Model], alias: str, names: tuple[str, ...], lock: bool) -> str:
    """The whole SELECT for rows whose ``names`` columns equal the values given, made once."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    where = " AND ".join(f"{quote(model._meta.get_field(name).column)} = %s" for name in names)
    sql = _shape(model, alias).select + (f" WHERE {where}" if where else "") + _ordering(model, alias)
    if lock and connection.features.has_select_for_update:
        sql += " " + connection.ops.for_update_sql()
    return sql


def load(model: type[M], *, lock: bool = False, using: str = DEFAULT_DB_ALIAS, **equal: Any) -> list[M]:
    """The rows of ``model`` whose columns equal ``equal`` (``code="ABCD"``, ``table_id=3``), in the
    model's default order; ``lock``: locked for the transaction, where the database locks rows
    (SQLite locks the whole database when the transaction starts: see the settings)."""
    connection = connections[using]
    shape = _shape(model, using)
    with connection.cursor() as cursor:
        cursor.execute(_select(model, using, tuple(equal), lock), list(equal.values()))
        rows = cursor.fetchall()
    found = []
    for row in rows:
        values = list(row)
        for position, converters, column in shape.converters:
            value = values[position]
            for convert in converters:
                value = convert(value, column, connection)
            values[position] = value
        found.append(model.from_db(using, shape.names, values))
    return found


@functools.lru_cache(maxsize=None)
def _update(model: type[Model], alias: str, names: tuple[str, ...] | None) -> tuple[tuple, str]:
    """The fields an UPDATE writes (every one but the key, or ``names``) and its statement, made once."""
    meta = model._meta
    quote = connections[alias].ops.quote_name
    chosen = (tuple(meta.get_field(name) for name in names) if names is not None
              else tuple(field for field in meta.concrete_fields if not field.primary_key))
    sets = ", ".join(f"{quote(field.column)} = %s" for field in chosen)
    return chosen, f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"


def update(instance: Model, fields: Iterable[str] | None = None, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Write a loaded row back, every field or only ``fields``, as ``save`` does (``auto_now``
    included)."""
    connection = connections[using]
    chosen, sql = _update(type(instance), using, None if fields is None else tuple(fields))
    values = [field.get_db_prep_save(field.pre_save(instance, False), connection) for field in chosen]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])


@functools.lru_cache(maxsize=None)
def _insert(model: type[Model], alias: str) -> tuple[tuple, str, list | None]:
    """The fields an INSERT writes (every concrete one but the automatic key), its statement with
    the key returned where the database can, and the parameters of that RETURNING (None without
    one), made once."""
    connection = connections[alias]
    meta = model._meta
    quote = connection.ops.quote_name
    chosen = tuple(field for field in meta.local_concrete_fields
                   if field is not meta.auto_field and not getattr(field, "generated", False))
    if any(hasattr(field, "get_placeholder") for field in chosen):  # pragma: no cover - none in this project
        raise TypeError(f"{model.__name__} has a field with its own placeholder: save it through the ORM")
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(field.column) for field in chosen)}) "
           f"VALUES ({', '.join(['%s'] * len(chosen))})")
    returning = None
    if connection.features.can_return_columns_from_insert:
        returned, returning = connection.ops.return_insert_columns([meta.auto_field])
        sql += " " + returned
    return chosen, sql, returning


def insert(instance: Model, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Write a new row as ``save`` does (``auto_now_add`` and each field's preparation included),
    and give the instance its key."""
    connection = connections[using]
    model = type(instance)
    chosen, sql, returning = _insert(model, using)
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in chosen]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if returning is not None:
            key = connection.ops.fetch_returned_insert_columns(cursor, returning)[0]
        else:
            key = connection.ops.last_insert_id(cursor, model._meta.db_table, model._meta.auto_field.column)
    instance.pk = key
    instance._state.adding = False
    instance._state.db = using
