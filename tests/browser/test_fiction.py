"""Fiction played in Chromium as a group plays it: Lena the Lie-brarian, Gus and Gwen guessing on
their own phones, and a TV as the table display. Every response body and socket frame the three
non-Lie-brarian screens receive is kept, and none may hold the secret or an honest clue before the end.

Screenshots of every screen go to var/screenshots/fiction-*.png (kept out of git) to be looked at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.fiction.rules.words import common_words
from tests.browser.conftest import PHONE, TV, CuttableProxy
from tests.browser.phones import assert_fits, create_table, first_screen_box, join_by_code

pytestmark = [pytest.mark.browser]

OUT = Path(__file__).resolve().parents[2] / "var" / "screenshots"
OTHER = {"✓": "✗", "~": "✓", "✗": "~"}  # a lie: any clue changed into another


def snap(page: Page, name: str) -> None:
    """A picture to look at; and nothing spills sideways or is too small to tap."""
    assert_fits(page, name)
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"fiction-{name}.png"), full_page=True)


class Wiretap:
    """Everything one screen is sent: HTTP response bodies and socket frames."""

    def __init__(self, page: Page):
        self.responses: list = []
        self.frames: list[str] = []
        self.on = True
        page.on("response", lambda r: self.on and self.responses.append(r))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.on and self.frames.append(str(f))))

    def texts(self) -> list[str]:
        out = list(self.frames)
        for response in self.responses:
            try:
                out.append(response.body().decode("utf-8", "replace"))
            except Exception:  # a redirect or an aborted request has no body
                pass
        return out


def create_fiction(page: Page, base: str, name: str) -> str:
    return create_table(page, base, name, "fiction")


def seat_everyone(base: str, lena: Page, gus: Page, gwen: Page, tv: Page) -> str:
    code = create_fiction(lena, base, "Lena")
    join_by_code(gus, base, code, "Gus")
    join_by_code(gwen, base, code, "Gwen")
    tv.goto(f"{base}/t/{code}/")
    tv.get_by_role("button", name="Use this screen as the table display").click()
    expect(lena.locator("#region-people")).to_contain_text("Gwen")
    expect(gus.locator(".seat", has_text="Lena")).to_contain_text("Lie-brarian")
    return code


def choose_secret(lena: Page, word: str, hint: str) -> None:
    lena.locator("#choose-secret-word").fill(word)
    lena.locator("#choose-secret-hint").fill(hint)
    lena.get_by_role("button", name="Keep this secret").click()


def begin_first_half(lena: Page, guesser: Page, word: str = "melon", hint: str = "l") -> None:
    """Lena starts the game, keeps the secret and starts the timer: the Guessers' turn."""
    lena.get_by_role("button", name="Start the game").click()
    choose_secret(lena, word, hint)
    lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
    expect(guesser.locator("#region-now")).to_contain_text("Your turn")


def guess(page: Page, word: str, *, wins: bool = False) -> None:
    box = page.locator(".guess-form .word-input")
    box.fill(word)
    page.get_by_role("button", name="Guess", exact=True).click()
    if wins:
        expect(box).to_have_count(0)
    else:
        expect(box).to_have_value("")  # sent: the box is ready for the next guess


def lie_and_share(lena: Page, number: int, *, at: tuple[int, ...] = (0,)) -> str:
    """Lena tells a lie under each letter in ``at`` and shares; returns the shared clues."""
    form = lena.locator(f"#share-{number}")
    share = form.locator("button.share")
    expect(share).to_be_disabled()
    expect(form.locator(".share-why")).to_contain_text("you changed 0")
    shared = []
    for i in range(5):
        honest = form.locator(".pick").nth(i).get_attribute("data-honest")
        clue = OTHER[honest] if i in at else honest
        form.locator("select").nth(i).select_option(clue)
        shared.append(clue)
    expect(share).to_be_enabled()
    share.click()
    expect(lena.locator(f"#board-{number} .clue.token.lie")).to_have_count(len(at))
    return "".join(shared)


def shared_clues(page: Page, number: int) -> str:
    return "".join(page.locator(f"#board-{number} .clue.token").all_inner_texts())


