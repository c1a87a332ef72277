"""A table of seven that played Secret Keeper switches to Half Truth, which seats six: the host
taps "Sits this one out" beside Ben, starts, and Ben's phone says he sits this one out while the
others play."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TV
from tests.browser.phones import create_table, join_by_code, open_display
from tests.browser.test_halftruth import enter_die, lock_in, question_of

pytestmark = [pytest.mark.browser]

PHONELESS = ("Dee", "Eve", "Fay", "Gil")


def seven_switch_to_half_truth(base: str, ann: Page, ben: Page, cat: Page, tv: Page) -> str:
    """Ann hosts Secret Keeper for seven (Ben and Cat on phones, four without), ends the game and
    switches the table to Half Truth; every screen follows into its lobby. The table's code."""
    ann.on("dialog", lambda d: d.accept())
    code = create_table(ann, base, "Ann", game="stub")
    join_by_code(ben, base, code, "Ben")
    join_by_code(cat, base, code, "Cat")
    open_display(tv, base, code)
    for name in PHONELESS:
        ann.locator("#add-player-name").fill(name)
        ann.get_by_role("button", name="Add", exact=True).click()
        expect(ann.locator("#region-people")).to_contain_text(name)
        expect(ann.locator("#add-player-name")).to_have_value("")  # emptied once added: the next name is typed afresh
    expect(tv.locator("#region-people")).to_contain_text(PHONELESS[-1])
    ann.get_by_role("button", name="Start the game").click()
    ann.get_by_role("button", name="End game").click()
    form = ann.locator("form.next-game").first
    form.locator("select").select_option(label="Half Truth")
    form.get_by_role("button", name="Set it up").click()
    for page in (ann, ben, cat, tv):
        expect(page).to_have_title(re.compile(r"^Half Truth · "))
        expect(page.locator("body")).to_have_attribute("data-live", "1")
    return code


def test_a_table_of_seven_sits_one_out_of_half_truth_and_the_others_play(servers, phones, browser):
    base = servers[0].url
    ann, ben, cat = phones(), phones(), phones()
    tv_context = browser.new_context(**TV)
    tv_context.set_default_timeout(10_000)
    tv = tv_context.new_page()
    try:
        seven_switch_to_half_truth(base, ann, ben, cat, tv)
        # The lobby says how many must sit out, and the Start button waits for it.
        expect(ann.locator("#region-now")).to_contain_text(
            "Half Truth seats at most 6 players and 7 are in: one player must sit this one out")
        expect(ann.get_by_role("button", name="Start the game")).to_be_disabled()
        ann.get_by_role("link", name="Choose who sits out").click()
        sit_out = ann.get_by_role("button", name="Ben sits this one out")
        sit_out.click()
        expect(ann.get_by_role("button", name="Ben sits this one out")).to_have_attribute("aria-pressed", "true")
        expect(ben.locator("#region-now")).to_contain_text("You sit this one out")
        for page in (cat, tv):
            expect(page.locator("#region-now")).to_contain_text("Sitting this one out: Ben")
            expect(page.locator("#region-people")).to_contain_text("sits this one out")

        ann.get_by_role("button", name="Start the game").click()
        expect(ben.locator("#region-now")).to_contain_text("You sit this one out")
        expect(ben.locator("#region-now")).to_contain_text("The table plays Half Truth")
        expect(ben.locator("#region-people")).to_contain_text("Ben")  # still at the table
        expect(cat.locator("#region-now")).to_contain_text("Sitting this one out: Ben")
        expect(tv.locator("#region-now")).to_contain_text("Sitting this one out: Ben")

        # The others play: Ann reads and rolls, Cat locks in; Ben's phone has nothing to lock in.
        enter_die(ann, "4")
        expect(tv.locator("#scoring-die .ht-die")).to_have_text("4")
        question = question_of(tv)
        lock_in(cat, "D", question)
        expect(ben.locator("#scoring-die .ht-die")).to_have_text("4")
        expect(ben.locator(f"form#lock-in-{question}")).to_have_count(0)
        expect(cat.locator(f"form#lock-in-{question}")).to_have_count(1)
    finally:
        tv_context.close()
