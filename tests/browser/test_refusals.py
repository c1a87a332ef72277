"""A refusal is seen on the phone that tapped, on its first screen, whatever the page.

At 360x640 the control a person taps may be near the bottom of the screen; what the table says
back (why the move was refused, and a button it offers for it) must land inside the screen they
are looking at, not under the fold, and be announced to a screen reader.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phones import create_table, join_by_code
from tests.browser.test_lie import SMALL_PHONE, set_hand

pytestmark = [pytest.mark.browser]

HEIGHT = SMALL_PHONE["viewport"]["height"]


def settled(page: Page) -> None:
    """No tap is on its way and no reply is still being put in place: a refusal heads the page
    for a moment and then moves to the field it is about, so it is measured where it rests."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def in_view(page: Page, selector: str) -> None:
    """What ``selector`` finds is wholly inside the screen as it is now: nobody scrolls to it."""
    settled(page)
    target = page.locator(selector).first
    expect(target).to_be_visible()
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= HEIGHT, \
        f"{selector} is at {box['y']}..{box['y'] + box['height']}px of a {HEIGHT}px screen"


def three_at(browser, base: str, game: str, names: tuple[str, str, str]) -> tuple[list, list[Page]]:
    """Three small phones at a new ``game`` table, the first its host: their contexts and pages."""
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    code = create_table(pages[0], base, names[0], game)
    for page, name in zip(pages[1:], names[1:]):
        join_by_code(page, base, code, name)
    return contexts, pages


def announced(page: Page, text: str) -> None:
    """The refusal sits in a live region (or is one), so a screen reader says it as it appears."""
    live = page.evaluate("""text => [...document.querySelectorAll('[role=alert], [aria-live]')]
        .some(e => e.textContent.includes(text) && e.getAttribute('aria-live') !== 'off')""", text)
    assert live, f"{text!r} is in no live region"


def test_a_secret_word_not_in_the_dictionary_is_refused_on_the_first_screen(servers, browser):
    base = servers[0].url
    contexts, (lena, gus, gwen) = three_at(browser, base, "fiction", ("Lena", "Gus", "Gwen"))
    try:
        lena.get_by_role("button", name="Start the game").click()
        lena.locator("#choose-secret-word").fill("zlorp")
        lena.locator("#choose-secret-hint").fill("z")
        lena.get_by_role("button", name="Keep this secret").click()
        said = "ZLORP is not in our dictionary"
        expect(lena.get_by_text(said)).to_have_count(1)
        in_view(lena, f"text={said}")
        announced(lena, said)
        # What the table offers for it is at hand too.
        in_view(lena, ".flash-remedy")
        lena.get_by_role("button", name="Allow it anyway: it is on the book card").click()
        expect(lena.locator("#region-now")).to_contain_text("Start the 10-minute timer")
    finally:
        for context in contexts:
            context.close()


def test_a_lie_bid_too_low_is_refused_on_the_first_screen(servers, browser):
    """A bid the phone's own check has not caught yet (sent before it answered) is refused by the
    table: its reason is on the screen that sent it."""
    base = servers[0].url
    contexts, (ana, ben, cal) = three_at(browser, base, "lie", ("ana", "ben", "cal"))
    try:
        ana.get_by_role("button", name="Start the game").click()
        set_hand(ana, [4, 4, 2])
        set_hand(ben, [5, 1])
        set_hand(cal, [6])
        form = ana.locator("form[data-lie-bid]")
        form.locator('input[name="quantity"]').fill("2")
        form.locator('input[name="face"][value="4"]').check()
        form.locator("[data-bid-label]").click()
        expect(ben.locator(".lie-calls li").last).to_contain_text("2 × 4")

        form = ben.locator("form[data-lie-bid]")
        form.locator('input[name="quantity"]').fill("1")
        form.locator('input[name="face"][value="5"]').check()
        # Scrolled as far as the button, as a thumb leaves it at the foot of the screen.
        form.locator("[data-bid-label]").evaluate("b => b.scrollIntoView({block: 'end'})")
        form.evaluate("f => htmx.trigger(f, 'submit')")
        said = "bid a higher quantity"  # the table's words, not the phone's own check
        expect(ben.get_by_text(said).first).to_be_visible()
        in_view(ben, f"text={said}")
        announced(ben, said)
    finally:
        for context in contexts:
            context.close()


def test_a_refusal_said_at_the_head_of_the_page_is_brought_onto_the_screen(servers, browser):
    """A host's tool far down the lobby, tapped from a page the table has moved on from: the
    refusal is said at the head of the page, and the page comes up to it."""
    base = servers[0].url
    contexts, (ana, ben, cal) = three_at(browser, base, "lie", ("ana", "ben", "cal"))
    try:
        # Everyone shown here: the redraw for the phones' coming, which brings the page the
        # table's version, has come, so nothing puts the version back after it is made stale.
        expect(ana.locator("#region-people .presence-here")).to_have_count(3)
        later = ana.get_by_role("button", name="Move ben later")
        later.evaluate("b => b.scrollIntoView({block: 'end'})")
        ana.evaluate("() => { document.getElementById('table-version').value = '1'; }")  # drawn long ago
        later.click()
        said = ana.locator("#flash .flash-error")
        expect(said).to_be_visible()
        in_view(ana, "#flash .flash-error")
        announced(ana, said.inner_text())
    finally:
        for context in contexts:
            context.close()
