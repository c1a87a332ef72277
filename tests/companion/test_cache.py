"""The cache's Redis connections are shared by the whole process, not opened again per request,
and a count goes up in one round trip.

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

from companion.speed.cache import SharedConnectionPool

needs_redis = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL)")

REDIS_CACHE = {"BACKEND": "companion.speed.cache.RedisCache",
               "OPTIONS": {"pool_class": "companion.speed.cache.SharedConnectionPool"}}


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


@pytest.fixture
def redis_cache():
    """The project's Redis cache on the test's server, and a plain client to look at what it stored."""
    url = os.environ["REDIS_URL"]
    server = redis.Redis.from_url(url)
    with override_settings(CACHES={"default": {**REDIS_CACHE, "LOCATION": url}}):
        cache = caches["default"]
        yield cache, server
        cache.delete_many(["test-cache:taps", "test-cache:count", "test-cache:missing"])
    server.close()


@pytest.mark.sync
@needs_redis
def test_twenty_requests_counting_in_redis_open_no_connection_of_their_own(redis_cache):
    _, server = redis_cache

    def connections() -> int:
        return server.info("stats")["total_connections_received"]

    def count_a_tap():
        cache = caches["default"]
        cache.add("test-cache:taps", 0, 60)
        return cache.incr("test-cache:taps")

    as_a_request(count_a_tap)  # the pool's first connection
    before = connections()
    counts = [as_a_request(count_a_tap) for _ in range(20)]
    after = connections()
    assert counts == list(range(counts[0], counts[0] + 20))
    assert after == before


@pytest.mark.sync
@needs_redis
def test_a_count_goes_up_and_down_in_one_round_trip_each_and_keeps_its_expiry(redis_cache, monkeypatch):
    cache, server = redis_cache
    assert cache.add("test-cache:count", 0, 60)
    replies = []
    read = redis.connection.AbstractConnection.read_response

    def counted(connection, *args, **kwargs):
        replies.append(1)
        return read(connection, *args, **kwargs)

    monkeypatch.setattr(redis.connection.AbstractConnection, "read_response", counted)
    assert [cache.incr("test-cache:count"), cache.incr("test-cache:count", 5), cache.decr("test-cache:count")] \
        == [1, 6, 5]
    assert len(replies) == 3  # Django's own asks whether the key exists first: 6
    monkeypatch.undo()
    assert cache.get("test-cache:count") == 5
    assert 0 < server.ttl(cache.make_and_validate_key("test-cache:count")) <= 60


@pytest.mark.sync
@needs_redis
def test_counting_a_key_that_is_not_there_is_refused_and_leaves_no_key_behind(redis_cache):
    cache, server = redis_cache
    with pytest.raises(ValueError, match="not found"):
        cache.incr("test-cache:missing")
    assert server.exists(cache.make_and_validate_key("test-cache:missing")) == 0
    assert cache.get("test-cache:missing") is None
