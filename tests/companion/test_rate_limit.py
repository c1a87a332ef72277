"""Look-ups of wrong codes are rate limited per address, so guessing a table code is hopeless."""

import pytest
from django.urls import reverse

from companion.table import tables
from tests.conftest import sit

pytestmark = pytest.mark.django_db


def test_wrong_codes_are_limited_but_a_right_code_always_gets_through(client):
    table, _ = tables.create_table("stub", "lena")
    misses = [client.get(reverse("find"), {"code": "ZZZZZZ"}).status_code for _ in range(20)]
    assert misses == [404] * 20
    paused = client.get(reverse("find"), {"code": "ZZZZZY"})
    assert paused.status_code == 429
    assert "Wait a few minutes" in paused.content.decode()
    assert client.get(f"/t/ZZZZZX/").status_code == 429
    # A household on one address that mistyped 20 times still gets in with the right code.
    assert client.get(reverse("find"), {"code": table.code}).status_code == 302
    assert client.get(f"/t/{table.code}/").status_code == 200


def test_a_phone_with_a_seat_is_never_paused_by_a_guesser_on_its_network(client):
    table, lena = tables.create_table("stub", "lena")
    seated = sit(client.__class__(), lena)
    for _ in range(25):
        client.get(reverse("find"), {"code": "ZZZZZZ"})
    assert seated.get(f"/t/{table.code}/").status_code == 200
    assert seated.post(f"/t/{table.code}/tick/").status_code == 200


def test_a_household_joining_many_phones_is_never_limited(client):
    table, _ = tables.create_table("stub", "lena")
    for n in range(7):
        phone = client.__class__()
        assert phone.get(reverse("find"), {"code": table.code}).status_code == 302
        assert phone.get(f"/t/{table.code}/").status_code == 200
        assert phone.post(reverse("join", args=[table.code]), {"name": f"guest{n}"}).status_code == 302
        for _ in range(10):  # reloads
            assert phone.get(f"/t/{table.code}/").status_code == 200
