"""Undo at a Fiction table: once the Guessers have seen the secret word (a win, the host's end)
or a Fact/Fiction token's answer, going back would hide it from them again, so the host is told
first and the undo is refused."""

import html
import re

import pytest
from django.urls import reverse

from companion.models import Action, Table
from games.fiction.rules import ANSWER_SEEN, TRUTH_SEEN
from tests.companion.test_tables import move, post_host
from tests.conftest import sit

from .conftest import one_lie

SECRET, FIRST = "ready", "entry"


@pytest.fixture
def shared(db, phone):
    """Lena (host, the Lie-brarian), Gus and Gwen guessing, and a display: the word READY chosen,
    the first half on, ENTRY guessed and its clues shared with one lie (on its first letter)."""
    from companion.table import tables

    table, lena = tables.create_table("fiction", "Lena")
    phones = {"Lena": sit(phone(), lena)}
    for name in ("Gus", "Gwen"):
        phones[name] = sit(phone(), tables.join_table(table, name))
    phones["display"] = sit(phone(), tables.join_table(table, "", as_display=True))
    assert post_host(phones["Lena"], table, "start").status_code == 200
    for who, fields in (("Lena", {"type": "choose_secret", "word": SECRET, "hint": "r"}),
                        ("Lena", {"type": "start_first_half"}),
                        ("Gus", {"type": "guess", "word": FIRST}),
                        ("Lena", {"type": "share_clues", "clues": list(one_lie(SECRET, FIRST))})):
        response = move(phones[who], table, **fields)
        assert response.status_code == 200, (fields, response.content.decode())
    return table, phones


def page(client, table) -> str:
    return html.unescape(client.get(reverse("table", args=[table.code])).content.decode())


def confirm(client, table) -> list[str]:
    """The host's Undo button's confirm text."""
    return re.findall(r'hx-confirm="(Undo [^"]*)"', page(client, table))


def refused(table, phones, said: str) -> None:
    """The host's undo is refused with ``said``, and nothing at the table changes."""
    table.refresh_from_db()
    state, version, status = table.state, table.version, table.status
    undone = list(Action.objects.filter(table=table, undone=True))
    response = post_host(phones["Lena"], table, "undo")
    assert response.status_code == 409 and said in html.unescape(response.content.decode())
    table = Table.objects.get(pk=table.pk)
    assert (table.state, table.version, table.status) == (state, version, status)
    assert list(Action.objects.filter(table=table, undone=True)) == undone


def test_a_row_the_guessers_saw_shared_is_undone_as_any_move(shared):
    table, phones = shared
    assert confirm(phones["Lena"], table) == ["Undo Lena's clues?"]
    assert post_host(phones["Lena"], table, "undo").status_code == 200
    assert Table.objects.get(pk=table.pk).state["rules"]["phase"] == "deceiving"


def test_after_the_winning_guess_the_host_is_told_and_the_undo_is_refused(shared):
    table, phones = shared
    assert move(phones["Gwen"], table, type="guess", word=SECRET).status_code == 200
    assert SECRET.upper() in page(phones["Gus"], table)  # every screen shows the word
    assert confirm(phones["Lena"], table) == [f"Undo Gwen's guess? {TRUTH_SEEN}"]
    refused(table, phones, TRUTH_SEEN)
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED


def test_after_the_hosts_end_the_host_is_told_and_the_undo_is_refused(shared):
    table, phones = shared
    assert post_host(phones["Lena"], table, "end").status_code == 200
    assert SECRET.upper() in page(phones["display"], table)
    assert confirm(phones["Lena"], table) == [f"Undo the end of the game? {TRUTH_SEEN}"]
    refused(table, phones, TRUTH_SEEN)


def test_after_a_token_is_answered_the_host_is_told_and_the_undo_is_refused(shared):
    table, phones = shared
    assert move(phones["Gus"], table, type="fact_fiction", position=0).status_code == 200
    assert confirm(phones["Lena"], table) == [f"Undo Gus's Fact/Fiction token? {ANSWER_SEEN}"]
    refused(table, phones, ANSWER_SEEN)


def test_an_undo_chain_back_through_the_win_stops_there(shared):
    """Back to the lobby and that undone: the win is the last undoable move again, and the
    finished game every screen showed is refused as before."""
    table, phones = shared
    assert move(phones["Gwen"], table, type="guess", word=SECRET).status_code == 200
    assert post_host(phones["Lena"], table, "again").status_code == 200
    assert post_host(phones["Lena"], table, "undo").status_code == 200  # back to the finished game
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED
    assert confirm(phones["Lena"], table) == [f"Undo Gwen's guess? {TRUTH_SEEN}"]
    refused(table, phones, TRUTH_SEEN)


# The rules' judgement, state against a state shown since


def test_what_the_rules_count_as_shown_to_the_guessers():
    import random

    from games.fiction.rules import Options, apply, end_game, new_game, shows_truth, timer_expired

    from .conftest import GUESSERS, play_turn, started

    fresh = new_game(Options(), rng=random.Random(0))
    assert shows_truth(fresh, end_game(fresh)) == ""  # no word chosen: nothing to hide
    state = started()
    guessed = apply(state, GUESSERS, {"type": "guess", "word": FIRST})
    assert shows_truth(state, guessed) == ""
    row = play_turn(state, FIRST)
    assert shows_truth(guessed, row) == ""  # the row's clues are the Lie-brarian's to give
    assert shows_truth(row, timer_expired(row, None)) == ""  # halftime shows nothing new
    answered = apply(row, GUESSERS, {"type": "fact_fiction", "position": 2})
    assert shows_truth(row, answered) == ANSWER_SEEN
    assert shows_truth(row, play_turn(answered, "tried")) == ANSWER_SEEN  # any later state, not only the next
    assert shows_truth(row, apply(row, GUESSERS, {"type": "fact_fiction", "position": 0})) == ANSWER_SEEN  # the lie
    other = play_turn(state, "tried")  # another first guess, after an undo: its tokens tell nothing of ENTRY's
    assert shows_truth(row, apply(other, GUESSERS, {"type": "fact_fiction", "position": 2})) == ""
    assert shows_truth(guessed, end_game(guessed)) == TRUTH_SEEN
    assert shows_truth(row, apply(row, GUESSERS, {"type": "guess", "word": SECRET})) == TRUTH_SEEN
    assert shows_truth(end_game(row), end_game(row)) == ""  # an ended game hides nothing
