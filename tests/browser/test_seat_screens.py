"""The pages of a phone without a seat, held to the screen matrix's checks on the phones people
use: the join page that offers a seat back and the seats to ask for, and the page that waits for
the host's answer. Each keeps within its width, draws no text over other text, logs no console
error and passes axe-core's WCAG 2.1 A and AA rules."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.phones import create_table, join_by_code
from tests.browser.test_screens import APART, AXE, AXE_RUN, FITS, OUT, PHONES, WCAG

pytestmark = [pytest.mark.browser]

NAMES = ["Bartholomew Ashcroft", "Guinevere Montague", "Oluwaseun Adeyemi-K"]


def problems_of(page: Page, name: str, errors: list[str]) -> list[str]:
    page.evaluate("() => document.fonts.ready")
    found = page.evaluate(FITS) + page.evaluate(APART)
    page.evaluate(AXE)
    found += page.evaluate(AXE_RUN, WCAG) + errors
    path = OUT / "seats" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled", full_page=True)
    return [f"{name}: {p}" for p in found]


@pytest.mark.parametrize("device", PHONES)
def test_the_pages_of_a_phone_without_a_seat_fit_and_pass_axe(device, servers, phones, browser: Browser):
    base = servers[0].url
    host = phones()
    code = create_table(host, base, NAMES[0])
    guests = [phones() for _ in NAMES[1:]]
    for page, name in zip(guests, NAMES[1:]):
        join_by_code(page, base, code, name)
    leaver = guests[0]
    leaver.once("dialog", lambda dialog: dialog.accept())
    leaver.get_by_role("button", name="Leave this table on this phone").click()
    width, height = PHONES[device]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    leaver.set_viewport_size({"width": width, "height": height})
    problems: list[str] = []
    try:
        errors: list[str] = []
        leaver.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        leaver.goto(f"{base}/t/{code}/")
        expect(leaver.get_by_role("button", name=f"Back to your seat as {NAMES[1]}")).to_be_visible()
        problems += problems_of(leaver, f"join-back-{device}.png", errors)

        stranger = context.new_page()
        strange_errors: list[str] = []
        stranger.on("console", lambda m: strange_errors.append(f"console {m.type}: {m.text}")
                    if m.type == "error" else None)
        stranger.goto(f"{base}/t/{code}/")
        ask = stranger.get_by_role("button", name=f"Ask to sit as {NAMES[1]}")
        expect(ask).to_be_visible()
        problems += problems_of(stranger, f"join-ask-{device}.png", strange_errors)
        ask.click()
        expect(host.get_by_role("region", name="Phones asking for a seat")).to_contain_text(NAMES[1])
        problems += problems_of(stranger, f"claim-waiting-{device}.png", strange_errors)
    finally:
        context.close()
    assert not problems, "\n".join(problems)
