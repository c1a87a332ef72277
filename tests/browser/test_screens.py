"""Every screen of every real game, on the devices people use: the screen matrix.

Each game's scripted games (tests/games/<game>/scripted*.py, the ones the render tests play)
are staged phase by phase in a server of their own, and every role's page is looked at on each of
its devices: the host, an ordinary player, the game's special role, a player without a phone
(the host acting for them) on phones; the table display on a TV, a large TV and a tablet.
Each screen must keep within the width it is given, draw no text over other text, log no
console error, and pass axe-core's WCAG 2.1 A and AA rules under the page's own
Content-Security-Policy (``AXE_AT``: every rule on the brief's phone and TV, colour contrast
again on the tablet, whose text is the smallest). A display must also fit its screen with
nothing cut off (a TV cannot scroll), in text of 18 CSS px or more on the TVs; a phone must show what its seat must do now
and the host's tools on its first screen. Screenshots go to
var/screenshots/<game>/<phase>-<role>-<device>.png.
A game switched to at a table is looked at too, as it is swapped into the screens that showed
the game before (var/screenshots/switch/<game>-<role>-<device>.png).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.table import seam
from companion.table.games import DISPLAY, Viewer, get, rotating_role
from tests.browser.conftest import ROOT, Server, fresh_database
from tests.browser.phones import create_table, join_by_code, open_display
from tests.catalogue import REAL_GAMES, scripts

pytestmark = pytest.mark.browser

AXE = (Path(__file__).resolve().parents[1] / "assets" / "axe-core" / "axe.min.js").read_text()
OUT = ROOT / "var" / "screenshots"

PHONES = {"phone-360": (360, 640), "phone-430": (430, 932)}
DISPLAYS = {"tv-1280": (1280, 720), "tv-1920": (1920, 1080), "tablet-1024": (1024, 768)}
SCRIPTS = scripts(REAL_GAMES)


def phase_steps(script_name: str) -> list[tuple[str, str]]:
    """(screen, step): the lobby, each state whose display view differs in kind from all before it
    (its phase, or which parts of the view it fills: a showdown, a second half, a round's end), the
    fullest state of play (the last before the end, "fullest"), the same once a player's phone has
    left it ("left"), the end, and the lobby of the next
    game ("again", with the evening's standings; for the largest tables also after 7 and 15 games,
    with eight people of long names, and the evening's summary once it is over, after 3 and after 15
    games). A screen is named by its phase, numbered when the phase comes again."""
    import importlib
    import random

    from tests import played as play

    slug, module = script_name.split("/")
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    game = get(slug)
    display = Viewer(seat_id=None, role=DISPLAY.slug)
    rng = random.Random(7)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    by_id = {p.seat_id: p for p in script.PLAYERS}

    def kind(view: dict) -> tuple:
        return view["phase"], frozenset(k for k, v in view.items() if v not in (None, False, 0, "", [], {}))

    kinds = {kind(seam.view(game, state, display)): 0}
    last_in_play = 0
    for number, (seat_id, move) in enumerate(script.STEPS, start=1):
        state = play.step(game, state, by_id.get(seat_id), move, rng)
        if game.outcome(state) is not None:
            kinds.setdefault(("end", frozenset()), number)
            break
        last_in_play = number
        kinds.setdefault(kind(seam.view(game, state, display)), number)
    found, seen = [("lobby", "lobby")], {}
    for (phase, _), number in sorted(kinds.items(), key=lambda item: item[1]):
        seen[phase] = seen.get(phase, 0) + 1
        found.append((phase if seen[phase] == 1 else f"{phase}-{seen[phase]}", str(number)))
    found.insert(-1 if found[-1][0] == "end" else len(found), ("fullest", str(last_in_play)))
    # The fullest state again, once a player's phone has left it (tests.browser.stage.leaver).
    found.insert(-1 if found[-1][0] == "end" else len(found), ("left", f"left-{last_in_play}"))
    if slug == "lie":  # the host's turn to bid or call "Lie!", whose hand, picker and "Lie!" fit a phone
        turn = _lie_turn(script, game, rng_seed=7)
        if turn is not None:
            found.insert(-1, ("turn", str(turn)))
    # The largest table also holds a long evening: eight people with long names, 7 and 15 games.
    evenings = [("evening-7", "evening-7"), ("evening-15", "evening-15"), ("closed-3", "closed-3"),
                ("closed-15", "closed-15")] \
        if module.endswith("largest") else []
    if slug == "fiction" and module.endswith("largest"):  # eight players, whose names the board never shows
        evenings.append(("evening-15-end", "evening-15-end"))
    return [*found, ("again", "again"), *evenings]


def _lie_turn(script, game, rng_seed: int) -> int | None:
    """The first step after which the host has a bid to beat or call a lie on."""
    import random

    from tests import played as play

    host = next(p for p in script.PLAYERS if p.is_host)
    by_id = {p.seat_id: p for p in script.PLAYERS}
    rng = random.Random(rng_seed)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    for number, (seat_id, move) in enumerate(script.STEPS, start=1):
        state = play.step(game, state, by_id.get(seat_id), move, rng)
        if game.outcome(state) is not None:
            return None
        view = seam.view(game, state, host)
        if view["my_turn"] and view["current_bid"] and view["phase"] == "bidding":
            return number
    return None


def roles(script_name: str) -> dict[str, tuple[int, bool]]:
    """Each role to open: its name -> (the seat whose cookie opens it, whether the host acts for it)."""
    import importlib

    slug, module = script_name.split("/")
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    game = get(slug)
    host = next(p for p in script.PLAYERS if p.is_host)
    found = {"host": (host.seat_id, False)}
    special = next((p for p in script.PLAYERS if p.role == rotating_role(game)), None)
    if special is not None and not special.is_host:
        found[special.role] = (special.seat_id, False)
    player = next((p for p in script.PLAYERS if not p.is_host and p.has_phone and p is not special), None)
    if player is not None:
        found["player"] = (player.seat_id, False)
    phoneless = next((p for p in script.PLAYERS if not p.has_phone), None)
    if phoneless is not None:
        found["acted-for"] = (phoneless.seat_id, True)
    return found


class Stager:
    """One `tests.browser.stage` process in a server's environment, staging one phase a request."""

    def __init__(self, server: Server):
        self.process = subprocess.Popen([sys.executable, "-m", "tests.browser.stage", "-"], cwd=ROOT,
                                        env=server.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, script_name: str, step: str) -> dict:
        self.process.stdin.write(f"{script_name} {step}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"staging {script_name} at {step} failed (its error is above)")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def stage(server: Server, script_name: str, step: str) -> dict:
    """One phase staged in ``server`` by its stager, started at its first phase and kept until
    the server stops (server_of): a Django start-up a server, not one a phase."""
    if getattr(server, "stager", None) is None:
        server.stager = Stager(server)
    return server.stager(script_name, step)


# A short name for an element in a problem's message.
NAME = """const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
  [...e.classList].slice(0, 2).map(c => '.' + c).join('') + ' "' + (e.innerText || '').trim().slice(0, 24) + '"';"""

# What spills past the screen's width, not counting what a scrolling box of its own holds.
FITS = """() => {
  const width = window.innerWidth;
  const clipped = e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
    if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
  const right = Math.max(0, ...[...document.querySelectorAll('body *')].filter(e => !clipped(e))
    .map(e => e.getBoundingClientRect().right));
  return right - width > 1 ? [`spills ${Math.round(right - width)}px sideways`] : [];
}"""

# A TV cannot scroll: nothing below the bottom of the screen, and no box that hides part of what
# it holds (a scrolling box on a TV is a cut-off one).
FILLS_SCREEN = """() => {
  """ + NAME + """
  const height = window.innerHeight, problems = [];
  let lowest = null, bottom = 0;
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.sr-only') || !e.checkVisibility()) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    bottom = Math.max(bottom, r.bottom);
    if (!e.children.length && (!lowest || r.bottom > lowest.getBoundingClientRect().bottom)) lowest = e;
    const style = getComputedStyle(e);
    if ((style.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 2) ||
        (style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 2))
      problems.push(`cuts off what ${name(e)} holds`);
  }
  if (bottom - height > 1) problems.unshift(`runs ${Math.round(bottom - height)}px below the screen: ${name(lowest)}`);
  return problems.slice(0, 6);
}"""

# Every piece of text a seat can see: [element, its line boxes]. Text in an element that is
# off-screen-but-read (.sr-only) or not drawn is left out.
TEXTS = """const texts = () => {
  const found = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!node.textContent.trim() || !e || e.closest('.sr-only, script, style, template, option')) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    // What a box that hides its overflow (an ellipsis) cuts away is not drawn.
    let boxes = [...range.getClientRects()].map(r => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}));
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      boxes = boxes.map(b => ({left: Math.max(b.left, c.left), right: Math.min(b.right, c.right),
                               top: Math.max(b.top, c.top), bottom: Math.min(b.bottom, c.bottom)}));
    }
    boxes = boxes.map(b => ({...b, width: b.right - b.left, height: b.bottom - b.top}))
      .filter(r => r.width > 0 && r.height > 0);
    if (boxes.length && e.checkVisibility({visibilityProperty: true, opacityProperty: true})) found.push([e, boxes, node]);
  }
  return found;
};"""

# Read from three metres: no text under 18 CSS px on a TV.
READABLE = """() => {
  """ + NAME + TEXTS + """
  const small = texts().map(([e]) => [e, parseFloat(getComputedStyle(e).fontSize)]).filter(([, size]) => size < 17.95);
  return small.slice(0, 6).map(([e, size]) => `text at ${size.toFixed(1)}px: ${name(e)}`);
}"""

# No piece of text drawn over another (a badge over its neighbour's letter, a line over the next).
APART = """() => {
  """ + NAME + TEXTS + """
  const all = texts(), problems = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    const [a, boxesA] = all[i], [b, boxesB] = all[j];
    if (a === b) continue;
    for (const p of boxesA) for (const q of boxesB) {
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 2 && h > 0.4 * Math.min(p.height, q.height)) {
        problems.push(`${name(a)} overlaps ${name(b)}`);
        if (problems.length >= 6) return problems;
      }
    }
  }
  return [...new Set(problems)];
}"""

# On a phone: what the seat must do now ([data-now], its first control) and the host's tools are
# on the first screen, with no scrolling.
AT_HAND = """() => {
  """ + NAME + """
  const height = window.innerHeight, problems = [];
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const now = [...document.querySelectorAll('[data-now]')].find(shown);
  const control = now && [...now.querySelectorAll('button, input:not([type=hidden]), select, textarea, a.btn, summary')].find(shown);
  if (control && control.getBoundingClientRect().bottom > height + 1)
    problems.push(`what to do now is below the first screen (${Math.round(control.getBoundingClientRect().bottom)}px): ${name(control)}`);
  const host = document.querySelector('.host-panel');
  const tool = host && [...host.querySelectorAll('button, a')].find(shown);
  if (tool && tool.getBoundingClientRect().bottom > height + 1)
    problems.push(`the host's tools are below the first screen: ${name(tool)}`);
  return problems;
}"""

# LIE on a phone, on the seat's own turn to bid: its hand (the peek), the picker's Bid button and
# "Lie!" are all on the first screen. (A page acting for a player without a phone carries its banner
# above them; the host acts for such a player from a panel of the host's own page, where the
# panel's picker is what to do now.)
LIE_TURN = """() => {
  """ + NAME + """
  const height = window.innerHeight, problems = [];
  const shown = e => { const r = e && e.getBoundingClientRect(); return r && r.width > 0 && r.height > 0; };
  // The seat's own turn: the host's panel for a player without a phone is checked as what to do now.
  const lie = document.querySelector('#region-bid_picker .lie-call-form .lie-button');
  if (document.body.dataset.acting || !shown(lie) || !document.querySelector('#region-bid_picker .lie-bid-form[data-now]'))
    return problems;
  for (const e of [document.querySelector('#region-hand .lie-myhand summary'), document.querySelector('#region-bid_picker [data-bid-label]'), lie])
    if (shown(e) && e.getBoundingClientRect().bottom > height + 1)
      problems.push(`on this turn ${name(e)} is below the first screen (${Math.round(e.getBoundingClientRect().bottom)}px)`);
  return problems;
}"""

AXE_RUN = """only => axe.run(document, {runOnly: only, resultTypes: ['violations']})
  .then(r => r.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`))"""
WCAG = {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}
# Which of axe's rules run on each device. Axe reads the DOM, which a resize leaves as it is; of its
# rules only colour contrast reads sizes (what counts as large text) and what is painted under the
# text. So every rule runs on the brief's phone and TV, and contrast again where text is smallest
# (the tablet: 1.5625vw of 1024 px); the larger phone and TV are checked for fit and looked at.
AXE_AT = {"phone-360": WCAG, "tv-1280": WCAG, "tablet-1024": {"type": "rule", "values": ["color-contrast"]}}


def check(page: Page, name: str, errors: list[str], device: str) -> list[str]:
    expect(page.locator("body")).to_have_attribute("data-live", "1")
    # Axe reads colours as they are painted: the fade-ins (a seat appearing) are brought to their
    # end, as a person looking a moment later sees them.
    page.evaluate("""() => document.fonts.ready.then(() => document.getAnimations()
        .filter(a => a.effect.getTiming().iterations !== Infinity).forEach(a => a.finish()))""")
    problems = page.evaluate(FITS) + page.evaluate(APART)
    if device in DISPLAYS:
        problems += page.evaluate(FILLS_SCREEN)
        if device.startswith("tv-"):
            problems += page.evaluate(READABLE)
    else:
        problems += page.evaluate(AT_HAND) + page.evaluate(LIE_TURN)
    text = page.locator("body").inner_text()
    problems += [f"shows template syntax {mark!r}" for mark in ("{#", "{%", "{{") if mark in text]
    if device in AXE_AT:
        if page.evaluate("typeof axe === 'undefined'"):  # once a page load: a resize keeps it
            page.evaluate(AXE)  # evaluated by the test, not loaded by the page: the page's policy stays as it is
        problems += page.evaluate(AXE_RUN, AXE_AT[device])
    problems += errors
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled")
    return [f"{name}: {p}" for p in problems]


@pytest.fixture
def server_of(servers, site_files, tmp_path):
    """A server with a database of its own, so a script's seat ids are free."""
    started = []

    def start() -> Server:
        env = {**servers[0].env, "SQLITE_PATH": fresh_database(site_files, tmp_path / f"stage{len(started)}.sqlite3")}
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
        server = Server(env)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        if getattr(server, "stager", None) is not None:
            server.stager.close()
            server.stager = None
        server.stop()


@pytest.mark.parametrize("script_name", SCRIPTS)
def test_every_screen_fits_its_devices_and_passes_axe(script_name, server_of, browser: Browser):
    server = server_of()
    slug = script_name.split("/")[0]
    variant = script_name.split("/")[1].removeprefix("scripted").lstrip("_")
    game_dir = slug + (f"-{variant}" if variant else "")
    first = stage(server, script_name, "lobby")
    openers = {**roles(script_name), "display": (first["display"], False)}
    # One page a role and kind of screen (phones, displays), drawn once a phase and looked at on
    # each device of its kind in turn, as a phone turned or a window resized would be: every
    # device is checked, and a phase costs a page load a role and kind instead of one a device.
    pages: list[tuple[str, dict[str, tuple[int, int]], Page, list[str], str]] = []
    contexts = []
    host_id = openers["host"][0]
    for role, (seat_id, acted) in openers.items():
        devices = DISPLAYS if role == "display" else PHONES
        width, height = next(iter(devices.values()))
        context = browser.new_context(viewport={"width": width, "height": height},
                                      is_mobile=role != "display", has_touch=role != "display")
        contexts.append(context)
        cookie_seat = host_id if acted else seat_id
        context.add_cookies([{"name": f"seat_{first['code']}", "value": first["cookies"][str(cookie_seat)],
                              "url": server.url}])
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m, errors=errors: errors.append(f"console {m.type}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e, errors=errors: errors.append(f"page error: {e}"))
        url = f"{server.url}/t/{first['code']}/" + (f"?as={seat_id}" if acted else "")
        pages.append((role, devices, page, errors, url))
    problems: list[str] = []
    try:
        only = [p for p in os.environ.get("SCREENS_PHASES", "").split(",") if p]  # a developer's shortcut
        for phase, step in phase_steps(script_name):
            if only and phase not in only:
                continue
            stage(server, script_name, step)
            for role, devices, page, errors, url in pages:
                errors.clear()
                for n, (device, (width, height)) in enumerate(devices.items()):
                    page.set_viewport_size({"width": width, "height": height})
                    if n == 0:
                        page.goto(url)
                    problems += check(page, f"{game_dir}/{phase}-{role}-{device}.png", errors, device)
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)


# A refusal (its reason, and what the table offers for it) is on the screen of the phone that tapped.
REFUSAL_SEEN = """() => {
  """ + NAME + """
  const height = window.innerHeight;
  const said = [...document.querySelectorAll('.field-error, .try-verdict, #flash .flash, .flash-remedy')]
    .filter(e => e.textContent.trim() && e.checkVisibility());
  if (!said.length) return ['no refusal is shown'];
  return said.filter(e => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > height + 1; })
    .map(e => `the refusal is off the first screen (${Math.round(e.getBoundingClientRect().top)}px): ${name(e)}`);
}"""


def test_a_refusal_on_the_smallest_phone_is_on_its_first_screen(server_of, browser: Browser):
    """The matrix's refusal: on the smallest phone the Lie-brarian keeps a secret word our dictionary
    lacks. The screen the refusal leaves passes every check of the matrix, with the reason and the
    table's offer ("allow it anyway") on it, without scrolling."""
    server = server_of()
    staged = stage(server, "fiction/scripted", "2")  # both ability cards kept: the secret is next
    width, height = PHONES["phone-360"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    try:
        context.add_cookies([{"name": f"seat_{staged['code']}", "value": staged["cookies"]["1"], "url": server.url}])
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.goto(f"{server.url}/t/{staged['code']}/")
        page.locator("#choose-secret-word").fill("zlorp")
        page.locator("#choose-secret-hint").fill("z")
        page.get_by_role("button", name="Keep this secret").click()
        expect(page.locator("#choose-secret .field-error")).to_contain_text("ZLORP is not in our dictionary.")
        expect(page.locator(".flash-remedy")).to_be_visible()
        # the failed tap's 422 is the refusal itself, not an error of the page
        errors[:] = [e for e in errors if "422" not in e]
        problems = check(page, "fiction/refused-librarian-phone-360.png", errors, "phone-360")
        problems += page.evaluate(REFUSAL_SEEN)
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def open_screens(browser: Browser, screens: dict[str, dict]) -> tuple[list, dict[str, tuple[Page, list[str]]]]:
    """A page for each role, sized as the first of its devices (a phone's touch and all), each with
    the console errors it logs; and their contexts, for the caller to close."""
    contexts, pages = [], {}
    for role, devices in screens.items():
        width, height = next(iter(devices.values()))
        phone = devices is PHONES
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m, errors=errors: errors.append(f"console {m.type}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e, errors=errors: errors.append(f"page error: {e}"))
        pages[role] = (page, errors)
    return contexts, pages


@pytest.mark.parametrize("slug", REAL_GAMES)
def test_a_game_switched_to_fits_every_screen_it_is_swapped_into(slug, servers, browser: Browser):
    """The host switches the table from the game before ``slug`` (in the catalogue's order) to it:
    the lobby swapped in fits the TVs and a small phone as one loaded afresh does."""
    base = servers[0].url
    before = REAL_GAMES[REAL_GAMES.index(slug) - 1]
    game = get(slug)
    screens = {"host": PHONES, "player": PHONES, "display": DISPLAYS}
    contexts, pages = open_screens(browser, screens)
    problems: list[str] = []
    try:
        host, player, display = (pages[role][0] for role in screens)
        code = create_table(host, base, "Lena", game=before)
        join_by_code(player, base, code, "Gus")
        open_display(display, base, code)
        expect(display.locator("body")).to_have_attribute("data-live", "1")
        for page, _ in pages.values():
            page.evaluate("window.sameDocument = true")
        form = host.locator("form.next-game").first
        form.locator("select").select_option(label=game.name)
        form.get_by_role("button", name="Set it up").click()
        for role, devices in screens.items():
            page, errors = pages[role]
            expect(page.locator("#table-version")).to_have_attribute("data-game", slug)
            assert page.evaluate("window.sameDocument"), f"{role}: the switch reloaded the page"
            shown = {"phone-360": devices["phone-360"]} if devices is PHONES else \
                {d: size for d, size in devices.items() if d.startswith("tv-")}
            for device, (width, height) in shown.items():
                page.set_viewport_size({"width": width, "height": height})
                problems += check(page, f"switch/{slug}-{role}-{device}.png", errors, device)
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)


def test_a_table_with_a_player_sitting_out_fits_every_screen(servers, browser: Browser):
    """The matrix's sitting out: a table of seven switched to Half Truth, which seats six. The
    host's lobby with Ben sat out, then, once started, Ben's phone (he sits this one out), Cat's
    and the TV fit a 360x640 phone and the TVs and pass every check of the matrix."""
    from tests.browser.test_sitting_out import seven_switch_to_half_truth

    base = servers[0].url
    screens = {"host": PHONES, "out": PHONES, "player": PHONES, "display": DISPLAYS}
    contexts, pages = open_screens(browser, screens)
    problems: list[str] = []

    def look(phase: str, *roles: str) -> None:
        for role in roles:
            page, errors = pages[role]
            devices = screens[role]
            shown = {"phone-360": devices["phone-360"]} if devices is PHONES else \
                {d: size for d, size in devices.items() if d.startswith("tv-")}
            for device, (width, height) in shown.items():
                page.set_viewport_size({"width": width, "height": height})
                problems.extend(check(page, f"sitout/{phase}-{role}-{device}.png", errors, device))

    try:
        host, ben, cat, tv = (pages[role][0] for role in screens)
        seven_switch_to_half_truth(base, host, ben, cat, tv)
        host.get_by_role("button", name="Ben sits this one out").click()
        expect(tv.locator("#region-now")).to_contain_text("Sitting this one out: Ben")
        look("lobby", "host", "out", "display")
        host.get_by_role("button", name="Start the game").click()
        expect(ben.locator("#region-now")).to_contain_text("The table plays Half Truth")
        expect(tv.locator("#region-now")).to_contain_text("Sitting this one out: Ben")
        look("playing", "host", "out", "player", "display")
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)
