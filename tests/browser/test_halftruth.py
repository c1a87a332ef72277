"""Half Truth played on three phones and a table display: a whole game, in Chromium.

Kamila hosts; the reader passes round the table every question. The game goes
through Amped, a fair roll, Half Lie, a skipped player, a changed pick, an undo,
two round ends and the final standings. Screens are saved to var/screenshots/
(phone 390x844 and TV 1280x720, light and dark) so a person can look at them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import assert_fits, first_screen_box, join_by_code
from tests.browser.test_screens import server_of  # noqa: F401 (a fixture: a server with a database of its own)

pytestmark = [pytest.mark.browser]

OUT = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def snap(page: Page, name: str, *, tv: bool = False) -> None:
    """Both colour schemes of one screen, after checking it fits and its targets are big enough."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_fits(page, name)
        OUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUT / f"halftruth-{name}-{scheme}.png"), full_page=not tv)
    if not tv:  # each game region on its own too, to look at closely
        for region in page.locator("#live > section[id^='region-']").all():
            if region.locator(".ht-die-card, .ht-picker, .ht-chips, .ht-reveal, .ht-result, .ht-tracker-card, "
                              ".ht-standings, .ht-history").count():
                region.screenshot(path=str(OUT / f"halftruth-{name}-{scheme}-{region.get_attribute('id')[7:]}.png"))


def move(page: Page) -> None:
    """Wait until the page's own last request settled (the flash is cleared or filled)."""
    page.wait_for_load_state("networkidle")


def tick(page: Page, prefix: str, letters: str) -> None:
    for letter in letters:
        page.locator(f"input[id^='{prefix}'][value='{letter}']").check()


def question_of(tv: Page) -> str:
    """The question being played, as its lock-in form's id names it ("r1-q4"), from the display."""
    found = re.search(r"Round (\d+), question (\d+)", tv.locator("#scoring-die .ht-where").inner_text())
    return f"r{found[1]}-q{found[2]}"


def lock_in(page: Page, letters: str, question: str) -> None:
    """Lock in ``letters`` for ``question`` once this phone shows its form: a phone a push behind
    the display may still show the last question's form, or none yet."""
    form = page.locator(f"form#lock-in-{question}")
    expect(form.locator("input[name=letters]")).to_have_count(6)
    for box in form.locator("input[name=letters]").all():
        box.set_checked(box.get_attribute("value") in letters)
    form.get_by_role("button").click()
    # One's own chips show on one's own phone, during the choosing and after.
    mine = page.locator("#picks .ht-player").filter(has_text="(you)").locator("[data-picks]")
    expect(mine).to_have_attribute("data-picks", "".join(sorted(letters)))


def enter_die(page: Page, face: str) -> None:
    page.locator("form[id^='set-die-']").get_by_role("button", name=face, exact=True).click()


def reveal(page: Page, correct: str) -> None:
    form = page.locator("form[id^='reveal-']")
    for letter in correct:
        form.locator(f"input[value='{letter}']").check()
    form.get_by_role("button", name="Reveal the correct answers").click()


def sit_down(base: str, kamila: Page, tony: Page, amy: Page, tv: Page) -> str:
    """Kamila creates a Half Truth table, Tony and Amy join by code, the TV opens as the display:
    its code."""
    kamila.on("dialog", lambda d: d.accept())
    kamila.goto(base + "/")
    card = kamila.locator("#game-halftruth")
    card.get_by_placeholder("Your name").fill("Kamila")
    card.get_by_role("button", name="Create table").click()
    expect(kamila.locator(".topcode")).to_have_text(re.compile(r"^[A-Z]{6}$"))
    code = kamila.locator(".topcode").inner_text()
    join_by_code(tony, base, code, "Tony")
    join_by_code(amy, base, code, "Amy")
    tv.goto(f"{base}/t/{code}/")
    tv.get_by_role("button", name="Use this screen as the table display").click()
    expect(tv.locator("body")).to_have_attribute("data-live", "1")
    return code


@pytest.fixture
def table(servers, browser):
    base = servers[0].url
    contexts = [browser.new_context(**PHONE) for _ in range(3)] + [browser.new_context(**TV)]
    for c in contexts:
        c.set_default_timeout(10_000)
    kamila, tony, amy, tv = (c.new_page() for c in contexts)
    sit_down(base, kamila, tony, amy, tv)
    yield kamila, tony, amy, tv
    for c in contexts:
        c.close()


