"""A refusal's reason reaches the page, with the next step the game offers for it."""

from __future__ import annotations

import json
from html import unescape as html_unescape
import re

import pytest
from django.urls import reverse

from companion import tables
from companion.models import Seat, Table
from tests.conftest import sit, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def fiction_table(db):
    table = Table.objects.create(code="KMNPQR", game="fiction")
    lena = Seat.objects.create(table=table, name="lena", role="librarian", is_host=True, order=0)
    Seat.objects.create(table=table, name="gus", role="guesser", order=1)
    tables.start_game(table.code, lena.token, table.version)
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
    assert Table.objects.get().state["secret"] == "qwzyx"


def test_a_refusal_with_no_remedy_offers_none(fiction_table, phone):
    table, lena = fiction_table
    response = sit(phone(), lena).post(reverse("move", args=[table.code]),
                                       {"version": version(table), "type": "choose_secret", "word": "ab", "hint": "a"})
    assert response.status_code == 422
    assert "flash-remedy" not in response.content.decode()
