"""LIE in Chromium: three phones and a TV play a game with Wild Ones on, through a won and a
lost challenge, an elimination and the end; hands entered with tap counters that survive others' moves.

Screenshots of every screen go to var/screenshots/lie-*.png (phone 390x844 light and dark, TV 1280x720).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import assert_fits, create_table, first_screen_box, join_by_code, open_display

pytestmark = [pytest.mark.browser]

OUT = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def snap(page: Page, name: str) -> None:
    """A screenshot to look at, after checking nothing spills sideways and every target is tappable."""
    assert_fits(page, name)
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"lie-{name}.png"), full_page=True)


def create_lie_table(page: Page, base: str, name: str) -> str:
    return create_table(page, base, name, "lie")


def tap_hand(page: Page, faces: list[int]) -> None:
    """Tap each card's face once, as a player would."""
    form = page.locator("#region-hand form[data-lie-hand]")  # the seat's own, not a panel acting for another
    for face in faces:
        form.get_by_role("button", name=f"Add a card showing {face}", exact=True).click()


def set_hand(page: Page, faces: list[int]) -> None:
    tap_hand(page, faces)
    page.locator("#region-hand form[data-lie-hand]").get_by_role("button", name=re.compile("Set my hand|Change my hand")).click()
    # Set and waiting for others, or the last hand in and the bidding begun.
    expect(page.locator(".lie-set, .lie-myhand").first).to_be_attached()


FACE_ONE = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def bid(page: Page, quantity: int, face: int) -> None:
    form = page.locator("#region-bid_picker form[data-lie-bid]")
    box = form.locator('input[name="quantity"]')
    while int(box.input_value()) < quantity:
        form.get_by_role("button", name="more", exact=True).click()
    form.locator(f'input[name="face"][value="{face}"]').check()
    form.locator("[data-bid-label]").click()
    expect(page.locator(".lie-calls li").last).to_contain_text(f"{quantity} × {face}")


def call_lie(page: Page) -> None:
    page.get_by_role("button", name="Lie!").click()


