"""Every table test starts with no rate-limit counts or pictures left over from another, on a
still clock, and with no outage lines held back by another."""

from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.core.cache import cache, caches

from companion.live import logs, presence


@pytest.fixture(autouse=True)
def fresh_counts(monkeypatch):
    """Counts start at nought, and the limit's window cannot end in the middle of a test.

    django-ratelimit counts in fixed windows whose edge falls at a moment set by the key: a
    test that taps eight times across that edge would see the count start again at one. So
    its clock stands still here (only its own: the module's name `time` is replaced, not
    the time module).
    """
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: 1_800_000_000.0))
    cache.clear()
    caches["pictures"].clear()  # and no evening's picture drawn by another
    yield
    cache.clear()
    caches["pictures"].clear()


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """Each test's event loop gets its own channel layer.

    pytest-asyncio gives every test a new loop, while channels keeps one layer for the
    process: a Redis layer whose lock a socket closing at the end of one test still held
    would then be used from the next test's loop. A running server has one loop, so this
    is the tests' own concern.
    """
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def fresh_outages(monkeypatch):
    """Lines of an outage are counted afresh in each test, and no count is written mid-test:
    its window never closes (test_faults closes them by hand)."""
    monkeypatch.setattr(logs, "outages", logs.Outages(later=lambda delay, then: None))


@pytest.fixture(autouse=True)
async def presence_wound_down():
    """Each test's event loop closes with no table still being redrawn for a phone that came or
    went: a redraw sends on that loop, and once it closed would keep the process from ending."""
    yield
    await presence.wind_down()
