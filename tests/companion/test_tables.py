"""The table as a person at it would check it: joining, seats, roles, the host, the version check."""

from __future__ import annotations

import html
import time

import pytest
from django.urls import reverse

from companion.live import broadcast, presence
from companion.table import forms, tables
from companion.table.clock import Clock
from companion.models import Action, Seat, Table
from companion.table.rules_errors import RulesError
from tests.conftest import sit, version
from tests.catalogue import GAMES

# The seat, version and clock tests run again in CI on PostgreSQL and Redis.
pytestmark = [pytest.mark.django_db, pytest.mark.sync]


def create(client, game="stub", name="lena"):
    return client.post(reverse("create", args=[game]), {"name": name})


def test_creating_a_table_makes_the_creator_host_and_shows_code_link_and_qr(phone):
    lena = phone()
    response = create(lena)
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/t/{table.code}/"
    page = lena.get(response.url)
    html = page.content.decode()
    assert page.status_code == 200
    assert table.code in html
    assert f"http://testserver/t/{table.code}/" in html
    assert "<svg" in html and "QR code" in html
    seat = Seat.objects.get()
    assert seat.is_host and seat.name == "lena" and seat.role == "keeper"


def test_a_game_not_installed_here_cannot_be_created(phone):
    # Every registered game can be created; a slug that names none is not found, and makes no table.
    response = create(phone(), game="chess")
    assert response.status_code == 404
    assert "That game cannot be played here yet." in response.content.decode()
    assert Table.objects.count() == 0


def test_home_offers_all_three_games(phone):
    html = phone().get("/").content.decode()
    for name in ("Fiction", "Half Truth", "LIE"):
        assert name in html


def test_home_says_how_many_play_each_game(phone):
    from django.utils.html import escape

    from companion.table.games import all_games

    html = phone().get("/").content.decode()
    for game in all_games():
        assert game.screens.headcount and escape(game.screens.headcount) in html, game.slug


def test_a_name_is_required(phone):
    response = create(phone(), name="   ")
    assert response.status_code == 400
    assert "Type a name" in response.content.decode()
    assert Table.objects.count() == 0


def test_joining_by_code_puts_the_phone_in_a_seat(phone):
    lena = phone()
    create(lena)
    table = Table.objects.get()
    gus = phone()
    found = gus.get(reverse("find"), {"code": table.code.lower()})
    assert found.status_code == 302 and found.url == f"/t/{table.code}/"
    join_page = gus.get(found.url)
    assert "Take a seat" in join_page.content.decode()
    joined = gus.post(reverse("join", args=[table.code]), {"name": "gus"})
    assert joined.status_code == 302
    page = gus.get(f"/t/{table.code}/")
    assert "gus (you)" in page.content.decode()
    assert table.seats.get(name="gus").role == "guesser"


def test_the_join_page_names_everyone_seated_at_the_table(stub_table, phone):
    table, lena, gus, gwen = stub_table
    page = phone().get(f"/t/{table.code}/").content.decode()
    assert "At the table: lena, gus, gwen" in page


def test_seat_survives_a_reload_and_a_second_tab_lands_in_the_same_seat(stub_table, phone):
    table, lena, gus, gwen = stub_table
    gus_phone = sit(phone(), gus)
    first = gus_phone.get(f"/t/{table.code}/").content.decode()
    second = gus_phone.get(f"/t/{table.code}/").content.decode()
    assert "gus (you)" in first and "gus (you)" in second
    again = gus_phone.post(reverse("join", args=[table.code]), {"name": "gus again"})
    assert again.status_code == 302
    assert table.seats.count() == 3


def test_a_forged_seat_cookie_gets_the_join_page_not_the_seat(stub_table, phone):
    table, lena, gus, gwen = stub_table
    intruder = phone()
    intruder.cookies[f"seat_{table.code}"] = gus.token  # unsigned: the token alone is not enough
    assert "Take a seat" in intruder.get(f"/t/{table.code}/").content.decode()


@pytest.mark.parametrize("code", ["ZZZZZZ", "abc", "OOOOOO", "KQTZMB1"])
def test_unknown_or_bad_codes_get_a_clear_page(phone, code):
    response = phone().get(reverse("find"), {"code": code})
    assert response.status_code == 404
    assert "There is no table with the code" in response.content.decode()


