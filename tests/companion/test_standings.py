"""The evening's standings: players tied for the most wins lead together, and a game's winners read as a list."""

from __future__ import annotations

import re

import pytest

from tests.companion.test_endings import region, seated, text
from tests.companion.test_tables import move, post_host

pytestmark = [pytest.mark.django_db]


def test_players_tied_on_wins_are_all_marked_as_leading_and_winners_read_as_a_list(phone):
    table, (lena, gus, gwen, max_, tv) = seated(phone, "fiction", "lena", "gus", "gwen", "max")
    move(lena, table, type="choose_secret", word="ready", hint="r")
    move(lena, table, type="start_first_half")
    move(gus, table, type="guess", word="ready")
    page = tv.get(f"/t/{table.code}/").content.decode()
    standings = region(page, "standings")
    leaders = re.findall(r'<tr class="leader"><td>(\w+)</td>', standings)
    assert sorted(leaders) == ["gus", "gwen", "max"]  # three guessers won once each: none ahead of another
    assert "Game 1: gus, gwen and max won (guessed)" in text(standings)


def test_undoing_the_move_that_won_takes_its_line_off_the_standings(phone):
    table, (lena, gus, gwen, max_, tv) = seated(phone, "fiction", "lena", "gus", "gwen", "max")
    move(lena, table, type="choose_secret", word="ready", hint="r")
    move(lena, table, type="start_first_half")
    move(gus, table, type="guess", word="ready")
    assert "Game 1:" in text(region(tv.get(f"/t/{table.code}/").content.decode(), "standings"))
    post_host(lena, table, "undo")
    table.refresh_from_db()
    assert table.status == "playing" and table.results == []
    # Played out again, the win is game 1 once more, not game 2.
    move(gus, table, type="guess", word="ready")
    standings = text(region(tv.get(f"/t/{table.code}/").content.decode(), "standings"))
    assert "Game 1: gus, gwen and max won (guessed)" in standings and "Game 2" not in standings
