"""Coming back to a seat, in Chromium: the keeper's phone leaves mid-game and comes back to its own
seat and secret; another phone asking for that seat sees nothing of it until the host lets it in;
a removed player comes back the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.phones import create_table, join_by_code, open_display

pytestmark = [pytest.mark.browser, pytest.mark.sync]

SECRET = "zephyrs"


def open_table(page: Page, base: str, code: str) -> None:
    page.goto(f"{base}/t/{code}/")


def seat_of(page: Page) -> str:
    return page.locator("body").get_attribute("data-seat")


def shows_the_keepers_screen(page: Page, name: str, seat: str) -> None:
    """The keeper's own screen, and only that: its name, its seat, its secret, no guess box, no host tools."""
    expect(page.locator(".topme")).to_have_text(f"{name} (you)")
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    assert seat_of(page) == seat
    page.locator("summary", has_text="Tap to see your secret").click()
    expect(page.locator("#region-secret")).to_contain_text(f"Your secret: {SECRET}")
    expect(page.get_by_placeholder("Your guess")).to_have_count(0)
    expect(page.locator("#region-host button")).to_have_count(0)


def gus_keeps_a_secret(lena: Page, gus: Page, gwen: Page) -> None:
    """Lena, the host, hands Gus the keeper's role, starts, and Gus keeps the secret: Gwen may guess."""
    lena.get_by_label("Role for gus").select_option("keeper")
    lena.get_by_label("Role for lena").select_option("guesser")
    lena.get_by_role("button", name="Start the game").click()
    gus.get_by_placeholder("Secret word").fill(SECRET)
    gus.get_by_role("button", name="Keep it").click()
    expect(gwen.get_by_placeholder("Your guess")).to_be_visible()


def test_a_phone_comes_back_to_its_seat_another_waits_for_the_host_and_a_removed_player_asks(servers, phones):
    base, other = servers[0].url, servers[-1].url
    lena, gus, gwen, eve = phones(), phones(), phones(), phones()
    code = create_table(lena, base, "lena")
    join_by_code(gus, other, code, "gus")
    join_by_code(gwen, base, code, "gwen")
    gus_seat = seat_of(gus)
    gus_keeps_a_secret(lena, gus, gwen)

    # Gus leaves mid-game, and the same phone comes back at once to the same seat and secret.
    gus.once("dialog", lambda dialog: dialog.accept())
    gus.get_by_role("button", name="Leave this table on this phone").click()
    expect(gus).to_have_url(other + "/")
    expect(lena.locator(f"#seat-{gus_seat} .presence")).to_have_text("left")
    open_table(gus, other, code)
    expect(gus.get_by_role("button", name="Back to your seat as gus")).to_be_visible()
    assert SECRET not in gus.content()
    gus.get_by_role("button", name="Back to your seat as gus").click()
    shows_the_keepers_screen(gus, "gus", gus_seat)
    expect(lena.locator(f"#seat-{gus_seat} .presence")).to_have_text("● here")

    # Gus leaves again; another phone asks for his seat, and sees nothing of it while it waits.
    gus.once("dialog", lambda dialog: dialog.accept())
    gus.get_by_role("button", name="Leave this table on this phone").click()
    expect(lena.locator(f"#seat-{gus_seat} .presence")).to_have_text("left")
    open_table(eve, base, code)
    expect(eve.get_by_role("button", name="Back to your seat as gus")).to_have_count(0)
    eve.get_by_role("button", name="Ask to sit as gus").click()
    expect(eve.get_by_role("heading", name="Waiting for the host")).to_be_visible()
    claims = lena.get_by_role("region", name="Phones asking for a seat")
    expect(claims).to_contain_text("A phone asks to sit as gus")
    expect(gwen.get_by_role("region", name="Phones asking for a seat")).to_have_count(0)
    with eve.expect_response(lambda response: response.url.endswith(f"/t/{code}/claim/")) as polled:
        pass  # the waiting page asks whether the host has answered: not yet, and nothing of the seat
    assert polled.value.ok and SECRET not in polled.value.text()
    assert SECRET not in eve.content() and eve.locator("#live").count() == 0
    claims.get_by_role("button", name="Let in").click()
    shows_the_keepers_screen(eve, "gus", gus_seat)
    expect(claims).to_have_count(0)
    # The phone that left it cannot take it back on its own any more: the seat is eve's phone's now.
    open_table(gus, other, code)
    expect(gus.get_by_role("button", name="Back to your seat as gus")).to_have_count(0)
    assert SECRET not in gus.content()

    # The host removes gwen by mistake: her phone is told, and asks for her seat back the same way.
    gwen_seat = seat_of(gwen)
    lena.once("dialog", lambda dialog: dialog.accept())
    lena.locator(f"#seat-{gwen_seat}").get_by_role("button", name="Remove").click()
    expect(gwen.locator("#conn")).to_contain_text("You were removed from this table")
    expect(lena.locator(f"#seat-{gwen_seat} .presence")).to_have_text("removed")
    gwen.get_by_role("link", name="Open this table afresh").click()
    gwen.get_by_role("button", name="Ask to sit as gwen").click()
    expect(gwen.get_by_role("heading", name="Waiting for the host")).to_be_visible()
    expect(gwen.get_by_placeholder("Your guess")).to_have_count(0)
    claims.get_by_role("button", name="Let in").click()
    expect(gwen.locator(".topme")).to_have_text("gwen (you)")
    assert seat_of(gwen) == gwen_seat
    expect(gwen.locator("body")).to_have_attribute("data-live", "1")
    gwen.get_by_placeholder("Your guess").fill("candle")
    gwen.get_by_role("button", name="Guess").click()
    expect(eve.locator(".guesses")).to_contain_text("gwen: candle")
    assert SECRET not in gwen.content()


