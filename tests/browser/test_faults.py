"""A server killed mid-game: the phones reconnect by themselves and go on from the last acknowledged move.
PostgreSQL out of reach mid-game: pages and taps say so, and the phones try again by themselves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, SITE, CuttableProxy, Server, fresh_database
from tests.browser.test_table_sync import keep_a_secret

pytestmark = [pytest.mark.browser]


@pytest.fixture
def own_server(tmp_path, site_files):
    """A Daphne of this test's own, on SQLite, that the test may kill."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SITE, STATIC_ROOT=str(site_files["static"]),
               SQLITE_PATH=fresh_database(site_files, tmp_path / "db.sqlite3"))
    servers = [Server(env)]
    servers[0].start()
    yield servers
    for server in servers:
        server.stop()


def test_phones_come_back_after_the_server_is_killed_and_go_on(own_server, phones):
    server = own_server[0]
    lena, gus = phones(), phones()
    keep_a_secret(lena, server.url, {"gus": gus}, "zephyrs")
    gus.get_by_placeholder("Your guess").fill("candle")
    gus.get_by_role("button", name="Guess").click()
    expect(lena.locator(".guesses")).to_contain_text("gus: candle")
    gus.evaluate("window.sameDocument = true")

    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait()
    expect(gus.locator("#conn")).to_have_text("Reconnecting…")

    again = Server(server.env)
    again.port = server.port  # the same address the phones know
    again.start()
    own_server.append(again)
    expect(gus.locator("#conn")).to_be_hidden(timeout=15_000)
    expect(lena.locator("#conn")).to_be_hidden(timeout=15_000)
    gus.get_by_placeholder("Your guess").fill("melon")
    gus.get_by_role("button", name="Guess").click()
    expect(lena.locator(".guesses")).to_contain_text("gus: melon")
    expect(lena.locator(".guesses")).to_contain_text("gus: candle")
    assert gus.evaluate("window.sameDocument") is True  # no reload


@pytest.fixture
def cuttable_database(tmp_path, site_files):
    """A Daphne whose PostgreSQL (CI's second pass) is reached through a relay the test can cut."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        pytest.skip("needs DATABASE_URL naming a PostgreSQL database (CI's second pass)")
    parts = urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "localhost") or not parts.port:
        pytest.skip("the relay reaches PostgreSQL on this machine, at a port the URL names")
    proxy = CuttableProxy(parts.port)
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(SITE, STATIC_ROOT=str(site_files["static"]),
               DATABASE_URL=url.replace(f"{parts.hostname}:{parts.port}", f"127.0.0.1:{proxy.port}", 1))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = Server(env, log=tmp_path / "daphne.log")
    server.start()
    yield proxy, server
    server.stop()
    proxy.close()


@pytest.mark.sync
def test_while_the_database_is_out_of_reach_a_tap_and_a_page_say_so_and_go_on_by_themselves(cuttable_database,
                                                                                            phones):
    proxy, server = cuttable_database
    lena, gus, gwen = phones(), phones(), phones()
    code = keep_a_secret(lena, server.url, {"gus": gus, "gwen": gwen}, "zephyrs")
    expect(gus.get_by_placeholder("Your guess")).to_be_enabled()

    proxy.cut()
    gus.get_by_placeholder("Your guess").fill("melon")
    gus.get_by_role("button", name="Guess").click()
    expect(gus.locator("#flash")).to_contain_text("cannot be reached just now, so nothing was changed")
    gwen.goto(f"{server.url}/t/{code}/")
    expect(gwen.locator("h1")).to_have_text("The table is unreachable")
    assert gwen.evaluate("document.title").startswith("The table is unreachable")

    proxy.restore()
    # The tap is sent again by itself, and applied once; the page reloads itself into the table.
    expect(lena.locator(".guesses")).to_contain_text("gus: melon", timeout=15_000)
    expect(gwen.locator(".topme")).to_have_text("gwen (you)", timeout=15_000)
    expect(gwen.locator(".guesses")).to_contain_text("gus: melon")
    expect(gus.locator("#flash")).not_to_contain_text("cannot be reached")
    assert lena.locator(".guesses li", has_text="gus: melon").count() == 1
    assert "database out of reach" in server.log.read_text() and "Traceback" not in server.log.read_text()
