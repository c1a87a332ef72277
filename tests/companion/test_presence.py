"""Presence that tells the truth: a phone whose socket goes silent without closing (off the Wi-Fi,
battery dead) shows away on every screen within the limit, and here again when it answers."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

import pytest
from channels.db import database_sync_to_async

from companion.live import consumers, presence
from companion.live.broadcast import push_table
from companion.models import Seat
from companion.live.render import PING
from tests.companion.test_acting import half_truth, socket_of
from tests.companion.test_consumer import a_table_with, broken_layer, open_socket  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sync]

PING_EVERY, SILENT_AFTER = 0.2, 0.8  # seconds: the settings' meaning, small enough for a test
WORST = PING_EVERY + SILENT_AFTER  # the last word just after a check, silence seen a whole ping later
# The time to tell the table, on top of WORST: the wait for its redraw (presence.GATHER), then
# drawing and sending it, 0.02 s on a quiet machine and over a second under the full suite's load.
SLACK = presence.GATHER + 1.5


@pytest.fixture(autouse=True)
def quick_pings(settings):
    settings.PRESENCE_PING_SECONDS = PING_EVERY
    settings.PRESENCE_SILENT_SECONDS = SILENT_AFTER


class Page:
    """A table page's socket as its script runs it: it answers the server's pings while
    ``answering`` (its network up), and keeps every other message in ``heard``."""

    def __init__(self, socket, answering: bool = True):
        self.socket = socket
        self.answering = answering
        self.heard: list[str] = []
        self.pings = 0
        self.task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            # receive_from alone would end the consumer when it times out: wait with receive_nothing.
            if await self.socket.receive_nothing(timeout=0.05, interval=0.005):
                continue
            message = await self.socket.receive_from()
            if message != PING:
                self.heard.append(message)
                continue
            self.pings += 1
            if self.answering:
                await self.socket.send_json_to({"type": "pong"})

    def shows(self, seat: Seat) -> str | None:
        """How the last people list this page was sent shows ``seat``: here, away, ..."""
        badge = re.compile(rf'id="seat-{seat.pk}".*?presence presence-([\w-]+)', re.DOTALL)
        found = [badge.search(message) for message in self.heard]
        return next((match.group(1) for match in reversed(found) if match), None)

    async def close(self) -> None:
        self.task.cancel()
        await self.socket.disconnect()


async def until_shown(page: Page, seat: Seat, status: str, within: float) -> float:
    """Seconds until ``page`` shows ``seat`` as ``status``; fails if that takes over ``within``."""
    started = time.monotonic()
    while page.shows(seat) != status:
        assert time.monotonic() - started < within, f"{seat.name} still {page.shows(seat)}, not {status}"
        await asyncio.sleep(0.01)
    return time.monotonic() - started


async def here(*people: Seat) -> set[int]:
    return await database_sync_to_async(presence.here)([seat.pk for seat in people])


async def test_a_phone_that_stops_answering_shows_away_to_the_others_and_here_again_when_it_answers():
    table, (lena, gus) = await a_table_with("lena", "gus")
    host = Page(await open_socket(table.code, lena))
    phone = Page(await open_socket(table.code, gus))
    await until_shown(host, gus, "here", within=2)
    await asyncio.sleep(3 * WORST)  # answering the pings keeps both here, with nothing else said
    assert "away" not in {host.shows(lena), host.shows(gus), phone.shows(lena)}
    assert await here(lena, gus) == {lena.pk, gus.pk}

    phone.answering = False  # its network goes: the socket stays open, and nothing comes from it
    took = await until_shown(host, gus, "away", within=WORST + SLACK)
    assert took > SILENT_AFTER - PING_EVERY - 0.1  # it had answered a ping at most one ping before
    assert await here(lena, gus) == {lena.pk}
    pings = phone.pings
    await asyncio.sleep(3 * PING_EVERY)
    assert phone.pings > pings  # its socket is still open, and still asked

    await phone.socket.send_json_to({"type": "pong"})  # back: its first word counts (it answers no ping)
    await until_shown(host, gus, "here", within=SLACK)
    await until_shown(phone, gus, "here", within=SLACK)  # a busy machine may tell it later than the host
    assert await here(lena, gus) == {lena.pk, gus.pk}

    # A pong from a phone that is here changes nothing, so nobody is drawn anything.
    phone.answering = True
    heard = len(host.heard), len(phone.heard)
    await phone.socket.send_json_to({"type": "pong"})
    await asyncio.sleep(0.5)
    assert (len(host.heard), len(phone.heard)) == heard
    await phone.close()
    await host.close()


async def test_a_silent_socket_that_then_closes_is_counted_out_once():
    table, (lena, gus) = await a_table_with("lena", "gus")
    host = Page(await open_socket(table.code, lena))
    silent = Page(await open_socket(table.code, gus), answering=False)
    await until_shown(host, gus, "here", within=SLACK)
    await until_shown(host, gus, "away", within=WORST + SLACK)
    again = Page(await open_socket(table.code, gus))  # the phone reconnects on a new socket
    await until_shown(host, gus, "here", within=SLACK)
    await silent.close()  # the server drops the dead one at last: the new one still counts
    await asyncio.sleep(WORST)
    assert host.shows(gus) == "here" and await here(gus) == {gus.pk}
    await again.close()
    await until_shown(host, gus, "away", within=SLACK)
    assert await here(gus) == set()
    await host.close()


async def test_a_host_page_acting_for_a_player_without_a_phone_counts_the_hosts_own_seat():
    table, client, tony, eve = await database_sync_to_async(half_truth)()
    kamila = await database_sync_to_async(Seat.objects.get)(name="Kamila")
    tonys = Page(await open_socket(table.code, tony))
    acting = Page(await socket_of(table, kamila, eve), answering=False)  # the host's only page
    await until_shown(tonys, kamila, "here", within=SLACK)
    await until_shown(tonys, kamila, "away", within=WORST + SLACK)
    assert tonys.shows(eve) == "no-phone" and await here(kamila, eve) == set()
    await acting.socket.send_json_to({"type": "pong"})
    await until_shown(tonys, kamila, "here", within=SLACK)
    assert tonys.shows(eve) == "no-phone" and await here(kamila, eve) == {kamila.pk}
    await acting.close()
    await tonys.close()


async def test_phones_that_come_and_go_together_are_shown_in_one_redraw(monkeypatch):
    """Six phones open the table at once (a table sitting down, or a server restart): each sees
    everyone here, and the table is redrawn for them once, not once a phone (where one redraw
    each drew the whole table for every screen six times over). So too when they go."""
    redrawn = []
    monkeypatch.setattr(consumers, "push_table", lambda table_id: (redrawn.append(table_id), push_table(table_id)))
    names = ("lena", "gus", "gwen", "tom", "ana", "ben")
    table, people = await a_table_with(*names)
    host = Page(await open_socket(table.code, people[0]))
    await until_shown(host, people[0], "here", within=SLACK)
    await asyncio.sleep(2 * presence.GATHER)  # the host's own coming, redrawn
    redrawn.clear()
    pages = [Page(socket) for socket in await asyncio.gather(
        *(open_socket(table.code, seat) for seat in people[1:]))]
    for page in (host, *pages):
        for seat in people:
            await until_shown(page, seat, "here", within=SLACK)
    await asyncio.sleep(2 * presence.GATHER)  # a redraw still to come would have come by now
    # Once; twice if a busy machine spreads the five openings across two gatherings.
    assert 1 <= len(redrawn) <= 2

    redrawn.clear()
    await asyncio.gather(*(page.close() for page in pages))
    for seat in people[1:]:
        await until_shown(host, seat, "away", within=SLACK)
    await asyncio.sleep(2 * presence.GATHER)
    assert 1 <= len(redrawn) <= 2
    await host.close()


def pingers() -> list[asyncio.Task]:
    return [task for task in asyncio.all_tasks() if task.get_name().startswith("presence-ping")]


async def test_the_ping_stops_with_its_socket():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await socket.receive_from(timeout=2)  # its first view: connected, and counted in
    assert len(pingers()) == 1
    await socket.disconnect()
    await asyncio.sleep(0.05)  # a cancelled task ends at its next turn
    assert pingers() == []


async def test_the_ping_stops_when_the_layer_is_lost(broken_layer):  # noqa: F811
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await socket.receive_from(timeout=2)  # its first view: connected, and counted in
    assert len(pingers()) == 1
    dog = broken_layer("send", "group_add", "group_discard", "group_send")
    await dog.tick()
    while (await socket.receive_output(timeout=2))["type"] != "websocket.close":
        pass
    await asyncio.sleep(0.05)
    assert pingers() == []  # closed, not yet told the phone has gone: nothing pings it any more
    await socket.disconnect()


async def test_winding_down_drops_the_redraws_still_waiting_and_sees_those_being_drawn_through():
    drawn, drawing = [], threading.Event()

    def redraw(table_id: int) -> None:
        drawing.set()
        time.sleep(0.3)  # a slow drawing, still on the database thread as the loop winds down
        drawn.append(table_id)

    presence.tell_soon(1, redraw)
    await asyncio.to_thread(drawing.wait, 5)
    presence.tell_soon(2, redraw)  # still waiting out GATHER
    await presence.wind_down()
    assert drawn == [1]  # seen through, not left sending on a loop about to close
    await asyncio.sleep(2 * presence.GATHER)
    assert drawn == [1]  # table 2's redraw was dropped
    assert presence.tell_soon(2, redraw) is False  # and let go of: a new coming asks for a new one
    await presence.wind_down()


def test_the_page_and_the_benchmarks_answer_the_servers_ping():
    root = Path(__file__).resolve().parents[2]
    assert PING in (root / "static/js/table.js").read_text()
    assert repr(PING) in (root / "tests/benchmarks/bench_fanout.py").read_text()
    assert '<span id="ping" hidden></span>' in (root / "templates/companion/table.html").read_text()
