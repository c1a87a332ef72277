"""How long one change takes to reach every seat: the move's transaction, then each
seat's view rendered and handed to the channel layer (in-memory, one process).

Run from the repo root: python tests/benchmarks/bench_table_push.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")  # testserver host, static files from source
os.environ.setdefault("SECRET_KEY", "bench")
os.environ["SQLITE_PATH"] = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from companion.live import broadcast  # noqa: E402
from counting import renders as counting_renders  # noqa: E402
from companion.table import seats, tables
from companion.models import Table  # noqa: E402

SEATS = 8
RUNS = 40


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    call_command("migrate", verbosity=0)
    table, keeper = tables.create_table("stub", "lena")
    guessers = [tables.join_table(table, f"guest{n}") for n in range(SEATS - 2)]
    tables.join_table(table, "", as_display=True)
    table.refresh_from_db()
    tables.run(table.code, keeper.token, tables.StartGame(), table.version)
    table.refresh_from_db()
    tables.run(table.code, keeper.token, tables.Play({"type": "set_secret", "word": "lantern"}), table.version)

    phones = []
    for guesser in guessers:
        phone, cookie = Client(), HttpResponse()
        seats.remember(cookie, guesser)
        phone.cookies.update(cookie.cookies)
        phones.append(phone)

    pushes, moves, queries, renders = [], [], [], []
    for run in range(RUNS):
        start = time.perf_counter()
        broadcast.push_table(table.pk)
        pushes.append(time.perf_counter() - start)
        version = Table.objects.get(pk=table.pk).version
        phone = phones[run % len(phones)]
        with CaptureQueriesContext(connection) as counted, counting_renders() as drawn:
            start = time.perf_counter()
            answer = phone.post(f"/t/{table.code}/move/", {
                "version": version, "type": "guess", "word": f"word{'abcdefghij'[run % 10]}x"}, HTTP_HX_REQUEST="true")
            moves.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.content
        queries.append(len(counted.captured_queries))
        renders.append(drawn.n)

    print(f"Table push: {SEATS} seats (a keeper who hosts, {SEATS - 2} guessers, a display), SQLite, in-memory layer, "
          f"{RUNS} runs")
    print(f"  render and send every screen       median {median_ms(pushes):7.2f} ms"
          f"  ({median_ms(pushes) / SEATS:.2f} ms a seat)")
    print(f"  one guess: POST /move/, transaction, push and reply"
          f"  median {median_ms(moves):7.2f} ms, {statistics.median(queries):.0f} SQL statements (BEGIN and COMMIT included),"
          f" {statistics.median(renders):.0f} renders (one per audience: the host, the guessers, the display)")


if __name__ == "__main__":
    main()