def test_a_whole_game_lost_with_a_halftime_keeps_the_secret_off_every_other_screen(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    taps = [Wiretap(p) for p in (gus, gwen, tv)]
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        snap(lena, "lobby-host")
        lena.get_by_role("button", name="Start the game").click()
        expect(lena.locator("#region-now")).to_contain_text("Choose the secret word")
        snap(lena, "prologue-librarian")
        expect(gus.locator("#region-setup_panel")).to_contain_text("choosing a secret word")
        snap(gus, "prologue-guesser")

        choose_secret(lena, "melon", "x")  # the hint must be in the word: said at the field, once
        expect(lena.locator("#choose-secret")).to_contain_text("hint is one letter")
        expect(lena.get_by_text("hint is one letter")).to_have_count(1)
        expect(lena.locator("#flash")).not_to_contain_text("hint is one letter")
        choose_secret(lena, "melon", "l")
        lena.locator("summary", has_text="Tap to see your secret").click()
        expect(lena.locator("#region-setup_panel .big-secret")).to_have_text("MELON")
        snap(lena, "prologue-ready")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
        expect(gus.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
        expect(gus.locator(".clock-time")).to_have_text(re.compile(r"^(10:00|9:[0-5]\d)$"))
        expect(tv.locator(".hint-letter")).to_have_text("L")
        snap(gus, "guessing-empty")

        gwen.locator(".guess-form .word-input").fill("trees")  # refused with the rules' reason, text kept
        gwen.get_by_role("button", name="Guess", exact=True).click()
        expect(gwen.locator(".guess-form")).to_contain_text(re.compile("repeat|duplicate", re.I))
        expect(gwen.locator(".guess-form .word-input")).to_have_value("trees")
        snap(gwen, "refused-guess")

        guess(gus, "ghost")
        expect(gwen.locator("#region-now")).to_contain_text("Waiting for the Lie-brarian")
        expect(gwen.locator(".clock-label")).to_contain_text("stopped")
        expect(gwen.locator("#board-1")).to_contain_text("Waiting for the Lie-brarian's clues")
        expect(lena.locator("#board-1 .clue.honest")).to_have_count(5)
        refused = gus.evaluate("""async () => {  // a guesser posting the Lie-brarian's move by hand
            const body = new URLSearchParams([["type", "share_clues"], ...[..."✓✓✓✓~"].map(c => ["clues", c]),
                                              ["version", document.getElementById("table-version").value]]);
            const r = await fetch(location.pathname + "move/", {method: "POST", body,
                headers: {"X-CSRFToken": document.querySelector('meta[name="csrf-token"]').content, "HX-Request": "true"}});
            return [r.status, r.headers.get("HX-Trigger") || ""];
        }""")
        assert refused[0] == 422 and "not-your-turn" in refused[1]
        lena.locator("#share-1 select").nth(0).select_option(OTHER[lena.locator("#share-1 .pick").nth(0).get_attribute("data-honest")])
        lena.locator("#share-1 select").nth(1).select_option(OTHER[lena.locator("#share-1 .pick").nth(1).get_attribute("data-honest")])
        expect(lena.locator("#share-1 button.share")).to_be_disabled()
        expect(lena.locator("#share-1 .share-why")).to_have_text("Change exactly one clue; you changed 2.")
        snap(lena, "picker-two-lies")
        lena.locator("#share-1 select").nth(1).select_option(lena.locator("#share-1 .pick").nth(1).get_attribute("data-honest"))
        expect(lena.locator("#share-1 button.share")).to_be_enabled()
        snap(lena, "picker-one-lie")
        lena.locator("#share-1 button.share").click()
        expect(lena.locator("#board-1 .clue.token.lie")).to_have_count(1)
        public = shared_clues(lena, 1)
        expect(gwen.locator("#board-1")).to_contain_text("Exactly one of these clues is a lie")
        for page in (gus, gwen, tv):
            expect(page.locator("#board-1 .clue.token")).to_have_text(list(public))
        expect(gus.locator(".clock-label")).to_contain_text("running")

        # Fact/Fiction on the lie (the first letter): FICTION on every screen
        gus.locator("#ff-1-3 .ff-letter").nth(0).click()
        gus.get_by_role("button", name="Use a Fact/Fiction token").click()
        for page in (lena, gus, gwen, tv):
            expect(page.locator("#board-1 .ff.fiction")).to_have_text("FICTION")
        expect(gwen.locator(".tokens")).to_contain_text("2 Fact/Fiction tokens")
        expect(gwen.locator(".ff-form button")).to_be_disabled()  # one token before each next guess
        expect(gwen.locator(".ff-form")).to_contain_text("make your next guess first")
        gus.locator("#mark-q button").click()  # a pen mark on the alphabet board, on every Guesser's phone
        expect(gwen.locator("#mark-q button")).to_have_class(re.compile("mark-in"))
        gwen.locator("#mark-q button").click()
        expect(gus.locator("#mark-q button")).to_have_class(re.compile("mark-out"))
        snap(gwen, "board-after-fiction")
        snap(tv, "display-first-half")

        for number, word in enumerate(("plumb", "crane", "dirty"), start=2):
            guess(gwen if number % 2 else gus, word)
            lie_and_share(lena, number, at=(4,))
        # Fact/Fiction on a truth (the first letter of DIRTY): FACT
        gwen.locator("#ff-4-2 .ff-letter").nth(0).click()
        gwen.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-4 .ff.fact")).to_have_text("FACT")
        expect(gus.locator("#region-alphabet .abc-in").first).to_be_visible()
        guess(gus, "waltz")
        lie_and_share(lena, 5, at=(4,))

        # five guesses: halftime; the host (Lena) starts the second half
        expect(gus.locator("#region-halftime")).to_contain_text("Halftime")
        expect(gus.locator("#region-now")).to_contain_text("Halftime")
        snap(gus, "halftime-guesser")
        snap(lena, "halftime-host")
        snap(tv, "display-halftime")
        lena.get_by_role("button", name="▶ Start the second half").click()
        expect(gus.locator("#region-now")).to_contain_text("5 guesses left in the second half")

        for number, word in enumerate(("funky", "brick", "vinyl", "jumpy"), start=6):
            guess(gus, word)
            lie_and_share(lena, number, at=(2,))
        expect(tv.locator("#board-9")).to_have_class(re.compile("half-2"))
        snap(gus, "second-half-guesser")
        snap(lena, "second-half-librarian")
        guess(gwen, "shark")
        expect(lena.locator("#region-now")).to_contain_text("Give the clues")
        snap(lena, "picker-last-row")

        for tap in taps:  # nothing secret reached the other screens before the end
            tap.on = False
            for text in tap.texts():
                assert "melon" not in text.lower()
                assert "clue honest" not in text and "Honest clue" not in text
        for page in (gus, gwen, tv):
            assert "melon" not in page.content().lower()

        lie_and_share(lena, 10, at=(0,))
        for page in (lena, gus, gwen, tv):
            expect(page.locator("#region-outcome")).to_contain_text("The Lie-brarian wins!")
            expect(page.locator("#region-outcome .big-secret")).to_have_text("MELON")
            expect(page.locator("#board-10 .clue.token.lie")).to_have_count(1)
            expect(page.locator(".clue.honest")).to_have_count(50)
        snap(gus, "end-guesser")
        snap(lena, "end-host")
        snap(tv, "display-end")
        lena.get_by_role("button", name=re.compile("Play again: Gus takes over from Lena")).click()
        expect(gus.locator("#region-now")).to_contain_text(re.compile("setup|start", re.I))
        expect(gus.locator(".seat", has_text="Gus")).to_contain_text("Lie-brarian")
    finally:
        for context in contexts:
            context.close()


def test_a_book_card_word_is_allowed_anyway_and_guessed_in_the_first_half(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE, color_scheme="dark") for _ in range(3)]
    contexts.append(browser.new_context(**TV, color_scheme="dark"))
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "zlorp", "z")
        expect(lena.locator("#choose-secret")).to_contain_text("not in our dictionary")
        expect(lena.get_by_text("not in our dictionary")).to_have_count(1)  # not again at the top
        snap(lena, "dark-allow-anyway")
        lena.get_by_role("button", name="Allow it anyway: it is on the book card").click()
        expect(lena.locator("#region-now")).to_contain_text("Start the 10-minute timer")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()

        guess(gwen, "quack")
        lie_and_share(lena, 1, at=(3,))
        snap(lena, "dark-librarian-board")
        snap(gwen, "dark-guesser-board")
        snap(tv, "dark-display")
        # Not in the dictionary: refused as any such word is, until the table agrees it is a word.
        box = gus.locator(".guess-form .word-input")
        box.fill("zlorp")
        expect(gus.locator("[data-try-verdict]")).to_contain_text("If the whole table agrees it is a word")
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_enabled()
        gus.get_by_role("button", name="Guess", exact=True).click()
        expect(gus.locator(".guess-form")).to_contain_text("ZLORP is not in our English dictionary")
        snap(gus, "dark-allow-house-word")
        gus.get_by_role("button", name="Allow it anyway: the whole table agrees it is a word").click()
        expect(box).to_have_count(0)
        for page in (lena, gus, gwen, tv):
            expect(page.locator("#region-outcome")).to_contain_text("The Guessers win!")
            expect(page.locator("#region-outcome .big-secret")).to_have_text("ZLORP")
        expect(gus.locator("#region-now")).to_contain_text("You guessed the secret word!")
        snap(gus, "dark-end-guesser")
        snap(tv, "dark-display-end")
    finally:
        for context in contexts:
            context.close()


