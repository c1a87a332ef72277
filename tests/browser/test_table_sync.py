"""Several phones at one table, in Chromium: join by code, live sync, catching up after a cut."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import CuttableProxy
from tests.browser.phones import create_table, join_by_code

pytestmark = [pytest.mark.browser, pytest.mark.sync]

SECRET = "zephyrs"


def keep_a_secret(lena: Page, base: str, guests: dict[str, Page], secret: str = SECRET) -> str:
    """Lena opens a Secret Keeper table, the guests join by code, and she starts and keeps a secret."""
    code = create_table(lena, base, "lena")
    for name, page in guests.items():
        join_by_code(page, base, code, name)
    lena.get_by_role("button", name="Start the game").click()
    lena.get_by_placeholder("Secret word").fill(secret)
    lena.get_by_role("button", name="Keep it").click()
    # Her own screen settles first: a tap while the host tools redraw lands wherever they move to.
    expect(lena.locator("#secret-peek")).to_be_attached()
    return code


def test_phone_b_joins_by_code_and_sees_phone_a_act_without_a_reload(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    join_by_code(gus, servers[-1].url, code, "gus")
    gus.evaluate("window.sameDocument = true")

    expect(lena.locator("#region-people")).to_contain_text("gus")
    lena.get_by_role("button", name="Start the game").click()
    expect(gus.locator("#region-secret")).to_contain_text("The keeper is writing a secret word")

    lena.get_by_placeholder("Secret word").fill(SECRET)
    lena.get_by_role("button", name="Keep it").click()
    expect(gus.locator("#region-secret")).to_contain_text("Guess the keeper's word")
    expect(gus.locator(".clock-time")).to_have_text(re.compile(r"^1:[0-3]\d$"))

    gus.get_by_placeholder("Your guess").fill("candle")
    gus.get_by_role("button", name="Guess").click()
    expect(lena.locator(".guesses")).to_contain_text("gus: candle")
    assert SECRET not in gus.content()

    lena.get_by_role("button", name="Reveal it to everyone").click()
    expect(gus.locator("#region-secret")).to_contain_text(f"The secret was {SECRET}")
    assert gus.evaluate("window.sameDocument") is True  # no reload happened on B


def test_phone_b_catches_up_after_its_connection_is_cut_and_restored(servers, phones):
    proxy = CuttableProxy(servers[-1].port)
    try:
        lena, gus = phones(), phones()
        code = create_table(lena, servers[0].url, "lena")
        join_by_code(gus, proxy.url, code, "gus")
        gus.evaluate("window.sameDocument = true")

        proxy.cut()
        expect(gus.locator("#conn")).to_have_text("Reconnecting…")
        lena.get_by_role("button", name="Start the game").click()
        lena.get_by_placeholder("Secret word").fill(SECRET)
        lena.get_by_role("button", name="Keep it").click()
        expect(lena.locator("#region-secret")).to_contain_text(f"Your secret: {SECRET}")
        expect(gus.locator("#region-now")).to_contain_text("Waiting for the host to start")

        proxy.restore()
        expect(gus.locator("#region-secret")).to_contain_text("Guess the keeper's word", timeout=15_000)
        expect(gus.locator("#conn")).to_be_hidden()
        assert gus.evaluate("window.sameDocument") is True
    finally:
        proxy.close()


def test_a_reload_comes_back_to_the_same_seat_and_state(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    join_by_code(gus, servers[-1].url, code, "gus")
    lena.get_by_role("button", name="Start the game").click()
    gus.reload()
    expect(gus.locator(".seat.mine")).to_contain_text("gus")
    expect(gus.locator(".topme")).to_have_text("gus (you)")
    expect(gus.locator("#region-secret")).to_contain_text("The keeper is writing a secret word")
    second_tab = gus.context.new_page()
    second_tab.goto(f"{servers[-1].url}/t/{code}/")
    expect(second_tab.locator(".seat.mine")).to_contain_text("gus")


def test_two_phones_draw_the_clock_within_a_second_of_each_other(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    join_by_code(gus, servers[-1].url, code, "gus")
    lena.get_by_role("button", name="Start the game").click()
    lena.get_by_placeholder("Secret word").fill(SECRET)
    lena.get_by_role("button", name="Keep it").click()
    expect(gus.locator(".clock.running")).to_be_visible()
    expect(lena.locator(".clock.running")).to_be_visible()
    lena.wait_for_timeout(1500)

    def seconds(page: Page) -> int:
        minutes, secs = page.locator(".clock-time").inner_text().split(":")
        return int(minutes) * 60 + int(secs)

    a, b = seconds(lena), seconds(gus)
    assert 0 < a < 90 and abs(a - b) <= 1

    lena.get_by_role("button", name="Pause clock").click()
    expect(gus.locator(".clock")).to_contain_text("Paused by the host")
    frozen = seconds(gus)
    gus.wait_for_timeout(1200)
    assert seconds(gus) == frozen