def test_finished_tables_say_so_to_newcomers(stub_table, phone):
    table, *seated = stub_table
    for seat in seated:  # every phone is at the table: no seat for a newcomer to ask for
        presence.arrive(seat.pk)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    response = phone().get(f"/t/{table.code}/")
    assert response.status_code == 410
    assert "has finished" in response.content.decode()


def test_joining_a_full_table_says_so(phone, db):
    table, lena = tables.create_table("stub", "lena")
    for n in range(7):
        tables.join_table(table, f"guest{n}")
    newcomer = phone()
    page = newcomer.get(f"/t/{table.code}/").content.decode()
    assert "This table is full" in page
    response = newcomer.post(reverse("join", args=[table.code]), {"name": "late"})
    assert response.status_code == 409
    assert "full" in response.content.decode()
    assert table.seats.count() == 8
    display = newcomer.post(reverse("join", args=[table.code]), {"display": "1"})
    assert display.status_code == 302
    assert table.seats.filter(role="display").count() == 1


def post_host(client, table, action, **data):
    return client.post(reverse("host_action", args=[table.code, action]), {"version": version(table), **data},
                       HTTP_HX_REQUEST="true")


def test_host_can_move_roles_in_the_lobby(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "role", seat=gus.pk, role="keeper").status_code == 200
    assert post_host(host, table, "role", seat=lena.pk, role="guesser").status_code == 200
    assert set(table.seats.values_list("name", "role")) == {("lena", "guesser"), ("gus", "keeper"), ("gwen", "guesser")}


def test_host_only_actions_are_refused_to_others_and_change_nothing(stub_table, phone):
    table, lena, gus, gwen = stub_table
    gus_phone = sit(phone(), gus)
    before = version(table)
    for name, data in [("start", {}), ("role", {"seat": gwen.pk, "role": "keeper"}), ("remove", {"seat": lena.pk}),
                       ("host", {"seat": gus.pk}), ("end", {}), ("undo", {})]:
        response = post_host(gus_phone, table, name, **data)
        assert response.status_code == 403, name
        assert "Only the host" in response.content.decode()
    assert version(table) == before
    assert table.seats.count() == 3 and table.status == Table.Status.LOBBY
    assert table.seats.get(pk=gwen.pk).role == "guesser"


def test_host_can_hand_hosting_over_and_remove_a_seat(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "host", seat=gus.pk).status_code == 200
    assert table.seats.get(is_host=True).name == "gus"
    assert post_host(host, table, "remove", seat=gwen.pk).status_code == 403
    new_host = sit(phone(), Seat.objects.get(pk=gus.pk))
    assert post_host(new_host, table, "remove", seat=gwen.pk).status_code == 200
    assert table.seats.get(name="gwen").removed  # kept, out of play, for the standings and coming back


def test_starting_needs_the_roles_the_game_needs(db, phone):
    table, lena = tables.create_table("stub", "lena")
    host = sit(phone(), lena)
    response = post_host(host, table, "start")
    assert response.status_code == 400
    assert "needs at least 1" in response.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.LOBBY


def move(client, table, v=None, **data):
    return client.post(reverse("move", args=[table.code]), {"version": version(table) if v is None else v, **data},
                       HTTP_HX_REQUEST="true")


