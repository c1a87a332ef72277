"""A table page's socket, as it opens on a real page of each real game: its first message carries
only what the page does not already show, and a page that went stale before it opened, or while
its phone slept, still ends up showing the table as it is."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_screens import phase_steps, roles, server_of, stage  # noqa: F401 (a fixture)
from tests.catalogue import REAL_GAMES

pytestmark = pytest.mark.browser

GAMES = [f"{slug}/scripted" for slug in REAL_GAMES]
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1280, "height": 720}}
REGIONS = """() => Object.fromEntries(
  [...document.querySelectorAll('#live section.region')].map(s => [s.id, s.dataset.h]))"""


def fullest(script_name: str) -> int:
    """The step of the script with the most on the table: the last before its game ends."""
    return int(dict(phase_steps(script_name))["fullest"])


@pytest.fixture
def opened(browser: Browser):
    """Opens a page of a seat, and keeps every frame its sockets receive, in order. Its context is
    closed when the test ends: a page left open would go on reconnecting (and staging, in a route
    of its own) into the tests after it."""
    contexts = []

    def open_page(server, staged: dict, seat_id: int, device: dict) -> tuple[Page, list[str]]:
        context = browser.new_context(**device)
        contexts.append(context)
        context.set_default_timeout(10_000)
        context.add_cookies([{"name": f"seat_{staged['code']}", "value": staged["cookies"][str(seat_id)],
                              "url": server.url}])
        page = context.new_page()
        frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
        return page, frames

    yield open_page
    for context in contexts:
        context.close()


def size(frame: str | bytes) -> int:
    return len(frame.encode() if isinstance(frame, str) else frame)


def current(page: Page) -> dict[str, str]:
    """Each region's digest on a page, but the clock's, drawn with the time of drawing."""
    shown = page.evaluate(REGIONS)
    shown.pop("region-clock", None)
    return shown


@pytest.mark.parametrize("script_name", GAMES)
def test_a_socket_opening_on_an_up_to_date_page_is_sent_under_a_kilobyte(script_name, server_of, opened):
    server = server_of()
    staged = stage(server, script_name, str(fullest(script_name)))
    openers = {"player": roles(script_name)["player"][0], "display": staged["display"]}
    sizes = {}
    for role, seat_id in openers.items():
        page, frames = opened(server, staged, seat_id, TV if role == "display" else PHONE)
        page.goto(f"{server.url}/t/{staged['code']}/")
        expect(page.locator("body")).to_have_attribute("data-live", "1")
        sizes[role] = size(frames[0])
        assert 'id="table-version"' in frames[0]
        page.context.close()
    print(script_name, "first frame bytes", sizes)
    assert all(n < 1024 for n in sizes.values()), sizes


def test_a_page_stale_before_its_socket_opened_or_while_its_phone_slept_ends_up_current(server_of, opened):
    script_name = "fiction/scripted"
    server = server_of()
    step = fullest(script_name)
    staged = stage(server, script_name, str(step - 2))
    guesser = roles(script_name)["player"][0]
    page, frames = opened(server, staged, guesser, PHONE)

    # The table moves on between the page's HTML and its socket reaching the server.
    told: list[str] = []

    def moved_on_meanwhile(ws):
        told.append(ws.url)
        stage(server, script_name, str(step - 1))
        to_server = ws.connect_to_server()
        to_server.on_message(lambda message: (frames.append(message), ws.send(message)))

    page.route_web_socket(f"**/ws/t/{staged['code']}/**", moved_on_meanwhile)
    page.goto(f"{server.url}/t/{staged['code']}/")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    assert 'id="region-guess_rows"' in frames[0]
    stale = {f"region-{name}": digest for name, digest in
             (part.split(".") for part in parse_qs(urlsplit(told[0]).query)["has"][0].split("-"))}
    stale.pop("region-clock")
    fresh, _ = opened(server, staged, guesser, PHONE)
    fresh.goto(f"{server.url}/t/{staged['code']}/")
    expect(page.locator("#region-guess_rows")).to_have_attribute("data-h", current(fresh)["region-guess_rows"])
    assert current(page) == current(fresh) != stale

    # The phone sleeps with its socket open and hears nothing of a move (staged, so nothing is
    # pushed); waking, it asks to sync and is sent what changed.
    stage(server, script_name, str(step))
    fresh.goto(f"{server.url}/t/{staged['code']}/")
    awake = current(fresh)
    before = len(frames)
    rows = page.locator("#region-guess_rows")
    for _ in range(5):  # a phone asking again within a second of its last sync is only answered
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        try:
            expect(rows).to_have_attribute("data-h", awake["region-guess_rows"], timeout=1500)
            break
        except AssertionError:
            pass
    expect(rows).to_have_attribute("data-h", awake["region-guess_rows"])
    assert current(page) == awake
    assert any('id="region-guess_rows"' in frame for frame in frames[before:])
    assert not any('id="region-people"' in frame for frame in frames[before:])
