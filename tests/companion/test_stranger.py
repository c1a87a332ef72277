"""A stranger who knows a table's code cannot take a seat whose phone may be here: presence that
cannot be read offers no such seat, and no request for one is taken."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.live import presence
from companion.models import SeatClaim
from tests.companion.test_tables import post_host
from tests.conftest import sit

pytestmark = [pytest.mark.django_db, pytest.mark.sync]


def test_while_presence_cannot_be_read_no_seat_with_a_phone_is_offered_or_taken(stub_table, phone, monkeypatch):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "add", name="pat").status_code == 200

    class Down:
        def get_many(self, keys):
            raise ConnectionError("redis is down")

    monkeypatch.setattr(presence, "_cache", Down)
    stranger = phone()
    offered = stranger.get(f"/t/{table.code}/").content.decode()
    assert "Ask to sit as pat" in offered  # no phone: the host answers for pat
    assert "Ask to sit as gus" not in offered and "Ask to sit as gwen" not in offered
    refused = stranger.post(reverse("claim", args=[table.code]), {"seat": gus.pk})
    assert refused.status_code == 409 and "gus is at the table on their own phone" in refused.content.decode()
    assert SeatClaim.objects.count() == 0
