"""An evening at one table, in Chromium: Fiction, then Half Truth, then LIE, with the same code and
the same people, switched through the host's buttons; every screen follows, and the standings
give one line per person with each game's wins."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TV
from tests.browser.test_fiction import begin_first_half, guess, seat_everyone
from tests.browser.test_halftruth import enter_die, lock_in, question_of, reveal
from tests.browser.test_lie import set_hand
from tests.browser.test_screens import FILLS_SCREEN

pytestmark = [pytest.mark.browser]


def next_game(host: Page, name: str, everyone: list[Page]) -> None:
    """The host picks the table's next game; every screen follows into its lobby."""
    form = host.locator("form.next-game").first
    form.locator("select").select_option(label=name)
    form.get_by_role("button", name="Set it up").click()
    for page in everyone:
        expect(page).to_have_title(re.compile(rf"^{re.escape(name)} · "))
        expect(page.locator("body")).to_have_attribute("data-live", "1")


def standings(page: Page) -> list[list[str]]:
    rows = page.locator("#region-standings tbody tr")
    return [row.locator("td").all_inner_texts() for row in rows.all()]


def test_an_evening_of_three_games_at_one_table(servers, phones, browser):
    base = servers[0].url
    ann, ben, cat = phones(), phones(), phones()  # Lena, Gus and Gwen
    tv_context = browser.new_context(**TV)
    tv_context.set_default_timeout(10_000)
    tv = tv_context.new_page()
    everyone = [ann, ben, cat, tv]
    try:
        code = seat_everyone(base, ann, ben, cat, tv)

        # Fiction: Lena (ann's phone) holds the book; Gus guesses the word, and the Guessers win.
        begin_first_half(ann, ben, word="melon", hint="l")
        guess(ben, "melon", wins=True)
        expect(tv.locator("#region-now")).to_contain_text("guessed")

        # Half Truth, at the same table: one space a round, so three questions make the game.
        next_game(ann, "Half Truth", everyone)
        expect(tv.locator(".tv-code")).to_have_text(code)
        expect(ann.locator(".seat:not(.seat-display)")).to_have_count(3)  # the same people: nobody joins again
        expect(tv.locator("#region-standings")).to_contain_text("Game 1: Gus and Gwen won (guessed)")
        layouts = ann.locator("#setup-layouts")
        layouts.fill("1; 1; 1")
        layouts.press("Tab")
        expect(ben.locator(".setup-summary")).to_contain_text("1, 1 and 1 spaces")
        ann.get_by_role("button", name="Start the game").click()
        players = {"Lena": ann, "Gus": ben, "Gwen": cat}
        for _ in range(12):
            if "Game over" in ann.locator(".now").inner_text():
                break
            expect(tv.locator("#scoring-die .ht-die")).to_have_text("?")
            reader = re.search(r"(\w+) reads", tv.locator("#scoring-die .ht-where").inner_text()).group(1)
            enter_die(players[reader], "4")
            expect(tv.locator("#scoring-die .ht-die")).to_have_text("4")
            question = question_of(tv)
            for name, page in players.items():
                lock_in(page, "AB" if name == "Lena" else "D", question)
            before = tv.locator("#last-question h2").inner_text() if tv.locator("#last-question h2").count() else ""
            reveal(players[reader], "ABC")
            expect(tv.locator("#last-question h2")).not_to_have_text(before)
        expect(ann.locator(".now")).to_contain_text("Game over")

        # LIE: Gus and Gwen leave the game, and Lena is the last player.
        next_game(ann, "LIE", everyone)
        expect(tv.locator(".tv-code")).to_have_text(code)
        ann.get_by_role("button", name="Start the game").click()
        for page in players.values():
            set_hand(page, [2, 3])
        dealt_first = cat.locator("details.lie-leave").get_attribute("id")
        for page in (ben, cat):
            page.locator("summary", has_text="Leave this game").click()
            page.once("dialog", lambda d: d.accept())  # "Leave ... for good?"
            page.locator("#forfeit-form").get_by_role("button").click()
            if page is ben:
                # Gus leaving calls the round off, and the next round's page comes with its own
                # closed panel: Gwen opens hers once it is there. Her leaving ends the game.
                expect(cat.locator("details.lie-leave")).not_to_have_attribute("id", dealt_first)
        expect(tv.locator("#region-now")).to_contain_text("Lena")

        # The evening: one line per person, each game's wins and in all, on every screen.
        ann.get_by_role("button", name=re.compile(r"LIE again")).click()
        expected = [["Lena", "0", "1", "1", "2"], ["Gus", "1", "0", "0", "1"], ["Gwen", "1", "0", "0", "1"]]
        for page in everyone:
            expect(page.locator("#region-standings tbody tr")).to_have_count(3)
            assert standings(page) == expected
        assert tv.evaluate(FILLS_SCREEN) == []
        assert [p.locator(".topcode").inner_text() for p in everyone] == [code] * 4
    finally:
        tv_context.close()