def test_three_phones_and_a_tv_play_lie_with_wild_ones_to_the_end(servers, browser):
    base = servers[0].url
    ana_ctx = browser.new_context(**PHONE, color_scheme="light")
    ben_ctx = browser.new_context(**PHONE, color_scheme="dark")
    cal_ctx = browser.new_context(**PHONE, color_scheme="light")
    tv_ctx = browser.new_context(**TV, color_scheme="light")
    contexts = [ana_ctx, ben_ctx, cal_ctx, tv_ctx]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, cal, tv = (c.new_page() for c in contexts)
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        join_by_code(cal, base, code, "cal")
        open_display(tv, base, code)
        ana.get_by_label("Wild Ones").check()
        ana.get_by_label("Odds helper").check()
        expect(ben.locator(".setup-summary")).to_contain_text("Yes")
        snap(ana, "phone-lobby-host")
        ana.get_by_role("button", name="Start the game").click()

        # Round 1: hands entered with tap counters. Ben's half-tapped counters survive Ana's move.
        expect(ben.locator("#region-now")).to_contain_text("Draw 5 cards and enter your hand")
        tap_hand(ben, [4, 4])
        snap(ben, "phone-dark-hand-entry")
        set_hand(ana, [4, 1, 2, 2, 6])
        expect(ben.locator("#lie-players")).to_contain_text("hand set ✓")
        # One players list for everyone: each phone marks its own row, the TV none.
        expect(ben.locator("#lie-players li.mine")).to_have_count(1)
        expect(ben.locator("#lie-players li.mine")).to_contain_text("ben (you)")
        expect(ana.locator("#lie-players li.mine")).to_contain_text("ana (you)")
        expect(tv.locator("#lie-players")).not_to_contain_text("(you)")
        # While hands are set the players are all the TV has to show: each a tile readable across
        # the room, the cards to draw the largest thing on it, not a strip of small chips.
        tile = tv.locator("#lie-players li").first
        assert tile.bounding_box()["height"] >= 80
        assert tile.locator(".who").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 24
        assert tile.locator(".cards").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 36
        expect(ben.locator("#hand-r1-face-4")).to_have_value("2")
        tap_hand(ben, [3])
        expect(ben.locator(".lie-total")).to_contain_text("3 of 5 cards used")
        # Capped by the cards held: five faces in, every + is off.
        tap_hand(ben, [5, 5])
        expect(ben.locator("form[data-lie-hand]").get_by_role("button", name="Add a card showing 6")).to_be_disabled()
        ben.locator("form[data-lie-hand]").get_by_role("button", name="Set my hand").click()
        expect(ben.locator(".lie-set")).to_contain_text("Set:")
        snap(ben, "phone-dark-hand-set")
        snap(tv, "tv-setting-hands")
        assert "lie-set" not in tv.content()
        set_hand(cal, [3, 3, 6])

        # Ana (first in seat order) opens; ones are wild until an opening bid on ones.
        expect(ana.locator("#region-now")).to_contain_text("Your turn: make the opening bid")
        snap(ana, "phone-opening-bid")
        bid(ana, 2, 4)
        expect(tv.locator(".lie-wild")).to_contain_text("Ones are wild this round")
        # Ben's picker starts just above: two fives; two twos are not offered.
        form = ben.locator("form[data-lie-bid]")
        expect(form.locator('input[name="quantity"]')).to_have_value("2")
        expect(form.locator('input[name="face"][value="5"]')).to_be_checked()
        expect(form.locator('input[name="face"][value="2"]')).to_be_disabled()
        expect(form.get_by_role("button", name="fewer")).to_be_disabled()
        expect(ben.locator(".lie-odds")).to_contain_text("Model:")
        # Ben holds two fours and no one, so two fives are as likely as the others make them.
        expect(ben.locator(".lie-next-odds")).to_contain_text("chance that this bid is there is")
        form.get_by_role("button", name="more", exact=True).click()
        form.locator('input[name="face"][value="4"]').check()
        expect(form.locator("[data-bid-label]")).to_have_text("Bid 3 fours")
        form.get_by_role("button", name="fewer", exact=True).click()
        expect(form.locator('input[name="face"][value="5"]')).to_be_checked()  # two fours is no bid: back to fives
        snap(ben, "phone-dark-bidding-my-turn")
        snap(cal, "phone-bidding-waiting")
        snap(tv, "tv-bidding")
        bid(ben, 3, 4)
        # Cal calls "Lie!": fours with ones wild are 4 (ana 4, 1; ben 4, 4): the bid held, Cal loses.
        snap(cal, "phone-lie-button")
        call_lie(cal)
        for page in (ana, ben, cal, tv):
            expect(page.locator(".lie-showdown")).to_contain_text("ben won")
            expect(page.locator(".lie-showdown")).to_contain_text("cal lost: 4 cards next round")
        expect(tv.locator(".lie-showdown .lie-count")).to_have_text("4")
        expect(tv.locator(".lie-showdown .lie-rows .die.wild")).to_have_count(1)
        snap(cal, "phone-showdown-lost")
        snap(ben, "phone-dark-showdown-won")
        snap(tv, "tv-showdown")

        # Round 2: the new round's counters start fresh; Ben (the winner) opens. Cal's "Lie!" wins.
        expect(ben.locator("#hand-r2-face-4")).to_have_value("0")
        set_hand(ana, [2, 2, 2])
        set_hand(ben, [6])
        set_hand(cal, [1, 5, 5, 5])
        bid(ben, 4, 6)
        bid(cal, 5, 6)
        call_lie(ana)
        expect(tv.locator(".lie-showdown")).to_contain_text("ana won")
        expect(tv.locator(".lie-showdown")).to_contain_text("cal lost: 3 cards next round")

        # Rounds 3 to 5: Cal calls "Lie!" on two threes that are there, and is out after the fifth.
        for rnd, cards in ((3, "3 cards"), (4, "2 cards"), (5, "1 card")):
            expect(cal.locator("#region-now")).to_contain_text(f"Draw {cards} and enter your hand")
            set_hand(ana, [3])
            set_hand(ben, [3])
            set_hand(cal, [])
            if rnd == 3:
                bid(ana, 1, 3)  # Ana won round 2 and opens; then Ben, clockwise
            bid(ben, 2, 3)
            if rnd == 5:
                snap(cal, "phone-last-card")
            call_lie(cal)
            expect(tv.locator(".lie-showdown")).to_contain_text(f"Round {rnd}:")
            expect(tv.locator(".lie-showdown")).to_contain_text("cal lost")
        expect(tv.locator(".lie-showdown")).to_contain_text("cal is out: no cards left to draw.")
        expect(cal.locator("#region-now")).to_contain_text("You are out of this game")
        snap(cal, "phone-eliminated")
        snap(tv, "tv-elimination")
        snap(ana, "phone-history-closed")

        # Two players left, no one else to wait for: Ana loses five more and Ben wins the game.
        for rnd in range(6, 11):
            set_hand(ana, [2])
            set_hand(ben, [3])
            bid(ben, 1, 3)
            call_lie(ana)
            expect(tv.locator(".lie-showdown")).to_contain_text(f"Round {rnd}:")
        for page in (ana, cal, tv):
            expect(page.locator("#region-now")).to_contain_text("ben wins!")
            expect(page.locator("#region-now")).to_contain_text("Everyone else is out: ben is the last player left.")
        expect(ben.locator("#region-now")).to_contain_text("You win!")
        for page in (ana, ben, cal, tv):
            expect(page.locator("#region-showdown")).not_to_contain_text("wins")
        ana.locator("#lie-history summary").click()
        snap(ana, "phone-game-over-history")
        snap(ben, "phone-dark-game-over")
        snap(tv, "tv-game-over")
    finally:
        for c in contexts:
            c.close()