def test_clue_check_refuses_a_row_with_two_lies_at_the_field_and_keeps_the_paper_numbering(servers, browser):
    context = browser.new_context(**PHONE)
    lena = context.new_page()
    try:
        create_fiction(lena, servers[0].url, "Lena")
        lena.locator("#setup-clue_check").check()
        expect(lena.get_by_role("button", name="Start the game")).to_be_enabled()
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "ready", "r")
        expect(lena.locator("#region-now")).to_contain_text("Clue check")
        expect(lena.locator(".clock")).to_have_count(0)
        form = lena.locator(".check-form")
        button = lena.get_by_role("button", name="Check this row")

        def lay(guess: str, clues: str) -> None:
            form.locator(".word-input").fill(guess)
            for i, clue in enumerate(clues):
                form.locator("select").nth(i).select_option(clue)

        lay("entry", "~✗✗~✗")  # the rulebook's example, the Y's ✓ turned into a lie
        button.click()
        expect(lena.locator("#check-row-1 .verdict")).to_contain_text("Exactly one lie, under letter 5")
        lay("tiger", "✓✗✗✓~")  # honest is ✗✗✗~~: two clues changed
        verdict = form.locator("[data-try-verdict]")
        expect(verdict).to_contain_text("2 lies, not one")
        expect(verdict).to_contain_text("letter 1 shows ✓, honest is ✗")
        expect(verdict).to_contain_text("letter 4 shows ✓, honest is ~")
        expect(button).to_be_disabled()  # a refused row is never stored
        expect(lena.locator("#check-row-2")).to_have_count(0)
        expect(form).to_contain_text("Guess 2 from the paper board")
        snap(lena, "clue-check")
        form.locator("select").nth(0).select_option("✗")  # the table puts one token back
        expect(button).to_be_enabled()
        button.click()
        expect(lena.locator("#check-row-2 .verdict")).to_contain_text("Exactly one lie, under letter 4")
        expect(lena.locator(".check-form .word-input")).to_have_value("")
    finally:
        context.close()


