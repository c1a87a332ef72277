"""Trust in what the screen says: undo names what it takes back, ended games say so, replies are honest."""

from __future__ import annotations

import html
import time

import pytest
from django.urls import reverse

from companion.live import presence, render
from companion.table import tables
from companion.table.clock import Clock
from companion.table.games import Screens
from companion.models import Seat, Table
from games.stub.game import SecretKeeper
from games.stub.screens import SecretKeeperScreens
from tests.companion.test_tables import move, post_host, started
from tests.conftest import sit, version

pytestmark = [pytest.mark.django_db, pytest.mark.sync]


def test_undo_names_the_move_and_tells_everyone(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    move(gus, table, type="guess", word="melon")
    page = host.get(f"/t/{table.code}/").content.decode()
    assert "Undo gus's guess MELON" in html.unescape(page)
    assert post_host(host, table, "undo").status_code == 200
    for client in (host, gus, sit(phone(), stub_table[3])):
        assert "The host undid gus" in client.get(f"/t/{table.code}/").content.decode()
    assert Table.objects.get().state["rules"]["guesses"] == []
    # The next change clears the news.
    move(gus, table, type="guess", word="lemon")
    assert "The host undid" not in gus.get(f"/t/{table.code}/").content.decode()


def test_undo_never_names_a_secret(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    assert "LANTERN" not in host.get(f"/t/{table.code}/").content.decode().split('id="region-host"')[1]
    post_host(host, table, "undo")
    assert "lantern" not in Table.objects.get().notice.lower()


def test_undo_leaves_a_running_clock_running(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    post_host(host, table, "pause")
    gus = sit(phone(), stub_table[2])
    move(gus, table, type="guess", word="melon")
    post_host(host, table, "resume")
    assert Clock.from_dict(Table.objects.get().clock).running
    post_host(host, table, "undo")
    clock = Clock.from_dict(Table.objects.get().clock)
    assert clock.running and not clock.held
    assert 0 < clock.left(time.time()) <= 90


def _fiction_in_play(now):
    """A Fiction table whose first half has run for 10 s: lena holds READY, gus guesses."""
    table, lena = tables.create_table("fiction", "lena")
    gus = tables.join_table(table, "gus")
    tables.run(table.code, lena.token, tables.StartGame(), version(table))
    tables.run(table.code, lena.token, tables.Play({"type": "choose_secret", "word": "ready", "hint": "r"}),
               version(table), now=now)
    tables.run(table.code, lena.token, tables.Play({"type": "start_first_half"}), version(table), now=now)
    return table, lena, gus


def test_undoing_a_shared_row_gives_back_the_time_run_since_and_pauses_as_it_was():
    now = time.time()
    table, lena, gus = _fiction_in_play(now)
    tables.run(table.code, gus.token, tables.Play({"type": "guess", "word": "entry"}), version(table), now=now + 17)
    at_guess = Clock.from_dict(Table.objects.get().clock)
    assert not at_guess.running and at_guess.left(now + 17) == pytest.approx(583, abs=1)
    tables.run(table.code, lena.token, tables.Play({"type": "share_clues", "clues": list("~✗✗~✗")}),
               version(table), now=now + 30)
    assert Clock.from_dict(Table.objects.get().clock).running
    tables.run(table.code, lena.token, tables.Undo(), version(table), now=now + 43)
    clock = Clock.from_dict(Table.objects.get().clock)
    assert Table.objects.get().state["rules"]["phase"] == "deceiving"
    assert not clock.running and clock.left(now + 100) == at_guess.left(now + 17)


def test_undoing_a_guess_runs_the_clock_again_from_the_time_of_the_guess():
    now = time.time()
    table, lena, gus = _fiction_in_play(now)
    tables.run(table.code, gus.token, tables.Play({"type": "guess", "word": "entry"}), version(table), now=now + 20)
    at_guess = Clock.from_dict(Table.objects.get().clock).left(now + 20)
    tables.run(table.code, lena.token, tables.Undo(), version(table), now=now + 80)
    clock = Clock.from_dict(Table.objects.get().clock)
    assert clock.running and clock.left(now + 80) == pytest.approx(at_guess)


def test_undo_keeps_the_hosts_pause_made_after_the_move():
    now = time.time()
    table, lena, gus = _fiction_in_play(now)
    tables.run(table.code, gus.token, tables.Play({"type": "guess", "word": "entry"}), version(table), now=now + 20)
    at_guess = Clock.from_dict(Table.objects.get().clock).left(now + 20)
    tables.run(table.code, lena.token, tables.Play({"type": "share_clues", "clues": list("~✗✗~✗")}),
               version(table), now=now + 30)
    tables.run(table.code, lena.token, tables.HoldClock(hold=True), version(table), now=now + 40)
    tables.run(table.code, lena.token, tables.Undo(), version(table), now=now + 90)
    clock = Clock.from_dict(Table.objects.get().clock)
    assert clock.held and not clock.running and clock.left(now + 200) == pytest.approx(at_guess)


def test_when_the_host_ends_a_game_every_phone_says_so_sees_the_secret_and_no_form_stays(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    post_host(host, table, "end")
    page = sit(phone(), stub_table[2]).get(f"/t/{table.code}/").content.decode()
    assert "The host ended the game." in page
    assert 'name="type"' not in page and "Your guess" not in page
    assert "The secret was <span class=\"secret\">lantern</span>" in page


@pytest.mark.parametrize("path, status", [("/t/{code}/", 200), ("/t/ZZZZZZ/", 404), ("/join/?code=ZZZZZZ", 404)])
def test_table_and_message_pages_are_never_cached(stub_table, phone, path, status):
    table, lena, *_ = stub_table
    response = sit(phone(), lena).get(path.format(code=table.code))
    assert response.status_code == status
    assert "no-store" in response["Cache-Control"]


def test_a_finished_tables_page_is_not_cached_for_the_next_game(stub_table, phone):
    table, *seated = stub_table
    for seat in seated:  # every phone is at the table: the newcomer is told the table has finished
        presence.arrive(seat.pk)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    response = phone().get(f"/t/{table.code}/")
    assert response.status_code == 410 and "no-store" in response["Cache-Control"]
    assert "no-store" in phone().get(f"/t/{table.code}/", follow=False)["Cache-Control"]


def test_a_wrong_guess_says_so(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    response = move(sit(phone(), stub_table[2]), table, type="guess", word="melon")
    assert "MELON is not the word" in response.content.decode()


@pytest.mark.django_db(transaction=True)  # the push runs at commit, as on a server
def test_a_reply_asks_for_a_view_of_its_own_only_when_the_game_has_something_to_say(stub_table, phone, monkeypatch):
    views = []
    real_view = SecretKeeper.view
    monkeypatch.setattr(SecretKeeper, "view", lambda self, state, viewer: views.append(viewer) or real_view(self, state, viewer))
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    drawn = []
    real_update = render.update
    monkeypatch.setattr(render, "update", lambda sc, seat: drawn.append(seat) or real_update(sc, seat))

    def guess(word):
        """The reply, and how many views were asked for beyond the push's drawings (one a group)."""
        views.clear()
        drawn.clear()
        reply = move(gus, table, type="guess", word=word).content.decode()
        assert len(drawn) == 2  # the keeper's and the guessers' (gus's reply among them)
        return reply, len(views) - 2

    reply, extra = guess("melon")
    assert "MELON is not the word" in reply and extra == 1  # the word to the guesser, read from its view
    monkeypatch.setattr(SecretKeeperScreens, "said", Screens.said)
    reply, extra = guess("lemon")
    assert "lemon" in reply.lower() and "is not the word" not in reply and extra == 0  # nothing to say: no view


def test_a_tap_whose_reply_was_lost_is_reported_as_done_not_applied_twice(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    seen = version(table)
    move(gus, table, v=seen, type="guess", word="melon")  # applied; pretend the reply never arrived
    check = move(gus, table, v=seen, type="guess", word="melon", _check="1")
    assert check.status_code == 200
    assert "reached the table before the connection dropped" in check.content.decode()
    assert [g["word"] for g in Table.objects.get().state["rules"]["guesses"]] == ["melon"]


def test_a_tap_that_never_arrived_is_reported_and_not_applied_by_the_check(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    check = move(gus, table, type="guess", word="melon", _check="1")
    assert check.status_code == 409
    assert "did not reach the table" in check.content.decode()
    assert Table.objects.get().state["rules"]["guesses"] == []


def test_each_finished_game_counts_in_the_evenings_standings(stub_table, phone):
    _, lena, gus, _ = stub_table
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    move(sit(phone(), stub_table[2]), table, type="guess", word="lantern")
    assert Table.objects.get().results == [{"game": 1, "slug": "stub", "name": "Secret Keeper", "winners": ["gus"],
                                             "seats": [gus.pk], "how": "guessed", "holder": lena.pk,
                                             "moment": "The secret was LANTERN, after 1 guess."}]
    post_host(host, table, "again")
    post_host(host, table, "start")
    post_host(host, table, "end")
    results = Table.objects.get().results
    assert results[1] == {"game": 2, "slug": "stub", "name": "Secret Keeper", "winners": [], "seats": [],
                          "how": "ended by the host", "moment": "", "holder": lena.pk}
    page = host.get(f"/t/{table.code}/").content.decode()
    assert "Tonight at this table" in page and "Game 2: no winner" in page


def test_leaving_shows_the_seat_as_left(stub_table, phone):
    table, lena, gus, gwen = stub_table
    sit(phone(), gus).post(reverse("leave", args=[table.code]))
    assert Seat.objects.get(pk=gus.pk).left
    page = sit(phone(), lena).get(f"/t/{table.code}/").content.decode()
    assert 'presence-left' in page


def test_a_refused_create_shows_its_error_at_the_field(phone, db):
    html = phone().post(reverse("create", args=["stub"]), {"name": "  "}).content.decode()
    field = html.index('id="name-stub"')
    error = html.index('id="name-stub-error"')
    assert 0 < field - error < 600  # right above the field it is about
    assert "autofocus" in html[field:field + 400]


def test_a_move_a_game_marks_not_undoable_is_skipped_by_undo(stub_table, phone, monkeypatch):
    from dataclasses import replace

    from companion.table.games import get

    game = get("stub")
    moves = tuple(replace(m, undoable=False) if m.type == "guess" else m for m in game.moves)
    monkeypatch.setattr(game, "moves", moves)
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    move(sit(phone(), stub_table[2]), table, type="guess", word="melon")
    page = host.get(f"/t/{table.code}/").content.decode()
    assert "guess MELON" not in page and "set secret" in page  # the undo offered is the one before


def test_a_move_can_be_tried_without_being_applied(stub_table, phone):
    table, host = started(stub_table, phone)
    move(host, table, type="set_secret", word="lantern")
    gus = sit(phone(), stub_table[2])
    before = version(table)
    # A tried move is a question, never a failed request: a 200 whose header gives the verdict.
    refused = move(gus, table, type="guess", word="mel0n", _try="1")
    assert refused.status_code == 200 and refused["X-Try-Verdict"] == "refused"
    assert "2 to 12 letters" in refused.content.decode() and 'data-reason="' in refused.content.decode()
    accepted = move(gus, table, type="guess", word="melon", _try="1")
    assert accepted.status_code == 200 and accepted["X-Try-Verdict"] == "accepted" and accepted.content == b""
    stale = move(gus, table, before - 1, type="guess", word="melon", _try="1")
    assert stale.status_code == 200 and stale["X-Try-Verdict"] == "refused"
    sent = move(gus, table, type="guess", word="mel0n")  # the move itself keeps its status
    assert sent.status_code == 422 and "X-Try-Verdict" not in sent
    assert version(table) == before and Table.objects.get().state["rules"]["guesses"] == []
    assert not table.actions.filter(kind="move", move__type="guess").exists()


def test_undo_calls_each_move_what_the_table_calls_it(db, phone):
    from tests.companion.test_endings import seated
    from tests.companion.test_tables import move

    table, (kamila, tony, amy, tv) = seated(phone, "halftruth", "Kamila", "Tony", "Amy")
    assert move(kamila, table, type="set_die", face="ONE").status_code == 200
    page = html.unescape(kamila.get(f"/t/{table.code}/").content.decode())
    assert "Undo Kamila's scoring die face" in page and "set die" not in page


def test_a_kept_fiction_secret_shows_on_the_lie_brarians_phone_only_under_tap_to_see(db, phone):
    import re

    from tests.companion.test_endings import region, seated
    from tests.companion.test_tables import move

    table, (lena, gus, tv) = seated(phone, "fiction", "lena", "gus")
    assert move(lena, table, type="choose_secret", word="melon", hint="m").status_code == 200
    panel = region(lena.get(f"/t/{table.code}/").content.decode(), "setup_panel")
    assert not re.search(r'value="melon"', panel, re.I)  # the box to change it starts empty
    shown = re.sub(r"<details class=\"peek\">.*?</details>", "", panel, flags=re.S)  # what shows untapped
    assert "melon" not in shown.lower()