def test_counting_at_reveal_with_which_way_and_a_player_without_a_phone(servers, browser):
    """The host enters Dan's count for him; each phone counts its own cards at the "Lie!"."""
    base = servers[0].url
    ana_ctx = browser.new_context(**PHONE, color_scheme="dark")
    ben_ctx = browser.new_context(**PHONE, color_scheme="light")
    tv_ctx = browser.new_context(**TV, color_scheme="dark")
    contexts = [ana_ctx, ben_ctx, tv_ctx]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, tv = (c.new_page() for c in contexts)
    dan = ana_ctx.new_page()  # the host's second tab, acting for Dan
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        ana.get_by_placeholder("Player without a phone").fill("Dan")
        ana.get_by_placeholder("Player without a phone").press("Enter")
        expect(ana.locator("#region-people")).to_contain_text("Dan")
        open_display(tv, base, code)
        for label in ("Wild Ones", "Which Way", "Count at reveal", "Odds helper"):
            ana.get_by_label(label).check()
            expect(ben.locator(".setup-summary")).to_contain_text("Yes")
        ana.get_by_label("Oldest player").select_option(label="ben")
        expect(ben.locator(".setup-summary")).to_contain_text("ben")
        ana.get_by_role("button", name="Start the game").click()

        # No hands to enter: Ben (oldest) chooses the direction, then opens.
        expect(ben.locator("#region-now")).to_contain_text("Choose the direction of play")
        snap(ben, "phone-choose-direction")
        snap(tv, "tv-dark-choose-direction")
        ben.get_by_role("button", name=re.compile("Counter clockwise")).click()
        expect(tv.locator(".lie-direction")).to_contain_text("counter clockwise")
        bid(ben, 2, 5)
        # Counter clockwise from Ben (seat 2 of ana, ben, Dan) is Ana.
        expect(ana.locator("#region-now")).to_contain_text("Your turn: bid or call Lie!")
        expect(ana.locator(".lie-by-mine")).to_contain_text("you show 0")
        snap(ana, "phone-dark-odds-count-at-reveal")
        call_lie(ana)

        # Everyone counts fives and wild ones; Ben's half-tapped count survives Ana's.
        expect(ben.locator("#region-now")).to_contain_text("count your fives and your ones (wild)")
        ben.get_by_role("button", name="one more", exact=True).click()
        snap(ben, "phone-counting")
        ana.locator("#region-hand").get_by_role("button", name="one more wild one").click()
        ana.locator("#region-hand").get_by_role("button", name="That's my count").click()
        expect(ben.locator("#lie-players")).to_contain_text("counted ✓")
        expect(ben.locator("#count-r1-face")).to_have_value("1")
        ben.get_by_role("button", name="That's my count").click()
        expect(ben.locator(".lie-set")).to_contain_text("Your count is in")
        snap(tv, "tv-dark-counting")
        dan.goto(base + ana.get_by_role("navigation", name="Host tools").get_by_role("link", name="Act for Dan").get_attribute("href"))
        expect(dan.locator(".acting")).to_contain_text("Dan")
        expect(dan.locator("#lie-players li.mine")).to_contain_text("Dan (acting for)")  # the seat acted for
        dan.get_by_role("button", name="That's my count").click()  # Dan shows none
        for page in (ana, ben, tv):
            expect(page.locator(".lie-showdown")).to_contain_text("ana lost")
        expect(tv.locator(".lie-showdown .lie-count")).to_have_text("2")
        snap(tv, "tv-dark-showdown-counted")
        snap(ben, "phone-showdown-counted")

        # Ben has to go: he leaves the game, and the table plays on without waiting for him.
        ben.locator(".lie-leave summary").click()
        snap(ben, "phone-leave")
        ben.once("dialog", lambda d: d.accept())  # "Leave ... for good?"
        ben.get_by_role("button", name="Leave the game for good").click()
        expect(ben.locator("#region-now")).to_contain_text("You left this game")
        expect(tv.locator("#lie-players")).to_contain_text("left the game")
        # Ben was to open round 2; the next player still in, clockwise, opens instead: Dan.
        expect(ana.locator("#region-now")).to_contain_text("Waiting for Dan")
        expect(tv.locator(".lie-bids")).to_contain_text("Dan opens")

        # He meant to stay: the host takes the last action back.
        ana.once("dialog", lambda dialog: dialog.accept())
        ana.get_by_role("button", name=re.compile("Undo ben's forfeit")).click()
        expect(ben.locator("#region-now")).to_contain_text("Choose the direction of play")
        expect(tv.locator("#lie-players")).not_to_contain_text("left the game")
    finally:
        for c in contexts:
            c.close()


