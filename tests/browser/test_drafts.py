"""A guess being typed: the other guessers watch it take shape, and a guess the rules refuse says so before it is sent."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_fiction import begin_first_half, lie_and_share, seat_everyone

pytestmark = [pytest.mark.browser]


def test_guessers_see_a_draft_and_a_refused_guess_is_stopped_before_it_is_sent(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        begin_first_half(lena, gus)

        box = gwen.locator(".guess-form .word-input")
        box.click()
        box.press_sequentially("bana")
        expect(gus.locator("#draft")).to_have_text("Gwen is typing: BANA")
        expect(lena.locator("#draft")).to_have_count(0)  # the Lie-brarian's screen has no guess box
        expect(tv.locator("#draft")).to_have_count(0)

        gus_box = gus.locator(".guess-form .word-input")
        gus_box.fill("qqqqq")
        gus_box.dispatch_event("input")
        verdict = gus.locator("[data-try-verdict]")
        expect(verdict).not_to_be_empty()
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_disabled()
        gus_box.fill("lemon")
        gus_box.dispatch_event("input")
        expect(verdict).to_be_empty()
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_enabled()
        assert "qqqqq" not in lena.content().lower()  # nothing was sent to the table
    finally:
        for context in contexts:
            context.close()


def test_a_draft_ends_when_the_phone_typing_it_goes_away(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        begin_first_half(lena, gus)

        box = gus.locator(".guess-form .word-input")
        box.press_sequentially("ghost")
        box.press("Enter")  # sent at once: the draft ends with it
        expect(gwen.locator("#board-1 .letter")).to_have_text(list("GHOST"))
        gwen.wait_for_timeout(600)
        expect(gwen.locator("#draft")).to_have_text("")
        gus.locator(".guess-form .word-input").press_sequentially("gho")
        expect(gwen.locator("#draft")).to_have_text("Gus is typing: GHO")
        gus.close()  # its socket closes; nobody is typing any more
        expect(gwen.locator("#draft")).to_have_text("", timeout=3000)
    finally:
        for context in contexts:
            context.close()


def test_a_short_or_empty_guess_is_refused_at_the_field_in_the_apps_words(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        begin_first_half(lena, gus)

        verdict = gus.locator(".guess-form [data-try-verdict]")
        gus.get_by_role("button", name="Guess", exact=True).click()  # nothing typed
        expect(verdict).to_have_text("Fill this in first.")
        box = gus.locator(".guess-form .word-input")
        box.press_sequentially("ghos")
        box.press("Enter")  # sent before the check as one types: the table's refusal is said at the field
        expect(gus.get_by_text("GHOS has 4")).to_have_count(1)  # at the field only, not at the top too
        expect(verdict).to_have_text("A guess has exactly 5 letters; GHOS has 4.")
        expect(box).to_have_value("ghos")
        box.press("Backspace")  # checked as it is typed, nothing sent
        expect(verdict).to_have_text("A guess has exactly 5 letters; GHO has 3.")
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_disabled()

        # Every form of the table says so at the field: a token with no letter chosen.
        box.press_sequentially("st")
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_enabled()
        box.press("Enter")
        lie_and_share(lena, 1)
        token = gus.locator("#ff-1-3")
        token.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(token.locator(".field-error")).to_have_text("Choose one first.")
        token.locator(".ff-letter").nth(0).click()
        expect(token.locator(".field-error")).to_have_text("")
    finally:
        for context in contexts:
            context.close()


def test_a_refused_word_tried_as_it_is_typed_logs_no_console_error(servers, browser):
    """A live check is a question, answered 200 with its verdict: no red "Failed to load resource"."""
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        begin_first_half(lena, gus)
        errors = []
        gus.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        tried = []
        gus.on("response", lambda response: tried.append(response.status) if "/move/" in response.url else None)

        box = gus.locator(".guess-form .word-input")
        box.press_sequentially("qqqqq")
        verdict = gus.locator(".guess-form [data-try-verdict]")
        expect(verdict).not_to_be_empty()  # the rules' reason, at the field
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_disabled()
        gus.wait_for_timeout(300)
        assert tried and set(tried) == {200}
        assert errors == []
    finally:
        for context in contexts:
            context.close()