def started(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    assert post_host(host, table, "start").status_code == 200
    table.refresh_from_db()
    return table, host


def test_version_check_refuses_a_stale_action_and_changes_nothing(stub_table, phone):
    table, host = started(stub_table, phone)
    stale = version(table)
    assert move(host, table, type="set_secret", word="lantern").status_code == 200
    gus = sit(phone(), stub_table[2])
    assert move(gus, table, type="guess", word="candle").status_code == 200
    current = version(table)
    response = move(gus, table, v=stale, type="guess", word="torch")
    assert response.status_code == 409
    assert "moved on" in response.content.decode()
    assert version(table) == current
    assert [g["word"] for g in Table.objects.get().state["rules"]["guesses"]] == ["candle"]


def test_the_hosts_own_changes_on_their_way_do_not_make_their_next_taps_stale(stub_table, phone):
    """The host swaps two roles and taps Start before their screen shows either change: all three
    apply, in order, as they meant them."""
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    v = version(table)
    assert post_host(host, table, "role", seat=gus.pk, role="keeper", version=v).status_code == 200
    assert post_host(host, table, "role", seat=lena.pk, role="guesser", version=v).status_code == 200
    assert post_host(host, table, "start", version=v).status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and version(table) == v + 3
    assert set(table.seats.values_list("name", "role")) == {("lena", "guesser"), ("gus", "keeper"), ("gwen", "guesser")}


def test_a_change_by_anyone_else_since_the_screen_was_drawn_still_makes_a_tap_stale(stub_table, phone):
    table, lena, gus, gwen = stub_table
    host = sit(phone(), lena)
    v = version(table)
    assert post_host(host, table, "role", seat=gwen.pk, role="keeper", version=v).status_code == 200
    tables.join_table(table, "zoe")  # a newcomer the host's screen has not shown yet
    roles = set(table.seats.values_list("name", "role"))
    response = post_host(host, table, "role", seat=gus.pk, role="keeper", version=v)
    assert response.status_code == 409 and "moved on" in response.content.decode()
    assert set(table.seats.values_list("name", "role")) == roles


def test_undo_from_a_screen_without_the_hosts_own_last_move_is_stale(stub_table, phone):
    """The Undo button names what it takes back; a move of the host's since is not what it named."""
    table, host = started(stub_table, phone)
    v = version(table)
    assert move(host, table, v=v, type="set_secret", word="lantern").status_code == 200
    assert post_host(host, table, "undo", version=v).status_code == 409
    assert Table.objects.get().state["rules"]["secret"] == "lantern"


def test_a_double_tap_applies_once(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    v = version(table)
    first = move(gus, table, v=v, type="guess", word="candle")
    second = move(gus, table, v=v, type="guess", word="candle")
    assert first.status_code == 200 and second.status_code == 200
    assert "already done" in second.content.decode()
    assert [g["word"] for g in Table.objects.get().state["rules"]["guesses"]] == ["candle"]
    assert version(table) == v + 1


def test_a_refused_move_says_why_and_changes_nothing(stub_table, phone):
    table, host = started(stub_table, phone)
    gus = sit(phone(), stub_table[2])
    v = version(table)
    response = move(gus, table, type="set_secret", word="mine")
    assert response.status_code == 422
    assert "Only the keeper" in response.content.decode()
    assert version(table) == v and Table.objects.get().state["rules"]["secret"] == ""


@pytest.mark.parametrize("data", [{}, {"type": ""}, {"type": "guess"}, {"type": "teleport"}, {"type": "set_secret", "word": "x" * 99}])
def test_garbage_moves_get_a_clear_error_never_a_500(stub_table, phone, data):
    table, host = started(stub_table, phone)
    v = version(table)
    response = move(host, table, **data)
    assert 400 <= response.status_code < 500
    assert version(table) == v


def test_missing_version_is_refused(stub_table, phone):
    table, host = started(stub_table, phone)
    response = host.post(reverse("move", args=[table.code]), {"type": "set_secret", "word": "lantern"})
    assert response.status_code == 400
    assert Table.objects.get().state["rules"]["secret"] == ""


def test_undo_restores_the_state_before_the_last_move(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    move(gus, table, type="guess", word="candle")
    assert post_host(host, table, "undo").status_code == 200
    state = Table.objects.get().state["rules"]
    assert state["guesses"] == [] and state["secret"] == "lantern"
    assert post_host(host, table, "undo").status_code == 200
    assert Table.objects.get().state["rules"]["secret"] == ""


def test_an_undo_after_an_undo_hands_the_game_every_state_shown_since_the_move_it_takes_back(
        stub_table, phone, monkeypatch):
    """What the first undo took back was shown too: the game judges the second undo with it."""
    from games.stub.game import SecretKeeper
    from games.stub.screens import SecretKeeperScreens

    asked = {"note": [], "undone": []}

    def guesses(before, shown):
        return [g["word"] for g in before.rules["guesses"]], [[g["word"] for g in s.rules["guesses"]] for s in shown]

    monkeypatch.setattr(SecretKeeperScreens, "undo_note", lambda self, before, shown: asked["note"].append(
        guesses(before, shown)) or "", raising=False)
    monkeypatch.setattr(SecretKeeper, "undone", lambda self, before, shown, rng: asked["undone"].append(
        guesses(before, shown)) or before.state, raising=False)
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    move(gus, table, type="guess", word="candle")
    move(gus, table, type="guess", word="melon")
    assert post_host(host, table, "undo").status_code == 200
    assert asked["undone"] == [(["candle"], [["candle", "melon"]])]
    asked["note"].clear()
    host.get(reverse("table", args=[table.code]))  # the host's confirm, drawn for the next undo
    second = ([], [["candle"], ["candle", "melon"], ["candle"]])
    assert asked["note"] == [second]
    assert post_host(host, table, "undo").status_code == 200
    assert asked["undone"][1] == second


def test_a_stale_move_that_finds_the_clock_run_out_is_refused_and_everyone_is_told_the_time_is_up(
        stub_table, phone, monkeypatch):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    table.refresh_from_db()
    assert Clock.from_dict(table.clock).running
    told, real_push = [], broadcast.push_table
    monkeypatch.setattr(broadcast, "push_table",
                        lambda table_id, **kwargs: told.append(kwargs["table"].version) or real_push(table_id, **kwargs))
    gus = table.seats.get(name="gus")
    # The clock ran out a second ago, and gus's phone sends a guess from a screen drawn before.
    Table.objects.filter(pk=table.pk).update(clock={**table.clock, "deadline": time.time() - 1})
    refused = move(sit(phone(), gus), table, v=table.version - 1, type="guess", word="melon")
    table.refresh_from_db()
    assert refused.status_code == 409
    assert table.state["rules"]["ended_by"] == "time" and told == [table.version]


def host_seat(table):
    return table.seats.get(is_host=True)


def test_the_server_decides_the_clock_ran_out_even_if_every_phone_slept(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    table.refresh_from_db()
    clock = Clock.from_dict(table.clock)
    assert clock.running
    settled = tables.run(table.code, host_seat(table).token, tables.Settle(), None, now=clock.deadline + 1).table
    assert settled.status == Table.Status.FINISHED
    assert settled.state["rules"]["ended_by"] == "time"
    assert Action.objects.filter(kind="clock").count() == 1
    # settling again changes nothing
    again = tables.run(table.code, host_seat(table).token, tables.Settle(), None, now=clock.deadline + 5).table
    assert again.version == settled.version


def test_a_phone_that_slept_through_the_clock_comes_back_to_the_expired_state(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    Table.objects.filter(pk=table.pk).update(clock={**Table.objects.get().clock, "deadline": 1.0})
    gwen = sit(phone(), stub_table[3])
    html = gwen.get(f"/t/{table.code}/").content.decode()
    assert "Time ran out" in html and "lantern" in html


def test_host_can_pause_and_resume_the_clock(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    assert post_host(host, table, "pause").status_code == 200
    clock = Clock.from_dict(Table.objects.get().clock)
    assert clock.held and not clock.running
    assert post_host(host, table, "resume").status_code == 200
    assert Clock.from_dict(Table.objects.get().clock).running


def test_the_keeper_cannot_be_removed_mid_game_but_a_guesser_can(stub_table, phone):
    table, lena, gus, gwen = stub_table
    tables.run(table.code, lena.token, tables.MakeHost(gus.pk), version(table))
    host = sit(phone(), Seat.objects.get(pk=gus.pk))
    assert post_host(host, table, "start").status_code == 200
    refused = post_host(host, table, "remove", seat=lena.pk)
    assert refused.status_code == 409 and "cannot leave" in refused.content.decode()
    assert post_host(host, table, "remove", seat=gwen.pk).status_code == 200


def test_new_players_cannot_sit_down_once_the_game_started(stub_table, phone):
    table, host = started(stub_table, phone)
    late = phone()
    assert "already started" in late.get(f"/t/{table.code}/").content.decode()
    assert late.post(reverse("join", args=[table.code]), {"name": "late"}).status_code == 409


def test_no_http_response_to_another_seat_carries_the_secret(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="zephyrs")
    gus = sit(phone(), stub_table[2])
    display = phone()
    display.post(reverse("join", args=[table.code]), {"display": "1"})
    assert "zephyrs" in host.get(f"/t/{table.code}/").content.decode()
    for other in (gus, display):
        assert "zephyrs" not in other.get(f"/t/{table.code}/").content.decode()
    answer = move(gus, table, type="guess", word="candle")
    assert answer.status_code == 200 and "candle" in answer.content.decode()
    assert "zephyrs" not in answer.content.decode()
    # A seat taken back, and a phone waiting for the host: neither is shown the keeper's secret.
    gus.post(reverse("leave", args=[table.code]))
    assert "zephyrs" not in gus.get(f"/t/{table.code}/").content.decode()
    assert "zephyrs" not in gus.post(reverse("join", args=[table.code]), follow=True).content.decode()
    asking = phone()
    gwen = stub_table[3]
    sit(phone(), gwen).post(reverse("leave", args=[table.code]))
    for response in (asking.get(f"/t/{table.code}/"),
                     asking.post(reverse("claim", args=[table.code]), {"seat": gwen.pk}, follow=True),
                     asking.get(reverse("claim", args=[table.code]), HTTP_HX_REQUEST="true"),
                     asking.post(reverse("claim", args=[table.code]), {"seat": host_seat(table).pk})):
        assert "zephyrs" not in response.content.decode()
    claim = table.claims.get()
    assert "zephyrs" in post_host(host, table, "admit", claim=claim.pk).content.decode()  # the host's own screen
    assert "zephyrs" not in asking.get(f"/t/{table.code}/", follow=True).content.decode()  # a guesser's seat


def test_leaving_forgets_the_seat_on_this_phone_only(stub_table, phone):
    table, lena, gus, gwen = stub_table
    gus_phone = sit(phone(), gus)
    assert gus_phone.get(reverse("leave", args=[table.code])).status_code == 405
    assert gus_phone.post(reverse("leave", args=[table.code])).status_code == 302
    page = gus_phone.get(f"/t/{table.code}/").content.decode()
    assert "gus (you)" not in page and "Back to your seat as gus" in page  # the join page, not the seat
    assert table.seats.filter(name="gus").exists()


def test_after_a_game_the_host_can_start_another_at_the_same_table(stub_table, phone):
    table, host = started(stub_table, phone)
    assert post_host(host, table, "again").status_code == 409
    move(host, table, type="set_secret", word="lantern")
    move(host, table, type="reveal")
    assert Table.objects.get().status == Table.Status.FINISHED
    assert post_host(host, table, "again").status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.LOBBY and table.state is None and table.seats.count() == 3
    assert "Take a seat" in phone().get(f"/t/{table.code}/").content.decode()
    assert post_host(host, table, "start").status_code == 200
    assert Table.objects.get().state["rules"]["secret"] == ""


def test_a_move_is_one_transaction_and_its_push_loads_nothing_again(stub_table, monkeypatch):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table, lena, gus, _ = stub_table
    tables.run(table.code, lena.token, tables.StartGame(), version(table))
    tables.run(table.code, lena.token, tables.Play({"type": "set_secret", "word": "lantern"}), version(table))
    seen = version(table)
    pushes, real_push = [], broadcast.push_table

    def push_table(*args, **kwargs):
        with CaptureQueriesContext(connection) as push:
            fragments = real_push(*args, **kwargs)
        pushes.append(push.captured_queries)
        return fragments

    monkeypatch.setattr(broadcast, "push_table", push_table)
    with CaptureQueriesContext(connection) as move:
        result = tables.run(table.code, gus.token, tables.Play({"type": "guess", "word": "melon"}), seen)
    # The table and every seat in one read each, the change and its log entry (a move made from
    # the current version cannot be a repeat, so the log is not searched).
    assert len([q for q in move.captured_queries if "SAVEPOINT" not in q["sql"]]) == 4
    fragments = broadcast.tell(result.news)
    assert pushes == [[]]
    assert "Undo gus's guess MELON" in html.unescape(fragments[lena.pk])
    assert "gwen" in fragments[gus.pk]


def test_the_table_tells_nobody_itself_and_says_whom_the_view_is_to_tell(stub_table, monkeypatch):
    table, lena, gus, gwen = stub_table
    told = []
    monkeypatch.setattr(broadcast, "_send", lambda *messages, wait=False: told.extend(messages))
    result = tables.run(table.code, lena.token, tables.RemoveSeat(gwen.pk), version(table))
    assert told == []
    assert result.news.table_id == table.pk and result.news.asker == lena.pk and result.news.removed == (gwen.pk,)
    assert result.news.table.version == version(table)
    fragments = broadcast.tell(result.news)
    assert [group for group, message in told if message["type"] == "seat.removed"] == [f"seat-{gwen.pk}"]
    assert set(fragments) == {lena.pk, gus.pk}


def test_a_tried_move_answers_with_the_verdict_and_changes_nothing(stub_table):
    table, lena, gus, gwen = stub_table
    tables.run(table.code, lena.token, tables.StartGame(), version(table))
    seen = version(table)
    tried = tables.run(table.code, lena.token, tables.Play({"type": "set_secret", "word": "lantern"}), seen,
                       mode=tables.Mode.TRY)
    assert tried.caution == "" and tried.news is None
    assert version(table) == seen and Table.objects.get().state["rules"]["secret"] == ""


@pytest.mark.django_db(transaction=True)
def test_nobody_is_told_of_a_change_before_it_is_committed_and_a_refusal_tells_nobody(monkeypatch, phone):
    from django.db import connection, transaction

    table, lena = tables.create_table("stub", "lena")
    gus = tables.join_table(table, "gus")
    host, guest = sit(phone(), lena), sit(phone(), gus)
    told = []  # (in a transaction still?, the version committed, the version told) at each push
    drawn = []  # what each push drew, by seat
    real_push = broadcast.push_table

    def push_table(table_id, **kwargs):
        committed = Table.objects.values_list("version", flat=True).get(pk=table_id)
        told.append((connection.in_atomic_block, committed, kwargs["table"].version))
        drawn.append(real_push(table_id, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(broadcast, "push_table", push_table)
    assert post_host(host, table, "start").status_code == 200
    started_at = version(table)
    assert told == [(False, started_at, started_at)] and drawn[0][gus.pk]
    # the rules refuse it: nothing changed, nobody told
    assert move(guest, table, type="guess", word="melon").status_code == 422
    assert move(host, table, v=0, type="set_secret", word="lantern").status_code == 409
    tried = move(host, table, type="set_secret", word="lantern", _try="1")  # tried, never made
    assert tried.status_code == 200 and tried["X-Try-Verdict"] == "accepted"
    assert len(told) == 1 and version(table) == started_at
    with transaction.atomic(), pytest.raises(RuntimeError):  # inside another transaction, leaving would not commit
        tables.run(table.code, lena.token, tables.EndGame(), version(table))
    assert len(told) == 1


def test_a_player_who_left_is_not_dealt_into_the_next_game(db, phone):
    table, kamila = tables.create_table("halftruth", "Kamila")
    tony, amy, eve = (tables.join_table(table, name) for name in ("Tony", "Amy", "Eve"))
    host, amy_phone = sit(phone(), kamila), sit(phone(), amy)
    assert post_host(host, table, "start").status_code == 200
    assert amy_phone.post(reverse("leave", args=[table.code])).status_code == 302  # Amy goes home mid-game
    assert post_host(host, table, "end").status_code == 200
    assert post_host(host, table, "again").status_code == 200
    assert post_host(host, table, "start").status_code == 200
    table.refresh_from_db()
    assert [p["name"] for p in table.state["rules"]["players"]] == ["Kamila", "Tony", "Eve"]
    assert table.seats.get(name="Amy").left  # kept, for the standings and to come back to


def test_every_host_action_the_contract_names_is_one_the_server_knows(stub_table, phone):
    from companion.web.views import HOST_ACTIONS

    table, lena, *_ = stub_table
    host = sit(phone(), lena)
    for action in HOST_ACTIONS:
        answer = post_host(host, table, action)
        assert answer.status_code != 404 and "Unknown host action" not in answer.content.decode(), action
    assert post_host(host, table, "nuke").status_code == 404


def started_with_three(phone, slug: str):
    """A game of ``slug`` started by Kamila (the host) with Tony and Amy, and as many more as its
    roles need at the least (a game for four or more): the table, Tony's seat, and the host's and
    Tony's phones."""
    from companion.table.games import get

    table, host = tables.create_table(slug, "Kamila")
    guest = tables.join_table(table, "Tony")
    least = sum(role.minimum for role in get(slug).roles)
    for name in ["Amy", "Ben", "Cleo", "Dev", "Esme", "Finn", "Gia"][:max(1, least - 2)]:
        tables.join_table(table, name)
    host_phone, guest_phone = sit(phone(), host), sit(phone(), guest)
    assert post_host(host_phone, table, "start").status_code == 200
    table.refresh_from_db()
    return table, guest, host_phone, guest_phone


@pytest.mark.parametrize("slug", ["fiction", "halftruth"])  # LIE has no host-only move
def test_every_host_only_move_of_every_game_is_refused_to_another_seat_and_changes_nothing(db, phone, slug):
    from companion.table.games import get

    table, guest, host_phone, guest_phone = started_with_three(phone, slug)
    before = (table.version, table.state)
    host_only = [m for m in get(slug).moves if m.host_only]
    assert host_only
    for declared in host_only:
        answer = move(guest_phone, table, type=declared.type, seat=guest.pk)
        assert answer.status_code == 403 and "Only the host" in answer.content.decode(), declared.type
        table.refresh_from_db()
        assert (table.version, table.state) == before


@pytest.mark.parametrize("slug", GAMES)
def test_no_phone_can_post_the_platforms_own_moves_not_even_the_host(db, phone, slug):
    # The host's end, a removal and the clock running out reach a game as moves; only the
    # table makes them, through its own doors (end, remove, the clock), never a phone's form.
    from companion.table.games import PLATFORM_MOVES

    table, guest, host_phone, guest_phone = started_with_three(phone, slug)
    before = (table.version, table.status, table.state, table.clock)
    assert PLATFORM_MOVES == {"end", "remove", "timer_expired"}
    for kind in sorted(PLATFORM_MOVES):
        for who in (host_phone, guest_phone):
            answer = move(who, table, type=kind, seat=guest.pk)
            assert answer.status_code == 400, kind
            assert "is not a move anyone at the table can make" in html.unescape(answer.content.decode()), kind
            table.refresh_from_db()
            assert (table.version, table.status, table.state, table.clock) == before, kind
    assert not Seat.objects.get(pk=guest.pk).removed


def test_a_game_that_declares_one_of_the_platforms_own_moves_is_refused_when_registered():
    from companion.table.games import Move, get, register

    class Odd(type(get("stub"))):
        slug = "odd-moves"
        moves = (*type(get("stub")).moves, Move("end", label="End it"))

    with pytest.raises(ValueError, match="the platform's own"):
        register(Odd())
    assert get("odd-moves") is None


def test_in_banned_books_each_side_picks_its_card_and_the_secret_at_the_same_time(db, phone):
    """The Lie-brarian and the Guessers choose their ability cards, and the Lie-brarian the secret,
    each from the screen the start drew: one side's choice landing first refuses nobody else's."""
    table, lena = tables.create_table("fiction", "Lena")
    gus = tables.join_table(table, "Gus")
    tables.join_table(table, "Gwen")
    librarian, guesser = sit(phone(), lena), sit(phone(), gus)
    assert post_host(librarian, table, "setup", ability_cards="on").status_code == 200
    assert post_host(librarian, table, "start").status_code == 200
    drawn = version(table)
    offers = Table.objects.get().state["rules"]["offers"]
    assert move(guesser, table, v=drawn, type="choose_ability", card=offers["guessers"][0]["id"]).status_code == 200
    assert move(librarian, table, v=drawn, type="choose_ability", card=offers["librarian"][0]["id"]).status_code == 200
    assert move(librarian, table, v=drawn, type="choose_secret", word="melon", hint="m").status_code == 200
    rules = Table.objects.get().state["rules"]
    assert (rules["secret"], rules["guessers_card"]["id"], rules["librarian_card"]["id"]) == (
        "melon", offers["guessers"][0]["id"], offers["librarian"][0]["id"])


def test_a_public_seat_field_is_named_by_the_seats_name_in_what_undo_takes_back():
    from types import SimpleNamespace

    from companion.table import games

    class Pointing(type(games.get("stub"))):
        slug = "pointing"
        moves = (games.Move("point", (forms.Field("at", "seat", public=True),), label="Point"),)

    seats = [SimpleNamespace(pk=4, name="Kim"), SimpleNamespace(pk=7, name="Ada")]
    action = SimpleNamespace(kind="move", move={"type": "point", "at": 7}, seat_id=4)
    assert games.describe(action, Pointing(), seats) == "Kim's point Ada"
