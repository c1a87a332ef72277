"""One Redis connection pool per process for Django's cache, however many cache objects ask.

Django keeps a cache object per thread and per context, and a2wsgi runs every request in a
fresh copy of the context, so each request built a new ``RedisCache`` with a new pool and
opened a new connection to Redis (connect, handshake, health check) for its first cache call:
the rate limit on every move. At one table on two processes the rate limit was a sixth of the
request thread's time, connecting nearly half of that. redis-py's pool is safe to share between
threads and starts afresh in a forked child, so the cache objects Django makes now all draw from
one pool per server.
"""

from __future__ import annotations

import threading
from typing import Any

import redis


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
