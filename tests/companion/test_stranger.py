"""A stranger who knows a table's code cannot wear it down: asking for seats in a loop, and
joining as a display and leaving in a loop, meet the rate limits, make none of the host's taps
stale, and leave neither the host's page nor the database any bigger. A household behind one
address is never limited. Leaving retires the seat's token; presence that cannot be read offers
no stranger a seat whose phone may be here."""

from __future__ import annotations

import re
from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.test import Client
from django.urls import reverse

from companion.live import presence
from companion.models import Seat, SeatClaim, Table
from companion.table import tables
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db, pytest.mark.sync]

STRANGER = "203.0.113.9"  # another network than the people at the table (the test client's 127.0.0.1)
VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')


@pytest.fixture
def clock(monkeypatch):
    """The rate limits' clock, moved on by hand: the stranger's 20 seconds pass in steps."""
    now = SimpleNamespace(t=1_800_000_000.0)
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now.t))
    return now


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
    for n in range(4):  # the host pauses and resumes, each tap with the version of its last answer
        for k in range(2):
            assert asker.post(reverse("claim", args=[table.code]), {"seat": claimable[k % 2]}).status_code == 302
            assert phone().post(reverse("join", args=[table.code]), {"display": "1"}).status_code in (302, 409)
        answer = host.post(reverse("host_action", args=[table.code, "resume" if n % 2 else "pause"]),
                           {"version": seen}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content.decode()
        seen = shown_version(answer)
    assert [(c.seat_id, c.status) for c in SeatClaim.objects.all()] == [(claimable[1], SeatClaim.Status.WAITING)]


def test_a_stranger_asking_for_seats_and_a_display_coming_and_going_cannot_wear_the_table_down(playing, clock):
    table, host, claimable = playing
    asker, display = Client(REMOTE_ADDR=STRANGER), Client(REMOTE_ADDR=STRANGER)
    page = host.get(f"/t/{table.code}/")
    seen, page_before = shown_version(page), len(page.content)
    statuses: dict[str, list[int]] = {"claim": [], "join": [], "leave": []}
    taps, stale, hold, answers = 0, 0, True, []
    # 20 seconds: the stranger asks nine times a second, alternating the two seats, and a display
    # joins, opens the page and leaves as often; the host taps pause or resume every 2/3 s, each
    # with the version of its last answer, as a phone that has not heard the pushes yet sends it.
    for step in range(180):
        clock.t += 20 / 180
        statuses["claim"].append(asker.post(reverse("claim", args=[table.code]),
                                            {"seat": claimable[step % 2]}).status_code)
        statuses["join"].append(display.post(reverse("join", args=[table.code]), {"display": "1"}).status_code)
        display.get(f"/t/{table.code}/")
        statuses["leave"].append(display.post(reverse("leave", args=[table.code])).status_code)
        if step % 6 == 5:
            answer = host.post(reverse("host_action", args=[table.code, "pause" if hold else "resume"]),
                               {"version": seen}, HTTP_HX_REQUEST="true")
            taps += 1
            answers.append(len(answer.content))
            if answer.status_code == 409 and 'data-reason="stale"' in answer.content.decode():
                stale += 1  # the host taps it again next time
            else:
                assert answer.status_code == 200, answer.content.decode()
                hold = not hold
            seen = shown_version(answer)
    assert taps == 30 and stale / taps < 0.05, f"{stale} of {taps} taps stale"
    for loop, codes in statuses.items():
        assert 429 in codes, loop
    # Neither the host's page nor its answers grow with the displays that left or the requests
    # that ended, and the database keeps one request from the looping phone.
    table.refresh_from_db()
    assert table.seats.filter(role="display").count() <= 1
    assert SeatClaim.objects.count() <= 1
    page_after = len(host.get(f"/t/{table.code}/").content)
    assert page_after < page_before + 1500, (page_before, page_after)
    assert max(answers) < answers[0] + 1500, answers


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


def test_a_host_acting_for_a_player_without_a_phone_has_an_allowance_for_each_page(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "add", name="pat").status_code == 200
    pat = Seat.objects.get(name="pat")
    for _ in range(40):  # turn after turn, the host's own page and pat's
        assert host.get(f"/t/{table.code}/").status_code == 200
        assert host.get(f"/t/{table.code}/", {"as": pat.pk}).status_code == 200


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


def test_a_household_of_eight_phones_behind_one_address_is_never_limited(db, phone):
    """Eight phones join at once (two of them the table's displays), some leave and come back,
    one asks for a seat, every page is reloaded ten times, and every phone wakes from sleep."""
    table, lena = tables.create_table("stub", "lena")
    host = sit(phone(), lena)
    phones = [phone() for _ in range(9)]
    for n, each in enumerate(phones[:7]):
        assert each.get(f"/t/{table.code}/").status_code == 200
        display = {"display": "1"} if n >= 5 else {}
        assert each.post(reverse("join", args=[table.code]), {"name": f"guest{n}", **display}).status_code == 302
    for each in phones[:3]:  # three leave, and come back
        assert each.post(reverse("leave", args=[table.code])).status_code == 302
        assert each.get(f"/t/{table.code}/").status_code == 200
        assert each.post(reverse("join", args=[table.code])).status_code == 302
    assert phones[0].post(reverse("leave", args=[table.code])).status_code == 302
    asking = phones[7]  # someone else takes guest0's place, by asking the host
    assert asking.post(reverse("claim", args=[table.code]), {"seat": Seat.objects.get(name="guest0").pk}
                       ).status_code == 302
    claim = SeatClaim.objects.get()
    assert post_host(host, table, "admit", claim=claim.pk).status_code == 200
    everyone = [host, *phones[:8]]
    for _ in range(10):
        for each in everyone:
            assert each.get(f"/t/{table.code}/", follow=True).status_code == 200
    for each in everyone:  # waking from sleep: the page again
        assert each.get(f"/t/{table.code}/", follow=True).status_code == 200
    assert phones[8].get(f"/t/{table.code}/").status_code == 200  # and a late arrival still sees the table
    assert phones[8].post(reverse("join", args=[table.code]), {"name": "late"}).status_code == 302


def test_a_phone_that_opens_a_table_in_a_loop_is_slowed_down_and_the_others_are_not(stub_table, phone):
    table, lena, gus, gwen = stub_table
    looping, other = sit(phone(), gus), sit(phone(), gwen)
    answers = [looping.get(f"/t/{table.code}/").status_code for _ in range(60)]
    assert answers[:40] == [200] * 40 and answers[-1] == 429
    assert "Slow down" in looping.get(f"/t/{table.code}/").content.decode()
    assert other.get(f"/t/{table.code}/").status_code == 200


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