SMALL_PHONE = {**PHONE, "viewport": {"width": 360, "height": 640}}


def test_a_typed_bid_a_called_off_round_and_the_host_ending_the_game(servers, browser):
    """Ben types a bid below the current one: the button says that bid and the phone says why not.
    The host removes Cal mid-round: the TV says the round was called off. The host ends the game:
    every phone and the TV show the hands set."""
    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, cal, tv = (c.new_page() for c in contexts)
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        join_by_code(cal, base, code, "cal")
        open_display(tv, base, code)
        ana.get_by_role("button", name="Start the game").click()
        set_hand(ana, [4, 4, 2])
        set_hand(ben, [5, 1])
        set_hand(cal, [6])
        bid(ana, 2, 4)

        form = ben.locator("form[data-lie-bid]")
        button, why = form.locator("[data-bid-label]"), form.locator("[data-bid-why]")
        form.locator('input[name="quantity"]').fill("1")
        expect(button).to_have_text("Bid 1 five")
        expect(button).to_be_disabled()
        expect(why).to_have_text("1 five does not beat 2 fours: bid at least 2 fives.")
        snap(ben, "phone-small-bid-too-low")
        form.locator('input[name="quantity"]').fill("16")
        expect(button).to_have_text("Bid 16 fives")
        expect(why).to_have_text("Only 15 cards are in play: bid at most 15 of a face.")
        form.locator('input[name="quantity"]').fill("2")
        expect(button).to_have_text("Bid 2 fives")
        expect(button).to_be_enabled()
        expect(why).to_be_hidden()
        form.locator('input[name="quantity"]').fill("3")
        form.locator('input[name="face"][value="2"]').check()
        expect(button).to_have_text("Bid 3 twos")
        button.click()
        expect(tv.locator(".lie-calls li").last).to_contain_text("3 × 2")

        # Cal has gone home: the host removes the seat mid-round, and the TV says what became of it.
        ana.once("dialog", lambda dialog: dialog.accept())
        ana.locator("#region-people li", has_text="cal").get_by_role("button", name="Remove").click()
        notice = tv.locator(".lie-called-off")
        expect(notice).to_contain_text("Round 1 was called off: cal left the game")
        expect(notice).to_contain_text("ana opens round 2.")
        expect(ben.locator(".lie-called-off")).to_contain_text("Round 1 was called off")
        snap(tv, "tv-round-called-off")
        snap(ben, "phone-small-round-called-off")

        set_hand(ana, [3, 3])
        set_hand(ben, [6, 6, 6, 1])
        bid(ana, 2, 3)
        expect(tv.locator(".lie-called-off")).to_have_count(0)

        # The host ends the game: nobody wins, and every hand set this round is shown to all.
        ana.once("dialog", lambda dialog: dialog.accept())
        ana.get_by_role("button", name=re.compile("End game")).click()
        for page in (ana, ben, tv):
            expect(page.locator("#region-now")).to_contain_text("The host ended the game: nobody wins")
            ended = page.locator(".lie-ended")
            expect(ended).to_contain_text("Round 2, as the host ended the game")
            expect(ended.locator("tr", has_text="ana").locator(".die")).to_have_text(["3", "3"])
            expect(ended.locator("tr", has_text="ben").locator(".die")).to_have_text(["1", "6", "6", "6"])
            expect(page.locator("form[data-lie-bid], form[data-lie-hand]")).to_have_count(0)
        snap(tv, "tv-ended-by-host")
        snap(ben, "phone-small-ended-by-host")
    finally:
        for c in contexts:
            c.close()


