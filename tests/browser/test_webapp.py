"""The app on a phone's home screen: installable, an offline page that comes back by itself, a buzz on your turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import create_table, join_by_code

pytestmark = pytest.mark.browser

# Counts the phone's buzzes: a headless browser has no motor to ask.
COUNT_BUZZES = """
window.buzzes = [];
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true, value: function (pattern) {
  window.buzzes.push(pattern); return true; }});
"""


def test_chromium_finds_the_app_installable(servers, browser_type, browser_type_launch_args, tmp_path):
    # A browser profile of its own: Chromium installs nothing from an incognito window, which
    # is what every other test's context is.
    context = browser_type.launch_persistent_context(tmp_path, **browser_type_launch_args)
    try:
        page = context.new_page()
        page.goto(servers[0].url + "/")
        expect(page.locator('link[rel="manifest"]')).to_have_count(1)
        page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")
        errors = context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
    finally:
        context.close()


def test_an_unreachable_table_shows_the_offline_page_which_opens_the_table_when_it_is_back(servers, phones):
    lena = phones()
    code = create_table(lena, servers[0].url, "lena")
    lena.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)")
    lena.context.set_offline(True)
    lena.reload()
    expect(lena.get_by_role("heading", name="The table is unreachable")).to_be_visible()
    lena.context.set_offline(False)
    expect(lena.locator(".topcode")).to_have_text(code, timeout=15_000)


def test_a_phone_buzzes_once_when_it_becomes_its_turn_and_the_display_stays_quiet(servers, browser):
    contexts = [browser.new_context(**PHONE), browser.new_context(**PHONE), browser.new_context(**TV)]
    lena, gus, tv = (c.new_page() for c in contexts)
    for page in (lena, gus, tv):
        page.add_init_script(COUNT_BUZZES)
    try:
        base = servers[0].url
        code = create_table(lena, base, "lena")
        join_by_code(gus, base, code, "gus")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        expect(tv.locator("#turn-alert")).to_have_count(0)  # a display has no turn: no alert to set
        expect(gus.locator("#turn-alert")).to_have_text("Your-turn alert: buzz")
        lena.get_by_role("button", name="Start the game").click()
        expect(gus.locator(".now")).to_contain_text("The keeper is writing")
        assert gus.evaluate("window.buzzes.length") == 0
        lena.get_by_placeholder("Secret word").fill("zephyrs")
        lena.get_by_role("button", name="Keep it").click()
        expect(gus.locator(".now.my-turn")).to_be_visible()
        gus.wait_for_function("window.buzzes.length === 1")
        gus.get_by_placeholder("Your guess").fill("candle")
        gus.get_by_role("button", name="Guess").click()
        expect(tv.locator(".guesses")).to_contain_text("candle")
        assert gus.evaluate("window.buzzes.length") == 1  # still its turn: no second buzz
        assert tv.evaluate("window.buzzes.length") == 0
        gus.get_by_role("button", name="Your-turn alert: buzz").click()
        expect(gus.locator("#turn-alert")).to_have_text("Your-turn alert: buzz and chime")
        gus.reload()
        expect(gus.locator("#turn-alert")).to_have_text("Your-turn alert: buzz and chime")
    finally:
        for context in contexts:
            context.close()
