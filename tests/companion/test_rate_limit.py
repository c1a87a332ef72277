"""Look-ups of wrong codes are rate limited per address, so guessing a table code is hopeless."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from companion import tables
from tests.conftest import sit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


def test_wrong_codes_are_limited_then_every_lookup_pauses(client):
    table, _ = tables.create_table("stub", "lena")
    misses = [client.get(reverse("find"), {"code": "ZZZZZZ"}).status_code for _ in range(20)]
    assert misses == [404] * 20
    assert client.get(reverse("find"), {"code": "ZZZZZY"}).status_code == 429
    paused = client.get(f"/t/{table.code}/")
    assert paused.status_code == 429
    assert "Wait a minute" in paused.content.decode()


def test_a_phone_with_a_seat_is_never_paused_by_a_guesser_on_its_network(client):
    table, lena = tables.create_table("stub", "lena")
    seated = sit(client.__class__(), lena)
    for _ in range(25):
        client.get(reverse("find"), {"code": "ZZZZZZ"})
    assert client.get(f"/t/{table.code}/").status_code == 429
    assert seated.get(f"/t/{table.code}/").status_code == 200


def test_a_household_joining_many_phones_is_never_limited(client):
    table, _ = tables.create_table("stub", "lena")
    for n in range(7):
        phone = client.__class__()
        assert phone.get(reverse("find"), {"code": table.code}).status_code == 302
        assert phone.get(f"/t/{table.code}/").status_code == 200
        assert phone.post(reverse("join", args=[table.code]), {"name": f"guest{n}"}).status_code == 302
        for _ in range(10):  # reloads
            assert phone.get(f"/t/{table.code}/").status_code == 200