def test_a_shorter_game_says_why_each_player_is_out_and_names_the_play_off(servers, browser):
    """Ben loses a card, then Dee loses all five: Dee can draw none, Ben (4) is short of the most
    (5), and Ana and Cal, tied, play off. Every hand is empty, so every bid is a lie."""
    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(4)] + [browser.new_context(**TV)]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, cal, dee, tv = (c.new_page() for c in contexts)
    players = (ana, ben, cal, dee)
    try:
        code = create_lie_table(ana, base, "ana")
        for page, name in zip(players[1:], ("ben", "cal", "dee")):
            join_by_code(page, base, code, name)
        open_display(tv, base, code)
        ana.get_by_label("Shorter Game").check()
        expect(ben.locator(".setup-summary")).to_contain_text("Yes")
        ana.get_by_role("button", name="Start the game").click()

        def play_round(bidders, caller):
            for page in players:
                set_hand(page, [])
            for face, page in enumerate(bidders, start=2):
                bid(page, 1, face)
            call_lie(caller)

        play_round((ana, ben), cal)  # ben's one two is a lie: ben draws 4
        expect(tv.locator(".lie-showdown")).to_contain_text("ben lost: 4 cards next round")
        play_round((cal, dee), ana)  # cal opens (won round 1); dee's bid is a lie
        for _ in range(4):
            play_round((ana, ben, cal, dee), ana)
        shown = tv.locator(".lie-showdown")
        expect(shown).to_contain_text("dee is out: no cards left to draw.")
        expect(shown).to_contain_text("ben is out (Shorter Game): 4 cards, fewer than the most (5), when dee could draw none.")
        expect(shown).to_contain_text("Play-off (Shorter Game): ana and cal, tied on the most cards (5), "
                                      "play the remaining rounds")
        expect(tv.locator(".lie-players h2")).to_contain_text("play-off")
        expect(ben.locator("#region-now")).to_contain_text("You are out of this game")
        expect(ben.locator("#region-now")).to_contain_text("Shorter Game: you had 4 cards, fewer than the most (5), when dee")
        expect(ben.locator("#region-now")).not_to_contain_text("draw no more")
        snap(ben, "phone-small-out-shorter-game")
        snap(tv, "tv-shorter-game-play-off")
    finally:
        for c in contexts:
            c.close()


def turn_cards(page: Page, ends: list[int | None]) -> list[int]:
    """Tap an end of each dealt card (0: its top, 1: its bottom, None: leave it unused); the faces turned up."""
    faces = []
    for number, end in enumerate(ends):
        card = page.locator(".lie-card").nth(number)
        choice = card.locator("label.lie-end").nth(2 if end is None else end)
        choice.click()
        if end is not None:
            faces.append(int(choice.locator("input").get_attribute("value")))
    return faces


