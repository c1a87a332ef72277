"""The host's phone with two tabs: one as the host, one acting for a player without a phone.

In every game, each tab shows and acts for its own seat only, through its own taps' replies and
every live update: the acting tab never shows the host's prompts or tools, the host's tab never
the acted-for player's, and a tap in either lands on that tab's seat.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import join_by_code, open_display
from tests.browser.test_fiction import choose_secret, create_fiction, guess, lie_and_share
from tests.browser.test_halftruth import enter_die, question_of
from tests.browser.test_lie import bid, create_lie_table, set_hand

pytestmark = [pytest.mark.browser]


@pytest.fixture
def contexts(browser):
    """The host's phone, a second phone and the table display."""
    made = [browser.new_context(**PHONE), browser.new_context(**PHONE), browser.new_context(**TV)]
    for context in made:
        context.set_default_timeout(10_000)
    yield made
    for context in made:
        context.close()


def add_phoneless(host: Page, name: str) -> None:
    host.get_by_placeholder("Player without a phone").fill(name)
    host.get_by_placeholder("Player without a phone").press("Enter")
    expect(host.locator("#region-people")).to_contain_text(name)


def act_for(host: Page, name: str) -> Page:
    """The host's second tab, opened from "Act for <name>" in the host's tools at the top of their screen."""
    tab = host.context.new_page()
    link = host.get_by_role("navigation", name="Host tools").get_by_role("link", name=f"Act for {name}")
    tab.goto(host.url.split("?")[0].rsplit("/t/", 1)[0] + link.get_attribute("href"))
    expect(tab.locator("body")).to_have_attribute("data-live", "1")
    return tab


def only_acting_for(tab: Page, name: str) -> None:
    """The tab is still the acted-for player's: its banner, and none of the host's own screen."""
    expect(tab.locator(".topme")).to_have_text(f"Acting for {name}")
    expect(tab.locator(".acting")).to_contain_text(name)
    expect(tab.locator("#region-people a", has_text="Act for")).to_have_count(0)
    expect(tab.locator("#region-host button")).to_have_count(0)
    row = tab.locator("#region-people .seat.mine .seat-name")  # the row says whom the tab plays for
    expect(row).to_contain_text(name)
    assert row.evaluate("e => getComputedStyle(e, '::after').content") == '" (acting for)"'


