"""A server killed mid-game: the phones reconnect by themselves and go on from the last acknowledged move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, Server
from tests.browser.test_table_sync import keep_a_secret

pytestmark = [pytest.mark.browser]


@pytest.fixture
def own_server(tmp_path):
    """A Daphne of this test's own, on SQLite, that the test may kill."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY="browser-test-secret", DEBUG="0",
               ALLOWED_HOSTS="127.0.0.1,localhost", SECURE_COOKIES="0", STATIC_ROOT=str(tmp_path / "static"),
               SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
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