def test_a_whole_game_on_three_phones_and_a_display(table):
    kamila, tony, amy, tv = table
    # Setup: colours per seat and short trackers, so three rounds are quick.
    summary = tony.locator(".setup-summary")
    for n, colour in (("1st", "blue"), ("2nd", "yellow"), ("3rd", "magenta")):
        kamila.get_by_label(f"Colour of the {n} player").select_option(colour)
        expect(summary).to_contain_text(colour.capitalize())
    layouts = kamila.get_by_label("Round trackers")
    layouts.fill("1,2,3; 2,4; 3,6")
    layouts.press("Tab")
    expect(summary).to_contain_text("3, 2 and 2 spaces")  # the trackers in short
    snap(kamila, "lobby-host")
    kamila.get_by_role("button", name="Start the game").click()

    # Question 1: Kamila reads and enters an Amped die; the rule is on every screen.
    expect(tony.locator(".now")).to_contain_text("Waiting for Kamila to roll the scoring die")
    snap(kamila, "roll-reader")
    snap(tv, "roll-display", tv=True)
    enter_die(kamila, "1+ Amped")
    for page in (kamila, tony, amy, tv):  # said once: on the die card, or on the picker beside the die
        expect(page.get_by_text("Bonus Victory Points are DOUBLED!")).to_have_count(1)
    # Tony ticks two letters; Amy locks in meanwhile; Tony's ticks survive the live update.
    tick(tony, "lock-in-r1-q1", "AC")
    amy.locator("form[id^='lock-in-'] input[value='F']").check()
    amy.get_by_role("button", name="Lock in").click()
    expect(tony.locator("#picks")).to_contain_text("✓ locked in")
    expect(tony.locator("#lock-in-r1-q1-A")).to_be_checked()
    expect(tony.locator("#lock-in-r1-q1-C")).to_be_checked()
    tony.get_by_role("button", name="Lock in").click()
    expect(tony.locator("#answer-picker")).to_contain_text("Change my answers")
    snap(tony, "locked-in-player")
    snap(tv, "pick-display", tv=True)
    # Nobody else sees what Tony or Amy chose: only that they are in.
    for page in (kamila, tv):
        expect(page.locator("#picks")).not_to_contain_text("A C")
        assert "data-picks" not in page.content()
    expect(amy.locator("#picks [data-picks]")).to_have_count(1)  # her own
    assert amy.locator("#picks [data-picks]").get_attribute("data-picks") == "F"
    # Tony changes his mind before the last lock-in.
    tony.locator("#lock-in-r1-q1-C").uncheck()
    tony.locator("#lock-in-r1-q1-B").check()
    tony.get_by_role("button", name="Change my answers").click()
    expect(tony.locator("#answer-picker h2")).to_contain_text("Locked in")
    expect(tony.locator("#answer-picker h2 .ht-chip")).to_have_text(["A", "B"])
    lock_in(kamila, "D", question_of(tv))
    # Everyone is in: every chip is shown together.
    for page in (kamila, tony, amy, tv):
        expect(page.locator("#picks [data-picks]")).to_have_count(3)
    assert tv.locator("#picks [data-picks]").evaluate_all("es => es.map(e => e.dataset.picks)") == ["D", "AB", "F"]
    snap(kamila, "reveal-reader")
    reveal(kamila, "ABC")
    # Tony doubled up right on Amped: one space and 2 bonus Victory Points.
    result = tv.locator("#last-question .ht-outcomes li").filter(has_text="Tony")
    expect(result).to_contain_text("+1 space, +2 VP for doubling up (Amped)")
    expect(tv.locator("#last-question .ht-outcomes li").filter(has_text="Amy")).to_contain_text("no move")
    expect(tv.locator("#round-tracker .ht-cell").nth(1)).to_contain_text("T")
    snap(tony, "result-player")
    snap(tv, "result-display", tv=True)

    # Question 2: Tony reads and rolls in the app; Amy does not answer and the host skips her.
    expect(amy.locator(".now")).to_contain_text("Waiting for Tony to roll the scoring die")
    tony.get_by_role("button", name="Roll the scoring die").click()
    expect(tv.locator("#scoring-die .ht-die")).not_to_have_text("?")
    face = tv.locator("#scoring-die .ht-die").inner_text()
    lock_in(kamila, "A", question_of(tv))
    lock_in(tony, "E", question_of(tv))
    snap(kamila, "pick-host-can-skip")
    kamila.locator("#picks .ht-player").filter(has_text="Amy").get_by_role("button", name="Skip").click()
    expect(tv.locator("#picks .ht-player").filter(has_text="Amy")).to_contain_text("skipped")
    expect(tony.locator("form[id^='reveal-']")).to_be_visible()
    expect(amy.locator("form[id^='reveal-']")).to_have_count(0)
    reveal(tony, "DEF" if face != "¡2!" else "ABC")
    expect(tv.locator("#last-question")).to_contain_text("question 2")
    expect(tv.locator("#last-question .ht-outcomes li").filter(has_text="Amy")).to_contain_text("skipped")
    # The host undoes the reveal: the chips come back and the reader reads again.
    kamila.get_by_role("button", name=re.compile("^Undo ")).click()
    expect(tony.locator("form[id^='reveal-']")).to_be_visible()
    expect(tv.locator("#last-question")).to_contain_text("question 1")
    reveal(tony, "BCD")
    expect(tv.locator("#last-question")).to_contain_text("question 2")
    expect(tv.locator("#last-question")).to_contain_text("BCD")

    # Question 3: Amy reads a Half Lie; all-incorrect picks move two spaces.
    enter_die(amy, "¡2! Half Lie")
    for page in (kamila, tony, tv):
        expect(page.get_by_text("The tables are turned!")).to_have_count(1)
    snap(amy, "half-lie-player")
    question = question_of(tv)
    lock_in(kamila, "EF", question)
    lock_in(tony, "A", question)
    lock_in(amy, "C", question)
    reveal(amy, "ABC")
    # Two spaces, or fewer where the tracker ends: the result says "to the last space" then.
    expect(tv.locator("#last-question .ht-outcomes li").filter(has_text="Kamila")).to_contain_text(
        re.compile(r"\+2 spaces( to the last space)?, \+1 VP for doubling up"))
    # Round 1 ends as soon as a pawn reaches the end of its 3-space tracker. The die Tony
    # rolled may already have ended it (a Half Lie moves his and Kamila's wrong picks two),
    # so play on until the latest question ended a round, whichever that was.
    last = tv.locator("#last-question")
    while (tv.locator("#round-tracker h2").inner_text() == "Round 1 Tracker"
           or "the round is over" not in last.inner_text()):
        play_paying_question(kamila, tony, amy, tv)
    expect(last).to_contain_text("the round is over")
    # The round just over stays on every screen until the next die is in: where each pawn
    # ended, the round's scores and who is ahead.
    for page in (kamila, tony, amy, tv):
        expect(page.locator("#round-tracker h2")).to_have_text(re.compile(r"^Round [12] is over$"))
        expect(page.locator("#round-tracker .ht-track .pawn")).to_have_count(3)
        expect(page.locator("#round-tracker .ht-round-scores tbody tr")).to_have_count(3)
        expect(page.locator("#round-tracker .ht-ahead")).to_contain_text("with")
    snap(tv, "round-end-display", tv=True)
    snap(kamila, "round-end-host")
    # Rounds 2 and 3, to the end of the game.
    while tv.locator("#round-tracker h2").inner_text() != "Round 3 Tracker, final":
        play_paying_question(kamila, tony, amy, tv)
    for page in (kamila, tony, amy, tv):
        expect(page.locator(".now")).to_contain_text("Game over")
        expect(page.locator("#victory-points .ht-ranking li")).to_have_count(3)
    expect(tv.locator("#victory-points svg polyline")).to_have_count(3)
    kamila.locator("#question-history summary").click()
    snap(kamila, "game-over-host")
    snap(tony, "game-over-player")
    snap(tv, "game-over-display", tv=True)


