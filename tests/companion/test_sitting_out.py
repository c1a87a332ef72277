"""A table with more players than the next game seats: the host sits some of them out of it.

A table of 8 that switches to Half Truth (at most 6) sits two out, rather than removing them for
good: they keep their seat, their phone and their line in the standings, are not dealt in, and
are dealt in again for the game after.
"""

from __future__ import annotations

import pytest

from companion.live.drafts import drafts_group
from companion.table import tables
from companion.table.games import game_of, played_of
from companion.models import Seat, Table
from tests.companion.test_endings import region, text
from tests.companion.test_evening import table_of
from tests.companion.test_tables import move, post_host

pytestmark = [pytest.mark.django_db]

EIGHT = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal")


def run(seat: Seat, change: tables.Change) -> tables.Result:
    table = Table.objects.get(pk=seat.table_id)
    seat.refresh_from_db()
    return tables.run(table.code, seat.token, change, table.version)


def dealt(table: Table) -> list[str]:
    table.refresh_from_db()
    names = {s.pk: s.name for s in table.seats.all()}
    return [names[s] for s in played_of(game_of(table), table.state).seats]


def test_a_table_of_eight_sits_two_out_of_half_truth_and_deals_everyone_in_again_after(phone):
    table, seats, _ = table_of(phone, "stub", *EIGHT)
    ann, ben, *_, gus, hal = seats
    run(ann, tables.PlayAgain(game="halftruth"))
    with pytest.raises(tables.TableError) as refused:
        run(ann, tables.StartGame())
    assert "Half Truth seats at most 6 players and 8 are in: 2 players must sit this one out" in refused.value.message
    run(ann, tables.SitOut(gus.pk, out=True))
    run(ann, tables.SitOut(hal.pk, out=True))
    run(ann, tables.StartGame())
    assert dealt(table) == ["ann", "ben", "cat", "dan", "eve", "fay"]
    # Still at the table: not removed nor left, with their phones.
    for seat in (gus, hal):
        seat.refresh_from_db()
        assert (seat.removed, seat.left, seat.has_phone, seat.sits_out) == (False, False, True, True)
    with pytest.raises(tables.TableError) as not_theirs:  # not dealt in: no move of theirs
        run(gus, tables.Play({"type": "roll"}))
    assert not_theirs.value.message == "gus sits this game out."
    run(ann, tables.EndGame())
    run(ann, tables.PlayAgain())
    assert not Seat.objects.filter(table=table, sits_out=True).exists()  # a sit-out lasts one game
    with pytest.raises(tables.TableError) as again:  # still eight: the lobby asks again
        run(ann, tables.StartGame())
    assert "2 players must sit this one out" in again.value.message


def test_a_seat_sitting_out_is_not_counted_and_a_tap_deals_it_in_again(phone):
    table, seats, _ = table_of(phone, "halftruth", *EIGHT[:6])
    ann, ben, *_ = seats
    run(ann, tables.SitOut(ben.pk, out=True))
    with pytest.raises(tables.TableError, match="ben sits this game out: hand hosting to someone who plays it"):
        run(ann, tables.MakeHost(ben.pk))
    # Five in, one out: a seventh fits where six in did not.
    newcomer = tables.join_table(table, "ida")
    assert newcomer.sits_out is False
    run(ann, tables.SitOut(ben.pk, out=False))
    ben.refresh_from_db()
    assert ben.sits_out is False
    with pytest.raises(tables.TableError, match="1 players|one player must sit this one out"):
        run(ann, tables.StartGame())


def test_the_host_and_a_seat_gone_do_not_sit_out_and_nothing_changes_once_the_game_runs(phone):
    table, seats, _ = table_of(phone, "halftruth", "ann", "ben", "cat")
    ann, ben, cat = seats
    with pytest.raises(tables.TableError, match="The host plays"):
        run(ann, tables.SitOut(ann.pk, out=True))
    run(ann, tables.RemoveSeat(cat.pk))
    with pytest.raises(tables.TableError, match="cat has been removed, so is not dealt in anyway"):
        run(ann, tables.SitOut(cat.pk, out=True))
    run(ann, tables.StartGame())
    with pytest.raises(tables.TableError, match="Who sits out is fixed once the game has started"):
        run(ann, tables.SitOut(ben.pk, out=True))
    assert not Seat.objects.filter(table=table, sits_out=True).exists()


