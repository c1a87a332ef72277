"""The cache's Redis connections are shared by the whole process, not opened again per request.

a2wsgi runs each request in a fresh copy of the context, and Django keeps a cache object per
context, so without a shared pool every request (every move, through its rate limit) opened a
connection of its own.
"""

import contextvars
import os

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings

from companion.cache import SharedConnectionPool

REDIS_CACHE = {"BACKEND": "django.core.cache.backends.redis.RedisCache",
               "OPTIONS": {"pool_class": "companion.cache.SharedConnectionPool"}}


def as_a_request(work):
    """Run ``work`` as a2wsgi runs a request: in a fresh copy of the context."""
    return contextvars.copy_context().run(work)


def test_each_request_gets_its_own_cache_object_but_every_one_draws_on_one_pool():
    with override_settings(CACHES={"default": {**REDIS_CACHE, "LOCATION": "redis://127.0.0.1:1/0"}}):
        first, second = as_a_request(lambda: caches["default"]), as_a_request(lambda: caches["default"])
        assert first is not second
        pool = first._cache._get_connection_pool(write=True)
        assert isinstance(pool, SharedConnectionPool)
        assert second._cache._get_connection_pool(write=True) is pool
    with override_settings(CACHES={"default": {**REDIS_CACHE, "LOCATION": "redis://127.0.0.1:1/1"}}):
        assert as_a_request(lambda: caches["default"])._cache._get_connection_pool(write=True) is not pool


@pytest.mark.sync
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL)")
def test_twenty_requests_counting_in_redis_open_no_connection_of_their_own():
    url = os.environ["REDIS_URL"]
    server = redis.Redis.from_url(url)

    def connections() -> int:
        return server.info("stats")["total_connections_received"]

    def count_a_tap():
        cache = caches["default"]
        cache.add("test-cache:taps", 0, 60)
        return cache.incr("test-cache:taps")

    with override_settings(CACHES={"default": {**REDIS_CACHE, "LOCATION": url}}):
        as_a_request(count_a_tap)  # the pool's first connection
        before = connections()
        counts = [as_a_request(count_a_tap) for _ in range(20)]
        after = connections()
    server.delete("test-cache:taps")
    server.close()
    assert counts == list(range(counts[0], counts[0] + 20))
    assert after == before
