"""Coming back to a seat: the phone that left takes it back at once; any other phone asks the host,
and sees nothing of the seat until let in; a removed seat stays, out of play; a dead phone's seat
becomes a player without a phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion import seats, tables
from companion.models import Seat, SeatClaim, Table
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db, pytest.mark.sync]

SECRET = "zephyrs"


def page(client, table) -> str:
    """The table's page as the phone ends up on it (a phone the host let in is first given its seat)."""
    return client.get(f"/t/{table.code}/", follow=True).content.decode()


def leave(client, table):
    return client.post(reverse("leave", args=[table.code]))


def come_back(client, table, **data):
    return client.post(reverse("join", args=[table.code]), data)


def ask(client, table, seat_id):
    return client.post(reverse("claim", args=[table.code]), {"seat": seat_id})


def answer(client, table):
    """What the waiting page hears when it asks whether the host has answered."""
    return client.get(reverse("claim", args=[table.code]), HTTP_HX_REQUEST="true")


@pytest.fixture
def gus_keeps(stub_table, phone):
    """A game under way in which gus keeps the secret; lena hosts and guesses with gwen."""
    table, lena, gus, gwen = stub_table
    host, keeper = sit(phone(), lena), sit(phone(), gus)
    assert post_host(host, table, "role", seat=gus.pk, role="keeper").status_code == 200
    assert post_host(host, table, "role", seat=lena.pk, role="guesser").status_code == 200
    assert post_host(host, table, "start").status_code == 200
    assert move(keeper, table, type="set_secret", word=SECRET).status_code == 200
    table.refresh_from_db()
    return table, host, keeper, gus


def players(table) -> list[dict]:
    table.refresh_from_db()
    return table.state["players"]


# -- removal keeps the seat ---------------------------------------------------------------------


def test_a_removed_seat_stays_out_of_play_and_its_phone_can_neither_act_nor_read(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    gwen = Seat.objects.get(name="gwen")
    gwen_phone = sit(phone(), gwen)
    assert post_host(host, table, "remove", seat=gwen.pk).status_code == 200
    removed = Seat.objects.get(pk=gwen.pk)
    assert removed.removed and removed.name == "gwen"
    assert 'presence-removed' in page(host, table)
    assert "gwen (you)" not in page(gwen_phone, table)
    refused = move(gwen_phone, table, type="guess", word="candle")
    assert refused.status_code == 403 and Table.objects.get().state["rules"]["guesses"] == []
    again = post_host(host, table, "remove", seat=gwen.pk)
    assert again.status_code in (200, 409)  # a double tap is "already done"; later, "already removed"
    assert post_host(host, table, "host", seat=gwen.pk).status_code == 400  # nobody gone hosts
    # The next game deals the others in; gwen keeps her seat for the evening's standings.
    move(keeper, table, type="reveal")
    assert post_host(host, table, "again").status_code == 200
    assert post_host(host, table, "start").status_code == 200
    assert gwen.pk not in [p["seat"] for p in players(table)]
    assert Seat.objects.filter(pk=gwen.pk, removed=True).exists()


def test_a_removed_display_leaves_room_for_another(stub_table, phone):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    displays = [tables.join_table(table, "", as_display=True) for _ in range(tables.MAX_DISPLAYS)]
    assert phone().post(reverse("join", args=[table.code]), {"display": "1"}).status_code == 409
    post_host(host, table, "remove", seat=displays[0].pk)
    assert phone().post(reverse("join", args=[table.code]), {"display": "1"}).status_code == 302


def test_removing_a_seat_twice_from_a_newer_screen_says_it_is_already_removed(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "remove", seat=gwen.pk).status_code == 200
    again = post_host(host, table, "remove", seat=gwen.pk)
    assert again.status_code == 409 and "already been removed" in again.content.decode()