def test_the_app_deals_two_phones_play_lie_from_their_dealt_cards_to_the_end(servers, browser):
    """No cards on the table: each phone is dealt its hand and turns each card by tapping an end.
    Ana opens on a face she turned up, Ben calls "Lie!" and loses, five rounds running."""
    base = servers[0].url
    ana_ctx = browser.new_context(**SMALL_PHONE, color_scheme="light")
    ben_ctx = browser.new_context(**SMALL_PHONE, color_scheme="dark")
    tv_ctx = browser.new_context(**TV, color_scheme="dark")
    contexts = [ana_ctx, ben_ctx, tv_ctx]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, tv = (c.new_page() for c in contexts)
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        open_display(tv, base, code)
        ana.get_by_label("The app deals").check()
        ana.get_by_label("Odds helper").check()
        expect(ben.locator(".setup-summary")).to_contain_text("The app deals")
        snap(ana, "phone-lobby-app-deals")
        ana.get_by_role("button", name="Start the game").click()

        for rnd, cards in enumerate((5, 4, 3, 2, 1), start=1):
            # Each phone is dealt its cards; the TV shows who is set, and no card.
            expect(ben.locator("form[data-lie-dealt] h2")).to_contain_text(f"{cards} card")
            expect(ben.locator(".lie-card")).to_have_count(cards)
            expect(ana.locator(".lie-card")).to_have_count(5)
            expect(ben.locator("#region-now")).to_contain_text("dealt: set your hand")
            expect(tv.locator(".lie-players")).to_contain_text("the app deals")
            assert tv.locator(".lie-card, form[data-lie-dealt]").count() == 0
            if rnd == 1:
                expect(ben.locator(".lie-deck")).to_contain_text("Which faces share a card is assumed")
                # Ben turns two cards, changes his mind on one; the count follows his taps.
                turn_cards(ben, [0, 1])
                expect(ben.locator(".lie-total")).to_contain_text("2 of 5 cards used")
                turn_cards(ben, [None])
                expect(ben.locator(".lie-total")).to_contain_text("1 of 5 cards used")
                snap(ben, "phone-dark-dealt-hand")
                snap(tv, "tv-dark-dealt-hands")
                ben.get_by_role("button", name="Set my hand").click()
                expect(ben.locator(".lie-set")).to_contain_text("Set:")
                expect(ben.locator(".lie-card input:checked")).to_have_count(5)  # the hand set, as tapped
            else:
                ben.once("dialog", lambda d: d.accept())  # "Set this hand with no cards used?"
                ben.get_by_role("button", name="Set my hand").click()  # every card left unused
            expect(ana.locator("#lie-players")).to_contain_text("hand set ✓")
            face = turn_cards(ana, [0])[0]
            if rnd == 1:
                snap(ana, "phone-dealt-hand-tapped")
            ana.get_by_role("button", name="Set my hand").click()

            expect(ana.locator("#region-now")).to_contain_text("Your turn: make the opening bid")
            bid(ana, 1, face)
            expect(ben.locator("#region-now")).to_contain_text("Your turn: bid or call Lie!")
            expect(ben.locator(".lie-model")).to_contain_text("The app dealt")
            if rnd == 1:
                ben.locator(".lie-myhand summary").click()
                expect(ben.locator(".lie-myhand .lie-cardpair")).to_have_count(5)
                snap(ben, "phone-dark-dealt-odds")
            call_lie(ben)
            # Ana's face is there: Ben loses and is dealt one card fewer next round.
            if rnd == 1:
                expect(tv.locator(".lie-showdown")).to_be_visible()
                snap(tv, "tv-dark-dealt-showdown")

        for page in (ana, ben, tv):
            expect(page.locator("#region-now")).to_contain_text("win")
        expect(ana.locator("#region-now")).to_contain_text("You win")
    finally:
        for c in contexts:
            c.close()


def test_each_dealt_card_keeps_its_own_end_through_the_others_setting_theirs(servers, browser):
    """Ben turns four of his five dealt cards (tapping one card's end leaves the other cards as
    they are) and has not set his hand when Ana and Cal set theirs: every card still shows the
    end Ben tapped (or unused), and Set my hand sends exactly those four faces."""
    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(3)]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, cal = (c.new_page() for c in contexts)
    try:
        code = create_lie_table(ana, base, "ana")
        join_by_code(ben, base, code, "ben")
        join_by_code(cal, base, code, "cal")
        ana.get_by_label("The app deals").check()
        expect(ben.locator(".setup-summary")).to_contain_text("The app deals")
        ana.get_by_role("button", name="Start the game").click()

        expect(ben.locator(".lie-card")).to_have_count(5)
        faces = turn_cards(ben, [0, 1, None, 0, 1])
        expect(ben.locator(".lie-total")).to_contain_text("4 of 5 cards used")
        tapped = ben.locator(".lie-card input:checked").evaluate_all("els => els.map(e => e.value)")
        for page in (ana, cal):
            turn_cards(page, [0])
            page.get_by_role("button", name="Set my hand").click()
        expect(ben.locator("#lie-players")).to_contain_text("hand set ✓", timeout=10_000)
        expect(ben.locator("#lie-players li", has_text="cal")).to_contain_text("hand set ✓")
        expect(ben.locator(".lie-card input:checked")).to_have_count(5)
        assert ben.locator(".lie-card input:checked").evaluate_all("els => els.map(e => e.value)") == tapped
        expect(ben.locator(".lie-total")).to_contain_text("4 of 5 cards used")
        ben.get_by_role("button", name="Set my hand").click()
        expect(ben.locator("#region-now")).not_to_contain_text("set your hand")
        ben.locator(".lie-myhand summary").click()
        shown = ben.locator(".lie-myhand p.dice .die").all_inner_texts()
        assert sorted(int(f) for f in shown) == sorted(faces)  # the hand set is the four ends tapped
    finally:
        for c in contexts:
            c.close()


