"""Fiction at a table whose host pauses the clock: what the guessers may do then, what the host
is offered, and what a waiting guesser's page says."""

import random
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from companion.models import Table
from companion.table import seam, tables
from companion.table.games import get
from companion.table.clock import Clock
from companion.table.forms import Form
from companion.table.rules_errors import RulesError
from tests import played as play
from tests.conftest import sit, version

from . import scripted
from .conftest import one_lie

PAUSED = "The clock is paused: tokens can be used while it runs."
GIVING_CLUES = "The Lie-brarian is giving clues; the timer is paused."
LENA, GUS, GWEN = scripted.PLAYERS


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


# --- the game, given the table's clock --------------------------------------------------------


def test_a_banned_books_token_and_ability_wait_for_the_hosts_paused_clock():
    fiction = get("fiction")
    setup = Form(fiction.setup).initial() | {"ability_cards": True}
    state = play.begin(fiction, scripted.PLAYERS, setup, random.Random(0))
    offers = state.rules["offers"]
    for seat, side in ((LENA, "librarian"), (GUS, "guessers")):
        state = play.move(fiction, state, seat, {"type": "choose_ability", "card": offers[side][0]["id"]},
                          random.Random(0))
    for made in ({"type": "choose_secret", "word": "ready", "hint": "r"}, {"type": "start_first_half"}):
        state = play.move(fiction, state, LENA, made, random.Random(0))
    state = play.move(fiction, state, GWEN, {"type": "guess", "word": "entry"}, random.Random(0))
    state = play.move(fiction, state, LENA, {"type": "share_clues", "clues": one_lie("ready", "entry")},
                      random.Random(0))
    held = replace(state, clock_held=True)
    with pytest.raises(RulesError) as caught:
        seam.apply(fiction, held, GUS, {"type": "fact_fiction", "position": 0}, random.Random(0))
    assert (caught.value.reason, str(caught.value)) == ("clock-paused", PAUSED)
    assert [(m["allowed"], m["why"]) for m in seam.view(fiction, held, GUS)["legal_moves"]
            if m["type"] == "fact_fiction"] == [(False, PAUSED)]
    after = seam.apply(fiction, state, GUS, {"type": "fact_fiction", "position": 0}, random.Random(0))
    assert after.rules["tokens"] == 2


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


def test_a_token_posted_while_the_host_has_paused_the_clock_is_refused_and_changes_nothing(db, phone):
    table, librarian, guesser = in_play(phone, ability_cards="on")
    guess_and_share(table, librarian, guesser, "ghost")
    assert post_host(librarian, table, "pause").status_code == 200
    page = seen(guesser.get(f"/t/{table.code}/").content.decode())
    assert PAUSED in page
    before = version(table)
    refused = move(guesser, table, type="fact_fiction", position="0")
    assert refused.status_code == 422
    assert PAUSED in refused.content.decode() and 'data-reason="clock-paused"' in refused.content.decode()
    assert version(table) == before and Table.objects.get().state["rules"]["tokens"] == 3
    assert post_host(librarian, table, "resume").status_code == 200
    assert PAUSED not in seen(guesser.get(f"/t/{table.code}/").content.decode())
    assert move(guesser, table, type="fact_fiction", position="0").status_code == 200
    assert Table.objects.get().state["rules"]["tokens"] == 2


def test_in_the_base_game_a_token_is_taken_while_the_host_has_paused_the_clock(db, phone):
    table, librarian, guesser = in_play(phone)
    guess_and_share(table, librarian, guesser, "ghost")
    assert post_host(librarian, table, "pause").status_code == 200
    assert move(guesser, table, type="fact_fiction", position="0").status_code == 200


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
