"""Two phones tapping at the same instant: the version check lets exactly one move through."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from companion import tables

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sync]


def test_simultaneous_moves_on_the_same_version_apply_exactly_once():
    table, lena = tables.create_table("stub", "lena")
    gus = tables.join_table(table, "gus")
    gwen = tables.join_table(table, "gwen")
    table.refresh_from_db()
    tables.start_game(table.code, lena.token, table.version)
    table.refresh_from_db()
    tables.play(table.code, lena.token, {"type": "set_secret", "word": "lantern"}, table.version)
    table.refresh_from_db()
    seen = table.version

    gate = threading.Barrier(2)
    results: dict[str, str] = {}

    def tap(seat, word):
        gate.wait()
        try:
            tables.play(table.code, seat.token, {"type": "guess", "word": word}, seen)
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
    assert len(table.state["guesses"]) == 1


def test_a_change_queued_behind_another_begins_as_soon_as_that_one_commits():
    """SQLite alone lets the one behind sleep on to its next try (1, 2, 5, 10, 15… ms apart);
    the backend's queue lets it in at the commit."""
    import time

    from django.db import transaction

    from companion.models import Table

    table, _ = tables.create_table("stub", "lena")
    holding, committed, began = threading.Event(), [], []

    def first():
        with transaction.atomic():
            Table.objects.filter(pk=table.pk).update(notice="first")
            holding.set()
            time.sleep(0.3)
        committed.append(time.monotonic())
        connection.close()

    def second():
        holding.wait()
        with transaction.atomic():
            began.append(time.monotonic())
            Table.objects.filter(pk=table.pk).update(notice="second")
        connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert began and committed
    # After a 300 ms wait SQLite's own next try comes about 28 ms after the commit: the queue
    # is what lets the second in sooner (it may even begin before the first thread notes the time).
    assert began[0] - committed[0] < 0.015
    table.refresh_from_db()
    assert table.notice == "second"


def test_a_failed_change_hands_the_queue_on():
    from django.db import transaction

    from companion.backends.sqlite.base import writer_lock

    with pytest.raises(ZeroDivisionError), transaction.atomic():
        1 / 0
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            raise RuntimeError("refused")
    assert not writer_lock(connection.settings_dict["NAME"]).locked()
