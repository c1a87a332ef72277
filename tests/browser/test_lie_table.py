"""LIE as real groups play it, in Chromium: what a table found slow or unclear, each looked at
where a person would see it (mostly a 360x640 phone, staged from the scripted games)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.test_lie import create_lie_table
from tests.browser.test_screens import server_of, stage  # noqa: F401  (server_of is a fixture)

pytestmark = [pytest.mark.browser]

SMALL = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_the_lobby_s_check_boxes_keep_each_label_on_one_line_at_390_px(servers, browser: Browser):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        create_lie_table(page, servers[0].url, "ana")
        labels = page.locator(".setup label.check")
        expect(labels.first).to_be_visible()
        for label in labels.all():
            lines = label.evaluate("""e => { const r = document.createRange(); r.selectNodeContents(e);
                return new Set([...r.getClientRects()].filter(b => b.width > 1).map(b => Math.round(b.top))).size; }""")
            # The box and its words on one line: a label squeezed beside its help wraps each word.
            assert lines <= 2 and label.bounding_box()["height"] < 50, f"{label.inner_text()!r} wraps"
    finally:
        context.close()


def open_seat(browser: Browser, server, staged: dict, seat: int, acting_for: int | None = None) -> Page:
    """A 360x640 phone holding ``seat`` (the host's phone acting for ``acting_for``) at the staged table."""
    context = browser.new_context(**SMALL)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": f"seat_{staged['code']}", "value": staged["cookies"][str(seat)], "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/t/{staged['code']}/" + (f"?as={acting_for}" if acting_for else ""))
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    return page


def test_leave_the_game_for_good_asks_first_and_a_no_leaves_the_player_in(server_of, browser: Browser):
    server = server_of()
    staged = stage(server, "lie/scripted", "7")  # round 1, bidding
    ben = open_seat(browser, server, staged, 2)
    try:
        asked = []
        ben.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
        ben.locator(".lie-leave summary").click()
        ben.get_by_role("button", name="Leave the game for good").click()
        ben.wait_for_timeout(700)  # a leave sent would be back by now
        assert asked and asked[0].startswith("Leave this game for good?"), asked
        expect(ben.locator("#lie-players li", has_text="ben")).not_to_contain_text("left the game")
        ben.once("dialog", lambda d: d.accept())
        ben.get_by_role("button", name="Leave the game for good").click()
        expect(ben.locator("#region-now")).to_contain_text("You left this game")
    finally:
        ben.context.close()


def test_an_undone_lie_where_the_app_deals_leaves_no_earlier_round_s_reveal_under_the_notice(server_of, browser):
    """Round 2's "Lie!" undone: the round is dealt again, and no phone shows round 1's reveal or
    its result as if it were what the host undid."""
    server = server_of()
    staged = stage(server, "lie/scripted_deal", "13")  # round 2, two bids made
    pages = [open_seat(browser, server, staged, seat) for seat in (1, 2, 3)]
    ana = pages[0]
    try:
        caller = next(p for p in pages if p.locator(".lie-button").count())
        caller.locator(".lie-button").click()
        expect(ana.locator(".lie-showdown")).to_contain_text("Round 2")
        ana.once("dialog", lambda d: d.accept())
        ana.get_by_role("button", name="Undo", exact=False).first.click()
        for page in pages:
            expect(page.locator("#region-now")).to_contain_text("set your hand")
            expect(page.locator("body")).to_contain_text("The host undid")
            expect(page.locator(".lie-showdown")).to_have_count(0)
            expect(page.locator("#region-now")).not_to_contain_text("called Lie")
        expect(ana.locator("#lie-history")).to_contain_text("Every round so far (1)")  # round 1 stays in the history
    finally:
        for page in pages:
            page.context.close()


def test_a_dealt_hand_with_no_card_turned_is_asked_about_before_it_is_set(server_of, browser):
    server = server_of()
    staged = stage(server, "lie/scripted_deal", "0")
    ben = open_seat(browser, server, staged, 2)
    try:
        asked = []
        ben.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
        ben.get_by_role("button", name="Set my hand").click()
        ben.wait_for_timeout(700)  # a hand sent would be back by now
        assert asked and asked[0].startswith("Set this hand with no cards used?"), asked
        expect(ben.locator(".lie-set")).to_have_count(0)
        ben.once("dialog", lambda d: d.accept())
        ben.get_by_role("button", name="Set my hand").click()
        expect(ben.locator(".lie-set")).to_contain_text("no cards used")
        # A hand with a card turned goes at once.
        ben.locator(".lie-card").first.locator("label.lie-end").first.click()
        ben.get_by_role("button", name="Change my hand").click()
        expect(ben.locator(".lie-set .die")).to_have_count(1)
    finally:
        ben.context.close()


def box(page: Page, selector: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def test_with_cards_on_the_table_the_reveal_s_counts_sit_above_the_next_hand_s_form(server_of, browser):
    """After round 1's "Lie!" (fives, ones wild), each phone at 360x640 says on its first screen,
    above the form for the next hand, how many each player showed."""
    server = server_of()
    staged = stage(server, "lie/scripted", "9")
    ben = open_seat(browser, server, staged, 2)
    try:
        counts = ben.locator(".lie-counts")
        expect(counts).to_contain_text("Round 1 counted 5 × 5, with wild ones:")
        for name, shown in (("ana", 3), ("ben", 0), ("cal", 1), ("dee", 1)):
            expect(counts.locator(".lie-counted", has_text=name)).to_have_text(f"{name} {shown}")
        said, form = box(ben, ".lie-counts"), box(ben, "form[data-lie-hand]")
        assert said["y"] + said["height"] <= form["y"], "the counts are under the hand's form"
        assert said["y"] + said["height"] <= 640, f"the counts end at {said['y'] + said['height']}px"
        ben.screenshot(path="var/screenshots/lie-table-counts-above-hand.png")
    finally:
        ben.context.close()


def test_on_a_small_phone_your_turn_shows_your_hand_the_bid_and_lie_on_the_first_screen(server_of, browser):
    """The host's turn at 360x640 (the host's tools take the most room at the top): the peek at the
    hand, the picker with its Bid button and "Lie!" all on the first screen, in that order."""
    server = server_of()
    staged = stage(server, "lie/scripted", "7")  # ana's turn: bid above two fives, or call it
    ana = open_seat(browser, server, staged, 1)
    try:
        expect(ana.locator("#region-now")).to_contain_text("Your turn: bid or call Lie!")
        hand, bid, lie = box(ana, "#region-hand .lie-myhand summary"), box(ana, "[data-bid-label]"), box(ana, ".lie-button")
        for name, found in (("hand", hand), ("Bid", bid), ("Lie!", lie)):
            assert found["y"] + found["height"] <= 640, f"{name} ends at {found['y'] + found['height']}px"
        assert hand["y"] < bid["y"] < lie["y"]
        ana.locator("#region-hand .lie-myhand summary").click()
        expect(ana.locator("#region-hand .lie-myhand .dice .die")).to_have_count(5)
        # The picker's small print follows "Lie!", and the odds helper still follows the picker.
        expect(ana.locator(".lie-next-odds")).to_contain_text("Odds helper: the chance that this bid is there")
        ana.locator('form[data-lie-bid] input[name="face"][value="6"]').check(force=True)
        ana.screenshot(path="var/screenshots/lie-table-turn-360.png")
    finally:
        ana.context.close()


def test_a_hand_of_real_cards_is_one_tap_a_card_on_the_face_showing_counted_as_it_goes(server_of, browser):
    server = server_of()
    staged = stage(server, "lie/scripted", "0")  # round 1: five cards each, hands to enter
    ben = open_seat(browser, server, staged, 2)
    try:
        form = ben.locator("form[data-lie-hand]")
        taps = {face: form.get_by_role("button", name=f"Add a card showing {face}", exact=True) for face in range(1, 7)}
        for face, tap in taps.items():  # each face a button showing that die, big enough for a thumb
            expect(tap.locator(f".die.d{face}")).to_have_text(str(face))
            size = tap.bounding_box()
            assert size["width"] >= 40 and size["height"] >= 40 and size["y"] + size["height"] <= 640
        for face in (4, 4, 2):
            taps[face].click()
        expect(form.locator(".lie-total")).to_have_text("3 of 5 cards used")
        expect(form.locator(".lie-chip .die")).to_have_text(["2", "4", "4"])  # the hand so far, as dice
        form.get_by_role("button", name="Take back 4").first.click()  # a slip taken back
        expect(form.locator(".lie-total")).to_have_text("2 of 5 cards used")
        for face in (6, 6, 6):
            taps[face].click()
        expect(form.locator(".lie-total")).to_have_text("5 of 5 cards used")
        for tap in taps.values():  # five cards held: no sixth
            expect(tap).to_be_disabled()
        ben.screenshot(path="var/screenshots/lie-table-taps-360.png")
        form.get_by_role("button", name="Set my hand").click()
        expect(ben.locator(".lie-set .die")).to_have_text(["2", "4", "6", "6", "6"])
    finally:
        ben.context.close()


def test_the_host_plays_a_round_for_a_player_without_a_phone_from_a_panel_on_their_own_page(server_of, browser):
    """Dee has no phone: Ana, the host, sets Dee's hand, sees her own turn and calls "Lie!" for Dee,
    all from a panel on her own page at 360x640, which never turns into Dee's."""
    from tests.browser.test_lie import bid

    server = server_of()
    staged = stage(server, "lie/scripted", "4")  # round 1: every hand set but Dee's
    ana, ben = open_seat(browser, server, staged, 1), open_seat(browser, server, staged, 2)
    try:
        panel = ana.locator("#acting-4")
        expect(panel).to_contain_text("Playing for dee")
        expect(panel).to_contain_text("dee: Draw 5 cards and enter your hand")
        for face in (5, 2, 3, 3, 6):
            panel.get_by_role("button", name=f"Add a card showing {face}", exact=True).click()
        expect(panel.locator(".lie-total")).to_have_text("5 of 5 cards used")
        panel.get_by_role("button", name="Set my hand").click()
        # The last hand in: Ben, the opener, chooses the way, and the panel shows Dee waiting.
        expect(panel).to_contain_text("dee: Waiting for the opener to choose the direction of play")
        expect(ben.locator("#region-now")).to_contain_text("Choose the direction of play")
        panel.get_by_text("Tap to see dee’s hand").click()
        expect(panel.locator(".lie-myhand .dice .die")).to_have_text(["2", "3", "3", "5", "6"])
        ana.screenshot(path="var/screenshots/lie-table-acting-hand-set-360.png")

        ben.get_by_role("button", name="Counter clockwise").click()
        bid(ben, 2, 5)
        # The host's own turn is the host's: her own picker, and none in Dee's panel.
        expect(ana.locator("#region-now")).to_contain_text("Your turn: bid or call Lie!")
        expect(panel.locator("form[data-lie-bid]")).to_have_count(0)
        bid(ana, 3, 5)

        # Dee's turn: the panel says so and leads the host's page, Dee's picker on its first screen.
        expect(panel).to_contain_text("dee’s turn")
        expect(ana.locator("#region-now")).to_contain_text("Waiting for dee")
        ana.evaluate("window.scrollTo(0, 0)")
        step = panel.locator("form[data-lie-bid] [data-step]").first.bounding_box()
        assert step["y"] + step["height"] <= 640, f"Dee's picker starts at {step['y']}px"
        ana.screenshot(path="var/screenshots/lie-table-acting-turn-360.png")
        panel.locator(".lie-button").click()

        # Four fives with ones wild: the bid held, and Dee lost.
        for page in (ana, ben):
            expect(page.locator(".lie-showdown")).to_contain_text("dee called “Lie!” on ana")
        expect(ana.locator("#region-now")).to_contain_text("You won the challenge")
        assert "?as=" not in ana.url
        expect(ana.locator(".topme")).not_to_contain_text("Acting for")
    finally:
        ana.context.close()
        ben.context.close()
