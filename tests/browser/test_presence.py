"""Presence in Chromium: a phone whose network stalls (its socket open, nothing passing) shows away
on the others' screens within the limit, and here again once its page answers; a page that is
hidden but alive answers the server's pings and stays here."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CuttableProxy, Server
from tests.browser.phones import create_table, join_by_code
from tests.browser.test_offline_half import set_visible

pytestmark = [pytest.mark.browser]

PING_EVERY, SILENT_AFTER = 1, 3  # seconds, whole as the settings are


@pytest.fixture
def quick_server(servers):
    server = Server({**servers[0].env, "PRESENCE_PING_SECONDS": str(PING_EVERY),
                     "PRESENCE_SILENT_SECONDS": str(SILENT_AFTER)})
    server.start()
    yield server
    server.stop()


def test_a_phone_whose_network_stalls_shows_away_and_here_again_when_it_answers(quick_server, phones):
    proxy = CuttableProxy(quick_server.port)
    try:
        lena, gus = phones(), phones()
        errors: list[str] = []
        gus.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        code = create_table(lena, quick_server.url, "lena")
        join_by_code(gus, proxy.url, code, "gus")
        badge = lena.locator("#region-people .seat", has_text="gus").locator(".presence")
        expect(badge).to_have_text("● here")

        set_visible(gus, False)  # the screen goes off: the page, still alive, answers every ping
        deadline = time.monotonic() + 2 * (PING_EVERY + SILENT_AFTER)
        while time.monotonic() < deadline:
            expect(badge).to_have_text("● here")
            lena.wait_for_timeout(250)

        proxy.flowing.clear()  # off the Wi-Fi: the socket stays open on both ends, nothing passes
        stalled = time.monotonic()
        expect(badge).to_have_text("○ away", timeout=(PING_EVERY + SILENT_AFTER + 2) * 1000)
        assert time.monotonic() - stalled >= SILENT_AFTER - PING_EVERY
        proxy.flowing.set()  # back: the pings held meanwhile reach the page, which answers them
        expect(badge).to_have_text("● here", timeout=2000)
        assert errors == []  # the ping swaps into its element: htmx finds its target
    finally:
        proxy.close()