def test_fiction_with_the_app_as_lie_brarian_seats_seven_and_the_one_out_gets_no_guess_box(phone):
    table, seats, phones = table_of(phone, "fiction", *EIGHT)
    ann, *_, gus, hal = seats
    run(ann, tables.SetSetup({"app_librarian": "1"}))
    with pytest.raises(tables.TableError, match="Fiction seats at most 7 players and 8 are in: one player must"):
        run(ann, tables.StartGame())
    run(ann, tables.SitOut(hal.pk, out=True))
    run(ann, tables.StartGame())
    assert "hal" not in dealt(table) and len(dealt(table)) == 7
    # Fiction would take a seat it did not deal in for a Guesser: the one sitting out follows the
    # table as its display does, with no box to guess in, while a Guesser has one.
    assert "<form" in region(phones[6].get(f"/t/{table.code}/").content.decode(), "guess_box")
    assert "<form" not in region(phones[7].get(f"/t/{table.code}/").content.decode(), "guess_box")
    gus.refresh_from_db()
    hal.refresh_from_db()
    assert drafts_group(gus) is not None and drafts_group(hal) is None  # nor do the Guessers' drafts reach hal


def test_the_host_sits_players_out_by_tapping_and_every_screen_says_so(phone):
    table, seats, phones = table_of(phone, "stub", *EIGHT[:7])
    ann, *_, gus = seats
    host, gus_phone, cat_phone = phones[0], phones[6], phones[2]
    assert post_host(host, table, "again", game="halftruth").status_code == 200
    lobby = host.get(f"/t/{table.code}/").content.decode()
    assert "Half Truth seats at most 6 players and 7 are in: one player must sit this one out" in text(region(lobby, "now"))
    assert "Choose who sits out" in lobby
    assert 'aria-label="gus sits this one out"' in lobby  # offered on each player's line

    response = post_host(host, table, "sitout", seat=gus.pk, out="1")
    assert response.status_code == 200
    gus.refresh_from_db()
    assert gus.sits_out
    lobby = host.get(f"/t/{table.code}/").content.decode()
    assert "seats at most" not in text(region(lobby, "now"))
    assert 'aria-pressed="true" aria-label="gus sits this one out"' in lobby
    people = text(region(cat_phone.get(f"/t/{table.code}/").content.decode(), "people"))
    assert "gus ○ away sits this one out Player" in people  # no pawn colour: not dealt in

    assert post_host(host, table, "start").status_code == 200
    mine = gus_phone.get(f"/t/{table.code}/").content.decode()
    assert "You sit this one out" in text(region(mine, "now"))
    assert "The table plays Half Truth" in text(region(mine, "now"))
    assert "<form" not in region(mine, "scoring_die") + region(mine, "answer_picker")  # nothing to do
    theirs = cat_phone.get(f"/t/{table.code}/").content.decode()
    assert "Sitting this one out: gus" in text(region(theirs, "now"))
    refused = move(gus_phone, table, type="roll")
    assert refused.status_code == 409 and "gus sits this game out." in refused.content.decode()


def test_a_tap_again_deals_the_player_in_and_bad_taps_change_nothing(phone):
    table, seats, phones = table_of(phone, "halftruth", "ann", "ben", "cat")
    host, ben_phone = phones[0], phones[1]
    ben = seats[1]
    assert post_host(host, table, "sitout", seat=ben.pk, out="1").status_code == 200
    assert post_host(host, table, "sitout", seat=ben.pk, out="0").status_code == 200
    ben.refresh_from_db()
    assert not ben.sits_out
    assert post_host(host, table, "sitout", seat=ben.pk, out="maybe").status_code == 400
    assert post_host(host, table, "sitout", seat=ben.pk).status_code == 400
    assert post_host(ben_phone, table, "sitout", seat=ben.pk, out="1").status_code == 403
    assert post_host(host, table, "sitout", seat=999999, out="1").status_code == 404
    ben.refresh_from_db()
    assert not ben.sits_out
