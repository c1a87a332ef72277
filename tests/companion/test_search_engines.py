"""What a search engine is told: the home page says what the app is for; a table is never indexed."""

from __future__ import annotations

import re

import pytest

from tests.conftest import sit

pytestmark = pytest.mark.django_db


def _description(page: str) -> str:
    found = re.search(r'<meta name="description" content="([^"]*)">', page)
    return found.group(1) if found else ""


def test_the_home_page_describes_the_app_and_may_be_indexed(client):
    response = client.get("/")
    words = _description(response.content.decode())
    assert "Fiction" in words and "Half Truth" in words and "LIE" in words and "phone" in words
    assert "X-Robots-Tag" not in response


def test_the_join_page_says_what_it_is_for_and_is_not_indexed(client, stub_table):
    table = stub_table[0]
    response = client.get(f"/t/{table.code}/")
    assert "Take a seat" in _description(response.content.decode())
    assert response["X-Robots-Tag"] == "noindex"


def test_every_answer_about_a_table_is_kept_out_of_search_engines(client, phone, stub_table):
    table, lena = stub_table[:2]
    host = sit(phone(), lena)
    answers = [
        host.get(f"/t/{table.code}/"),  # a seat's page
        host.post(f"/t/{table.code}/move/", {"type": "nonsense"}, HTTP_HX_REQUEST="true"),  # a refused tap
        host.post(f"/t/{table.code}/host/setup/", {"seconds": "60"}, HTTP_HX_REQUEST="true"),  # the host's tool
        client.get(f"/t/{table.code}/claim/"),
        client.get("/t/BCDFGH/"),  # no such table
    ]
    for response in answers:
        assert response["X-Robots-Tag"] == "noindex", response.request["PATH_INFO"]
