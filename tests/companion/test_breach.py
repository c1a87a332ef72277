"""A page that holds a seat's secret beside text another player typed goes out uncompressed:
compressed, its length would say how much of the secret a typed guess repeats (BREACH), and
Django's random padding does not hide that from someone who takes the shortest of many fetches.
Every other page and answer keeps its gzip."""

from __future__ import annotations

import pytest

from companion.models import Table
from companion.table import tables
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = pytest.mark.django_db

SECRET = "lanterns"
REPEATS = "lantern"  # seven letters of the secret, in its order: not the word, so the game goes on
SHUFFLED = "nretnal"  # the same seven letters, no three of them in the secret's order
FETCHES = 200


def shortest(client, table) -> int:
    """The fewest bytes the page came in over many fetches, as someone watching the wire measures it."""
    answers = [client.get(f"/t/{table.code}/", HTTP_ACCEPT_ENCODING="gzip") for _ in range(FETCHES)]
    assert {answer.status_code for answer in answers} == {200}
    return min(len(answer.content) for answer in answers)


def tap(client, table, **data):
    """A move as a phone sends it, asking for gzip."""
    return client.post(f"/t/{table.code}/move/", {"version": version(table), **data}, HTTP_HX_REQUEST="true",
                       HTTP_ACCEPT_ENCODING="gzip")


def gzipped(response) -> bool:
    return response.get("Content-Encoding") == "gzip"


def test_the_keepers_page_is_as_long_after_a_guess_that_repeats_the_secret_as_after_a_shuffle(stub_table, phone,
                                                                                                  settings):
    # The page's own limit would stop one phone's 400 fetches; someone watching the Wi-Fi sees
    # every fetch the Keeper's phone makes, and needs none of their own.
    settings.PAGE_RATE = settings.PAGE_PHONE_RATE = "1000/m"
    table, lena, gus, _gwen = stub_table
    keeper, guesser = sit(phone(), lena), sit(phone(), gus)  # lena keeps the word and hosts
    assert post_host(keeper, table, "start").status_code == 200
    assert move(keeper, table, type="set_secret", word=SECRET).status_code == 200
    lengths = {}
    for guess in (REPEATS, SHUFFLED):
        assert move(guesser, table, type="guess", word=guess).status_code == 200
        lengths[guess] = shortest(keeper, table)
        assert post_host(keeper, table, "undo").status_code == 200  # the next guess on the same page
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert lengths[REPEATS] == lengths[SHUFFLED], lengths


def test_only_the_screens_and_answers_that_hold_a_secret_go_out_uncompressed(stub_table, phone):
    table, lena, gus, _gwen = stub_table
    keeper, guesser = sit(phone(), lena), sit(phone(), gus)
    display = sit(phone(), tables.join_table(table, "", as_display=True))
    page = f"/t/{table.code}/"
    assert gzipped(keeper.get(page, HTTP_ACCEPT_ENCODING="gzip"))  # in the lobby there is no secret yet
    post_host(keeper, table, "start")
    kept = tap(keeper, table, type="set_secret", word=SECRET)
    assert kept.status_code == 200 and not gzipped(kept) and SECRET in kept.content.decode()
    guessed = tap(guesser, table, type="guess", word="candle")
    assert guessed.status_code == 200 and gzipped(guessed)  # the guesser's answer holds no secret
    keepers = keeper.get(page, HTTP_ACCEPT_ENCODING="gzip")
    assert not gzipped(keepers) and SECRET in keepers.content.decode() and "candle" in keepers.content.decode()
    assert gzipped(guesser.get(page, HTTP_ACCEPT_ENCODING="gzip"))
    assert gzipped(display.get(page, HTTP_ACCEPT_ENCODING="gzip"))
    # A refused move still brings the keeper's regions: the same secret, the same guesses.
    refused = tap(keeper, table, type="guess", word="candle")
    assert refused.status_code == 422 and not gzipped(refused) and SECRET in refused.content.decode()
    # Once the game is over the word is everyone's, and the keeper's page is compressed again.
    assert move(guesser, table, type="guess", word=SECRET).status_code == 200
    assert gzipped(keeper.get(page, HTTP_ACCEPT_ENCODING="gzip"))


def test_the_lie_brarians_page_goes_out_uncompressed_and_the_guessers_compressed(phone):
    table, lena = tables.create_table("fiction", "lena")
    librarian = sit(phone(), lena)
    guesser = sit(phone(), tables.join_table(table, "gus"))
    table.refresh_from_db()
    assert dict(table.seats.values_list("name", "role")) == {"lena": "librarian", "gus": "guesser"}
    assert post_host(librarian, table, "start").status_code == 200
    page = f"/t/{table.code}/"
    assert not gzipped(librarian.get(page, HTTP_ACCEPT_ENCODING="gzip"))
    assert gzipped(guesser.get(page, HTTP_ACCEPT_ENCODING="gzip"))
