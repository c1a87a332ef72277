"""Fiction's lobby as a group sets it up: Hard difficulty's three options show on, and locked, on every screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TV
from tests.browser.test_fiction import seat_everyone, snap

pytestmark = [pytest.mark.browser]

SMALL_PHONE = {**PHONE, "viewport": {"width": 360, "height": 640}}
HARD = ("Red words", "One Fact/Fiction token per half", "Eight-minute halves")


def test_hard_difficulty_shows_its_options_on_and_locked_and_unticking_gives_them_back(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        lena.locator("#setup-red_words").check()
        expect(gus.locator(".setup-summary")).to_contain_text("Red words (repeated letters allowed) Yes")
        lena.get_by_label("Hard difficulty (all three below)").check()
        for title in HARD:
            box = lena.get_by_role("checkbox", name=title)
            expect(box).to_be_checked()
            expect(box).to_be_disabled()
            row = gus.locator(".setup-summary dt", has_text=title)
            expect(row.locator("xpath=following-sibling::dd[1]")).to_have_text("Yes (with Hard difficulty)")
            # the table display lists, in short, the options that are on
            expect(tv.locator(".setup-short span", has_text=title)).to_contain_text("(with Hard difficulty)")
        snap(lena, "setup-hard-host")
        snap(gus, "setup-hard-guesser")
        snap(tv, "setup-hard-display")

        lena.get_by_label("Hard difficulty (all three below)").uncheck()
        expect(lena.get_by_role("checkbox", name="Red words")).to_be_checked()  # the host's own choice
        expect(lena.get_by_role("checkbox", name="Eight-minute halves")).not_to_be_checked()
        expect(lena.get_by_role("checkbox", name="Eight-minute halves")).to_be_enabled()
        row = gus.locator(".setup-summary dt", has_text="Eight-minute halves")
        expect(row.locator("xpath=following-sibling::dd[1]")).to_have_text("No")
        expect(tv.locator(".setup-short span", has_text="Eight-minute halves")).to_have_count(0)
    finally:
        for context in contexts:
            context.close()
