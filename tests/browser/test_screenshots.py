"""Every screen at phone size, light and dark: nothing spills sideways, and a picture to look at.

Pictures go to var/screenshots/ (kept out of git) so a person can look at them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import assert_fits, create_table, join_by_code

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def snap(page: Page, name: str) -> None:
    assert_fits(page, name)
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=True, animations="disabled")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_fits_a_phone(servers, browser, scheme):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE, color_scheme=scheme) for _ in range(2)]
    contexts.append(browser.new_context(**TV, color_scheme=scheme))
    lena, gus, tv = (c.new_page() for c in contexts)
    try:
        lena.goto(base + "/")
        snap(lena, f"{scheme}-home")
        code = create_table(lena, base, "lena")
        snap(lena, f"{scheme}-lobby-host-alone")
        gus.goto(f"{base}/t/{code}/")
        snap(gus, f"{scheme}-join")
        join_by_code(gus, base, code, "gus")
        lena.get_by_placeholder("Player without a phone").fill("Dan")
        lena.get_by_placeholder("Player without a phone").press("Enter")
        expect(lena.locator("#region-people")).to_contain_text("Dan")
        lena.get_by_role("button", name="Move Dan earlier").click()
        expect(gus.locator(".seat").nth(1)).to_contain_text("Dan")
        lena.get_by_label("Time to guess").select_option("180")
        lena.get_by_label("Tell the guessers how long the word is").check()
        expect(gus.locator(".setup-summary")).to_contain_text("3 minutes")
        snap(lena, f"{scheme}-lobby-host")
        snap(gus, f"{scheme}-lobby-guest")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        expect(tv.locator(".setup-short")).to_contain_text("3 minutes")  # the TV says the setup in short
        snap(tv, f"{scheme}-lobby-display")
        lena.get_by_role("button", name="Start the game").click()
        lena.get_by_placeholder("Secret word").fill("zephyrs")
        lena.get_by_role("button", name="Keep it").click()
        gus.get_by_placeholder("Your guess").fill("candle")
        gus.get_by_role("button", name="Guess").click()
        expect(lena.locator(".guesses")).to_contain_text("candle")
        snap(lena, f"{scheme}-playing-keeper")
        snap(gus, f"{scheme}-playing-guesser")
        expect(tv.locator(".guesses")).to_contain_text("candle")
        snap(tv, f"{scheme}-playing-display")
        gus.get_by_placeholder("Your guess").fill("zz1")
        gus.get_by_role("button", name="Guess").click()
        expect(gus.locator("#guess-form")).to_contain_text("2 to 12 letters")
        snap(gus, f"{scheme}-refused-move")
        lena.get_by_role("button", name="Reveal it to everyone").click()
        expect(gus.locator("#region-secret")).to_contain_text("The secret was")
        snap(gus, f"{scheme}-revealed")
        snap(lena, f"{scheme}-finished-host")
        expect(tv.locator("#region-secret")).to_contain_text("The secret was")
        snap(tv, f"{scheme}-revealed-display")
        lena.get_by_role("button", name="Play again, same roles").click()
        expect(gus.locator("#region-now")).to_contain_text("Waiting for the host to start")
        gus.goto(f"{base}/join/?code=ZZZZZZ")
        snap(gus, f"{scheme}-unknown-code")
    finally:
        for context in contexts:
            context.close()