def play_paying_question(kamila: Page, tony: Page, amy: Page, tv: Page) -> None:
    """One question entered by whoever reads: a 4, Kamila and Tony right, Amy wrong."""
    pages = {"Kamila": kamila, "Tony": tony, "Amy": amy}
    expect(tv.locator("#scoring-die .ht-die")).to_have_text("?")
    reader = re.search(r"(\w+) reads", tv.locator("#scoring-die .ht-where").inner_text()).group(1)
    expect(pages[reader].locator("form[id^='set-die-']")).to_be_visible()
    enter_die(pages[reader], "4")
    expect(tv.locator("#scoring-die .ht-die")).to_have_text("4")
    question = question_of(tv)
    lock_in(kamila, "AB", question)
    lock_in(tony, "C", question)
    lock_in(amy, "D", question)
    before = tv.locator("#last-question h2").inner_text()
    reveal(pages[reader], "ABC")
    expect(tv.locator("#last-question h2")).not_to_have_text(before)


def test_the_host_ending_the_game_shows_everyone_the_answers_locked_in(table):
    kamila, tony, amy, tv = table
    amy.set_viewport_size({"width": 360, "height": 640})
    kamila.get_by_role("button", name="Start the game").click()
    enter_die(kamila, "1+ Amped")
    question = question_of(tv)
    lock_in(tony, "AC", question)
    lock_in(amy, "F", question)
    expect(tv.locator("#picks")).to_contain_text("✓ locked in")
    assert "data-picks" not in tv.content()

    kamila.get_by_role("button", name=re.compile("End game")).click()  # the fixture accepts the confirm
    for page in (kamila, tony, amy, tv):
        expect(page.locator("#region-now")).to_contain_text("The host ended the game: nobody wins")
        chips = page.locator("#picks")
        expect(chips.locator(".ht-player", has_text="Tony").locator("[data-picks]")).to_have_attribute("data-picks", "AC")
        expect(chips.locator(".ht-player", has_text="Amy").locator("[data-picks]")).to_have_attribute("data-picks", "F")
        expect(page.locator("form[id^='lock-in-']")).to_have_count(0)
        expect(page.locator("#victory-points")).not_to_contain_text("Final standings")
        # Nobody is ranked, but everyone's points are said, on the TV too, which has no points table.
        expect(page.locator("#region-now")).to_contain_text("Victory Points: Kamila 0, Tony 0, Amy 0.")
    snap(amy, "small-ended-by-host")
    snap(tv, "ended-by-host-display", tv=True)


