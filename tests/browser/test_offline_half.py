"""A Fiction phone that is offline for a whole half comes back, without a reload, to where the table is.

Lena is the Lie-brarian, Gus and Gwen guess, a fourth screen is the table display. Gwen's phone
reaches the server through a relay whose network the test cuts. While she is away ten minutes
pass: the server's stored clock deadline moves ten minutes earlier (what the passage of time looks
like to the server, nothing else in the table is touched) and every browser's clock jumps ten
minutes ahead (Playwright's clock), so the phones that are online see their countdown reach zero
and ask the server, which decides the half is over. The host starts the second half, the others
play; then Gwen's phone wakes up and must show the second half, its clock, the rows she missed,
and take her guess. Later she drops out again for the rest of the game and comes back to its end.
"""

from __future__ import annotations

import json
import re
import socket
import struct
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, CuttableProxy
from tests.browser.phones import join_by_code
from tests.browser.test_fiction import choose_secret, create_fiction, guess, lie_and_share, shared_clues

pytestmark = [pytest.mark.browser]

HALF = 10 * 60  # seconds in a Fiction half


def let_time_pass(server, code: str, seconds: float, pages: list[Page]) -> None:
    """``seconds`` pass: on the server (its clock's deadline comes that much sooner) and on every phone."""
    script = (
        "import json\n"
        "from companion.models import Table\n"
        f"table = Table.objects.get(code={code!r})\n"
        "clock = dict(table.clock)\n"
        "assert clock.get('deadline') is not None, clock\n"
        f"clock['deadline'] -= {float(seconds)!r}\n"
        f"Table.objects.filter(pk=table.pk, version=table.version).update(clock=clock)\n"
        "print(json.dumps(clock))\n"
    )
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=server.env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1])["deadline"] is not None
    for page in pages:
        page.clock.fast_forward(int(seconds * 1000))


def set_visible(page: Page, visible: bool) -> None:
    """The phone's screen goes off (the page is hidden) or on again, as the browser tells the page."""
    page.evaluate("""visible => {
        const state = visible ? "visible" : "hidden";
        Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
        Object.defineProperty(document, "hidden", {configurable: true, get: () => !visible});
        document.dispatchEvent(new Event("visibilitychange"));
    }""", visible)


def go_dark(page: Page, proxy: CuttableProxy) -> None:
    """The phone loses its network (it knows: "Reconnecting…"), then its screen goes off."""
    proxy.cut()
    expect(page.locator("#conn")).to_have_text("Reconnecting…")
    set_visible(page, False)


def test_a_phone_offline_through_halftime_and_the_end_comes_back_to_the_table(servers, phones):
    server = servers[0]
    proxy = CuttableProxy(server.port)
    lena, gus, gwen, tv = (phones() for _ in range(4))
    everyone = [lena, gus, gwen, tv]
    for page in everyone:
        page.clock.install()  # time flows as usual until the test moves it on
    try:
        code = create_fiction(lena, server.url, "Lena")
        join_by_code(gus, server.url, code, "Gus")
        join_by_code(gwen, proxy.url, code, "Gwen")
        tv.goto(f"{server.url}/t/{code}/")
        tv.get_by_role("button", name="Use this screen as the table display").click()
        expect(lena.locator("#region-people")).to_contain_text("Gwen")
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "melon", "l")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()

        guess(gus, "ghost")
        first = lie_and_share(lena, 1, at=(4,))
        expect(gwen.locator("#board-1 .clue.token")).to_have_text(list(first))
        expect(gwen.locator("#region-now")).to_contain_text("agree on a guess (4 left)")
        expect(gwen.locator(".clock-label")).to_contain_text("running")
        expect(gwen.locator(".clock-time")).to_have_text(re.compile(r"^9:[0-5]\d$"))

        # Gwen's phone loses the network and its screen goes off
        go_dark(gwen, proxy)

        # the first half's ten minutes pass: the phones still online see zero and the server calls halftime
        let_time_pass(server, code, HALF, everyone)
        for page in (lena, gus, tv):
            expect(page.locator("#region-halftime")).to_contain_text("Halftime")
        expect(gus.locator("#region-now")).to_contain_text("The host starts the second half")
        lena.get_by_role("button", name="▶ Start the second half").click()
        expect(gus.locator("#region-now")).to_contain_text("5 guesses left in the second half")

        # the others play on: a pen mark, a guess and its clues, a Fact/Fiction token
        gus.locator("#mark-q button").click()
        guess(gus, "plumb")
        second = lie_and_share(lena, 2, at=(1,))
        gus.locator("#ff-2-3 .ff-letter").nth(1).click()  # the lie, under the L of PLUMB
        gus.get_by_role("button", name="Use a Fact/Fiction token").click()
        expect(tv.locator("#board-2 .ff.fiction")).to_have_text("FICTION")
        expect(gus.locator(".clock-label")).to_contain_text("running")

        # Gwen's phone wakes up and finds the network again: no reload
        gwen.evaluate("window.sameDocument = true")
        proxy.restore()
        set_visible(gwen, True)
        expect(gwen.locator("#conn")).to_be_hidden(timeout=15_000)
        expect(gwen.locator("#region-now")).to_contain_text("Your turn: agree on a guess")
        expect(gwen.locator("#region-now")).to_contain_text("agree on a guess (4 left)")
        expect(gwen.locator("#region-halftime")).not_to_contain_text("Halftime")
        expect(gwen.locator(".clock-label")).to_contain_text("running")
        expect(gwen.locator(".clock-time")).to_have_text(re.compile(r"^9:[0-5]\d$"))  # the second half's time
        expect(gwen.locator("#board-2")).to_have_class(re.compile("half-2"))
        expect(gwen.locator("#board-2 .clue.token")).to_have_text(list(second))
        expect(gwen.locator("#board-2 .ff.fiction")).to_have_text("FICTION")
        expect(gwen.locator("#mark-q button")).to_have_class(re.compile("mark-in"))
        expect(gwen.locator("#flash")).not_to_contain_text("No connection")
        assert shared_clues(gwen, 1) == first

        # and her own move goes through and reaches the table
        guess(gwen, "crane")
        expect(lena.locator("#region-now")).to_contain_text("Give the clues")
        expect(tv.locator("#board-3")).to_contain_text("C")
        third = lie_and_share(lena, 3, at=(0,))
        expect(gwen.locator("#board-3 .clue.token")).to_have_text(list(third))
        expect(gwen.locator(".clock-label")).to_contain_text("running")

        # she drops out again, and the second half's time runs out: the Lie-brarian wins
        go_dark(gwen, proxy)
        let_time_pass(server, code, HALF, everyone)
        for page in (lena, gus, tv):
            expect(page.locator("#region-outcome")).to_contain_text("The Lie-brarian wins!")
        expect(gus.locator("#region-now")).to_contain_text("the second timer expired")

        proxy.restore()
        set_visible(gwen, True)
        expect(gwen.locator("#conn")).to_be_hidden(timeout=15_000)
        expect(gwen.locator("#region-outcome")).to_contain_text("The Lie-brarian wins!")
        expect(gwen.locator("#region-outcome .big-secret")).to_have_text("MELON")
        expect(gwen.locator("#region-now")).to_contain_text("the second timer expired")
        expect(gwen.locator(".clue.honest")).to_have_count(15)  # the whole truth, every row
        expect(gwen.locator(".clock")).to_have_count(0)
        expect(gwen.locator(".guess-form")).to_have_count(0)
        expect(gwen.locator("#flash")).not_to_contain_text("No connection")
        assert gwen.evaluate("window.sameDocument") is True
    finally:
        proxy.close()


