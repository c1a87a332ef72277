"""The lobby as a host runs it: the setup form, seat order, players without a phone, roles, play again."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from companion.table import tables
from companion.table.games import get
from companion.models import Seat, Table
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db, pytest.mark.sync]


def test_the_host_sets_up_the_game_and_everyone_sees_the_choices(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host, guesser = sit(phone(), lena), sit(phone(), gus)
    assert post_host(host, table, "setup", seconds="180", show_length="1").status_code == 200
    assert Table.objects.get().setup == {"seconds": "180", "show_length": True}
    page = guesser.get(f"/t/{table.code}/").content.decode()
    assert "3 minutes" in page and 'id="setup-form"' not in page  # shown, not editable
    assert 'id="setup-form"' in host.get(f"/t/{table.code}/").content.decode()
    # An unticked box arrives as nothing at all: it is False, not "missing".
    assert post_host(host, table, "setup", seconds="60").status_code == 200
    assert Table.objects.get().setup == {"seconds": "60", "show_length": False}


def test_a_setup_choice_that_is_not_offered_is_refused_and_changes_nothing(stub_table, phone):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    before = Table.objects.get().setup
    response = post_host(host, table, "setup", seconds="5")
    assert response.status_code == 400
    assert "not one of the choices" in response.content.decode()
    assert Table.objects.get().setup == before


def test_the_game_starts_with_the_setup_the_host_chose(stub_table, phone):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    post_host(host, table, "setup", seconds="60", show_length="1")
    post_host(host, table, "start")
    state = Table.objects.get().state["rules"]
    assert state["seconds"] == 60 and state["show_length"] is True


def test_only_the_host_changes_the_setup(stub_table, phone):
    table, lena, gus, gwen = stub_table
    response = post_host(sit(phone(), gus), table, "setup", seconds="60")
    assert response.status_code == 403
    assert Table.objects.get().setup["seconds"] == "90"


def names_in_order(table):
    return [s.name for s in Seat.objects.filter(table=table) if s.role != "display"]


def test_the_host_reorders_the_seats_and_the_order_is_kept(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert names_in_order(table) == ["lena", "gus", "gwen"]
    assert post_host(host, table, "order", seat=gwen.pk, step=-1).status_code == 200
    assert names_in_order(table) == ["lena", "gwen", "gus"]
    assert post_host(host, table, "order", seat=lena.pk, step=-1).status_code == 400  # already first
    tables.join_table(table, "dan")  # a newcomer sits at the end, the order stays
    assert names_in_order(table) == ["lena", "gwen", "gus", "dan"]
    page = host.get(f"/t/{table.code}/").content.decode()
    assert page.index(f'id="seat-{gwen.pk}"') < page.index(f'id="seat-{gus.pk}"')


def test_the_game_gets_the_players_in_seat_order(db, phone):
    table, lena = tables.create_table("stub", "lena")
    gus = tables.join_table(table, "gus")
    gwen = tables.join_table(table, "gwen")
    host = sit(phone(), lena)
    post_host(host, table, "order", seat=gwen.pk, step=-1)
    post_host(host, table, "start")
    state = Table.objects.get().state
    # The rules know players by their place in that order; the table keeps which seat each is.
    assert [p["seat"] for p in state["players"]] == [lena.pk, gwen.pk, gus.pk]
    assert (state["rules"]["keeper"], state["rules"]["players"]) == (0, [1, 2])


def test_a_player_without_a_phone_is_added_by_name_and_the_host_acts_for_them(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "add", name="Dan").status_code == 200
    dan = Seat.objects.get(name="Dan")
    assert not dan.has_phone and dan.role == "guesser"
    post_host(host, table, "start")
    move(host, table, type="set_secret", word="lantern")
    page = host.get(f"/t/{table.code}/?as={dan.pk}").content.decode()
    assert "acting for" in page.lower() and "Your guess" in page
    response = host.post(reverse("move", args=[table.code]),
                         {"version": version(table), "type": "guess", "word": "candle", "as_seat": dan.pk})
    assert response.status_code == 200
    state = Table.objects.get().state
    (guess,) = state["rules"]["guesses"]
    assert guess["word"] == "candle" and state["players"][guess["by"]]["seat"] == dan.pk


def test_nobody_acts_for_a_player_who_has_a_phone_and_only_the_host_acts_at_all(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    post_host(host, table, "add", name="Dan")
    dan = Seat.objects.get(name="Dan")
    post_host(host, table, "start")
    move(host, table, type="set_secret", word="lantern")
    as_gus = host.post(reverse("move", args=[table.code]),
                       {"version": version(table), "type": "guess", "word": "candle", "as_seat": gus.pk})
    assert as_gus.status_code == 403
    by_gwen = sit(phone(), gwen).post(reverse("move", args=[table.code]),
                                      {"version": version(table), "type": "guess", "word": "candle", "as_seat": dan.pk})
    assert by_gwen.status_code == 403
    assert Table.objects.get().state["rules"]["guesses"] == []
    # A page acting for someone with a phone is not offered: it falls back to the host's own seat.
    assert sit(phone(), gwen).get(f"/t/{table.code}/?as={dan.pk}").status_code == 302


def test_the_host_can_change_their_own_role(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "role", seat=lena.pk, role="guesser").status_code == 200
    assert Seat.objects.get(pk=lena.pk).role == "guesser"


def test_play_again_can_pass_the_keeper_to_the_next_seat(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    post_host(host, table, "start")
    post_host(host, table, "end")
    page = host.get(f"/t/{table.code}/").content.decode()
    assert "gus takes over from lena" in page
    assert post_host(host, table, "again", rotate="1").status_code == 200
    assert {s.name: s.role for s in Seat.objects.filter(table=table)} == {
        "lena": "guesser", "gus": "keeper", "gwen": "guesser"}
    # and again, without rotating, keeps the roles
    post_host(host, table, "start")
    post_host(host, table, "end")
    post_host(host, table, "again")
    assert Seat.objects.get(name="gus").role == "keeper"


@pytest.mark.parametrize("raw, expected", [("Ben", "Ben 2"), ("  ben ", "ben 2"), ("Cat", "Cat")])
def test_a_second_name_alike_is_numbered(db, raw, expected):
    table, _ = tables.create_table("stub", "Ben")
    assert tables.join_table(table, raw).name == expected


@pytest.mark.parametrize("raw", ["\u200b\u200b", "evil\u202egnp", "a\x00b", "zero\u200dwidth", "\u2066x"])
def test_invisible_and_direction_changing_names_are_refused(db, phone, raw):
    table, _ = tables.create_table("stub", "lena")
    response = phone().post(reverse("join", args=[table.code]), {"name": raw})
    assert response.status_code == 400
    assert "invisible" in response.content.decode()
    assert table.seats.count() == 1


def test_the_host_card_shows_only_when_it_has_something_to_tap(stub_table, phone):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)

    def card() -> str:
        return host.get(f"/t/{table.code}/").content.decode().split('id="region-host"')[1].split("</section>")[0]

    assert 'aria-label="Host tools"' not in card()  # in the lobby the host's tools are on the seats: no empty bar
    post_host(host, table, "start")
    assert 'aria-label="Host tools"' in card() and "End game" in card()


def test_the_join_link_and_qr_code_use_the_public_address_not_the_hosts_own(stub_table, phone, settings):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    page = host.get(f"/t/{table.code}/", HTTP_HOST="localhost:8000").content.decode()
    assert f'href="http://192.168.1.20:8000/t/{table.code}/"' in page
    assert f'aria-label="QR code for http://192.168.1.20:8000/t/{table.code}/"' in page
    assert "localhost:8000/t/" not in page
    settings.PUBLIC_URL = ""
    page = host.get(f"/t/{table.code}/", HTTP_HOST="localhost:8000").content.decode()
    assert f'href="http://localhost:8000/t/{table.code}/"' in page


def test_each_player_s_colour_shows_in_the_seat_list_and_the_setup_as_soon_as_it_is_decided(db, phone):
    table, kamila = tables.create_table("halftruth", "Kamila")
    tony = tables.join_table(table, "Tony")
    amy = tables.join_table(table, "Amy")
    host, guest = sit(phone(), kamila), sit(phone(), tony)
    post_host(host, table, "setup", colour_2="blue")

    def seen(client) -> tuple[dict[str, str], str]:
        page = client.get(f"/t/{table.code}/").content.decode()
        people = page[page.index('id="region-people"'):].split("</section>")[0]
        pawns = {seat.name: re.search(rf'id="seat-{seat.pk}".*?class="pawn ([^"]*)"', people, re.S)[1]
                 for seat in (kamila, tony, amy)}
        return pawns, page

    # Kamila and Amy have no colour chosen: they take the first ones free, and everyone sees which.
    pawns, page = seen(guest)
    assert pawns == {"Kamila": "colour-green shape-triangle", "Tony": "colour-blue shape-circle",
                     "Amy": "colour-yellow shape-shield"}
    summary = page[page.index('class="setup-summary"'):]
    assert "Kamila: Green (triangle)" in summary and "Tony: Blue (circle)" in summary
    assert "Amy: Yellow (shield)" in summary
    assert "Kamila: Green (triangle)" in seen(host)[1]  # under the host's own choice too
    # The game starts with exactly those colours, and the seat list keeps them.
    post_host(host, table, "start")
    assert [p["colour"] for p in Table.objects.get().state["rules"]["players"]] == ["green", "blue", "yellow"]
    assert seen(guest)[0] == pawns


def test_a_game_without_player_colours_keeps_its_role_symbols(stub_table, phone):
    table, lena, *_ = stub_table
    people = sit(phone(), lena).get(f"/t/{table.code}/").content.decode()
    assert 'class="role-symbol"' in people and 'class="pawn' not in people


HARD = {"red_words": "Red words", "one_token_per_half": "One Fact/Fiction token per half",
        "eight_minute_halves": "Eight-minute halves"}


def test_hard_difficulty_shows_its_three_options_on_and_locked_on_every_screen(db, phone):
    table, lena = tables.create_table("fiction", "lena")
    gus, tv = tables.join_table(table, "gus"), tables.join_table(table, "", as_display=True)
    host = sit(phone(), lena)
    assert post_host(host, table, "setup", hard_mode="1").status_code == 200
    form = host.get(f"/t/{table.code}/").content.decode()
    for name in HARD:
        assert re.search(rf'<input type="checkbox" id="setup-{name}-locked" checked disabled>', form)
        assert f'id="setup-{name}"' not in form  # no box the host could untick meanwhile
    summary = sit(phone(), gus).get(f"/t/{table.code}/").content.decode()
    for title in HARD.values():
        assert re.search(rf"<dt>{title}[^<]*</dt>\s*<dd>Yes \(with Hard difficulty\)</dd>", summary)
    short = sit(phone(), tv).get(f"/t/{table.code}/").content.decode()  # the TV says the setup in short
    for title in HARD.values():
        assert re.search(rf"<span>{title}[^<]* \(with Hard difficulty\)</span>", short)

    # Unticked again, each option is what the host had chosen for it before.
    post_host(host, table, "setup", red_words="1")
    post_host(host, table, "setup", red_words="1", hard_mode="1")
    post_host(host, table, "setup", red_words="1")
    form = host.get(f"/t/{table.code}/").content.decode()
    assert 'id="setup-red_words" name="red_words" value="1" checked' in form
    assert 'id="setup-eight_minute_halves" name="eight_minute_halves" value="1">' in form


def test_the_tvs_setup_in_short_leaves_out_the_seat_colours_the_pawns_show(db, phone):
    table, kamila = tables.create_table("halftruth", "Kamila")
    tables.join_table(table, "Tony")
    tv = sit(phone(), tables.join_table(table, "", as_display=True))
    page = tv.get(f"/t/{table.code}/").content.decode()
    short = page[page.index('class="setup-short"'):].split("</p>")[0]
    assert "Round trackers" in short and "Colour of" not in short
    assert 'class="pawn colour-green' in page  # the seat list shows each colour instead


def headline(page: str) -> str:
    return re.search(r'<h1 class="now-headline">(.*?)</h1>', page).group(1)


def test_the_hosts_lobby_card_asks_for_a_setup_only_of_a_game_that_has_one(stub_table, phone, monkeypatch):
    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    assert headline(host.get(f"/t/{table.code}/").content.decode()) == \
        "Choose the setup, then start when everyone has a seat."
    monkeypatch.setattr(type(get(table.game)), "setup", ())  # a game with nothing to set up
    page = host.get(f"/t/{table.code}/").content.decode()
    assert headline(page) == "Start the game when everyone has a seat."
    assert 'id="setup-form"' not in page and 'id="next-game"' in page  # another game is still a tap away
