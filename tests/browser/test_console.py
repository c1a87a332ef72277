"""A normal game of each kind, played through the buttons on phones and a TV, logs no console error
on any screen (issue 44): an error there is a fault a person at the table never sees reported."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import join_by_code, open_display
from tests.browser.test_fiction import begin_first_half, guess, lie_and_share, seat_everyone
from tests.browser.test_halftruth import enter_die, lock_in, question_of, reveal, sit_down
from tests.browser.test_lie import bid, call_lie, create_lie_table, set_hand

pytestmark = [pytest.mark.browser]


class Console:
    """Screens opened in their own browser contexts, each watched from its first page load for
    console errors and uncaught page errors."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.contexts = []
        self.errors: list[str] = []

    def open(self, name: str, device: dict) -> Page:
        context = self.browser.new_context(**device)
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: self.errors.append(f"{name}: console error: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{name}: page error: {e}"))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def console(browser):
    screens = Console(browser)
    yield screens
    screens.close()


def settle(*pages: Page) -> None:
    """Give each screen a moment for the last pushes and any late draft to arrive."""
    for page in pages:
        page.wait_for_timeout(1000)


def test_fiction_won_while_another_guesser_types_logs_no_console_error(servers, console):
    base = servers[0].url
    lena, gus, gwen = (console.open(name, PHONE) for name in ("lena", "gus", "gwen"))
    tv = console.open("tv", TV)
    seat_everyone(base, lena, gus, gwen, tv)
    begin_first_half(lena, gus)
    guess(gwen, "plumb")
    lie_and_share(lena, 1)
    expect(gus.locator("#board-1 .clue.token:not(.pending)")).to_have_count(5)

    # Gwen is typing her idea when Gus sends the right word: her draft is on its way as the game
    # ends, and ends for good as she closes her page, to screens whose guess box is gone.
    box = gwen.locator(".guess-form .word-input")
    box.click()
    box.press_sequentially("le")
    expect(gus.locator("#draft")).to_have_text("Gwen is typing: LE")
    box.press_sequentially("m")
    guess(gus, "melon", wins=True)
    for page in (lena, gus, gwen, tv):
        expect(page.locator("#region-outcome")).to_contain_text("The Guessers win!")
    expect(gus.locator("#draft")).to_have_count(0)
    settle(gwen)
    gwen.close()
    settle(gus, lena, tv)
    assert not console.errors, console.errors


def one_question(kamila: Page, tony: Page, amy: Page, tv: Page, number: int) -> None:
    """Whoever reads enters a 4, Kamila and Tony answer right, Amy wrong; the reader reveals."""
    pages = {"Kamila": kamila, "Tony": tony, "Amy": amy}
    expect(tv.locator("#scoring-die .ht-die")).to_have_text("?")
    reader = re.search(r"(\w+) reads", tv.locator("#scoring-die .ht-where").inner_text()).group(1)
    enter_die(pages[reader], "4")
    expect(tv.locator("#scoring-die .ht-die")).to_have_text("4")
    question = question_of(tv)
    lock_in(kamila, "AB", question)
    lock_in(tony, "C", question)
    lock_in(amy, "D", question)
    reveal(pages[reader], "ABC")
    expect(tv.locator("#round-tracker h2")).to_have_text(re.compile(rf"^Round {number} (is over|Tracker, final)$"))


def test_half_truth_of_three_questions_logs_no_console_error(servers, console):
    base = servers[0].url
    kamila, tony, amy = (console.open(name, PHONE) for name in ("kamila", "tony", "amy"))
    tv = console.open("tv", TV)
    sit_down(base, kamila, tony, amy, tv)
    layouts = kamila.get_by_label("Round trackers")
    layouts.fill("1; 1; 1")  # one space a round: each question that moves a pawn ends its round
    layouts.press("Tab")
    expect(tony.locator(".setup-summary")).to_contain_text("1, 1 and 1 spaces")
    kamila.get_by_role("button", name="Start the game").click()

    for number in range(1, 4):
        one_question(kamila, tony, amy, tv, number)
    for page in (kamila, tony, amy, tv):
        expect(page.locator(".now")).to_contain_text("Game over")
    settle(kamila, tony, amy, tv)
    assert not console.errors, console.errors


def test_lie_ended_by_the_others_leaving_logs_no_console_error(servers, console):
    base = servers[0].url
    ana, ben, cal = (console.open(name, PHONE) for name in ("ana", "ben", "cal"))
    tv = console.open("tv", TV)
    code = create_lie_table(ana, base, "ana")
    join_by_code(ben, base, code, "ben")
    join_by_code(cal, base, code, "cal")
    open_display(tv, base, code)
    ana.get_by_role("button", name="Start the game").click()

    expect(ben.locator("#region-now")).to_contain_text("Draw 5 cards and enter your hand")
    set_hand(ana, [4, 1, 2, 2, 6])
    set_hand(ben, [4, 4, 3, 5, 5])
    set_hand(cal, [3, 3, 6])
    expect(ana.locator("#region-now")).to_contain_text("Your turn: make the opening bid")
    bid(ana, 2, 4)
    bid(ben, 3, 4)
    call_lie(cal)
    for page in (ana, ben, cal, tv):
        expect(page.locator(".lie-showdown")).to_contain_text("ben won")

    cal.locator(".lie-leave summary").click()
    cal.once("dialog", lambda d: d.accept())  # "Leave ... for good?"
    cal.get_by_role("button", name="Leave the game for good").click()
    expect(cal.locator("#region-now")).to_contain_text("You left this game")
    ben.locator(".lie-leave summary").click()
    ben.once("dialog", lambda d: d.accept())  # "Leave ... for good?"
    ben.get_by_role("button", name="Leave the game for good").click()
    expect(ana.locator("#region-now")).to_contain_text("You win!")
    for page in (ben, cal, tv):
        expect(page.locator("#region-now")).to_contain_text("ana wins!")
    settle(ana, ben, cal, tv)
    assert not console.errors, console.errors
