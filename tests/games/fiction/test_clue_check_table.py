"""Clue check at a real table: Lena checks a paper game's rows on her phone, through the move endpoint."""

from __future__ import annotations

import pytest

from companion.table import tables
from companion.models import Table
from tests.companion.test_tables import move, post_host
from tests.conftest import sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def lena(phone):
    """Lena alone at a Fiction table in clue check mode, READY chosen with hint R."""
    table, seat = tables.create_table("fiction", "Lena")
    client = sit(phone(), seat)
    assert post_host(client, table, "setup", clue_check="1").status_code == 200
    assert post_host(client, table, "start").status_code == 200
    assert move(client, table, type="choose_secret", word="ready", hint="r").status_code == 200
    return client, table


def check(client, table, guess, clues, **extra):
    return move(client, table, type="check_row", guess=guess, clues=list(clues), **extra)


def test_a_checked_row_with_the_secret_ends_the_game_as_the_guessers_win(lena):
    client, table = lena
    assert check(client, table, "entry", "~✗✗~✗").status_code == 200
    assert Table.objects.get().status == Table.Status.PLAYING
    assert check(client, table, "ready", "✓✓✓✓✓").status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    (result,) = table.results
    assert (result["winners"], result["how"], result["moment"]) == (["the Guessers"], "guessed", "The Guessers found READY.")
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "The Guessers win!" in page and "on checked row 2" in page
    assert "The secret word: the Guessers win." in page and "Game 1: the Guessers won (guessed)" in page


def test_trying_a_non_word_as_it_is_typed_warns_and_still_takes_the_row(lena):
    client, table = lena
    tried = check(client, table, "fykli", "✗~✗✗✓", _try="1")
    assert tried.status_code == 200 and "FYKLI is not in our English dictionary." in tried.content.decode()
    assert tried["X-Try-Verdict"] == "warning"
    assert 'flash-warning' in tried.content.decode()
    assert Table.objects.get().state["rules"]["checks"] == []  # a try applies nothing
    assert check(client, table, "entry", "~✗✗~✗", _try="1").content.decode() == ""  # a word: nothing to say
    assert check(client, table, "fykli", "✗~✗✗✓").status_code == 200
    assert Table.objects.get().state["rules"]["checks"] == [["fykli", "✗~✗✗✓"]]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "⚠ FYKLI is not in our English dictionary." in page


@pytest.fixture
def watched(phone):
    """Lena checks READY (hint R) with Gwen guessing on paper and the TV watching, each on their own screen."""
    table, seat = tables.create_table("fiction", "Lena")
    lena = sit(phone(), seat)
    gwen = sit(phone(), tables.join_table(table, "Gwen"))
    tv = sit(phone(), tables.join_table(table, "TV", as_display=True))
    assert post_host(lena, table, "setup", clue_check="1").status_code == 200
    assert post_host(lena, table, "start").status_code == 200
    assert move(lena, table, type="choose_secret", word="ready", hint="r").status_code == 200
    return lena, gwen, tv, table


def test_a_row_that_is_not_one_lie_is_refused_at_the_field_and_not_stored(lena):
    client, table = lena
    refused = check(client, table, "entry", "✓✗✗~✗")
    assert refused.status_code == 422
    said = refused.content.decode()
    assert 'data-reason="not-one-lie"' in said and "2 lies, not one: letter 1 shows ✓, honest is ~" in said
    tried = check(client, table, "entry", "~✗✗~✓", _try="1")  # as it is typed: the same refusal, at the field
    assert tried["X-Try-Verdict"] == "refused" and "No lie: every token is honest." in tried.content.decode()
    assert Table.objects.get().state["rules"]["checks"] == []
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Guess 1 from the paper board" in page and 'id="check-row-1"' not in page
    assert check(client, table, "entry", "~✗✗~✗").status_code == 200  # the paper board's row 1 is row 1
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'id="check-row-1"' in page and "Guess 2 from the paper board" in page


def test_checked_rows_are_listed_oldest_first(lena):
    client, table = lena
    assert check(client, table, "entry", "~✗✗~✗").status_code == 200
    assert check(client, table, "tiger", "✗✗✗✓~").status_code == 200
    page = client.get(f"/t/{table.code}/").content.decode()
    assert page.index('id="check-row-1"') < page.index('id="check-row-2"') < page.index("Guess 3 from the paper board")


def test_gwen_and_the_tv_see_each_checked_row_and_its_verdict_and_never_the_truth(watched):
    lena, gwen, tv, table = watched
    assert check(lena, table, "entry", "~✗✗~✗").status_code == 200
    assert check(lena, table, "entry", "✓✗✗~✗").status_code == 422  # refused: on nobody's screen
    assert check(lena, table, "tiger", "✗✗✗✓~").status_code == 200
    for screen in (gwen, tv):
        page = screen.get(f"/t/{table.code}/").content.decode()
        assert page.index('id="check-row-1"') < page.index('id="check-row-2"') and 'id="check-row-3"' not in page
        assert page.count("✔ One lie: a fair row.") == 2
        # the leak check: no secret, no honest clue, no lie's place, no form to check a row
        assert "READY" not in page.upper().replace("ALREADY", "") and 'title="Honest clue"' not in page
        assert "clue honest" not in page and "under letter" not in page and "honest is" not in page
        assert 'name="type" value="check_row"' not in page