class VanishingProxy(CuttableProxy):
    """A relay whose network can go away without a word, as a phone's does in a tunnel or when a
    mobile network forgets it: the phone's open connections stay open but lead nowhere, and the
    server, hearing nothing, has dropped its end by the time the network is back."""

    def __init__(self, target_port: int):
        self.gone: set = set()
        super().__init__(target_port)

    def vanish(self) -> None:
        self.up = False
        with self.lock:
            pairs, self.open = self.open, []
        self.gone.update(pairs)
        for upstream in pairs[1::2]:  # the open list holds (phone, server) pairs
            try:
                upstream.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            upstream.close()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                if source not in self.gone and sink not in self.gone:
                    sink.sendall(data)
                elif self.up and source in self.gone:
                    # Back on the network, the phone's first word on a connection the server has
                    # forgotten is answered with a reset (before that, it went nowhere).
                    source.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    source.close()
                    return
        except OSError:
            pass
        finally:
            for s in (source, sink):
                if s not in self.gone:
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

    def close(self) -> None:
        super().close()
        for s in self.gone:
            s.close()


def test_a_phone_whose_network_vanished_silently_over_halftime_catches_up_when_it_wakes(servers, phones):
    server = servers[0]
    proxy = VanishingProxy(server.port)
    lena, gus, gwen = (phones() for _ in range(3))
    everyone = [lena, gus, gwen]
    for page in everyone:
        page.clock.install()
    try:
        code = create_fiction(lena, server.url, "Lena")
        join_by_code(gus, server.url, code, "Gus")
        join_by_code(gwen, proxy.url, code, "Gwen")
        expect(lena.locator("#region-people")).to_contain_text("Gwen")
        lena.get_by_role("button", name="Start the game").click()
        choose_secret(lena, "melon", "l")
        lena.get_by_role("button", name=re.compile(r"Start the 10-minute timer")).click()
        guess(gus, "ghost")
        lie_and_share(lena, 1, at=(4,))
        expect(gwen.locator(".clock-label")).to_contain_text("running")

        set_visible(gwen, False)  # the screen goes off, and then the network goes without a word
        proxy.vanish()
        expect(lena.locator(".seat", has_text="Gwen")).not_to_contain_text("here", timeout=15_000)
        let_time_pass(server, code, HALF, everyone)
        expect(gus.locator("#region-halftime")).to_contain_text("Halftime")
        lena.get_by_role("button", name="▶ Start the second half").click()
        guess(gus, "plumb")
        second = lie_and_share(lena, 2, at=(1,))

        set_visible(gwen, True)  # the screen comes on, still without a network: its socket looks open
        expect(gwen.locator("#conn")).to_contain_text("Reconnecting", timeout=10_000)  # but nothing answered
        proxy.restore()
        expect(gwen.locator("#region-now")).to_contain_text("agree on a guess (4 left)", timeout=15_000)
        expect(gwen.locator("#board-2 .clue.token")).to_have_text(list(second))
        expect(gwen.locator(".clock-time")).to_have_text(re.compile(r"^9:[0-5]\d$"))
        expect(gwen.locator("#conn")).to_be_hidden()
        guess(gwen, "crane")
        expect(lena.locator("#region-now")).to_contain_text("Give the clues")
    finally:
        proxy.close()
