"""A refusal's reason reaches the page, with the next step the game offers for it."""

from __future__ import annotations

import json
from html import unescape as html_unescape
import re

import pytest
from django.urls import reverse

from companion.table import tables
from companion.models import Seat, Table
from tests.conftest import sit, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def fiction_table(db):
    table = Table.objects.create(code="KMNPQR", game="fiction")
    lena = Seat.objects.create(table=table, name="lena", role="librarian", is_host=True, order=0)
    Seat.objects.create(table=table, name="gus", role="guesser", order=1)
    tables.run(table.code, lena.token, tables.StartGame(), table.version)
    return table, lena


def test_a_secret_missing_from_the_dictionary_offers_allow_it_anyway(fiction_table, phone):
    table, lena = fiction_table
    librarian = sit(phone(), lena)
    response = librarian.post(reverse("move", args=[table.code]),
                              {"version": version(table), "type": "choose_secret", "word": "qwzyx", "hint": "q"},
                              HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 422
    assert 'data-reason="not-a-word"' in html
    assert json.loads(response["HX-Trigger"])["table:refused"]["reason"] == "not-a-word"
    offer = re.search(r"hx-vals='([^']*)'[^>]*>Allow it anyway", html)
    assert offer, html
    vals = json.loads(html_unescape(offer.group(1)))
    assert vals["override"] == "1" and vals["word"] == "qwzyx" and vals["hint"] == "q"
    # Tapping the offer sends the same move again, allowed this time.
    again = librarian.post(reverse("move", args=[table.code]), {**vals, "version": version(table)})
    assert again.status_code == 200
    assert Table.objects.get().state["rules"]["secret"] == "qwzyx"


def test_a_refusal_with_no_remedy_offers_none(fiction_table, phone):
    table, lena = fiction_table
    response = sit(phone(), lena).post(reverse("move", args=[table.code]),
                                       {"version": version(table), "type": "choose_secret", "word": "ab", "hint": "a"})
    assert response.status_code == 422
    assert "flash-remedy" not in response.content.decode()


def _kept_secret(fiction_table, phone, secret: str):
    """A game whose Lie-brarian kept a word our dictionary lacks, with the first half running."""
    table, lena = fiction_table
    librarian = sit(phone(), lena)
    for move in ({"type": "choose_secret", "word": secret, "hint": secret[0], "override": "1"},
                 {"type": "start_first_half"}):
        assert librarian.post(reverse("move", args=[table.code]), {**move, "version": version(table)}).status_code == 200
    return table, sit(phone(), Seat.objects.get(name="gus"))


def test_trying_a_kept_secret_answers_as_any_other_word_the_dictionary_lacks(fiction_table, phone):
    """The guess box's live check is no oracle: the secret and another non-word get the same answer."""
    table, gus = _kept_secret(fiction_table, phone, "qwzyx")

    def tried(word: str):
        response = gus.post(reverse("move", args=[table.code]),
                            {"version": version(table), "type": "guess", "word": word, "_try": "1"})
        return response.status_code, response["X-Try-Verdict"], response.content.decode().replace(word, "WORD")

    assert tried("QWZYX") == tried("ZYXWQ")
    status, verdict, html = tried("QWZYX")
    assert status == 200 and verdict == "refused" and 'data-reason="house-word"' in html and "Allow it anyway" in html
    assert Table.objects.get().state["rules"]["phase"] == "guessing"


def test_a_kept_secret_is_guessed_through_the_tables_agreement_and_wins(fiction_table, phone):
    table, gus = _kept_secret(fiction_table, phone, "qwzyx")
    response = gus.post(reverse("move", args=[table.code]), {"version": version(table), "type": "guess", "word": "qwzyx"})
    html = response.content.decode()
    assert response.status_code == 422 and 'data-reason="house-word"' in html
    assert Table.objects.get().state["rules"]["turns"] == []
    offer = re.search(r"hx-vals='([^']*)'[^>]*>Allow it anyway: the whole table agrees", html)
    assert offer, html
    vals = json.loads(html_unescape(offer.group(1)))
    assert vals["table_agreed"] == "1" and vals["word"] == "qwzyx"
    again = gus.post(reverse("move", args=[table.code]), {**vals, "version": version(table)})
    assert again.status_code == 200
    table = Table.objects.get()
    assert table.status == Table.Status.FINISHED and table.state["rules"]["outcome"]["winner"] == "guessers"
