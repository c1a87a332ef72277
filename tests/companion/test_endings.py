"""A game the host ends shows every phone and the display the whole truth, in every game; nobody wins."""

from __future__ import annotations

import re

import pytest

from companion.table import tables
from companion.models import Table
from tests.companion.test_tables import move, post_host
from tests.conftest import sit

pytestmark = [pytest.mark.django_db]


def seated(phone, game, *names, setup=None):
    """A table of ``game`` with ``names`` seated (the first hosts) and a display, started."""
    table, host = tables.create_table(game, names[0])
    seats = [host, *(tables.join_table(table, name) for name in names[1:])]
    seats.append(tables.join_table(table, "", as_display=True))
    phones = [sit(phone(), seat) for seat in seats]
    if setup:
        assert post_host(phones[0], table, "setup", **setup).status_code == 200
    assert post_host(phones[0], table, "start").status_code == 200
    return table, phones


def region(page: str, name: str) -> str:
    found = re.search(rf'<section id="region-{name}".*?</section>', page, re.S)
    return found.group(0) if found else ""


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def end(table, host):
    assert post_host(host, table, "end").status_code == 200
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    last = table.results[-1]
    assert (last["game"], last["winners"], last["seats"], last["how"], last["moment"]) == (1, [], [], "ended by the host", "")


def test_ending_fiction_shows_every_phone_the_word_the_honest_clues_and_the_lie(phone):
    table, (lena, gus, tv) = seated(phone, "fiction", "lena", "gus")
    move(lena, table, type="choose_secret", word="ready", hint="r")
    move(lena, table, type="start_first_half")
    move(gus, table, type="guess", word="entry")
    move(lena, table, type="share_clues", clues=list("~✗✗~✗"))
    assert "READY" not in gus.get(f"/t/{table.code}/").content.decode()
    end(table, lena)
    for page in (p.get(f"/t/{table.code}/").content.decode() for p in (lena, gus, tv)):
        assert "The host ended the game: nobody wins" in text(region(page, "now"))
        assert "The secret word was READY" in text(region(page, "outcome"))
        rows = region(page, "guess_rows")
        assert "The whole truth" in rows and "Honest clue" in rows
        assert rows.count('class="clue honest') == 5 and " lie" in rows  # Y's ✗ was the lie
        assert 'name="type"' not in page


def test_ending_half_truth_shows_every_phone_the_answers_locked_in(phone):
    table, (ann, bob, cy, tv) = seated(phone, "halftruth", "ann", "bob", "cy")
    move(ann, table, type="set_die", face="THREE")
    move(ann, table, type="lock_in", letters=["A", "C"])
    move(bob, table, type="lock_in", letters=["B", "D", "F"])
    assert 'data-picks="BDF"' not in cy.get(f"/t/{table.code}/").content.decode()
    end(table, ann)
    for page in (p.get(f"/t/{table.code}/").content.decode() for p in (ann, bob, cy, tv)):
        chips = region(page, "picks")
        assert 'data-picks="AC"' in chips and 'data-picks="BDF"' in chips
        assert "The host ended the game: nobody wins" in text(region(page, "now"))
        assert "Final standings" not in page and 'name="type"' not in page


def test_ending_lie_shows_every_phone_the_hands_set(phone):
    table, (ann, bob, cy, tv) = seated(phone, "lie", "ann", "bob", "cy")
    move(ann, table, type="set_hand", faces=[4, 4, 2])
    move(bob, table, type="set_hand", faces=[6, 6, 6, 1, 1])
    assert "1 1 6 6 6" not in text(cy.get(f"/t/{table.code}/").content.decode())
    end(table, ann)
    for page in (p.get(f"/t/{table.code}/").content.decode() for p in (ann, bob, cy, tv)):
        shown = text(region(page, "showdown"))
        assert "ann 2 4 4" in shown and "bob 1 1 6 6 6" in shown and "cy not set yet" in shown
        assert "The host ended the game: nobody wins" in text(region(page, "now"))
        assert 'name="type"' not in page


def test_ending_lie_mid_bidding_shows_the_bids_and_hands(phone):
    table, (ann, bob, tv) = seated(phone, "lie", "ann", "bob")
    move(ann, table, type="set_hand", faces=[3, 3])
    move(bob, table, type="set_hand", faces=[5])
    move(ann, table, type="bid", quantity=2, face=3)
    end(table, ann)
    shown = text(region(tv.get(f"/t/{table.code}/").content.decode(), "showdown"))
    assert "ann 2 × 3" in shown and "ann 3 3" in shown and "bob 5" in shown


def test_ending_a_game_in_the_lobby_records_no_winner(phone):
    table, host = tables.create_table("lie", "ann")
    tables.join_table(table, "bob")
    end(table, sit(phone(), host))
