"""The evening's standings: players tied for the most wins lead together, and a game's winners read as a list."""

from __future__ import annotations

import re

import pytest

from tests.companion.test_endings import region, seated, text
from tests.companion.test_tables import move, post_host
from companion.table import seam

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
    # The demo's win: a Fiction win shows every screen the word, so it cannot be undone.
    table, (lena, gus, gwen, tv) = seated(phone, "stub", "lena", "gus", "gwen")
    move(lena, table, type="set_secret", word="lantern")
    move(gus, table, type="guess", word="lantern")
    assert "Game 1:" in text(region(tv.get(f"/t/{table.code}/").content.decode(), "standings"))
    assert post_host(lena, table, "undo").status_code == 200
    table.refresh_from_db()
    assert table.status == "playing" and table.results == []
    # Played out again, the win is game 1 once more, not game 2.
    move(gus, table, type="guess", word="lantern")
    standings = text(region(tv.get(f"/t/{table.code}/").content.decode(), "standings"))
    assert "Game 1: gus won (guessed)" in standings and "Game 2" not in standings


@pytest.mark.parametrize("script_name", ["fiction/scripted", "halftruth/scripted", "lie/scripted", "stub/scripted"])
def test_every_game_says_how_it_ended_in_one_shape(script_name):
    """Who won and why, the same for every game (companion.table.games.Outcome), from the public view."""
    import importlib
    import random
    import re

    from companion.table.games import get
    from tests import played as play

    slug, module = script_name.split("/")
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    game, rng = get(slug), random.Random(7)
    state = play.begin(game, list(script.PLAYERS), script.SETUP, rng)
    assert seam.outcome(game, state) is None
    by_id = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, played in script.STEPS:
        state = play.step(game, state, by_id.get(seat_id), played, rng)
    outcome = seam.outcome(game, state)
    seats = {p.seat_id for p in script.PLAYERS}
    assert outcome is not None and outcome.ending and set(outcome.winners) <= seats
    # Spelt as every game spells it, a slug with hyphens, so the standings say it in words alike.
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", outcome.ending), outcome.ending
    assert outcome.winners or outcome.side
    ended = seam.outcome(game, play.end(game, play.begin(game, list(script.PLAYERS), script.SETUP, rng)))
    assert ended is not None and ended.winners == () and ended.ending == "ended"


def test_a_seat_gone_stays_on_the_tvs_at_the_table_while_its_game_runs_and_in_the_standings_after(phone):
    """Gwen's phone left mid-game: the TV still lists her while the game she was dealt into is on
    the table; once the next game is set up she is off its "At the table", her win still counted."""
    from companion.models import Seat

    table, (lena, gus, gwen, max_, tv) = seated(phone, "fiction", "lena", "gus", "gwen", "max")
    move(lena, table, type="choose_secret", word="ready", hint="r")
    move(lena, table, type="start_first_half")
    Seat.objects.filter(table=table, name="gwen").update(left=True)
    people = text(region(tv.get(f"/t/{table.code}/").content.decode(), "people"))
    assert "gwen" in people
    move(gus, table, type="guess", word="ready")
    assert "gwen" in text(region(tv.get(f"/t/{table.code}/").content.decode(), "people"))  # the game's end
    assert post_host(lena, table, "again").status_code == 200
    page = tv.get(f"/t/{table.code}/").content.decode()
    assert "gwen" not in text(region(page, "people")) and "gus" in text(region(page, "people"))
    assert re.search(r"<td>gwen</td><td>1</td>", region(page, "standings"))