def test_clue_check_reaches_the_guessers_win_when_a_row_is_the_secret(servers, browser):
    """Lena checks a paper game on her phone with the TV watching: a non-word is warned of and
    checked anyway, the pickers read the letters typed, and the row with the secret ends the game."""
    base = servers[0].url
    contexts = [browser.new_context(**PHONE), browser.new_context(**TV)]
    lena, tv = (c.new_page() for c in contexts)
    try:
        code = create_fiction(lena, base, "Lena")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        lena.locator("#setup-clue_check").check()
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "ready", "r")
        form = lena.locator(".check-form")
        labels = form.locator(".check-token label")
        expect(labels).to_have_text(["·"] * 5)

        word = form.locator(".word-input")
        word.press_sequentially("fyk", delay=60)
        expect(labels).to_have_text(["F", "Y", "K", "·", "·"])
        expect(form.locator("select").nth(2)).to_have_attribute("aria-label", "Clue token under K")
        word.press_sequentially("li", delay=60)
        expect(form.locator("[data-try-verdict]")).to_have_text("FYKLI is not in our English dictionary.")
        expect(word).to_have_value("fykli")  # nothing the page did ate the typing
        button = lena.get_by_role("button", name="Check this row")
        expect(button).to_be_enabled()  # a warning, not a refusal: the paper game may allow it
        snap(lena, "clue-check-warning")
        button.click()
        expect(lena.locator("#check-row-1 .check-warning")).to_have_text("⚠ FYKLI is not in our English dictionary.")
        expect(lena.locator(".check-form .check-token label")).to_have_text(["·"] * 5)
        # the TV follows the paper board row by row: each verdict, never an honest clue
        expect(tv.locator("#check-row-1 .verdict")).to_contain_text("One lie: a fair row.")
        expect(tv.locator("#check-row-1 .clue.token")).to_have_text(["✗"] * 5)
        expect(tv.locator(".clue.honest")).to_have_count(0)

        lena.locator(".check-form .word-input").fill("ready")
        for i in range(5):
            lena.locator(".check-form select").nth(i).select_option("✓")
        lena.get_by_role("button", name="Check this row").click()
        for page in (lena, tv):
            expect(page.locator(".outcome")).to_contain_text("The Guessers win!")
            expect(page.locator(".outcome")).to_contain_text("on checked row 2")
            expect(page.locator(".outcome .secret")).to_have_text("READY")
            expect(page.locator("#check-row-2 .verdict")).to_contain_text("The secret word: the Guessers win.")
            expect(page.locator("#check-row-1")).to_be_visible()  # oldest first, above the win
        expect(lena.locator(".check-form")).to_have_count(0)
        expect(lena.locator(".games-played")).to_contain_text("Game 1: the Guessers won (guessed)")
        snap(lena, "clue-check-win")
        snap(tv, "clue-check-win-display")
    finally:
        for context in contexts:
            context.close()


