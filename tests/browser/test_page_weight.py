"""What a phone downloads, through the real server: brotli for static files, and a service worker
that keeps every static file a table page uses, so a launch from the home screen asks the
network only for the table itself."""

from __future__ import annotations

import re
import time
import urllib.request

import brotli
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.catalogue import REAL_GAMES

pytestmark = pytest.mark.browser


def fetch(url: str, encoding: str) -> tuple[str | None, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_static_css_and_js_come_back_brotli_compressed_when_asked(servers):
    base = servers[0].url
    _, home = fetch(base + "/", "identity")
    named = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', home.decode())
    assert any(u.endswith(".css") for u in named) and any(u.endswith(".js") for u in named), named
    for url in named:
        _, plain = fetch(base + url, "identity")
        encoding, body = fetch(base + url, "gzip, deflate, br")
        assert encoding == "br", url
        assert brotli.decompress(body) == plain
        assert len(body) < len(plain)


KEPT = """async () => {
  const kept = new Set();
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
  }
  return [...kept];
}"""

OLD = "/static/js/table.0123456789ab.js"  # a name no build of today's table.js has


def eventually(check, seconds: float = 10.0) -> bool:
    """The worker stores what it keeps on its own time: ask again until it has, or give up."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


USED = """() => performance.getEntriesByType("resource").map(e => new URL(e.name).pathname)
  .filter(p => p.startsWith("/static/"))"""


@pytest.mark.parametrize("game", REAL_GAMES)
def test_the_service_worker_keeps_every_static_file_the_table_page_used(servers, browser, game):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        # The host's first visit: the table opens before or after the worker takes the page over.
        page.goto(servers[0].url + "/")
        card = page.locator(f"#game-{game}")
        card.get_by_placeholder("Your name").fill("lena")
        card.get_by_role("button", name="Create table").click()
        expect(page.locator("body")).to_have_attribute("data-live", "1")
        page.evaluate("() => Promise.all([document.fonts.ready, navigator.serviceWorker.ready])")
        used = set(page.evaluate(USED))
        assert any(p.endswith(".css") for p in used) and any("table" in p for p in used), used
        assert eventually(lambda: used <= set(page.evaluate(KEPT))), used - set(page.evaluate(KEPT))
        # A file of an older version of the app goes once the page tells the worker what it uses.
        page.evaluate("async old => (await caches.open((await caches.keys())[0])).put(old, new Response('old'))", OLD)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-live", "1")
        assert eventually(lambda: OLD not in page.evaluate(KEPT))
        assert used <= set(page.evaluate(KEPT))
    finally:
        context.close()


def test_a_file_the_first_page_asks_for_late_is_kept_too(servers, browser):
    """The browser may ask for the tab's icon after the page has loaded and told the worker what
    it used, and before the worker has taken the page over: the worker still hears of it."""
    context = browser.new_context(**PHONE)
    held = []
    try:
        # The page's own request for its icon waits; the worker's, to keep it, goes through.
        context.route(re.compile(r"/static/img/icons/icon-192\.[^/]*png$"),
                      lambda route: route.continue_() if held else held.append(route))
        page = context.new_page()
        page.goto(servers[0].url + "/")
        page.evaluate("() => navigator.serviceWorker.ready")
        assert eventually(lambda: any("/fonts/" in p for p in page.evaluate(KEPT)))  # told what it used
        assert eventually(lambda: bool(held), seconds=5), "the page never asked for its icon"
        icon = held[0].request.url.removeprefix(servers[0].url)
        assert icon not in page.evaluate(KEPT)
        held[0].continue_()
        assert eventually(lambda: icon in page.evaluate(KEPT)), icon
    finally:
        context.close()
