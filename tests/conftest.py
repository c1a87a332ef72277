"""Shared fixtures: named people at a table (lena, gus, gwen), and phones to hold their seats."""

from __future__ import annotations

import pytest
from django.test import Client

from companion import seats, tables
from companion.models import Seat, Table


def _is_browser_test(item) -> bool:
    return "browser" in item.keywords


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API leaves an event loop marked running in the
    main thread, and pytest-asyncio then refuses to start the async tests after it."""
    items.sort(key=_is_browser_test)


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
