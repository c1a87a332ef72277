"""One socket per open table page: it joins its screen's group and forwards that group's HTML.

It never writes the database. On connect, and whenever the phone asks after waking up, it sends
the seat's current view so the phone catches up without a reload: the regions that differ from
the digests the page says it shows. Its phone's presence (presence.Here) and drafts
(drafts.Drafts) each have a home of their own, which the socket holds.
A host's page acting for a player without a phone (``?as=<seat id>``) listens as that player.
"""

from __future__ import annotations

import json
import time
from functools import partial
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from companion.live import faults, presence, render, watchdog
from companion.table import codes, seats
from companion.live.broadcast import group_of, push_table, seat_group
from companion.live.drafts import Drafts, drafts_group
from companion.table.games import game_of
from companion.models import Seat, Table
from companion.speed.dispatch import DispatchOnTheLoop
from companion.speed.sent import Sent
from companion.live.watchdog import LAYER_DOWN, LAYER_ERRORS

# Close codes the browser must not retry: 4403 no seat at that table (or no such table:
# answered alike so codes cannot be probed), 4410 removed. LAYER_DOWN (4503): retry soon, also
# sent while the database is out of reach (pages and taps answer 503 then: companion.web.middleware).
NO_SEAT, REMOVED = 4403, 4410
MAX_MESSAGE = 1024
SYNC_EVERY = 1.0  # seconds: a phone asking again sooner gets nothing new, so it is not redrawn


def _read(text_data: str | None) -> dict:
    """What a phone sent as a message; empty if it is none (too long, not JSON, not an object)."""
    if not text_data or len(text_data) > MAX_MESSAGE:
        return {}
    try:
        message = json.loads(text_data)
    except (ValueError, RecursionError):
        return {}
    return message if isinstance(message, dict) else {}


@database_sync_to_async
def _find_seat(code: str, cookies: dict[str, str], acting: str | None
               ) -> tuple[Seat | None, str | None, Seat | None, str | None]:
    """The seat this page shows, its group, the phone's own seat, and its drafts group."""
    table = Table.objects.filter(code=code).first() if codes.is_well_formed(code) else None
    if table is None:
        return None, None, None, None
    own = seats.seat_for(table, cookies)
    seat = seats.acting_for(table, own, acting)
    if seat is None:
        return None, None, own, None
    return seat, group_of(game_of(table), table.pk, seat), own, drafts_group(seat)


@database_sync_to_async
def _holds(seat_id: int, own_id: int, token: str) -> bool:
    return seats.still_held(seat_id, own_id, token) is not None


@database_sync_to_async
def _where(seat_id: int, own_id: int, token: str) -> tuple[str | None, str | None, dict | None, str]:
    """The seat's current group, drafts group, drawn screen (render.update) and name; no screen
    once the phone no longer holds it."""
    seat = seats.still_held(seat_id, own_id, token)
    if seat is None:
        return None, None, None, ""
    table = seat.table
    return group_of(game_of(table), table.pk, seat), drafts_group(seat), render.live_update(table, seat), seat.name


