"""Every table test starts with no rate-limit counts left over from another."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()
