"""A stranger who knows a table's code cannot wear it down: asking for seats in a loop, and
displays joining, make none of the host's taps stale and leave one request in the database;
displays that left leave nothing on the host's page. Leaving retires the seat's token; presence
that cannot be read offers no stranger a seat whose phone may be here."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from companion.live import presence
from companion.models import Seat, SeatClaim, Table
from companion.table import tables
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db, pytest.mark.sync]

VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')


def shown_version(response) -> int:
    """The table version a phone's screen shows after this answer (its #table-version)."""
    return int(VERSION.search(response.content.decode()).group(1))


@pytest.fixture
def playing(stub_table, phone):
    """A game with its clock running: lena hosts, gus keeps the secret; gwen's phone has left and
    pat plays without a phone: two seats a stranger may ask for."""
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "setup", seconds="180").status_code == 200
    assert post_host(host, table, "add", name="pat").status_code == 200
    assert post_host(host, table, "role", seat=gus.pk, role="keeper").status_code == 200
    assert post_host(host, table, "role", seat=lena.pk, role="guesser").status_code == 200
    assert post_host(host, table, "start").status_code == 200
    assert move(sit(phone(), gus), table, type="set_secret", word="lantern").status_code == 200
    assert phone().post(reverse("leave", args=[table.code])).status_code == 302  # a phone with no seat: nothing
    assert sit(phone(), gwen).post(reverse("leave", args=[table.code])).status_code == 302
    pat = Seat.objects.get(name="pat")
    return table, host, [gwen.pk, pat.pk]


def test_phones_asking_for_seats_and_displays_joining_make_none_of_the_hosts_taps_stale(playing, phone):
    table, host, claimable = playing
    asker = phone()
    seen = shown_version(host.get(f"/t/{table.code}/"))
    for n in range(6):  # the host pauses and resumes, each tap with the version of its last answer
        for k in range(3):
            assert asker.post(reverse("claim", args=[table.code]), {"seat": claimable[k % 2]}).status_code == 302
            assert phone().post(reverse("join", args=[table.code]), {"display": "1"}).status_code in (302, 409)
        answer = host.post(reverse("host_action", args=[table.code, "resume" if n % 2 else "pause"]),
                           {"version": seen}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content.decode()
        seen = shown_version(answer)
    assert [(c.seat_id, c.status) for c in SeatClaim.objects.all()] == [(claimable[0], SeatClaim.Status.WAITING)]


def test_displays_that_left_are_gone_from_the_hosts_page_and_count_toward_no_limit(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    before = host.get(f"/t/{table.code}/").content.decode()
    for _ in range(tables.MAX_DISPLAYS + 2):
        tv = phone()
        assert tv.post(reverse("join", args=[table.code]), {"display": "1"}).status_code == 302
        assert "Table display" in host.get(f"/t/{table.code}/").content.decode()
        assert tv.post(reverse("leave", args=[table.code])).status_code == 302
        assert f"sat_{table.code}" not in tv.cookies  # nothing to come back to: any phone may open a display
    after = host.get(f"/t/{table.code}/").content.decode()
    assert "Table display" not in after and 'class="seat seat-display"' not in after
    assert abs(len(after) - len(before)) < 50  # only the version's digits
    assert table.seats.count() == 3


def test_leaving_retires_the_seats_token_and_the_sat_cookie_still_brings_the_phone_back(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "start").status_code == 200
    gus_phone, copy = sit(phone(), gus), sit(phone(), gus)  # a copy of gus's seat cookie
    before = version(table)
    assert gus_phone.post(reverse("leave", args=[table.code])).status_code == 302
    assert version(table) == before + 1 and Seat.objects.get(pk=gus.pk).left
    refused = move(copy, table, type="guess", word="candle")
    assert refused.status_code == 403 and 'data-reason="no-seat"' in refused.content.decode()
    shown = copy.get(f"/t/{table.code}/").content.decode()
    assert "gus (you)" not in shown and "Back to your seat" not in shown
    # The phone that left comes back through its "sat here" cookie; the copy stays out.
    assert "Back to your seat as gus" in gus_phone.get(f"/t/{table.code}/").content.decode()
    assert gus_phone.post(reverse("join", args=[table.code])).status_code == 302
    assert "gus (you)" in gus_phone.get(f"/t/{table.code}/").content.decode()
    assert not Seat.objects.get(pk=gus.pk).left
    assert move(copy, table, type="guess", word="candle").status_code == 403
    assert Table.objects.get().state["rules"].get("guesses", []) == []


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