def test_the_join_page_offers_a_seat_once_its_phone_goes_away_without_a_reload(servers, phones):
    base = servers[0].url
    lena, gus, new_phone = phones(), phones(), phones()
    code = create_table(lena, base, "lena")
    join_by_code(gus, base, code, "gus")
    expect(gus.locator("body")).to_have_attribute("data-live", "1")
    # Gus's new phone (or his old one, cookies lost) opens the table while his old page is open.
    open_table(new_phone, base, code)
    expect(new_phone.get_by_role("heading", name="Join Secret Keeper")).to_be_visible()
    expect(new_phone.get_by_role("button", name="Ask to sit as gus")).to_have_count(0)
    gus.close()  # the old page goes: its socket closes, and the seat is away
    expect(lena.locator("#region-people .seat", has_text="gus").locator(".presence")).to_have_text("○ away")
    loaded = new_phone.evaluate("performance.timeOrigin")
    expect(new_phone.get_by_role("button", name="Ask to sit as gus")).to_be_visible(timeout=8000)
    assert new_phone.evaluate("performance.timeOrigin") == loaded  # the same page, never reloaded
    new_phone.get_by_role("button", name="Ask to sit as gus").click()
    expect(new_phone.get_by_role("heading", name="Waiting for the host")).to_be_visible()


def test_every_screen_says_who_left_mid_game_and_the_host_s_says_what_to_do(servers, phones):
    base = servers[0].url
    lena, gus, gwen, tv = phones(), phones(), phones(), phones()
    code = create_table(lena, base, "lena")
    join_by_code(gus, base, code, "gus")
    join_by_code(gwen, base, code, "gwen")
    open_display(tv, base, code)
    gus_keeps_a_secret(lena, gus, gwen)
    for page in (lena, gus, tv):
        expect(page.locator("#region-now")).not_to_contain_text("left the game")

    gwen.once("dialog", lambda dialog: dialog.accept())
    gwen.get_by_role("button", name="Leave this table on this phone").click()
    for page in (gus, tv):
        expect(page.locator("#region-now")).to_contain_text("gwen left the game; the host decides.")
    host_card = lena.locator("#region-now")
    expect(host_card).to_contain_text("gwen left the game.")
    expect(host_card).to_contain_text("tap No phone beside their name to play their turns from your phone")
    # The host takes the seat off her phone and plays for her: nobody is told she left any more.
    gwen_seat = lena.locator("#region-people .seat", has_text="gwen")
    lena.once("dialog", lambda dialog: dialog.accept())
    gwen_seat.get_by_role("button", name="No phone").click()
    for page in (lena, gus, tv):
        expect(page.locator("#region-now")).not_to_contain_text("left the game")


def test_a_player_who_left_sees_the_evening_s_summary_once_the_host_ends_it(servers, phones):
    base = servers[0].url
    lena, gus, gwen = phones(), phones(), phones()
    code = create_table(lena, base, "lena")
    join_by_code(gus, base, code, "gus")
    join_by_code(gwen, base, code, "gwen")
    lena.get_by_label("Role for gus").select_option("keeper")
    lena.get_by_role("button", name="Start the game").click()
    gus.get_by_placeholder("Secret word").fill(SECRET)
    gus.get_by_role("button", name="Keep it").click()
    gwen.get_by_placeholder("Your guess").fill(SECRET)
    gwen.get_by_role("button", name="Guess").click()
    expect(lena.get_by_role("button", name="☾ End the evening")).to_be_visible()
    gwen.once("dialog", lambda dialog: dialog.accept())
    gwen.get_by_role("button", name="Leave this table on this phone").click()
    expect(gwen).to_have_url(base + "/")
    lena.once("dialog", lambda dialog: dialog.accept())
    lena.get_by_role("button", name="☾ End the evening").click()
    expect(lena.locator("#region-evening")).to_contain_text("The evening is over")

    open_table(gwen, base, code)  # the link she joined by, opened after the evening ended
    expect(gwen.get_by_text("You sat at this table as gwen.")).to_be_visible()
    expect(gwen.get_by_role("heading", name="Who won what")).to_be_visible()
    expect(gwen.locator(".evening-people")).to_contain_text("gwen")
    expect(gwen.get_by_text("nobody new can sit down")).to_have_count(0)
    share = gwen.get_by_role("link", name="⇪ Share the evening")
    expect(share).to_be_visible()
    picture = gwen.request.get(base + share.get_attribute("href"))
    assert picture.ok and picture.headers["content-type"] == "image/png"
