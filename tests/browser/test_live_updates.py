"""Live updates keep what a person is doing: text being typed, its focus, a refused move's text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phones import create_table, join_by_code
from tests.browser.test_table_sync import keep_a_secret

pytestmark = [pytest.mark.browser]


def focused_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_a_phone_typing_while_another_guesses_keeps_its_text_and_focus(servers, phones):
    lena, ben, cat = phones(), phones(), phones()
    base = servers[0].url
    keep_a_secret(lena, base, {"ben": ben, "cat": cat}, "zephyr")

    box = ben.get_by_placeholder("Your guess")
    box.click()
    box.press_sequentially("bana")
    cat.get_by_placeholder("Your guess").fill("melon")
    cat.get_by_role("button", name="Guess").click()
    expect(ben.locator(".guesses")).to_contain_text("cat: melon")
    expect(box).to_have_value("bana")
    assert focused_id(ben) == "guess-word"

    box.press_sequentially("na")  # the keyboard never closed: typing goes on where it was
    expect(box).to_have_value("banana")
    box.press("Enter")
    expect(lena.locator(".guesses")).to_contain_text("ben: banana")
    expect(box).to_have_value("")  # sent, so the box is ready for the next guess


def test_a_refused_guess_keeps_what_was_typed_and_says_why(servers, phones):
    lena, ben = phones(), phones()
    keep_a_secret(lena, servers[0].url, {"ben": ben}, "zephyr")
    box = ben.get_by_placeholder("Your guess")
    box.fill("mel0n")
    ben.get_by_role("button", name="Guess").click()
    expect(ben.locator("#guess-form")).to_contain_text("2 to 12 letters")  # at the field
    expect(ben.get_by_text("2 to 12 letters")).to_have_count(1)  # and only there
    expect(box).to_have_value("mel0n")


def test_the_host_typing_a_name_keeps_it_while_others_join(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    box = lena.get_by_placeholder("Player without a phone")
    box.click()
    box.press_sequentially("Da")
    join_by_code(gus, servers[0].url, code, "gus")
    expect(lena.locator("#region-people")).to_contain_text("gus")
    expect(box).to_have_value("Da")
    assert focused_id(lena) == "add-player-name"
    box.press_sequentially("n")
    box.press("Enter")
    expect(gus.locator("#region-people")).to_contain_text("Dan")
    expect(gus.locator("#region-people")).to_contain_text("no phone")
    expect(box).to_have_value("")


def test_a_refusal_message_goes_once_someone_else_changes_the_table(servers, phones):
    lena, ben, cat = phones(), phones(), phones()
    base = servers[0].url
    keep_a_secret(lena, base, {"ben": ben, "cat": cat}, "zephyr")
    ben.get_by_placeholder("Your guess").fill("mel0n")
    ben.get_by_role("button", name="Guess").click()
    expect(ben.locator("#guess-form")).to_contain_text("2 to 12 letters")
    cat.get_by_placeholder("Your guess").fill("melon")
    cat.get_by_role("button", name="Guess").click()
    expect(ben.locator(".guesses")).to_contain_text("cat: melon")
    expect(ben.locator("#flash")).to_be_empty()
    expect(ben.locator("#guess-form")).not_to_contain_text("2 to 12 letters")
