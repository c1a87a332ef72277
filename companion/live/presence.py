"""Who is here: how many sockets each seat has open, kept in the cache (Redis across processes).

Nothing here is game state, so it never touches the database: a socket that opens or
closes, or whose phone falls silent or speaks again (each socket's Here pings it), only
counts itself in or out, and the table is redrawn when a seat's phone arrives or goes away:
once for all the comings and goings at that table within GATHER seconds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from channels.db import database_sync_to_async
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.signals import setting_changed
from django.dispatch import receiver

from companion.live import logs

log = logging.getLogger(__name__)

TTL = 60 * 60 * 12  # a count left behind by a crashed server is forgotten by the next evening

# Seconds a table waits after a phone comes or goes before it is redrawn. Phones come together:
# a table's six sockets open within moments of each other, and after a server restart every
# phone in the room reconnects at once. One redraw then says all of it, where one per phone
# drew the whole table for every screen six times over. A person does not see a quarter second.
GATHER = 0.25


_client = None


def _cache():
    """One cache client for the process. Django's `cache` is one per thread and per asyncio
    task, so every socket's consumer, counting itself in on its own task, held a client of its
    own: with Redis a connection pool and an open connection per socket (1,600 of them in a
    process with 750 sockets), all of it for the garbage collector to walk. The client is
    safe to share: redis-py's pool hands each thread a connection, and the in-memory cache
    locks."""
    global _client
    if _client is None:
        _client = caches.create_connection(DEFAULT_CACHE_ALIAS)
    return _client


@receiver(setting_changed)
def _settings_changed(*, setting: str, **kwargs) -> None:
    global _client
    if setting == "CACHES":
        _client = None


def _key(seat_id: int) -> str:
    return f"presence:{int(seat_id)}"


def arrive(seat_id: int) -> bool:
    """Count one more open socket for this seat; True if the seat has just come back."""
    try:
        cache = _cache()
        cache.add(_key(seat_id), 0, TTL)
        return cache.incr(_key(seat_id)) == 1
    except Exception as error:  # the cache is down: presence is a nicety, the table still works
        logs.failed(log, error, "presence: could not count seat %s in", seat_id)
        return False


def depart(seat_id: int) -> bool:
    """Count one socket fewer; True if the seat has no socket open any more."""
    try:
        cache = _cache()
        left = cache.decr(_key(seat_id))
        if left <= 0:
            cache.set_many({_key(seat_id): 0, f"{_key(seat_id)}:since": time.time()}, TTL)
            return True
    except ValueError:  # never counted in (or forgotten): nothing to take away
        return False
    except Exception as error:
        logs.failed(log, error, "presence: could not count seat %s out", seat_id)
    return False


def here(seat_ids: list[int]) -> set[int]:
    """The seats with at least one socket open now (none while the cache cannot be read)."""
    counts = _counts(seat_ids)
    return set() if counts is None else {s for s in seat_ids if (counts.get(_key(s)) or 0) > 0}


def away(seat_ids: list[int]) -> set[int]:
    """The seats with no socket open now, whose seat another phone may ask for; none while the
    cache cannot be read: each seat's phone is then taken to be here, so that no seat is offered
    to a stranger because presence is down."""
    counts = _counts(seat_ids)
    return set() if counts is None else {s for s in seat_ids if (counts.get(_key(s)) or 0) <= 0}


def _counts(seat_ids: list[int]) -> dict | None:
    """Each seat's count of open sockets, by key; None if the cache cannot be read."""
    try:
        return _cache().get_many([_key(s) for s in seat_ids])
    except Exception as error:
        logs.failed(log, error, "presence: could not read")
        return None


_due: dict[int, asyncio.Task] = {}  # by table id: its redraw, waiting out GATHER
_told: set[asyncio.Task] = set()  # every redraw not yet done, waiting or being drawn


def tell_soon(table_id: int, redraw: Callable[[int], None]) -> bool:
    """Redraw the table GATHER seconds from now, with whatever else has come or gone by then,
    unless a redraw of it is already waiting: then True, as that one will show this change.
    Its own task, so that a socket ending meanwhile does not take the news with it."""
    loop = asyncio.get_running_loop()
    waiting = _due.get(table_id)
    if waiting is not None and not waiting.done() and waiting.get_loop() is loop:
        return True
    _due[table_id] = task = loop.create_task(_tell(table_id, redraw), name=f"presence-redraw {table_id}")
    _told.add(task)
    task.add_done_callback(_told.discard)
    return False


