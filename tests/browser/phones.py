"""What a browser test of any game does with its phones and its TV, in one place.

A game's browser test (tests/browser/test_<slug>.py) opens one Playwright context a phone
(``PHONE`` and ``TV`` in tests/browser/conftest.py are the devices), and with these: creates its
table from the home page's card, joins the others by code, opens the table display, and checks a
screen fits and can be tapped before it takes a picture.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def create_table(page: Page, base: str, name: str, game: str = "stub") -> str:
    """``name`` creates a table of ``game`` (its slug) from the home page; the table's code."""
    page.goto(base + "/")
    card = page.locator(f"#game-{game}")
    card.get_by_placeholder("Your name").fill(name)
    card.get_by_role("button", name="Create table").click()
    expect(page.locator(".topcode")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    return page.locator(".topcode").inner_text()


def join_by_code(page: Page, base: str, code: str, name: str) -> None:
    page.goto(base + "/")
    page.get_by_label("Table code").fill(code.lower())
    page.get_by_role("button", name="Join", exact=True).click()
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    expect(page.locator(".topme")).to_have_text(f"{name} (you)")
    expect(page.locator(".seat.mine")).to_contain_text(name)
    expect(page.locator("body")).to_have_attribute("data-live", "1")


def open_display(page: Page, base: str, code: str) -> None:
    """This page becomes the table's display (open it in a ``TV`` context)."""
    page.goto(f"{base}/t/{code}/")
    page.get_by_role("button", name="Use this screen as the table display").click()
    expect(page.locator(".topme")).to_have_text("Table display")


def assert_fits(page: Page, name: str) -> None:
    """Nothing spills sideways and every button, field and toggle is big enough to tap."""
    # A mobile viewport grows to fit what spills, so measure against the width the page was given.
    width = page.viewport_size["width"]
    right = page.evaluate("Math.max(0, ...[...document.querySelectorAll('body *')].map(e => e.getBoundingClientRect().right))")
    assert right - width <= 1, f"{name} spills {right - width}px sideways"
    small = page.evaluate("""() => [...document.querySelectorAll('button, .btn, input:not([type=hidden]), select, summary')]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.height < 40 || r.width < 40; })
        .map(e => e.outerHTML.slice(0, 80))""")
    assert not small, f"{name} has touch targets under 40px: {small}"


def first_screen_box(page: Page, selector: str) -> dict:
    """The bounding box of what ``selector`` finds, scrolled to the top of the page as it opens."""
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box
