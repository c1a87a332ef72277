"""The table as people see it: the TV display, the undo message, presence, no stale pages, a clean console."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import create_table, join_by_code
from tests.browser.test_screenshots import snap
from tests.browser.test_table_sync import keep_a_secret
from tests.browser.test_screens import server_of  # noqa: F401 (a fixture: a server with a database of its own)

pytestmark = [pytest.mark.browser]


def errors_of(page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    return found


def test_the_display_shows_lobby_play_and_end_big_and_nobody_sees_a_console_error(servers, browser):
    base = servers[0].url
    lena_ctx, gus_ctx, tv_ctx = (browser.new_context(**PHONE), browser.new_context(**PHONE), browser.new_context(**TV))
    lena, gus, tv = lena_ctx.new_page(), gus_ctx.new_page(), tv_ctx.new_page()
    problems = [errors_of(page) for page in (lena, gus, tv)]
    try:
        code = create_table(lena, base, "lena")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()

        # Lobby: a giant code and the QR code above the fold; players appear as they join.
        expect(tv.locator(".tv-code")).to_have_text(code)
        assert tv.locator(".tv-code").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 80
        qr = tv.locator(".tv-invite .qr").bounding_box()
        assert qr and qr["y"] + qr["height"] <= 720 and qr["width"] >= 250
        expect(tv.locator(".tv-invite")).to_contain_text("Secret Keeper")
        join_by_code(gus, base, code, "gus")
        expect(tv.locator("#region-people")).to_contain_text("gus")
        expect(tv.locator("#region-people")).not_to_contain_text("Table display")
        snap(tv, "tv-lobby")

        # Play: the invite makes way, the clock is huge, and the TV says whom the table waits for.
        lena.get_by_role("button", name="Start the game").click()
        expect(tv.locator(".tv-invite")).to_be_hidden()
        expect(tv.locator(".now")).to_contain_text("The keeper is writing")
        lena.get_by_placeholder("Secret word").fill("zephyrs")
        lena.get_by_role("button", name="Keep it").click()
        expect(tv.locator(".now-waiting")).to_contain_text("gus")
        assert tv.locator(".clock-time").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 80
        gus.get_by_placeholder("Your guess").fill("candle")
        gus.get_by_role("button", name="Guess").click()
        expect(gus.locator("#flash")).to_contain_text("CANDLE is not the word")
        expect(tv.locator(".guesses")).to_contain_text("gus: candle")
        snap(tv, "tv-playing")

        # End: the reveal fills the screen, then the evening's standings.
        gus.get_by_placeholder("Your guess").fill("zephyrs")
        gus.get_by_role("button", name="Guess").click()
        expect(tv.locator(".reveal")).to_contain_text("zephyrs")
        assert tv.locator(".reveal").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 50
        expect(tv.locator(".standings")).to_contain_text("gus")
        snap(tv, "tv-end")
        snap(gus, "phone-end-standings")
        for who, found in zip(("lena", "gus", "tv"), problems):
            assert not found, (who, found)
    finally:
        for context in (lena_ctx, gus_ctx, tv_ctx):
            context.close()


def test_undo_names_the_move_and_everyone_is_told(servers, phones):
    lena, gus = phones(), phones()
    keep_a_secret(lena, servers[0].url, {"gus": gus}, "zephyrs")
    gus.get_by_placeholder("Your guess").fill("melon")
    gus.get_by_role("button", name="Guess").click()
    undo = lena.get_by_role("button", name=re.compile("Undo gus's guess MELON"))
    expect(undo).to_be_visible()
    lena.once("dialog", lambda dialog: dialog.accept())
    undo.click()
    expect(gus.locator(".now-notice")).to_have_text("↶ The host undid gus's guess MELON.")
    expect(gus.locator(".guesses")).to_have_count(0)
    expect(gus.locator(".clock.running")).to_be_visible()


def test_every_phone_sees_a_phone_that_closed_its_page_as_away(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    join_by_code(gus, servers[0].url, code, "gus")
    seat = lena.locator("#region-people .seat", has_text="gus")
    expect(seat.locator(".presence")).to_have_text("● here")
    gus.close()
    expect(seat.locator(".presence")).to_have_text("○ away")


def test_a_table_page_is_never_served_from_the_cache_nor_names_its_server(servers, phones):
    lena = phones()
    code = create_table(lena, servers[0].url, "lena")
    response = lena.goto(f"{servers[0].url}/t/{code}/")
    assert "no-store" in response.headers["cache-control"]
    assert "server" not in response.headers  # nothing names the software
    finished = phones().goto(f"{servers[0].url}/t/ZZZZZZ/")
    assert finished.status == 404 and "no-store" in finished.headers["cache-control"]


@pytest.mark.parametrize("games", [5, 15])
def test_the_evenings_summary_fills_the_tv_before_it_folds_earlier_games(games, server_of, browser):
    """After five games every game is on the TV; after fifteen, the games' column runs down to the
    foot of the screen (the older games a line each) before the rest are "and N earlier games"."""
    from tests.browser.test_screens import FILLS_SCREEN, stage

    server = server_of()
    staged = stage(server, "halftruth/scripted_largest", f"closed-{games}")
    context = browser.new_context(**TV)
    context.add_cookies([{"name": f"seat_{staged['code']}", "value": staged["cookies"][str(staged["display"])],
                          "url": server.url}])
    tv = context.new_page()
    try:
        tv.goto(f"{server.url}/t/{staged['code']}/")
        expect(tv.locator(".evening-headline")).to_be_visible()
        for width, height in ((1280, 720), (1920, 1080)):
            tv.set_viewport_size({"width": width, "height": height})
            assert tv.evaluate(FILLS_SCREEN) == [], (width, games)
            shown = tv.locator(".evening-games > li:visible")
            earlier = tv.locator(".evening .ev-more:visible", has_text="earlier")
            if games == 5:
                expect(shown).to_have_count(5)
                expect(earlier).to_have_count(0)
            else:
                folded = int(re.search(r"and (\d+) earlier games", earlier.inner_text())[1])
                assert folded + shown.count() == 15 and shown.last.inner_text().startswith("15")
                bottom = shown.last.bounding_box()
                assert bottom["y"] + bottom["height"] > height * 0.85, (width, bottom)  # no empty foot
    finally:
        context.close()


def test_the_tv_lists_at_the_table_only_those_still_there(servers, browser):
    """A seat the host removed, and one whose phone left, drop off the TV's "At the table" (the
    host's phone still lists them, to bring them back)."""
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, dan, tv = (context.new_page() for context in contexts)
    try:
        code = create_table(lena, base, "lena")
        join_by_code(gus, base, code, "gus")
        join_by_code(dan, base, code, "dan")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        listed = tv.locator("#region-people .seat")
        expect(listed).to_have_count(3)
        lena.once("dialog", lambda dialog: dialog.accept())
        lena.locator("#region-people li", has_text="dan").get_by_role("button", name="Remove").click()
        expect(lena.locator("#region-people li", has_text="dan")).to_contain_text("removed")
        expect(listed).to_have_count(2)
        gus.once("dialog", lambda dialog: dialog.accept())
        gus.get_by_role("button", name="Leave this table on this phone").click()
        expect(lena.locator("#region-people li", has_text="gus")).to_contain_text("left")
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text("lena")
        expect(tv.locator("#region-people")).not_to_contain_text("removed")
    finally:
        for context in contexts:
            context.close()