def test_half_truth_the_host_locks_in_for_eve_in_one_tab_and_for_themselves_in_the_other(servers, contexts):
    base = servers[0].url
    kamila, tony, tv = (c.new_page() for c in contexts)
    kamila.goto(base + "/")
    kamila.locator("#game-halftruth").get_by_placeholder("Your name").fill("Kamila")
    kamila.locator("#game-halftruth").get_by_role("button", name="Create table").click()
    expect(kamila.locator(".topcode")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    code = kamila.locator(".topcode").inner_text()
    join_by_code(tony, base, code, "Tony")
    add_phoneless(kamila, "Eve")
    open_display(tv, base, code)
    kamila.get_by_role("button", name="Start the game").click()
    enter_die(kamila, "3")
    question = question_of(tv)
    eve = act_for(kamila, "Eve")
    expect(eve.locator("#region-now")).to_contain_text("Lock in one to three answers")
    only_acting_for(eve, "Eve")

    def lock(page: Page, letters: str) -> None:
        form = page.locator(f"form#lock-in-{question}")
        for box in form.locator("input[name=letters]").all():
            box.set_checked(box.get_attribute("value") in letters)
        form.get_by_role("button").click()

    # Eve locks in AB: the acting tab's reply is Eve's picker and card, not the host's prompt.
    lock(eve, "AB")
    expect(eve.locator("#region-now")).to_contain_text("Locked in AB")
    expect(eve.locator("#answer-picker h2 .ht-chip")).to_have_text(["A", "B"])
    only_acting_for(eve, "Eve")
    expect(kamila.locator("#region-now")).to_contain_text("Lock in one to three answers")
    expect(kamila.locator("#picks .ht-player").filter(has_text="Eve")).to_contain_text("locked in")
    # The host locks in D in their own tab: the live update leaves the acting tab Eve's.
    lock(kamila, "D")
    expect(kamila.locator("#region-now")).to_contain_text("Locked in D")
    expect(eve.locator("#picks .ht-player").filter(has_text="Kamila")).to_contain_text("locked in")
    expect(eve.locator("#region-now")).to_contain_text("Locked in AB")
    expect(eve.locator("#answer-picker h2 .ht-chip")).to_have_text(["A", "B"])
    only_acting_for(eve, "Eve")
    # Eve changes her mind: the tap changes Eve's answers, never the host's.
    lock(eve, "C")
    expect(eve.locator("#region-now")).to_contain_text("Locked in C")
    expect(kamila.locator("#region-now")).to_contain_text("Locked in D")
    lock(tony, "E")
    expect(tv.locator("#picks [data-picks]")).to_have_count(3)
    assert tv.locator("#picks [data-picks]").evaluate_all("es => es.map(e => e.dataset.picks)") == ["D", "E", "C"]
    only_acting_for(eve, "Eve")
    expect(eve.locator("form[id^='reveal-']")).to_have_count(0)  # the reader's card is the host's to flip
    expect(kamila.locator("form[id^='reveal-']")).to_be_visible()


def test_fiction_a_guess_made_for_eve_never_shows_the_lie_brarian_s_console_in_her_tab(servers, contexts):
    base = servers[0].url
    lena, gus, tv = (c.new_page() for c in contexts)
    code = create_fiction(lena, base, "Lena")
    join_by_code(gus, base, code, "Gus")
    add_phoneless(lena, "Eve")
    open_display(tv, base, code)
    lena.get_by_role("button", name="Start the game").click()
    choose_secret(lena, "melon", "l")
    lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
    eve = act_for(lena, "Eve")
    expect(eve.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
    only_acting_for(eve, "Eve")

    guess(eve, "ghost")  # the reply is a guesser's screen: no secret, no clues to pick
    expect(eve.locator("#region-now")).to_contain_text("Waiting for the Lie-brarian")
    expect(eve.locator("#share-1")).to_have_count(0)
    expect(lena.locator("#share-1")).to_be_visible()
    only_acting_for(eve, "Eve")
    clues = lie_and_share(lena, 1)  # the host's own tab, as the Lie-brarian
    expect(eve.locator("#board-1 .clue.token")).to_have_count(5)
    assert "".join(eve.locator("#board-1 .clue.token").all_inner_texts()) == clues
    expect(eve.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
    expect(eve.locator(".guess-form .word-input")).to_be_visible()
    expect(eve.locator("#share-1, .big-secret")).to_have_count(0)
    assert "melon" not in eve.content().lower()
    only_acting_for(eve, "Eve")
    guess(eve, "trade")  # Eve's second guess, as row 2 on every screen
    expect(tv.locator("#board-2")).to_contain_text(re.compile(r"T\W*R\W*A\W*D\W*E"))
    expect(lena.locator("#share-2")).to_be_visible()
    expect(eve.locator("#share-2")).to_have_count(0)


def test_lie_the_host_sets_dan_s_hand_and_bids_for_him_while_their_own_tab_stays_theirs(servers, contexts):
    base = servers[0].url
    ana, ben, tv = (c.new_page() for c in contexts)
    code = create_lie_table(ana, base, "ana")
    join_by_code(ben, base, code, "ben")
    add_phoneless(ana, "Dan")
    open_display(tv, base, code)
    ana.get_by_role("button", name="Start the game").click()
    dan = act_for(ana, "Dan")
    expect(dan.locator("#region-now")).to_contain_text("enter your hand")
    only_acting_for(dan, "Dan")

    set_hand(dan, [2, 2, 3])
    expect(dan.locator(".lie-set")).to_be_visible()
    dans_hand = dan.locator(".lie-set").inner_text()
    only_acting_for(dan, "Dan")
    expect(ana.locator("#region-hand .lie-set")).to_have_count(0)  # the host's own hand is not set
    set_hand(ana, [4, 4, 4, 1, 6])
    expect(ana.locator("#region-hand .lie-set")).not_to_have_text(dans_hand)
    expect(dan.locator(".lie-set")).to_have_text(dans_hand)
    only_acting_for(dan, "Dan")
    set_hand(ben, [5])
    # Ana opens, Ben raises, then it is Dan's turn in the acting tab and nowhere else.
    bid(ana, 2, 4)
    bid(ben, 3, 4)
    expect(dan.locator("#region-now")).to_contain_text("Your turn")
    expect(ana.locator("#region-now")).not_to_contain_text("Your turn")
    expect(ana.locator("#region-bid_picker form[data-lie-bid]")).to_have_count(0)
    only_acting_for(dan, "Dan")
    bid(dan, 4, 2)
    expect(tv.locator(".lie-calls li").last).to_contain_text("Dan")
    expect(ana.locator("#region-now")).to_contain_text("Your turn")
    only_acting_for(dan, "Dan")
    expect(dan.locator("form[data-lie-bid]")).to_have_count(0)