def test_a_game_against_the_app_as_lie_brarian(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(2)] + [browser.new_context(**TV)]
    lena, gus, tv = (c.new_page() for c in contexts)
    try:
        code = create_fiction(lena, base, "Lena")
        join_by_code(gus, base, code, "Gus")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        lena.locator("#setup-app_librarian").check()
        # The app takes the book card: Lena, who held it, is a Guesser like everyone.
        expect(gus.locator(".seat", has_text="Lena")).to_contain_text("Guesser")
        start = lena.get_by_role("button", name="Start the game")
        expect(start).to_be_enabled()
        start.click()
        expect(gus.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
        expect(gus.locator(".clock-label")).to_contain_text("running")

        # Words the app never draws as its secret (not among its common words): no lucky win.
        words = ("golem", "aphid")
        assert not set(words) & set(common_words())
        for number, word in enumerate(words, start=1):
            guess(lena if number % 2 else gus, word)  # the app answers at once: no one waits
            for page in (lena, gus, tv):
                expect(page.locator(f"#board-{number} .clue.token:not(.pending)")).to_have_count(5)
            expect(gus.locator(".clock-label")).to_contain_text("running")
        expect(tv.locator("#board-2")).to_contain_text("Exactly one of these clues is a lie")
        gus.locator("#ff-2-3 .ff-letter").nth(2).click()
        gus.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-2 .ff")).to_have_text(re.compile("^(FACT|FICTION)$"))
        snap(gus, "app-librarian-guesser")
        snap(tv, "app-librarian-display")
        assert not lena.locator(".clue.honest").count()  # nobody at the table holds the truth
    finally:
        for context in contexts:
            context.close()


def test_the_host_enters_a_card_the_app_does_not_know_with_ordinary_controls(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE), browser.new_context(**TV)]
    lena, tv = (c.new_page() for c in contexts)
    try:
        code = create_fiction(lena, base, "Lena")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        lena.locator("#setup-ability_cards").check()
        lena.locator("#setup-guesser_cards-1-text").fill("Point to any letter")
        lena.locator("#setup-guesser_cards-1-effect").select_option("with-token")
        lena.locator("#setup-guesser_cards-1-uses").select_option("2")
        expect(lena.locator("#setup-guesser_cards-2-text")).to_have_value("")  # a blank row for the next card
        expect(lena.locator("#setup-guesser_cards-1-effect")).to_have_value("with-token")
        expect(tv.locator(".setup-short")).to_contain_text("Point to any letter (blue badge, at most 2 uses)")
        snap(lena, "typed-card-rows")
        lena.locator("#setup-guesser_cards-1-text").fill("")  # cleared: the card is gone
        lena.locator("#setup-guesser_cards-1-uses").select_option("1")
        expect(lena.locator("#setup-guesser_cards-2-text")).to_have_count(0)
        expect(tv.locator(".setup-short")).not_to_contain_text("Point to any letter")
    finally:
        for context in contexts:
            context.close()


