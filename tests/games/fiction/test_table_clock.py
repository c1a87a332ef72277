"""Fiction at a table whose host pauses the clock: what the host is offered, and what a waiting
guesser's page says."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from companion.models import Table
from companion.table import tables
from companion.table.clock import Clock
from tests.conftest import sit, version
from .conftest import one_lie

GIVING_CLUES = "The Lie-brarian is giving clues; the timer is paused."


class _Text(HTMLParser):
    """The words a person sees on a page: no tags, attributes, scripts or styles."""

    def __init__(self):
        super().__init__()
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style", "template")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style", "template")

    def handle_data(self, data):
        if not self.hidden:
            self.words.append(data)


def seen(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.words))


# --- at the table -----------------------------------------------------------------------------


def post_host(client, table, action, **data):
    return client.post(reverse("host_action", args=[table.code, action]), {"version": version(table), **data},
                       HTTP_HX_REQUEST="true")


def move(client, table, **data):
    return client.post(reverse("move", args=[table.code]), {"version": version(table), **data},
                       HTTP_HX_REQUEST="true")


def in_play(phone, **setup):
    """Lena holds MELON (hint M) with the first half running; Gus guesses. Both play on phones."""
    table, lena = tables.create_table("fiction", "Lena")
    gus = tables.join_table(table, "Gus")
    librarian, guesser = sit(phone(), lena), sit(phone(), gus)
    if setup:
        assert post_host(librarian, table, "setup", **setup).status_code == 200
    assert post_host(librarian, table, "start").status_code == 200
    offers = Table.objects.get(pk=table.pk).state["rules"]["offers"]
    for client, side in ((librarian, "librarian"), (guesser, "guessers")):
        if offers.get(side):
            assert move(client, table, type="choose_ability", card=offers[side][0]["id"]).status_code == 200
    assert move(librarian, table, type="choose_secret", word="melon", hint="m").status_code == 200
    assert move(librarian, table, type="start_first_half").status_code == 200
    return table, librarian, guesser


def guess_and_share(table, librarian, guesser, word):
    assert move(guesser, table, type="guess", word=word).status_code == 200
    assert move(librarian, table, type="share_clues", clues=list(one_lie("melon", word))).status_code == 200


def test_the_host_is_offered_pause_only_while_the_clock_runs(db, phone):
    table, librarian, guesser = in_play(phone)

    def offered() -> set[str]:
        page = seen(librarian.get(f"/t/{table.code}/").content.decode())
        return {button for button in ("Pause clock", "Resume clock") if button in page}

    assert offered() == {"Pause clock"}  # the first half runs
    assert move(guesser, table, type="guess", word="ghost").status_code == 200
    assert offered() == set()  # Lena is giving clues: the game stopped the clock itself
    assert post_host(librarian, table, "pause").status_code == 409
    assert not Clock.from_dict(Table.objects.get().clock).held
    assert move(librarian, table, type="share_clues", clues=list(one_lie("melon", "ghost"))).status_code == 200
    assert post_host(librarian, table, "pause").status_code == 200
    assert offered() == {"Resume clock"}
    assert post_host(librarian, table, "resume").status_code == 200
    for word in ("plumb", "crane", "dirty", "fjord"):
        guess_and_share(table, librarian, guesser, word)
    assert Table.objects.get().state["rules"]["phase"] == "halftime"
    assert offered() == set()  # no clock runs at halftime
    refused = post_host(librarian, table, "pause")
    assert refused.status_code == 409 and "The clock is not running." in refused.content.decode()
    assert move(librarian, table, type="start_second_half").status_code == 200
    clock = Clock.from_dict(Table.objects.get().clock)
    assert clock.running and clock.period == "half-2"
    assert offered() == {"Pause clock"}
    assert post_host(librarian, table, "end").status_code == 200
    assert offered() == set()


def test_the_host_is_offered_no_pause_in_the_lobby(db, phone):
    table, lena = tables.create_table("fiction", "Lena")
    tables.join_table(table, "Gus")
    assert "Pause clock" not in seen(sit(phone(), lena).get(f"/t/{table.code}/").content.decode())


def test_a_waiting_guessers_page_says_the_clues_are_being_given_once(db, phone):
    for setup in ({}, {"ability_cards": "on"}):
        table, librarian, guesser = in_play(phone, **setup)
        assert move(guesser, table, type="guess", word="ghost").status_code == 200
        assert seen(guesser.get(f"/t/{table.code}/").content.decode()).count(GIVING_CLUES) == 1, setup