def test_a_fourth_letter_cannot_be_ticked_and_the_empty_lock_in_message_goes_with_a_tick(table):
    """The rules allow one to three answers and a card has exactly three correct ones: the
    forms stop at three as they are tapped, instead of refusing the fourth after sending."""
    kamila, tony, amy, tv = table
    kamila.get_by_role("button", name="Start the game").click()
    enter_die(kamila, "2")
    question = question_of(tv)
    form = tony.locator(f"form#lock-in-{question}")
    form.get_by_role("button", name="Lock in").click()
    expect(form.get_by_role("alert")).to_have_text("Choose at least one answer.")
    expect(tony.get_by_text("Choose at least one answer.")).to_have_count(1)  # at the form, once
    tick(tony, f"lock-in-{question}", "A")
    expect(tony.get_by_text("Choose at least one answer.")).to_have_count(0)  # a tick answers it
    tick(tony, f"lock-in-{question}", "BC")
    for letter in "DEF":
        expect(form.locator(f"input[value='{letter}']")).to_be_disabled()
    form.locator("input[value='C']").uncheck()  # three no more: any letter may be ticked again
    for letter in "CDEF":
        expect(form.locator(f"input[value='{letter}']")).to_be_enabled()
    tick(tony, f"lock-in-{question}", "F")
    expect(form.locator("input[value='C']")).to_be_disabled()
    form.get_by_role("button", name="Lock in").click()
    expect(tony.locator("#answer-picker h2 .ht-chip")).to_have_text(["A", "B", "F"])
    lock_in(amy, "D", question)
    lock_in(kamila, "E", question)

    reveal_form = kamila.locator("form[id^='reveal-']")
    for letter in "ABC":
        reveal_form.locator(f"input[value='{letter}']").check()
    for letter in "DEF":
        expect(reveal_form.locator(f"input[value='{letter}']")).to_be_disabled()
    reveal_form.get_by_role("button", name="Reveal the correct answers").click()
    expect(reveal_form).to_have_count(0)


