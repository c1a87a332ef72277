"""Clue check at a real table: Lena checks a paper game's rows on her phone, through the move endpoint."""

from __future__ import annotations

import pytest

from companion import tables
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
    tried = check(client, table, "fykli", "✗✗✗✗✓", _try="1")
    assert tried.status_code == 200 and "FYKLI is not in our English dictionary." in tried.content.decode()
    assert tried["X-Try-Verdict"] == "warning"
    assert 'flash-warning' in tried.content.decode()
    assert Table.objects.get().state["rules"]["checks"] == []  # a try applies nothing
    assert check(client, table, "entry", "~✗✗~✗", _try="1").content.decode() == ""  # a word: nothing to say
    assert check(client, table, "fykli", "✗✗✗✗✓").status_code == 200
    assert Table.objects.get().state["rules"]["checks"] == [["fykli", "✗✗✗✗✓"]]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "⚠ FYKLI is not in our English dictionary." in page