def test_banned_books_lie_about_plus_one_letter_and_tokens_on_an_earlier_vowel(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        lena.locator("#setup-ability_cards").check()
        expect(gus.locator(".setup-summary")).to_contain_text("Banned Books")
        lena.get_by_role("button", name="Start the game").click()
        lena.locator("#choose-ability-lie-plus-one").get_by_role("button", name="Keep this card").click()
        snap(gwen, "ability-cards-guesser")
        gwen.locator("#choose-ability-vowel-in-any-guess").get_by_role("button", name="Keep this card").click()
        expect(gus.locator("#region-setup_panel .ability")).to_have_count(2)
        choose_secret(lena, "melon", "m")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()

        guess(gus, "ghost")
        lie_and_share(lena, 1, at=(0, 4))  # two lies: Share is allowed with the card, a feather crossed off
        expect(lena.locator("#board-1 .board-note")).to_contain_text("feather crossed off")
        expect(lena.locator(".ability", has_text="Lie about +1 letter")).to_contain_text("at most 2 uses · 1 use left")
        # the limit is on the card's face for all to see; the feathers left are crossed off in secret
        expect(tv.locator(".ability", has_text="Lie about +1 letter")).to_contain_text("at most 2 uses")
        assert "left" not in tv.locator(".ability", has_text="Lie about +1 letter").inner_text()
        expect(gwen.locator("#board-1")).to_contain_text("1 or 2 of these clues may be lies")
        assert "use left" not in gwen.locator(".ability", has_text="Lie about +1 letter").inner_text()

        # Banned Books: any number of tokens while the clock runs
        gwen.locator("#ff-1-3 .ff-letter").nth(0).click()
        gwen.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-1 .ff.fiction")).to_have_count(1)
        gwen.locator("#ff-1-2 .ff-letter").nth(1).click()
        gwen.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-1 .ff.fact")).to_have_count(1)
        # what the two tokens prove, on the guessers' screen: G's clue is a lie, H is out for sure
        expect(gwen.locator("#board-1 .board-note")).to_have_text(
            "A lie is under G; 0 or 1 more may be among the clues under O, S and T")
        expect(gwen.locator("#mark-h button")).to_have_attribute("title", "not in the word")

        guess(gwen, "plumb")
        lie_and_share(lena, 2, at=(1,))
        # The letter buttons are those of the guess chosen: a vowel of GHOST, an earlier guess
        letters = gus.locator("#ff-2-1 .ff-letter:visible")
        expect(letters.locator(".letter")).to_have_text(["P", "L", "U", "M", "B"])
        gus.locator("#ff-2-1-turn").select_option("0")
        expect(letters.locator(".letter")).to_have_text(["G", "H", "O", "S", "T"])
        for consonant in "GHST":
            expect(letters.filter(has_text=consonant).locator("input")).to_be_disabled()
        letters.filter(has_text="O").click()
        snap(gus, "vowel-card-earlier-guess")
        gus.locator("#ff-2-1-turn").select_option("")
        expect(letters.locator(".letter")).to_have_text(["P", "L", "U", "M", "B"])
        expect(gus.locator("#ff-2-1 input[name=position]:checked")).to_have_count(0)  # the O went with GHOST
        gus.locator("#ff-2-1-turn").select_option("0")
        letters.filter(has_text="O").click()
        gus.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-1 .ff.fact")).to_have_count(2)
        expect(tv.locator("#board-1 .board-note")).to_have_text(
            "A lie is under G; 0 or 1 more may be among the clues under S and T")
        expect(tv.locator(".tokens")).to_contain_text("0 Fact/Fiction tokens")
        snap(gus, "banned-books-guesser")
        snap(lena, "banned-books-librarian")
    finally:
        for context in contexts:
            context.close()


def test_a_reconnect_in_the_middle_of_a_row_keeps_the_lie_being_picked(servers, browser):
    proxy = CuttableProxy(servers[0].port)
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        code = create_fiction(lena, proxy.url, "Lena")
        join_by_code(gus, servers[0].url, code, "Gus")
        join_by_code(gwen, proxy.url, code, "Gwen")
        tv.goto(f"{servers[0].url}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "melon", "e")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
        guess(gus, "ghost")
        form = lena.locator("#share-1")
        honest = form.locator(".pick").nth(3).get_attribute("data-honest")
        form.locator("select").nth(3).select_option(OTHER[honest])
        lena.evaluate("window.sameDocument = true")

        proxy.cut()  # Lena's and Gwen's phones lose the table mid-row
        expect(lena.locator("#conn")).to_have_text("Reconnecting…")
        gus.locator(".guess-form .word-input").fill("plumb")  # nothing changes meanwhile: still the clues' turn
        proxy.restore()
        expect(lena.locator("#conn")).to_be_hidden(timeout=15_000)
        expect(form.locator("select").nth(3)).to_have_value(OTHER[honest])
        expect(form.locator("button.share")).to_be_enabled()
        form.locator("button.share").click()
        expect(gwen.locator("#board-1 .clue.token:not(.pending)")).to_have_count(5)
        expect(gwen.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
        assert lena.evaluate("window.sameDocument") is True
    finally:
        for context in contexts:
            context.close()
        proxy.close()


def test_the_host_ending_the_game_shows_every_phone_and_the_tv_the_word_and_the_lies(servers, browser):
    base = servers[0].url
    small = {**PHONE, "viewport": {"width": 360, "height": 640}}
    contexts = [browser.new_context(**small) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    try:
        seat_everyone(base, lena, gus, gwen, tv)
        begin_first_half(lena, gus)
        guess(gus, "ghost")
        public = lie_and_share(lena, 1, at=(4,))
        expect(tv.locator("#board-1 .clue.token")).to_have_text(list(public))
        expect(gus.locator("#board-1 .clue.honest")).to_have_count(0)

        lena.once("dialog", lambda dialog: dialog.accept())
        lena.get_by_role("button", name=re.compile("End game")).click()
        for page in (lena, gus, gwen, tv):
            expect(page.locator("#region-now")).to_contain_text("The host ended the game: nobody wins")
            expect(page.locator("#region-outcome")).to_contain_text("The secret word was MELON")
            expect(page.locator("#board-1 .clue.honest")).to_have_count(5)
            expect(page.locator("#board-1 .clue.token.lie")).to_have_count(1)
            expect(page.locator(".guess-form")).to_have_count(0)
        snap(gus, "small-ended-by-host")
        snap(tv, "display-ended-by-host")
    finally:
        for c in contexts:
            c.close()


# How many lines the table code takes inside an element's text (its last occurrence).
CODE_LINES = """(e, code) => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), spots = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    for (let i = 0; i < node.data.length; i++) spots.push([node, i]);
  const at = e.textContent.lastIndexOf(code), tops = new Set();
  for (let k = at; k < at + code.length; k++) {
    const range = document.createRange();
    range.setStart(spots[k][0], spots[k][1]);
    range.setEnd(spots[k][0], spots[k][1] + 1);
    tops.add(Math.round(range.getBoundingClientRect().top));
  }
  return tops.size;
}"""


def test_the_tv_lobby_shows_the_whole_invite_across_the_screen(servers, browser):
    """The Fiction display keeps its boards' column for play; in the lobby the invite reads whole."""
    base = servers[0].url
    contexts = [browser.new_context(**PHONE), browser.new_context(**TV)]
    lena, tv = (c.new_page() for c in contexts)
    try:
        code = create_fiction(lena, base, "Lena")
        tv.goto(f"{base}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        expect(tv.locator(".tv-code")).to_have_text(code)
        invite = tv.locator(".tv-invite").bounding_box()
        for part in (".tv-code", ".tv-invite .qr"):  # nothing spills out of the invite card
            box = tv.locator(part).bounding_box()
            assert box["x"] + box["width"] <= invite["x"] + invite["width"], part
        assert tv.locator(".tv-code").evaluate("e => e.scrollWidth <= e.clientWidth")  # the code is not cut
        url = tv.locator(".tv-invite-url")
        line = url.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
        assert url.bounding_box()["height"] <= 2 * line + 1  # the address reads as an address, not a column
        assert url.inner_text().replace("\n", "") == f"{base}/t/{code}/"
        # In a narrow column a line may end before the code, never inside it.
        url.evaluate("e => { e.style.width = '14em'; }")
        assert url.evaluate(CODE_LINES, code) == 1
        url.evaluate("e => { e.style.width = ''; }")
        qr = tv.locator(".tv-invite .qr").bounding_box()
        assert qr["y"] + qr["height"] <= 720
        snap(tv, "tv-lobby")
    finally:
        for context in contexts:
            context.close()


def test_a_teammates_guess_leaves_what_another_guesser_is_typing(servers, browser):
    """Against the app, Gwen is typing her idea while Gus sends his: her letters and her keyboard stay."""
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    gus, gwen = (c.new_page() for c in contexts)
    try:
        code = create_fiction(gus, base, "Gus")
        join_by_code(gwen, base, code, "Gwen")
        gus.locator("#setup-app_librarian").check()
        gus.locator("#region-people select").first.select_option("guesser")
        gus.get_by_role("button", name="Start the game").click()
        expect(gwen.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
        box = gwen.locator(".guess-form .word-input")
        box.click()
        box.press_sequentially("pl")
        guess(gus, "golem")
        expect(gwen.locator("#board-1 .clue.token:not(.pending)")).to_have_count(5)
        expect(box).to_have_value("pl")
        expect(box).to_be_focused()
        box.press_sequentially("umb")
        expect(box).to_have_value("plumb")
    finally:
        for context in contexts:
            context.close()


def banned_books_under_way(base: str, lena: Page, gus: Page, gwen: Page, tv: Page) -> None:
    """Everyone seated at Banned Books, Lena the Lie-brarian with the +1 card and Gwen with the
    vowel card, MELON chosen and the first half's clock running."""
    seat_everyone(base, lena, gus, gwen, tv)
    lena.locator("#setup-ability_cards").check()
    expect(gus.locator(".setup-summary")).to_contain_text("Banned Books")
    lena.get_by_role("button", name="Start the game").click()
    lena.locator("#choose-ability-lie-plus-one").get_by_role("button", name="Keep this card").click()
    gwen.locator("#choose-ability-vowel-in-any-guess").get_by_role("button", name="Keep this card").click()
    choose_secret(lena, "melon", "m")
    lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()


def test_on_a_small_phone_each_result_comes_first_and_a_guessers_turn_needs_no_scroll(servers, browser):
    """At 360x640, after a shared row and after an answered token, every phone's first screen and
    the TV lead with what came of it, above the guess box; a guesser's first screen holds the guess
    box, the latest clue row and the Fact/Fiction picker; the TV shows each card's limit."""
    from tests.browser.test_lie import SMALL_PHONE

    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)
    phones = (lena, gus, gwen)
    try:
        banned_books_under_way(base, lena, gus, gwen, tv)
        # The card's limit is on its face: the TV says it, but not the feathers Lena has left.
        expect(tv.locator(".ability", has_text="Lie about +1 letter")).to_contain_text("at most 2 uses")
        assert "left" not in tv.locator(".ability", has_text="Lie about +1 letter").inner_text()

        def leads(page: Page, words: str) -> None:
            expect(page.locator("#region-now")).to_contain_text(words)
            now = first_screen_box(page, "#region-now")
            assert now["y"] + now["height"] <= 640, f"the result ends at {now['y'] + now['height']}px"
            if page is not lena:
                box = first_screen_box(page, "#guess")
                assert now["y"] + now["height"] <= box["y"], "the result is under the guess box"

        def at_hand(page: Page) -> None:
            """The guess box, the latest clue row and the Fact/Fiction picker, all on the first screen."""
            for selector in ("#guess-word", "#region-guess_box .latest-board", ".ff-form .ff-letter",
                             ".ff-form button[type=submit]"):
                box = first_screen_box(page, selector)
                assert box["y"] + box["height"] <= 640, f"{selector} ends at {box['y'] + box['height']}px"

        guess(gus, "ghost")
        lie_and_share(lena, 1, at=(0,))
        said = "The Lie-brarian shared the clues for GHOST: 1 or 2 lies among them."
        leads(gus, said)
        leads(gwen, said)
        leads(lena, "You shared the clues for GHOST: the lie is under the 1st letter.")
        expect(tv.locator("#region-now")).to_contain_text(said)
        expect(gwen.locator("#region-guess_box .latest-board .letter")).to_have_text(list("GHOST"))
        at_hand(gwen)
        snap(gwen, "small-phone-shared-first")

        gwen.locator(".ff-form .ff-letter:visible").nth(0).click()
        gwen.get_by_role("button", name="Use a Fact/Fiction token").click()
        token = "token on the 1st letter of GHOST: FICTION."
        leads(gwen, f"Your {token}")
        leads(gus, f"Your {token}")
        leads(lena, f"The Guessers' {token}")
        expect(tv.locator("#region-now")).to_contain_text(f"The Guessers' {token}")
        at_hand(gus)
        snap(gus, "small-phone-token-first")
        snap(tv, "tv-token-first")
    finally:
        for c in contexts:
            c.close()


def test_the_hosts_pause_holds_the_banned_books_tokens_and_is_offered_only_while_the_clock_runs(servers, browser):
    """Banned Books tokens are for "while the timer is running": paused by the host, a guesser's
    token button says why it waits, and works once the clock runs again. The host is offered Pause
    only while the clock runs (not while clues are given, nor at halftime), and a waiting guesser's
    page says once that the clues are being given."""
    from tests.browser.test_lie import SMALL_PHONE

    base = servers[0].url
    contexts = [browser.new_context(**SMALL_PHONE) for _ in range(2)] + [browser.new_context(**TV) for _ in range(2)]
    lena, gus, gwen, tv = (c.new_page() for c in contexts)  # Gwen guesses on a big screen
    paused = "The clock is paused: tokens can be used while it runs."
    try:
        banned_books_under_way(base, lena, gus, gwen, tv)
        pause = lena.get_by_role("button", name="Pause clock")
        expect(pause).to_be_visible()

        guess(gus, "ghost")
        expect(gus.locator("#region-guess_box")).to_contain_text("The Lie-brarian is giving clues")
        assert gus.locator("#region-guess_box").inner_text().count("The Lie-brarian is giving clues") == 1
        expect(pause).to_have_count(0)  # the game stopped the clock itself
        snap(gus, "small-phone-waiting-for-clues")
        lie_and_share(lena, 1, at=(0,))

        pause.click()
        expect(lena.get_by_role("button", name="Resume clock")).to_be_visible()
        token = gus.get_by_role("button", name="Use a Fact/Fiction token")
        expect(token).to_be_disabled()
        expect(gus.locator("#region-guess_box .why")).to_have_text(paused)
        expect(gwen.locator("#region-guess_box .why")).to_have_text(paused)
        expect(gus.get_by_role("button", name="Guess", exact=True)).to_be_enabled()  # a guess may still go
        snap(gus, "small-phone-token-paused")
        snap(gwen, "tv-size-token-paused")

        lena.get_by_role("button", name="Resume clock").click()
        expect(token).to_be_enabled()
        expect(gus.locator("#region-guess_box .why")).to_have_count(0)
        gus.locator("#ff-1-3 .ff-letter").nth(0).click()
        token.click()
        expect(tv.locator("#board-1 .ff.fiction")).to_have_count(1)

        for number, word in enumerate(("plumb", "crane", "dirty", "fjord"), start=2):
            guess(gwen, word)
            lie_and_share(lena, number, at=(0,))
        expect(lena.get_by_role("button", name="Start the second half")).to_be_visible()
        expect(lena.locator("#region-host")).not_to_contain_text("Pause clock")
        snap(lena, "small-phone-host-halftime")
        lena.get_by_role("button", name="Start the second half").click()
        expect(pause).to_be_visible()
    finally:
        for c in contexts:
            c.close()
