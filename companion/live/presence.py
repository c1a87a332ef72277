"""Who is here: how many sockets each seat has open, kept in the cache (Redis across processes).

Nothing here is game state, so it never touches the database: a socket that opens or
closes, or whose phone falls silent or speaks again (consumers.TableConsumer pings it), only
counts itself in or out, and the table is redrawn when a seat's phone arrives or goes away.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.signals import setting_changed
from django.dispatch import receiver

from companion.live import logs

log = logging.getLogger(__name__)

TTL = 60 * 60 * 12  # a count left behind by a crashed server is forgotten by the next evening


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
    """The seats with at least one socket open now."""
    try:
        counts = _cache().get_many([_key(s) for s in seat_ids])
    except Exception as error:
        logs.failed(log, error, "presence: could not read")
        return set()
    return {s for s in seat_ids if (counts.get(_key(s)) or 0) > 0}
