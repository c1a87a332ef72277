"""Who is here: how many sockets each seat has open, kept in the cache (Redis across processes).

Nothing here is game state, so it never touches the database: a socket that opens or
closes only counts itself in or out, and the table is redrawn when a seat's phone
arrives or goes away.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

log = logging.getLogger(__name__)

TTL = 60 * 60 * 12  # a count left behind by a crashed server is forgotten by the next evening


def _key(seat_id: int) -> str:
    return f"presence:{int(seat_id)}"


def arrive(seat_id: int) -> bool:
    """Count one more open socket for this seat; True if the seat has just come back."""
    try:
        cache.add(_key(seat_id), 0, TTL)
        return cache.incr(_key(seat_id)) == 1
    except Exception:  # the cache is down: presence is a nicety, the table still works
        log.exception("presence: could not count seat %s in", seat_id)
        return False


def depart(seat_id: int) -> bool:
    """Count one socket fewer; True if the seat has no socket open any more."""
    try:
        left = cache.decr(_key(seat_id))
        if left <= 0:
            cache.set_many({_key(seat_id): 0, f"{_key(seat_id)}:since": time.time()}, TTL)
            return True
    except ValueError:  # never counted in (or forgotten): nothing to take away
        return False
    except Exception:
        log.exception("presence: could not count seat %s out", seat_id)
    return False


def here(seat_ids: list[int]) -> set[int]:
    """The seats with at least one socket open now."""
    try:
        counts = cache.get_many([_key(s) for s in seat_ids])
    except Exception:
        log.exception("presence: could not read")
        return set()
    return {s for s in seat_ids if (counts.get(_key(s)) or 0) > 0}