async def wind_down() -> None:
    """Drop the redraws still waiting on this loop and see those being drawn through. A redraw
    drawn on the database thread sends on this loop: once the loop stops (a test's loop
    closing), it would wait for it for ever, and so would the process's exit."""
    loop = asyncio.get_running_loop()
    mine = [task for task in _told if task.get_loop() is loop]
    for table_id, task in list(_due.items()):
        if task in mine:
            del _due[table_id]
            task.cancel()
    await asyncio.gather(*mine, return_exceptions=True)


async def _tell(table_id: int, redraw: Callable[[int], None]) -> None:
    await asyncio.sleep(GATHER)
    # Let go before drawing: a phone that comes or goes while the table is drawn (and may have
    # been read already) is told by a redraw of its own.
    if _due.get(table_id) is asyncio.current_task():
        del _due[table_id]
    try:
        await database_sync_to_async(redraw)(table_id)
    except Exception as error:  # the database out of reach is one line (logs.failed), a bug is not
        logs.failed(log, error, "could not tell table %s that a phone came or went", table_id)


class Here:
    """One socket's part in its phone's presence: counted in while it is open and its phone
    answers, counted out once when the phone falls silent or the socket leaves.

    It pings its phone, as a phone whose network or battery went can leave its socket open
    for a minute or more. ``changed(table_id)`` redraws the table (it needs the database) when
    the phone's seat comes or goes: soon after, with whatever else came or went (tell_soon)."""

    def __init__(self, changed: Callable[[int], None]):
        self.changed = changed
        self.seat_id: int | None = None
        self.table_id: int | None = None
        self.counted = False  # counted in as here, for the seat whose phone this is
        self.silent = False  # counted out as away while it is open: its phone has said nothing for too long
        self.heard = 0.0  # time.monotonic() when the phone last sent anything
        self.pinger: asyncio.Task | None = None

    async def arrive(self, seat_id: int, table_id: int, ping: Callable[[], Awaitable[None]], name: str) -> bool:
        """Count the phone of ``seat_id`` (at ``table_id``) in, and ask it with ``ping`` whether it
        is there from now on. True if its coming joins a redraw of its table already waiting
        (tell_soon): another phone came or went a moment ago."""
        self.seat_id, self.table_id, self.counted = seat_id, table_id, True
        self.heard = time.monotonic()
        joined = await self._count_in()
        self.pinger = asyncio.create_task(self._ping(ping), name=name)
        return joined

    async def heard_from(self) -> None:
        """The phone said something: any frame says it is there, and counts it in again if it fell silent."""
        self.heard = time.monotonic()
        if self.silent:
            self.silent, self.counted = False, True
            await self._count_in()

    async def depart(self) -> None:
        """The socket leaves: count its phone out, unless it is already."""
        if self.counted:
            self.counted = False
            await self._count_out()

    async def _count_in(self) -> bool:
        if not await database_sync_to_async(arrive)(self.seat_id):
            return False
        return tell_soon(self.table_id, self.changed)  # everyone sees this phone is back

    async def _count_out(self) -> None:
        if await database_sync_to_async(depart)(self.seat_id):
            tell_soon(self.table_id, self.changed)  # everyone sees this phone is away

    def stop_pinging(self) -> None:
        if self.pinger is not None:
            self.pinger.cancel()
            self.pinger = None

    async def _ping(self, ping: Callable[[], Awaitable[None]]) -> None:
        """Ask the phone whether it is there every PRESENCE_PING_SECONDS, and count it out as away
        once it has said nothing for PRESENCE_SILENT_SECONDS; the socket stays open, and its
        phone's next word counts it in again (heard_from). Cheap: no database, no drawing, unless
        the phone's seat comes or goes."""
        every, limit = settings.PRESENCE_PING_SECONDS, settings.PRESENCE_SILENT_SECONDS
        while True:
            await asyncio.sleep(every)
            if self.counted and time.monotonic() - self.heard >= limit:
                # Shielded: once counted out, the table is told, even if the socket ends meanwhile.
                await asyncio.shield(self._fall_silent())
            await ping()

    async def _fall_silent(self) -> None:
        self.counted, self.silent = False, True  # before any wait: depart must not count it out again
        # Errors are logged here, not raised: the socket may have ended meanwhile, and pinging goes on.
        try:
            await self._count_out()
        except Exception as error:  # the database out of reach is one line (logs.failed), a bug is not
            logs.failed(log, error, "could not tell a table that a phone fell silent")
