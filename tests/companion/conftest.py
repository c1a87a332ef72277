"""Every table test starts with no rate-limit counts left over from another."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


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