def test_after_a_lie_every_small_phone_leads_with_what_came_of_it(servers, browser):
    """At 360x640 the count, who won and who lost, and a player put out and the play-off come first,
    above the next hand's form, on every phone's first screen (the TV's showdown card leads it); a bidder's first screen
    holds the picker and its Bid button, above "Lie!"."""
    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(4)] + [browser.new_context(**TV)]
    for c in contexts:
        c.set_default_timeout(10_000)
    ana, ben, cal, dee, tv = (c.new_page() for c in contexts)
    players = (ana, ben, cal, dee)
    try:
        code = create_lie_table(ana, base, "ana")
        for page, name in zip(players[1:], ("ben", "cal", "dee")):
            join_by_code(page, base, code, name)
        open_display(tv, base, code)
        ana.get_by_label("Shorter Game").check()
        expect(ben.locator(".setup-summary")).to_contain_text("Yes")
        ana.get_by_role("button", name="Start the game").click()

        def leads(page: Page, words: str) -> None:
            expect(page.locator("#region-now")).to_contain_text(words)
            now, form = first_screen_box(page, "#region-now"), first_screen_box(page, "form[data-lie-hand]")
            assert now["y"] + now["height"] <= 640, f"the result ends at {now['y'] + now['height']}px"
            assert now["y"] + now["height"] <= form["y"], "the result is under the hand form"

        for page in players:
            set_hand(page, [])
        bid(ana, 1, 2)
        # Ben bids next: the picker and its Bid button on his first screen, "Lie!" under them.
        expect(ben.locator("form[data-lie-bid]")).to_be_visible()
        button, lie = first_screen_box(ben, "[data-bid-label]"), first_screen_box(ben, ".lie-button")
        assert button["y"] + button["height"] <= 640 and button["y"] < lie["y"]
        bid(ben, 1, 3)
        for page in (cal, dee):  # read further down, as a phone often is
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            assert page.evaluate("() => window.scrollY") > 0
        # Cal taps "Lie!" where the page stands (a click by the test would scroll to the button).
        cal.locator(".lie-button").evaluate("button => button.click()")
        # nothing shows: ben's one three is a lie, and ben draws 4. What came of it is news: the
        # caller's phone and every other go to the top, where the result is told.
        for page in (cal, dee):
            page.wait_for_function("() => window.scrollY === 0")
            expect(page.locator("#region-now")).to_be_in_viewport()
        said = "cal called Lie on ben: 0 threes, the bid was a lie."
        leads(ana, said)
        leads(ana, "ben lost the challenge: 4 cards next round. You keep 5 cards.")
        leads(ben, "You lost the challenge: you draw 4 cards next round.")
        leads(cal, "You won the challenge: you keep 5 cards.")
        leads(dee, said)
        # The TV has no form: its showdown card leads, whole on the first screen.
        expect(tv.locator(".lie-showdown")).to_contain_text("cal called “Lie!” on ben")
        expect(tv.locator(".lie-showdown")).to_contain_text("ben lost: 4 cards next round")
        shown = first_screen_box(tv, ".lie-showdown")
        assert shown["y"] + shown["height"] <= 720
        snap(ben, "phone-small-result-first")
        snap(tv, "tv-result-first")

        # Dee's bids are lies until she can draw none: ana and cal (5) play off, ben (4) and dee are out.
        def play_round(bidders, caller):
            for page in players:
                set_hand(page, [])
            for face, page in enumerate(bidders, start=2):
                bid(page, 1, face)
            call_lie(caller)

        play_round((cal, dee), ana)
        for _ in range(4):
            play_round((ana, ben, cal, dee), ana)
        leads(ana, "Play-off: you and cal; everyone else is out.")
        leads(cal, "Play-off: you and ana; everyone else is out.")
        expect(dee.locator("#region-now")).to_contain_text("You have no cards left to draw.")
        expect(tv.locator(".lie-showdown")).to_contain_text("Play-off (Shorter Game): ana and cal")
        snap(ana, "phone-small-play-off-first")
    finally:
        for c in contexts:
            c.close()
