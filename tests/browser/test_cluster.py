"""Two Daphne processes behind nginx, sharing PostgreSQL and Redis: one address, every phone in sync.

Runs where the browser tests run on two processes (CI's second pass, DATABASE_URL and
REDIS_URL set) and nginx is installed; it uses the repo's own config/nginx.conf.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, free_port
from tests.browser.test_table_sync import keep_a_secret

pytestmark = [pytest.mark.browser, pytest.mark.sync]


@pytest.fixture
def nginx(servers, tmp_path):
    if len(servers) < 2 or not shutil.which("nginx"):
        pytest.skip("needs two Daphne processes (DATABASE_URL and REDIS_URL) and nginx")
    port = free_port()
    upstream = " ".join(f"server 127.0.0.1:{s.port};" for s in servers)
    conf = (ROOT / "config" / "nginx.conf").read_text()
    conf = conf.replace("@VAR@", str(tmp_path)).replace("@PORT@", str(port)).replace("@UPSTREAM@", upstream)
    (tmp_path / "nginx.conf").write_text(conf)
    process = subprocess.Popen(["nginx", "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"])
    url = f"http://127.0.0.1:{port}"
    for _ in range(50):
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)


def test_phones_behind_one_address_see_each_others_moves(nginx, phones):
    lena, gus, cat = phones(), phones(), phones()
    keep_a_secret(lena, nginx, {"gus": gus, "cat": cat}, "zephyrs")
    for name, page in (("gus", gus), ("cat", cat)):
        page.get_by_placeholder("Your guess").fill(f"{name}word")
        page.get_by_role("button", name="Guess").click()
    for page in (lena, gus, cat):
        expect(page.locator(".guesses")).to_contain_text("gus: gusword")
        expect(page.locator(".guesses")).to_contain_text("cat: catword")
