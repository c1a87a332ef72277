"""A choice made on a phone and not yet sent survives a reload of that phone, in every game; once
sent, or once the table has moved on, a reload shows the table's own state again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import join_by_code, open_display
from tests.browser.test_fiction import OTHER, choose_secret, guess, seat_everyone
from tests.browser.test_halftruth import enter_die
from tests.browser.test_lie import create_lie_table, set_hand, tap_hand

pytestmark = [pytest.mark.browser]


def kept(page: Page) -> dict:
    """What this phone's tab holds for its table, as the page keeps it."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(sessionStorage)
        .filter(k => k.startsWith("kept:")).map(k => [k, sessionStorage[k]]))""")


def reload(page: Page) -> None:
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-live", "1")


def test_fiction_a_half_chosen_lie_and_a_half_typed_guess_survive_a_reload(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "melon", "e")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
        guess(gus, "ghost")

        form = lena.locator("#share-1")
        honest = form.locator(".pick").nth(3).get_attribute("data-honest")
        form.locator("select").nth(3).select_option(OTHER[honest])
        gwen.locator(".guess-form .word-input").press_sequentially("plu")
        reload(lena)
        reload(gwen)
        expect(form.locator("select").nth(3)).to_have_value(OTHER[honest])
        expect(form.locator(".pick").nth(3)).to_have_class(re.compile("has-lie"))
        expect(form.locator("button.share")).to_be_enabled()  # the page's own script counted the lie again
        expect(gwen.locator(".guess-form .word-input")).to_have_value("plu")
        assert "plu" not in str(kept(gus)) and "plu" not in str(kept(lena))  # only on the phone that typed it

        form.locator("button.share").click()
        expect(gwen.locator("#board-1 .clue.token:not(.pending)")).to_have_count(5)
        reload(lena)
        expect(lena.locator("#share-1")).to_have_count(0)
        assert kept(lena) == {}  # sent: nothing is kept

        gwen.locator(".guess-form .word-input").press("End")
        gwen.locator(".guess-form .word-input").press_sequentially("mb")
        gwen.get_by_role("button", name="Guess", exact=True).click()
        expect(lena.locator("#share-2")).to_be_visible()
        reload(gwen)
        expect(gwen.locator(".guess-form .word-input")).to_have_value("")
        assert kept(gwen) == {}
    finally:
        for context in contexts:
            context.close()


def test_half_truth_ticked_answers_survive_a_reload_until_locked_in(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    kamila, tony = (c.new_page() for c in contexts)
    try:
        kamila.goto(base + "/")
        card = kamila.locator("#game-halftruth")
        card.get_by_placeholder("Your name").fill("Kamila")
        card.get_by_role("button", name="Create table").click()
        code = kamila.locator(".topcode").inner_text()
        join_by_code(tony, base, code, "Tony")
        kamila.get_by_role("button", name="Start the game").click()
        enter_die(kamila, "1+ Amped")
        form = tony.locator("form[id^='lock-in-']")
        form.locator("input[value='A']").check()
        form.locator("input[value='C']").check()
        reload(tony)
        expect(form.locator("input[value='A']")).to_be_checked()
        expect(form.locator("input[value='C']")).to_be_checked()
        expect(form.locator("input[value='B']")).not_to_be_checked()

        form.locator("input[value='C']").uncheck()
        form.get_by_role("button", name="Lock in").click()
        expect(tony.locator("#answer-picker")).to_contain_text("Change my answers")
        reload(tony)
        assert kept(tony) == {}
        expect(form.locator("input[value='A']")).to_be_checked()  # what the table holds
        expect(form.locator("input[value='C']")).not_to_be_checked()
    finally:
        for context in contexts:
            context.close()


def test_lie_a_half_set_bid_survives_a_reload(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(2)] + [browser.new_context(**TV)]
    ana, ben, tv = (c.new_page() for c in contexts)
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        open_display(tv, base, code)
        ana.get_by_role("button", name="Start the game").click()
        tap_hand(ben, [4, 4])
        reload(ben)  # half-tapped counters of a hand not yet set
        expect(ben.locator("form[data-lie-hand] .lie-total")).to_contain_text("2 of 5 cards used")
        ben.locator("form[data-lie-hand]").get_by_role("button", name="Set my hand").click()
        set_hand(ana, [4, 1, 2, 2, 6])

        expect(ana.locator("#region-now")).to_contain_text("Your turn: make the opening bid")
        form = ana.locator("form[data-lie-bid]")
        form.get_by_role("button", name="more", exact=True).click()
        form.get_by_role("button", name="more", exact=True).click()
        form.locator('input[name="face"][value="5"]').check()
        label = form.locator("[data-bid-label]").inner_text()
        reload(ana)
        expect(form.locator("[data-bid-label]")).to_have_text(label)
        expect(form.locator('input[name="face"][value="5"]')).to_be_checked()

        form.locator("[data-bid-label]").click()
        expect(ana.locator(".lie-calls li").last).to_contain_text("× 5")
        reload(ana)
        assert kept(ana) == {}
    finally:
        for context in contexts:
            context.close()
