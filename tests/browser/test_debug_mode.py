"""A table run with DEBUG on (as a developer or a play-tester runs it) behaves as in production."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.phones import join_by_code

pytestmark = pytest.mark.browser


@pytest.fixture
def debug_server(servers):
    server = Server({**servers[0].env, "DEBUG": "1"})
    server.start()
    yield server
    server.stop()


def test_a_refused_move_keeps_the_page_and_the_next_tap_is_sent(debug_server, phones):
    """A refusal the app answers with 400 (an empty lock-in) stays a message on the page, as
    a 422 does, and the next tap goes to the table (not a page load with the letters in its
    address)."""
    base = debug_server.url
    kamila, tony = phones(), phones()
    kamila.goto(base + "/")
    card = kamila.locator("#game-halftruth")
    card.get_by_placeholder("Your name").fill("Kamila")
    card.get_by_role("button", name="Create table").click()
    expect(kamila.locator(".topcode")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    join_by_code(tony, base, kamila.locator(".topcode").inner_text(), "Tony")
    kamila.get_by_role("button", name="Start the game").click()
    kamila.locator("form[id^='set-die-']").get_by_role("button", name="2", exact=True).click()

    form = tony.locator("form[id^='lock-in-']")
    form.get_by_role("button", name="Lock in").click()
    expect(form.get_by_role("alert")).to_have_text("Choose at least one answer.")
    expect(tony.locator(".topme")).to_have_text("Tony (you)")
    form.locator("input[value='A']").check()
    form.get_by_role("button", name="Lock in").click()
    expect(tony.locator("#answer-picker h2")).to_contain_text("Locked in")
    assert "letters=" not in tony.url
