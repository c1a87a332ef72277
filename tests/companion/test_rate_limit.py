"""Join lookups are rate limited per address, so guessing a table code is hopeless."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_join_lookups_are_rate_limited(phone, settings):
    from django.core.cache import cache

    cache.clear()
    guesser = phone()
    statuses = [guesser.get(reverse("find"), {"code": "ZZZZZZ"}).status_code for _ in range(31)]
    assert statuses[:30] == [404] * 30
    assert statuses[30] == 429
    cache.clear()
