"""Shared fixtures: named people at a table (lena, gus, gwen), and phones to hold their seats."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.table import seats, tables
from companion.models import Seat, Table


def _order(item) -> tuple[bool, int]:
    """Browser tests last, and among them the screen matrix's scripts first, the largest tables
    first of all (see pytest_collection_modifyitems)."""
    if "browser" not in item.keywords:
        return False, 0
    if item.path.name != "test_screens.py":
        return True, 2
    return True, 0 if "largest" in item.name else 1


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API leaves an event loop marked running in the
    main thread, and pytest-asyncio then refuses to start the async tests after it. The screen
    matrix's scripts take minutes each: begun first, they run beside the short tests on the
    other cores (make test's pytest-xdist) instead of one of them being left to run alone at
    the end."""
    items.sort(key=_order)


@pytest.fixture
def phone():
    """A phone with its own cookie jar (a Django test client)."""

    def make() -> Client:
        return Client()

    return make


def sit(client: Client, seat: Seat) -> Client:
    """Give a phone the signed seat cookie, as joining does."""
    from django.http import HttpResponse

    response = HttpResponse()
    seats.remember(response, seat)
    client.cookies.update(response.cookies)
    return client


@pytest.fixture
def stub_table(db):
    """A Secret Keeper table in the lobby: lena keeps, gus and gwen guess."""
    table, lena = tables.create_table("stub", "lena")
    gus = tables.join_table(table, "gus")
    gwen = tables.join_table(table, "gwen")
    table.refresh_from_db()
    return table, lena, gus, gwen


def version(table: Table) -> int:
    table.refresh_from_db()
    return table.version
