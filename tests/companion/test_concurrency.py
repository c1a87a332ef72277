"""Two phones tapping at the same instant: the version check lets exactly one move through."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from companion.table import tables

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sync]


def test_simultaneous_moves_on_the_same_version_apply_exactly_once():
    table, lena = tables.create_table("stub", "lena")
    gus = tables.join_table(table, "gus")
    gwen = tables.join_table(table, "gwen")
    table.refresh_from_db()
    tables.run(table.code, lena.token, tables.StartGame(), table.version)
    table.refresh_from_db()
    tables.run(table.code, lena.token, tables.Play({"type": "set_secret", "word": "lantern"}), table.version)
    table.refresh_from_db()
    seen = table.version

    gate = threading.Barrier(2)
    results: dict[str, str] = {}

    def tap(seat, word):
        gate.wait()
        try:
            tables.run(table.code, seat.token, tables.Play({"type": "guess", "word": word}), seen)
            results[seat.name] = "applied"
        except tables.Stale:
            results[seat.name] = "stale"
        finally:
            connection.close()

    threads = [threading.Thread(target=tap, args=(gus, "candle")), threading.Thread(target=tap, args=(gwen, "torch"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(results.values()) == ["applied", "stale"]
    table.refresh_from_db()
    assert table.version == seen + 1
    assert len(table.state["rules"]["guesses"]) == 1
