"""Saves a connection to Redis per request and two of a rate limit's three round trips.
Its rows: docs/performance.md#the-speed-devices-an-inventory (one Redis pool per process; the rate
limit counted in one round trip).

Django's Redis cache, with one connection pool per process and counting in one round trip.

One pool per process, however many cache objects ask.

Django keeps a cache object per thread and per context, and a2wsgi runs every request in a
fresh copy of the context, so each request would build a new ``RedisCache`` with a new pool
and open a new connection to Redis (connect, handshake, health check) for its first cache
call: the rate limit on every move. redis-py's pool is safe to share between threads and
starts afresh in a forked child, so the cache objects Django makes all draw from one pool per
server.

Counting in one round trip. Django's ``incr`` asks Redis whether the key exists, then adds to
it: two round trips, and a key that expires between them comes back from the INCR as a new key
that never expires. django-ratelimit counts each tap with ``add`` and then ``incr``, so a move
would pay three round trips to Redis for its rate limit. ``RedisCache`` here does the check and
the sum in one script, one round trip, and a missing key stays missing.
"""

from __future__ import annotations

import threading
from typing import Any

import redis
from django.core.cache.backends import redis as django_redis
from redis.commands.core import Script


class SharedConnectionPool(redis.ConnectionPool):
    """``OPTIONS: {"pool_class": ...}`` of a RedisCache: the same pool for the same server and options."""

    _pools: dict[tuple, redis.ConnectionPool] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> redis.ConnectionPool:
        key = (url, tuple(sorted(kwargs.items(), key=lambda item: item[0])))
        with cls._lock:
            pool = cls._pools.get(key)
            if pool is None:
                pool = cls._pools[key] = super().from_url(url, **kwargs)
            return pool


# The key's value plus ARGV[1] if the key exists (its expiry kept); nothing otherwise.
_ADD_IF_PRESENT = Script(None, b"if redis.call('EXISTS', KEYS[1]) == 1 then "
                               b"return redis.call('INCRBY', KEYS[1], ARGV[1]) end return false")


class _Client(django_redis.RedisCacheClient):
    def incr(self, key: Any, delta: int) -> int:
        value = _ADD_IF_PRESENT(keys=[key], args=[delta], client=self.get_client(key, write=True))
        if value is None:
            raise ValueError(f"Key '{key}' not found.")
        return value


class RedisCache(django_redis.RedisCache):
    """Django's Redis cache, its ``incr`` and ``decr`` one round trip each (see above)."""

    def __init__(self, server: str, params: dict[str, Any]):
        super().__init__(server, params)
        self._class = _Client
