"""Coming back to a seat: the phone that left takes it back at once; any other phone asks the host,
and sees nothing of the seat until let in; a removed seat stays, out of play; a dead phone's seat
becomes a player without a phone."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from companion.live import presence
from companion.table import seats, tables
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


# -- the phone that left comes back -----------------------------------------------------------


def test_a_phone_that_left_in_the_lobby_is_offered_its_seat_and_takes_it_back(stub_table, phone):
    table, lena, gus, gwen = stub_table
    gus_phone = sit(phone(), gus)
    assert leave(gus_phone, table).status_code == 302
    assert f"sat_{table.code}" in gus_phone.cookies and gus_phone.cookies[f"sat_{table.code}"]["httponly"]
    before = version(table)
    offered = page(gus_phone, table)
    assert "Back to your seat as gus" in offered and "gus (you)" not in offered
    assert version(table) == before and Seat.objects.get(pk=gus.pk).left  # looking changes nothing
    assert come_back(gus_phone, table).status_code == 302
    back = Seat.objects.get(pk=gus.pk)
    assert not back.left and back.role == "guesser" and table.seats.count() == 3
    assert "gus (you)" in page(gus_phone, table)
    assert f"sat_{table.code}" not in gus_phone.cookies or not gus_phone.cookies[f"sat_{table.code}"].value


def test_the_keeper_who_left_mid_game_comes_back_to_the_same_seat_and_sees_the_secret_again(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    assert SECRET in page(keeper, table)
    assert leave(keeper, table).status_code == 302
    gone = page(keeper, table)
    assert SECRET not in gone and "Back to your seat as gus" in gone
    assert "new players cannot sit down" in gone  # no new seat mid-game, but this phone's own is there
    assert come_back(keeper, table, name="gus").status_code == 302  # the name sent again, or not
    seat = Seat.objects.get(pk=gus.pk)
    assert not seat.left and seat.role == "keeper"
    assert {"seat": gus.pk, "role": "keeper"} in players(table)
    assert SECRET in page(keeper, table) and "gus (you)" in page(keeper, table)
    # and plays on from that seat
    assert move(keeper, table, type="reveal").status_code == 200
    assert Table.objects.get().status == Table.Status.FINISHED


def test_another_person_on_that_phone_may_take_a_new_seat_instead(stub_table, phone):
    table, lena, gus, gwen = stub_table
    gus_phone = sit(phone(), gus)
    leave(gus_phone, table)
    offered = page(gus_phone, table)
    assert "Back to your seat as gus" in offered and "Take a new seat" in offered
    assert come_back(gus_phone, table, name="dan", new="1").status_code == 302
    dan = Seat.objects.get(name="dan")
    assert Seat.objects.get(pk=gus.pk).left and "dan (you)" in page(gus_phone, table)
    assert dan.pk != gus.pk


def test_a_seat_left_in_the_lobby_is_not_dealt_in_not_counted_and_comes_back_only_with_room(db, phone):
    table, host_seat = tables.create_table("stub", "lena")
    guests = [tables.join_table(table, f"guest{n}") for n in range(7)]
    host = sit(phone(), host_seat)
    first = sit(phone(), guests[0])
    leave(first, table)
    assert "7 of 8 seats taken" in page(phone(), table)
    late = phone()
    assert late.post(reverse("join", args=[table.code]), {"name": "late"}).status_code == 302  # the free place
    refused = come_back(first, table)
    assert refused.status_code == 409 and "This table is full" in refused.content.decode()
    assert Seat.objects.get(pk=guests[0].pk).left
    assert post_host(host, table, "start").status_code == 200
    dealt = [p["seat"] for p in players(table)]
    assert guests[0].pk not in dealt and len(dealt) == 8


def test_a_phone_without_a_sat_here_cookie_cannot_take_a_seat_back_by_name(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    stranger = phone()
    response = come_back(stranger, table, name="gus")
    assert response.status_code == 409 and SECRET not in response.content.decode()
    assert "Ask to sit as gus" in response.content.decode()  # the way back for any other phone: the host
    forged = phone()
    forged.cookies[f"sat_{table.code}"] = Seat.objects.get(pk=gus.pk).token  # unsigned: worth nothing
    assert "Back to your seat" not in page(forged, table)
    assert come_back(forged, table, name="gus").status_code == 409
    assert Seat.objects.get(pk=gus.pk).left


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


def test_the_host_is_offered_no_removal_nor_no_phone_for_a_seat_already_removed(gus_keeps):
    table, host, keeper, gus = gus_keeps
    gwen, gus = Seat.objects.get(name="gwen"), Seat.objects.get(name="gus")
    assert post_host(host, table, "remove", seat=gwen.pk).status_code == 200
    html = page(host, table)
    row = {s.pk: re.search(rf'<li [^>]*id="seat-{s.pk}".*?</li>', html, re.S).group(0) for s in (gwen, gus)}
    assert "presence-removed" in row[gwen.pk] and "Remove" not in row[gwen.pk] and "No phone" not in row[gwen.pk]
    assert "Remove" in row[gus.pk] and "No phone" in row[gus.pk]  # the others keep theirs


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


# -- another phone asks the host -----------------------------------------------------------------


def test_another_phone_asking_for_a_seat_sees_nothing_of_it_until_the_host_lets_it_in(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    new_phone = phone()
    offered = page(new_phone, table)
    assert "Ask to sit as gus" in offered and SECRET not in offered
    before = version(table)
    asked = ask(new_phone, table, gus.pk)
    assert asked.status_code == 302 and asked.url == f"/t/{table.code}/"
    assert version(table) == before + 1  # everyone's screen is pushed the request
    claim = SeatClaim.objects.get()
    assert claim.status == SeatClaim.Status.WAITING and claim.seat_id == gus.pk
    waiting = page(new_phone, table)
    assert "Waiting for the host" in waiting and "gus" in waiting
    assert SECRET not in waiting and 'id="live"' not in waiting  # no socket, no regions
    assert SECRET not in answer(new_phone, table).content.decode()
    assert move(new_phone, table, type="reveal").status_code == 403  # a claim is no seat
    # Only the host is asked.
    assert "A phone asks to sit as <strong>gus</strong>" in page(host, table)
    assert "A phone asks to sit as" not in page(sit(phone(), Seat.objects.get(name="gwen")), table)
    assert post_host(sit(phone(), Seat.objects.get(name="gwen")), table, "admit", claim=claim.pk).status_code == 403

    assert post_host(host, table, "admit", claim=claim.pk).status_code == 200
    polled = answer(new_phone, table)
    assert polled["HX-Redirect"] == f"/t/{table.code}/"
    landed = new_phone.get(f"/t/{table.code}/")
    assert landed.status_code == 302  # given the seat's cookie, then its page
    screen = page(new_phone, table)
    assert SECRET in screen and "gus (you)" in screen
    seat = Seat.objects.get(pk=gus.pk)
    assert seat.has_phone and not seat.left and seat.token == claim.token
    assert "A phone asks to sit as" not in page(host, table)
    # The phone that left can no longer take the seat back on its own: the seat is another phone's.
    assert "Back to your seat" not in page(keeper, table)
    assert come_back(keeper, table).status_code == 409


def test_a_phone_that_lost_its_cookies_gets_its_seat_back_through_the_host_while_the_old_one_is_away(
        gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    # gus's old phone holds the seat, but no socket of it is open: the person may be on another phone.
    fresh = phone()
    offered = page(fresh, table)
    assert re.search(r"Ask to sit as gus</button>\s*<span[^>]*>away</span>", offered) and SECRET not in offered
    assert ask(fresh, table, gus.pk).status_code == 302
    claim = SeatClaim.objects.get()
    assert SECRET not in page(fresh, table)
    assert post_host(host, table, "admit", claim=claim.pk).status_code == 200
    assert SECRET in page(fresh, table) and "gus (you)" in page(fresh, table)
    assert move(keeper, table, type="reveal").status_code == 403  # the old phone lost the seat
    assert SECRET not in page(keeper, table)


def test_a_seat_whose_phone_is_here_is_neither_offered_nor_given_to_another_phone(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    presence.arrive(gus.pk)
    stranger = phone()
    assert "Ask to sit as gus" not in page(stranger, table)
    before = version(table)
    refused = ask(stranger, table, gus.pk)
    assert refused.status_code == 409 and "gus is at the table on their own phone" in refused.content.decode()
    assert SeatClaim.objects.count() == 0 and version(table) == before
    assert SECRET in page(keeper, table)


def test_a_refused_phone_is_told_and_gets_nothing(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    intruder = phone()
    ask(intruder, table, gus.pk)
    claim = SeatClaim.objects.get()
    assert post_host(host, table, "refuse", claim=claim.pk).status_code == 200
    assert SeatClaim.objects.get().status == SeatClaim.Status.REFUSED
    assert answer(intruder, table)["HX-Redirect"] == f"/t/{table.code}/"
    told = page(intruder, table)
    assert "The host did not let this phone sit as gus" in told and SECRET not in told
    assert Seat.objects.get(pk=gus.pk).left  # nothing changed for the seat
    assert "Back to your seat as gus" in page(keeper, table)  # its own phone still may
    assert post_host(host, table, "admit", claim=claim.pk).status_code == 409  # answered already


def test_a_removed_player_comes_back_through_the_host(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    gwen = Seat.objects.get(name="gwen")
    gwen_phone = sit(phone(), gwen)
    move(gwen_phone, table, type="guess", word="candle")
    post_host(host, table, "remove", seat=gwen.pk)
    offered = page(gwen_phone, table)
    assert "Back to your seat" not in offered and "Ask to sit as gwen" in offered
    ask(gwen_phone, table, gwen.pk)
    post_host(host, table, "admit", claim=SeatClaim.objects.get().pk)
    assert "gwen (you)" in page(gwen_phone, table)
    seat = Seat.objects.get(pk=gwen.pk)
    assert not seat.removed and seat.role == "guesser" and gwen.pk in [p["seat"] for p in players(table)]
    assert move(gwen_phone, table, type="guess", word="lantern").status_code == 200


def test_a_claim_overtaken_by_the_seat_s_own_phone_ends_and_cannot_be_admitted(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    other = phone()
    ask(other, table, gus.pk)
    claim = SeatClaim.objects.get()
    assert come_back(keeper, table).status_code == 302
    assert SeatClaim.objects.get().status == SeatClaim.Status.ENDED and Table.objects.get().asking == []
    token = Seat.objects.get(pk=gus.pk).token
    refused = post_host(host, table, "admit", claim=claim.pk)
    assert refused.status_code == 409 and "ended" in refused.content.decode()
    assert Seat.objects.get(pk=gus.pk).token == token and SECRET in page(keeper, table)
    told = page(other, table)
    assert "gus's seat was taken before the host answered" in told.replace("&#x27;", "'") and SECRET not in told


def test_a_phone_let_in_that_has_not_looked_yet_gets_nothing_once_the_seat_has_moved_on(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    slow = phone()
    ask(slow, table, gus.pk)
    post_host(host, table, "admit", claim=SeatClaim.objects.get().pk)
    post_host(host, table, "phone", seat=gus.pk, has_phone="0")  # before the slow phone looked
    told = page(slow, table)
    assert "gus's seat is no longer this phone's" in told.replace("&#x27;", "'")
    assert SECRET not in told and "gus (you)" not in told


def test_asking_again_is_the_same_request_and_asking_for_another_seat_ends_the_first(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    for seat in (gus, gwen):
        leave(sit(phone(), seat), table)
    asking = phone()
    ask(asking, table, gus.pk)
    ask(asking, table, gus.pk)
    assert SeatClaim.objects.count() == 1
    first = SeatClaim.objects.get().pk
    ask(asking, table, gwen.pk)
    # The first request ends, its row replaced by the second: a phone asking in a loop leaves one.
    assert [(c.seat_id, c.status) for c in SeatClaim.objects.all()] == [(gwen.pk, SeatClaim.Status.WAITING)]
    assert [a["seat"] for a in Table.objects.get().asking] == [gwen.pk]
    assert post_host(host, table, "admit", claim=first).status_code == 404  # the host's Let in for it
    assert Seat.objects.get(pk=gus.pk).left


@pytest.mark.parametrize("seat", ["", "abc", "-3", "0", "99999999999", "host", "gus", "display", "nobody"])
def test_asking_for_a_seat_that_cannot_be_asked_for_is_refused_clearly_and_changes_nothing(stub_table, phone,
                                                                                          seat):
    table, lena, gus, gwen = stub_table
    display = tables.join_table(table, "", as_display=True)
    presence.arrive(gus.pk)  # gus's own phone is here
    ids = {"host": lena.pk, "gus": gus.pk, "display": display.pk, "nobody": 10**6}
    before = version(table)
    response = ask(phone(), table, ids.get(seat, seat))
    assert response.status_code in (400, 404, 409)
    assert '<p class="error" role="alert">' in response.content.decode()
    assert SeatClaim.objects.count() == 0 and version(table) == before


def test_a_phone_with_a_seat_asks_for_none(stub_table, phone):
    table, lena, gus, gwen = stub_table
    leave(sit(phone(), gwen), table)
    assert ask(sit(phone(), gus), table, gwen.pk).status_code == 302
    assert SeatClaim.objects.count() == 0


def test_too_many_phones_waiting_are_told_to_wait(stub_table, phone):
    table, lena, gus, gwen = stub_table
    leave(sit(phone(), gus), table)
    for _ in range(tables.MAX_WAITING):
        assert ask(phone(), table, gus.pk).status_code == 302
    response = ask(phone(), table, gus.pk)
    assert response.status_code == 429 and "Too many phones are waiting" in response.content.decode()
    assert SeatClaim.objects.count() == tables.MAX_WAITING


@pytest.mark.parametrize("action, data, status, said", [
    ("admit", {}, 400, "Pick the request to answer."),
    ("admit", {"claim": "x"}, 400, "Pick the request to answer."),
    ("refuse", {"claim": ""}, 400, "Pick the request to answer."),
    ("admit", {"claim": "12345"}, 404, "That request is no longer at the table."),
    ("refuse", {"claim": "12345"}, 404, "That request is no longer at the table."),
    ("phone", {}, 400, "Pick a seat first."),
    ("phone", {"seat": "x", "has_phone": "0"}, 400, "Pick a seat first."),
    ("phone", {"seat": "{gus}"}, 400, "has_phone is 0 or 1"),
    ("phone", {"seat": "{gus}", "has_phone": "yes"}, 400, "has_phone is 0 or 1"),
    ("phone", {"seat": "{gus}", "has_phone": "1"}, 409, "by asking for it"),
    ("phone", {"seat": "{host}", "has_phone": "0"}, 400, "The host keeps their phone"),
    ("phone", {"seat": "{display}", "has_phone": "0"}, 400, "A table display is not a player."),
    ("phone", {"seat": "12345", "has_phone": "0"}, 404, "That seat is no longer at the table."),
])
def test_bad_host_answers_get_a_clear_error_and_change_nothing(stub_table, phone, action, data, status, said):
    table, lena, gus, gwen = stub_table
    display = tables.join_table(table, "", as_display=True)
    host = sit(phone(), lena)
    ids = {"gus": gus.pk, "host": lena.pk, "display": display.pk}
    fields = {k: v.format(**ids) for k, v in data.items()}
    before = version(table), sorted(Seat.objects.values_list("pk", "token", "has_phone", "left", "removed"))
    response = post_host(host, table, action, **fields)
    assert response.status_code == status and said in response.content.decode()
    assert (version(table), sorted(Seat.objects.values_list("pk", "token", "has_phone", "left", "removed"))) == before


# -- a phone that died --------------------------------------------------------------------------


def test_the_host_turns_a_dead_phone_s_seat_into_a_player_without_a_phone_and_back(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    assert post_host(host, table, "phone", seat=gus.pk, has_phone="0").status_code == 200
    seat = Seat.objects.get(pk=gus.pk)
    assert not seat.has_phone and seat.role == "keeper"
    assert move(keeper, table, type="reveal").status_code == 403  # the old phone lost it
    assert SECRET not in page(keeper, table)
    acting = host.get(f"/t/{table.code}/?as={gus.pk}").content.decode()
    assert "Acting for gus" in acting and SECRET in acting
    # The phone comes back to life: it asks for the seat, and the host lets it in.
    assert "Ask to sit as gus" in page(keeper, table)
    ask(keeper, table, gus.pk)
    assert post_host(host, table, "admit", claim=SeatClaim.objects.get().pk).status_code == 200
    assert Seat.objects.get(pk=gus.pk).has_phone and SECRET in page(keeper, table)
    assert host.get(f"/t/{table.code}/?as={gus.pk}").status_code == 302  # nobody acts for a player with a phone


def test_a_seat_whose_phone_left_can_be_played_by_the_host(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    leave(keeper, table)
    assert post_host(host, table, "phone", seat=gus.pk, has_phone="0").status_code == 200
    seat = Seat.objects.get(pk=gus.pk)
    assert not seat.has_phone and not seat.left
    assert "Back to your seat" not in page(keeper, table)  # the host plays it now
    response = host.post(reverse("move", args=[table.code]),
                         {"version": version(table), "type": "reveal", "as_seat": gus.pk})
    assert response.status_code == 200 and Table.objects.get().status == Table.Status.FINISHED


def test_cookies_of_one_kind_never_pass_for_another(stub_table, phone):
    from django.http import HttpResponse

    table, lena, gus, gwen = stub_table
    response = HttpResponse()
    seats.remember_sat(response, gus)
    seats.remember_claim(response, table.code, gus.token)
    stolen = phone()
    stolen.cookies[f"seat_{table.code}"] = response.cookies[f"sat_{table.code}"].value
    assert "gus (you)" not in page(stolen, table)
    stolen.cookies[f"seat_{table.code}"] = response.cookies[f"claim_{table.code}"].value
    assert "gus (you)" not in page(stolen, table)


def test_once_the_evening_is_over_nobody_asks_for_a_seat_or_takes_one_back(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    leaver = sit(phone(), gus)
    leave(leaver, table)
    assert post_host(host, table, "close").status_code == 200
    before = version(table)
    asked = ask(phone(), table, gus.pk)
    assert asked.status_code == 410 and "evening at this table is over" in asked.content.decode()
    assert come_back(leaver, table).status_code in (409, 410)
    assert version(table) == before and not SeatClaim.objects.exists() and Seat.objects.get(pk=gus.pk).left


def test_a_player_who_left_sees_the_evening_s_summary_and_picture_once_it_is_over(gus_keeps, phone):
    table, host, keeper, gus = gus_keeps
    assert move(keeper, table, type="reveal").status_code == 200  # a game finished tonight
    leave(keeper, table)
    assert post_host(host, table, "close").status_code == 200
    before = version(table)
    shown = keeper.get(f"/t/{table.code}/")
    text = shown.content.decode()
    assert shown.status_code == 200 and "nobody new can sit down" not in text
    assert "The evening is over" in text and "You sat at this table as gus" in text and "Share the evening" in text
    assert "Back to your seat" not in text and "Ask to sit as" not in text  # read-only
    drawn = keeper.get(reverse("evening_picture", args=[table.code]))
    assert drawn.status_code == 200 and drawn["Content-Type"] == "image/png"
    assert version(table) == before and Seat.objects.get(pk=gus.pk).left
    # A phone that never sat here is still told the evening is over, and gets no picture.
    stranger = phone()
    assert "nobody new can sit down" in stranger.get(f"/t/{table.code}/").content.decode()
    assert stranger.get(reverse("evening_picture", args=[table.code])).status_code == 403


def test_the_join_page_asks_again_for_five_minutes_within_its_own_limits(stub_table, phone, settings):
    table, lena, gus, gwen = stub_table
    sit(phone(), lena)
    newcomer = phone()
    url = reverse("join_asks", args=[table.code])
    assert f'hx-get="{url}"' in page(newcomer, table)
    for _ in range(100):  # every 3 s for 5 minutes
        polled = newcomer.get(url, HTTP_HX_REQUEST="true")
        assert polled.status_code == 200 and "Ask to sit as gus" in polled.content.decode()
    assert "Ask to sit as gus" in page(newcomer, table)  # the page's own allowance is untouched
    settings.JOIN_POLL_RATE = "3/5m"  # a phone asking far more often than the page does
    assert [newcomer.get(url, HTTP_HX_REQUEST="true").status_code for _ in range(4)] == [200, 200, 200, 204]
