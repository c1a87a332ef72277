"""Big changes on a phone: a removed player is told once with nothing left to tap; a game that ends
is read from the top; another game reaches every screen at once, with what was typed kept."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import TV
from tests.browser.phones import create_table, join_by_code, open_display
from tests.browser.test_lie import set_hand
from tests.browser.test_table_sync import keep_a_secret


def test_a_removed_player_is_told_once_and_has_nothing_left_to_tap(servers, phones):
    lena, gus, dan = phones(), phones(), phones()
    keep_a_secret(lena, servers[0].url, {"gus": gus, "dan": dan}, "zephyrs")
    lena.once("dialog", lambda dialog: dialog.accept())
    lena.locator("#region-people li", has_text="dan").get_by_role("button", name="Remove").click()
    expect(dan.locator("#conn")).to_contain_text("You were removed from this table")
    expect(dan.locator("main").get_by_text("removed").locator("visible=true")).to_have_count(1)
    expect(dan.get_by_placeholder("Your guess")).to_be_hidden()
    expect(dan.locator("main button:visible")).to_have_count(0)
    # The link opens the table afresh: its join page, which says what this phone may still do.
    dan.get_by_role("link", name="Open this table afresh").click()
    expect(dan.get_by_role("heading", name="Join Secret Keeper")).to_be_visible()
    expect(gus.get_by_placeholder("Your guess")).to_be_visible()  # the others play on


def test_a_phone_scrolled_down_is_taken_to_the_top_when_the_game_ends(servers, phones):
    lena, gus, dan = phones(), phones(), phones()
    keep_a_secret(lena, servers[0].url, {"gus": gus, "dan": dan}, "zephyrs")
    # The secret kept is news too, and news scrolls to the top: scroll only once it has arrived.
    expect(gus.locator("#region-secret")).to_contain_text("Guess the keeper's word")
    gus.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert gus.evaluate("() => window.scrollY") > 0
    lena.once("dialog", lambda dialog: dialog.accept())
    lena.get_by_role("button", name="End game").click()
    expect(gus.locator(".now")).to_contain_text("ended")
    gus.wait_for_function("() => window.scrollY === 0")
    expect(gus.locator(".now")).to_be_in_viewport()


def test_a_phone_scrolled_down_comes_back_to_the_top_when_its_turn_comes(servers, phones):
    lena, gus = phones(), phones()
    code = create_table(lena, servers[0].url, "lena")
    join_by_code(gus, servers[0].url, code, "gus")
    lena.get_by_role("button", name="Start the game").click()
    expect(gus.locator("#region-secret")).to_contain_text("The keeper is writing a secret word")
    gus.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert gus.evaluate("() => window.scrollY") > 0
    lena.get_by_placeholder("Secret word").fill("zephyrs")
    lena.get_by_role("button", name="Keep it").click()
    expect(gus.locator(".now")).to_contain_text("Your turn")
    gus.wait_for_function("() => window.scrollY === 0")
    expect(gus.get_by_placeholder("Your guess")).to_be_in_viewport()


def test_another_game_reaches_every_screen_within_a_second_and_keeps_what_was_typed(servers, phones, browser):
    base = servers[0].url
    lena, gus = phones(), phones()
    tv_context = browser.new_context(**TV)
    tv_context.set_default_timeout(10_000)
    tv = tv_context.new_page()
    try:
        code = create_table(lena, base, "lena")
        join_by_code(gus, base, code, "gus")
        open_display(tv, base, code)
        everyone = [lena, gus, tv]
        for page in everyone:
            expect(page.locator("body")).to_have_attribute("data-live", "1")
            page.evaluate("window.sameDocument = true")
        lena.locator("#add-player-name").fill("Pat")  # half typed: not added yet
        form = lena.locator("form.next-game").first
        form.locator("select").select_option(label="LIE")
        # Each screen notes, checking every frame, the moment it shows the new game; the tap notes
        # its own. So the time is the screens' (one clock: one machine), not the test's polling.
        for page in everyone:
            page.evaluate("""() => {
                window.switchedAt = null;
                const check = () => {
                    if (document.title.startsWith("LIE · ")
                        && document.getElementById("table-version").dataset.game === "lie"
                        && document.querySelectorAll("#region-hand").length === 1) {
                        window.switchedAt = performance.timeOrigin + performance.now();
                    } else {
                        requestAnimationFrame(check);
                    }
                };
                requestAnimationFrame(check);
            }""")
        button = form.get_by_role("button", name="Set it up")
        button.evaluate("""b => b.addEventListener("click",
            () => { window.tappedAt = performance.timeOrigin + performance.now(); }, { capture: true, once: true })""")
        button.click()
        for page in everyone:
            page.wait_for_function("() => window.switchedAt !== null")
        tapped = lena.evaluate("() => window.tappedAt")
        took = (max(page.evaluate("() => window.switchedAt") for page in everyone) - tapped) / 1000
        assert all(page.evaluate("window.sameDocument") for page in everyone)  # swapped in, not reloaded
        expect(lena.locator("#add-player-name")).to_have_value("Pat")
        assert took < 1.0, f"the switch took {took:.2f} s to reach every screen"
        expect(tv.locator(".tv-game")).to_have_text("LIE")
        for page in everyone:  # the new game's stylesheet, the old one's gone
            expect(page.locator('link[rel="stylesheet"]')).to_have_count(1)
            assert "lie-table" in page.locator('link[rel="stylesheet"]').get_attribute("href")
            expect(page.locator("#region-secret")).to_have_count(0)  # the old game's regions went
        # The new game plays in the regions it was given: a hand set with its script, shown to all.
        lena.get_by_role("button", name="Start the game").click()
        set_hand(gus, [2, 3])
        set_hand(lena, [4, 5])
        expect(tv.locator("#region-players")).to_contain_text("gus")
    finally:
        tv_context.close()