class TableConsumer(DispatchOnTheLoop, AsyncWebsocketConsumer):
    """Connect (find the seat, accept, join its groups), receive (a line per kind a phone sends),
    send (the groups' events, each a seat_* method), disconnect (leave, once)."""

    seat_id: int | None = None
    group: str | None = None
    drafts: Drafts | None = None
    phone_seat: int | None = None  # the phone's own seat: the one acting for a player, if it does
    synced: float = 0.0
    accepted: bool = False
    left: bool = False
    token: str = ""  # the phone's own seat token as the socket opened: a seat given a new one is lost to it
    lost: bool = False  # set once the phone no longer holds the seat, so nothing more of it is sent
    # The host's own seat, on a page acting for a player without a phone: it may go on showing
    # that player only while that seat hosts.
    acting_by: int | None = None

    async def __call__(self, scope, receive, send) -> None:
        self.sent = Sent()
        self.dog = watchdog.of(get_channel_layer(self.channel_layer_alias))
        self.here = presence.Here(changed=push_table)
        try:
            await faults.outlasting(self, super().__call__(scope, receive, send), send)
        finally:
            self.dog.forget(self)
            self.here.stop_pinging()

    async def connect(self) -> None:
        if not self.dog.up:  # refused before any database or layer work: cheap while it lasts
            await self.accept()
            await self.close(code=LAYER_DOWN)
            return
        code = self.scope["url_route"]["kwargs"]["code"]
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        seat, group, own, drafts = await _find_seat(code, self.scope.get("cookies", {}), (query.get("as") or [None])[-1])
        await self.accept()
        if seat is None:
            await self.close(code=NO_SEAT)
            return
        self.seat_id = seat.pk
        self.drafts = Drafts(self.channel_layer, self.channel_name, seat.pk)
        self.token = own.token
        self.acting_by = None if seat is own else own.pk
        self.dog.watch(self)  # the layer going down from now on closes this socket
        await self.channel_layer.group_add(seat_group(seat.pk), self.channel_name)
        await self._join(group)
        # A host's page acting for a player without a phone keeps the host here, not that player.
        self.phone_seat = own.pk
        joined = await self.here.arrive(own.pk, own.table_id, ping=partial(self.send, text_data=render.PING),
                                        name=f"presence-ping {self.channel_name}")
        # The page has just drawn its regions (its HTML, or what the socket before this one sent
        # it): it names the digests it shows, and is sent only the regions that differ.
        has = render.held((query.get("has") or [None])[-1])
        if joined and self.acting_by is None:
            # Phones are coming together (a table sitting down, a server restarting): the table is
            # about to be redrawn for all of them (presence.tell_soon), this screen with the rest,
            # and that redraw sends it what differs from its page. Drawn now as well, a table of
            # six sitting down would draw each screen twice.
            await self.drafts.join(drafts, seat.name)
            self.synced = time.monotonic()
            self.sent.shows(has)
            return
        await self.send_current(has)

    async def _join(self, group: str | None) -> None:
        if group == self.group:
            return
        if self.group is not None and self.group != seat_group(self.seat_id):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        self.group = group
        if group is not None and group != seat_group(self.seat_id):
            await self.channel_layer.group_add(group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Any frame at all says the phone is there; the "pong" answering a ping says nothing else.
        await self.here.heard_from()
        message = _read(text_data)
        kind = message.get("type")
        if kind == "sync":
            await self._catch_up(message.get("has"))
        elif kind == "ping":
            await self.send(text_data=render.PONG)
        elif kind == "draft" and self.drafts is not None:
            await self.drafts.typed(message.get("text"))

    async def _catch_up(self, has: object) -> None:
        """The phone asks after waking up: its screen, at most once per SYNC_EVERY."""
        if time.monotonic() - self.synced < SYNC_EVERY:
            await self.send(text_data=render.PONG)  # nothing new to draw, but the phone hears the socket works
            return
        await self.send_current(render.held(has))

    async def send_current(self, has: dict[str, str] | None = None) -> None:
        """The seat's screen as it is now: the regions that differ from those the page says it
        shows (``has``), or every region."""
        if self.seat_id is None or self.lost:
            return
        group, drafts, drawn, name = await _where(self.seat_id, self.phone_seat, self.token)
        if drawn is None:  # removed, given to another phone, or (acting) hosting went to someone else
            await self._lose()
            return
        await self._join(group)
        if self.acting_by is None:  # the phone's own seat, not a host acting for someone
            await self.drafts.join(drafts, name)
        self.synced = time.monotonic()
        await self.send(text_data=self.sent.pass_on(drawn, has=has or {}))

    async def seat_html(self, event: dict) -> None:
        if self.lost:
            return
        if event.get("group") not in (None, self.group):  # drawn for a group this screen has just left
            return
        text = self.sent.pass_on(event)
        if text:
            await self.send(text_data=text)

    async def seat_draft(self, event: dict) -> None:
        """Another phone of this seat's draft audience is typing: show what, and who."""
        if event["from"] == self.seat_id or self.lost:
            return
        await self.send(text_data=render.draft(event["name"], event["text"]))

    async def seat_regroup(self, event: dict) -> None:
        """Roles or the host changed: find this screen's group again, and redraw."""
        await self.send_current()

    async def seat_removed(self, event: dict) -> None:
        """A phone lost this seat. It may be another phone than this one (the seat's phone before
        the host let this one in), so the socket checks whether it still holds the seat."""
        if self.lost or await _holds(self.seat_id, self.phone_seat, self.token):
            return
        await self._lose()

    async def _lose(self) -> None:
        """This phone no longer holds what its page shows: say so, and close for good."""
        self.lost = True
        if self.acting_by is not None:  # the host's page for a player without a phone: the host is still seated
            await self.close(code=NO_SEAT)
            return
        await self.send(text_data=render.REMOVED)
        await self.close(code=REMOVED)

    async def disconnect(self, code: int) -> None:
        await self.leave()

    async def leave(self) -> None:
        """Leave the groups and count this phone out, once. Not while the layer is down: Redis
        holds both, and they went with it (or expire); trying would only log an error per socket."""
        if self.left:
            return
        self.left = True
        self.dog.forget(self)
        self.here.stop_pinging()
        if not self.dog.up:
            return
        if self.seat_id is not None:
            try:
                await self.channel_layer.group_discard(seat_group(self.seat_id), self.channel_name)
                await self._join(None)
                await self.drafts.leave()
            except LAYER_ERRORS:
                self.dog.suspect()
                return
        await self.here.depart()

    async def accept(self, subprotocol=None, headers=None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def close(self, code=None, reason=None) -> None:
        self.here.stop_pinging()  # a socket on its way out is asked nothing more
        await super().close(code, reason)

    async def layer_lost(self) -> None:
        """The watchdog found the layer down: this socket would hear nothing, so say so."""
        await self.close(code=LAYER_DOWN)