def test_after_a_reveal_every_small_phone_leads_with_its_result_and_the_tv_lists_everyone_s(table):
    """At 360x640 each phone's now card says what the question brought that seat, whole on the
    first screen and above the die to roll next; the TV lists every player's result. The same at
    a round's end, with what each pawn scored."""
    kamila, tony, amy, tv = table
    for page in (kamila, tony, amy):
        page.set_viewport_size({"width": 360, "height": 640})
    layouts = kamila.get_by_label("Round trackers")
    layouts.fill("1,2,3; 2,4; 3,6")
    layouts.press("Tab")
    expect(tony.locator(".setup-summary")).to_contain_text("3, 2 and 2 spaces")
    kamila.get_by_role("button", name="Start the game").click()

    def leads(page: Page, words: str, form: str | None = None) -> None:
        expect(page.locator("#region-now")).to_contain_text(words)
        now = first_screen_box(page, "#region-now")
        assert now["y"] + now["height"] <= 640, f"the result ends at {now['y'] + now['height']}px"
        if form:
            button = first_screen_box(page, form)
            assert now["y"] + now["height"] <= button["y"], "the result is under the next step's form"
            assert button["y"] + button["height"] <= 640, "the next step's form is under the first screen"

    # Question 1, a 2: Kamila doubles up right, Tony is right, Amy is wrong. Tony reads next.
    enter_die(kamila, "2")
    question = question_of(tv)
    lock_in(kamila, "AB", question)
    lock_in(tony, "C", question)
    lock_in(amy, "D", question)
    reveal(kamila, "ABC")
    leads(kamila, "You: +2 spaces, +1 VP for doubling up.", "form[id^='roll-'] button")
    leads(tony, "You: +2 spaces.", "form[id^='roll-'] button")
    leads(amy, "You: no move.")
    results = tv.locator("#question-results li")
    expect(results).to_have_count(3)
    expect(results.filter(has_text="Kamila")).to_contain_text("+2 spaces, +1 VP for doubling up")
    expect(results.filter(has_text="Tony")).to_contain_text("+2 spaces")
    expect(results.filter(has_text="Amy")).to_contain_text("no move")
    shown = first_screen_box(tv, "#question-results")
    assert shown["y"] + shown["height"] <= 720
    snap(kamila, "small-result-first")
    snap(tv, "results-display", tv=True)

    # Question 2, a 1: Kamila and Tony reach the end of the 3-space tracker, and round 1 is over.
    enter_die(tony, "1")
    question = question_of(tv)
    for page in (kamila, tony, amy):  # the next question has begun: the result gives way to it
        expect(page.locator("#region-now")).not_to_contain_text("You:")
    expect(tv.locator("#question-results")).to_have_count(0)
    lock_in(kamila, "A", question)
    lock_in(tony, "B", question)
    lock_in(amy, "E", question)
    reveal(tony, "ABC")
    leads(kamila, "You: +1 space to the last space. Round 1 is over: your pawn scores 3 VP.")
    leads(tony, "You: +1 space to the last space. Round 1 is over: your pawn scores 3 VP.")
    leads(amy, "You: no move. Round 1 is over: your pawn scores 0 VP.", "form[id^='roll-'] button")
    scores = tv.locator("#round-tracker .ht-round-scores tbody tr")
    expect(scores.filter(has_text="Kamila")).to_contain_text("+4")
    expect(scores.filter(has_text="Tony")).to_contain_text("+3")
    expect(scores.filter(has_text="Amy")).to_contain_text("+0")
    snap(amy, "small-round-end-first")


@pytest.mark.parametrize("script_name", ["halftruth/scripted", "halftruth/scripted_largest"])
def test_the_tv_shows_the_running_standings_while_a_question_is_played_and_revealed(script_name, server_of,
                                                                                    browser):
    """While answers are locked in, revealed and their results shown, the TV says beside every
    player their spaces this round and their Victory Points so far, the leaders marked, at both
    TV sizes and on one screen."""
    from tests.browser.test_screens import FILLS_SCREEN, phase_steps, stage

    steps = dict(phase_steps(script_name))
    server = server_of()
    context = browser.new_context(**TV)
    tv = context.new_page()
    try:
        for phase in ("pick-2", "reveal-2", "roll-2", "fullest"):
            staged = stage(server, script_name, steps[phase])
            context.add_cookies([{"name": f"seat_{staged['code']}", "url": server.url,
                                  "value": staged["cookies"][str(staged["display"])]}])
            tv.goto(f"{server.url}/t/{staged['code']}/")
            # The points every phone's Victory Points card says (hidden on the TV while a question runs).
            banked = {row.locator("th").text_content().split(None, 1)[1].strip(): int(row.locator(".ht-total").text_content())
                      for row in tv.locator("#victory-points .ht-vp-table tbody tr").all()}
            assert len(banked) == len(staged["phases"]) - 1
            best = max(banked.values())
            for width, height in ((1280, 720), (1920, 1080)):
                tv.set_viewport_size({"width": width, "height": height})
                rows = tv.locator(".ht-chips .ht-player:visible, .ht-news-list li:visible")
                expect(rows).to_have_count(len(banked))
                for row in rows.all():
                    name = row.locator(".ht-name").inner_text().rstrip(":")
                    standing = row.locator(".ht-standing")
                    expect(standing).to_be_visible()
                    assert re.match(r"\d+\s+spaces? this round", standing.locator(".ht-spaces").inner_text())
                    points = re.search(r"(\d+)\s+Victory Points", standing.locator(".ht-banked").inner_text())
                    assert int(points[1]) == banked[name], (phase, name)
                    assert ("leads" in standing.get_attribute("class")) == (best > 0 and banked[name] == best)
                expect(tv.locator(".ht-standing-head:visible")).to_have_text(re.compile(r"Spaces\s*VP"))
                assert tv.evaluate(FILLS_SCREEN) == [], (phase, width)
    finally:
        context.close()


def test_the_tv_says_whom_it_waits_for_once_and_a_phone_words_results_as_the_results_do(server_of, browser):
    """The TV's now card says "Waiting for Tony …" in its headline and not again below it; on a
    small phone the card's answers word each result as the now card and the TV's results do."""
    from tests.browser.test_screens import phase_steps, stage

    steps = dict(phase_steps("halftruth/scripted"))
    server = server_of()
    tv_context, phone_context = browser.new_context(**TV), browser.new_context(**PHONE)
    tv, phone = tv_context.new_page(), phone_context.new_page()
    try:
        for phase in ("pick-2", "reveal-2", "roll-2"):
            staged = stage(server, "halftruth/scripted", steps[phase])
            tv_context.add_cookies([{"name": f"seat_{staged['code']}", "url": server.url,
                                     "value": staged["cookies"][str(staged["display"])]}])
            tv.goto(f"{server.url}/t/{staged['code']}/")
            headline = tv.locator(".now-headline").inner_text()
            assert headline.startswith("Waiting for"), (phase, headline)
            expect(tv.locator(".now .now-waiting")).to_have_count(0)
            assert tv.locator(".now").inner_text().count("Waiting for") == 1, phase
        # Tony (seat 2) after question 1: his result as his now card, the TV and his card's answers say it.
        phone_context.add_cookies([{"name": f"seat_{staged['code']}", "url": server.url,
                                    "value": staged["cookies"]["2"]}])
        phone.goto(f"{server.url}/t/{staged['code']}/")
        said = "+2 spaces, +1 VP for doubling up"
        expect(phone.locator(".now")).to_contain_text(f"You: {said}.")
        expect(tv.locator(".ht-news-list li").filter(has_text="Tony")).to_contain_text(said)
        expect(phone.locator("#last-question .ht-outcomes li").filter(has_text="Tony")).to_contain_text(said)
        expect(phone.locator("#last-question")).not_to_contain_text("VP bonus")
    finally:
        tv_context.close()
        phone_context.close()


def test_each_person_keeps_their_colour_for_the_evening_when_someone_leaves(server_of, browser):
    """Kamila, Tony and Amy played in orange, blue and purple. Tony leaves; in the next game Amy is
    still purple, the colour of the chips in her hands, on the TV and on her phone, where the
    colours by place would have made her blue."""
    from tests.browser.test_screens import phase_steps, stage

    steps = dict(phase_steps("halftruth/scripted"))
    server = server_of()
    staged = stage(server, "halftruth/scripted", steps["end"])
    contexts = {"tv": browser.new_context(**TV), **{seat: browser.new_context(**PHONE) for seat in ("1", "2", "3")}}
    pages = {}
    for key, context in contexts.items():
        seat = str(staged["display"]) if key == "tv" else key
        context.add_cookies([{"name": f"seat_{staged['code']}", "url": server.url, "value": staged["cookies"][seat]}])
        pages[key] = context.new_page()
        pages[key].goto(f"{server.url}/t/{staged['code']}/")
        expect(pages[key].locator("body")).to_have_attribute("data-live", "1")
    kamila, tony, amy, tv = pages["1"], pages["2"], pages["3"], pages["tv"]
    try:
        expect(tv.locator("#region-people li", has_text="Amy").locator(".pawn")).to_have_class(re.compile("colour-purple"))
        tony.once("dialog", lambda dialog: dialog.accept())
        tony.get_by_role("button", name="Leave this table on this phone").click()
        expect(kamila.locator("#region-people li", has_text="Tony")).to_contain_text("left")
        kamila.get_by_role("button", name="Half Truth again, same table").click()
        for page in (tv, amy):
            expect(page.locator(".phase")).to_have_text("Waiting to start")
            expect(page.locator("#region-people li", has_text="Amy").locator(".pawn")).to_have_class(
                re.compile("colour-purple"))
            expect(page.locator("#region-people li", has_text="Kamila").locator(".pawn")).to_have_class(
                re.compile("colour-orange"))
    finally:
        for context in contexts.values():
            context.close()
