"""Banned Books cards from the box that the app does not know, entered with ordinary controls:
each card's text, its side's effect kind and its limit of uses, row by row on the host's setup form."""

from __future__ import annotations

import random

import pytest
from django.http import QueryDict

from companion.table import seam, tables
from companion.table.games import get
from companion.table.forms import Form, MoveError
from companion.models import Table
from games.fiction.rules import GameState, end_game, player_view
from games.fiction.rules.abilities import LIE_PLUS_ONE
from tests import played as play
from tests.companion.test_tables import post_host
from tests.conftest import sit

from . import scripted

LENA, GUS, GWEN = scripted.PLAYERS


@pytest.fixture
def game():
    return get("fiction")


def form(**rows: list[tuple[str, str, str]]) -> QueryDict:
    """The host's setup form with ability cards on and these card rows, each (text, effect, uses)."""
    data = QueryDict(mutable=True)
    data["ability_cards"] = "1"
    for name, cards in rows.items():
        for text, effect, uses in cards:
            data.appendlist(f"{name}-text", text)
            data.appendlist(f"{name}-effect", effect)
            data.appendlist(f"{name}-uses", uses)
    return data


def test_each_card_row_is_stored_with_its_effect_and_limit_and_a_blank_row_is_skipped(game):
    setup = Form(game.setup).parse(form(
        librarian_cards=[("Swap two clue tokens", "lies-1", "2"), ("Give an honest row", "lies-0", "unlimited"),
                         ("", "lies-1", "unlimited")],
        guesser_cards=[("Point to any letter", "with-token", "unlimited"), ("Skip a guess", "discard-token", "1")],
    ))
    assert setup["librarian_cards"] == [
        {"text": "Swap two clue tokens", "payment": "feather", "uses": 2, "lie_counts": [1]},
        {"text": "Give an honest row", "payment": "feather", "uses": None, "lie_counts": [0]},
    ]
    assert setup["guesser_cards"] == [
        {"text": "Point to any letter", "payment": "with-token", "uses": None},
        {"text": "Skip a guess", "payment": "discard-token", "uses": 1},
    ]


@pytest.mark.parametrize("rows, said", [
    ({"guesser_cards": [("Peek", "feather", "1")]}, "not one of the effects"),
    ({"librarian_cards": [("Peek", "with-token", "1")]}, "not one of the effects"),
    ({"librarian_cards": [("Peek", "lies-1", "0")]}, "1, 2, 3 or unlimited"),
    ({"librarian_cards": [("Peek", "lies-1", "many")]}, "1, 2, 3 or unlimited"),
    ({"librarian_cards": [("x" * 121, "lies-1", "1")]}, "at most 120 characters"),
])
def test_a_card_row_the_form_cannot_hold_is_refused_with_why(game, rows, said):
    with pytest.raises(MoveError, match=said):
        Form(game.setup).parse(form(**rows))


def test_rows_missing_a_control_are_refused(game):
    data = form(librarian_cards=[("Peek", "lies-1", "1")])
    data.appendlist("librarian_cards-text", "Another")
    with pytest.raises(MoveError, match="each card needs its text, its effect and its uses"):
        Form(game.setup).parse(data)


def test_entered_cards_join_the_deal_as_the_rules_read_them(game):
    setup = {**Form(game.setup).initial(), **Form(game.setup).parse(form(
        librarian_cards=[(f"Card {n}", "lies-2", "3") for n in "ABCDE"],
        guesser_cards=[("Point to any letter", "with-token", "2")]))}
    assert seam.check_setup(game, setup, scripted.PLAYERS) is None
    dealt = {}
    for seed in range(12):
        state = play.begin(game, scripted.PLAYERS, setup, random.Random(seed))
        for side, cards in state.rules["offers"].items():
            dealt |= {c["text"]: c for c in cards}
    assert {k: dealt["Card A"][k] for k in ("side", "payment", "uses", "lie_counts", "custom")} == \
        {"side": "librarian", "payment": "feather", "uses": 3, "lie_counts": [2], "custom": True}
    assert dealt["Point to any letter"]["payment"] == "with-token" and dealt["Point to any letter"]["uses"] == 2


def test_a_setup_typed_in_the_old_syntax_is_still_read(game):
    setup = {**Form(game.setup).initial(), "ability_cards": True, "librarian_cards": "Peek (2)"}
    assert seam.check_setup(game, setup, scripted.PLAYERS) is None
    # the host's next change turns the old text into rows, card for card
    data = form()
    data["librarian_cards"] = "Peek (2)"
    assert Form(game.setup).parse(data)["librarian_cards"] == [
        {"text": "Peek", "payment": "feather", "uses": 2, "lie_counts": [1]}]


# --- through the table -------------------------------------------------------------------------



@pytest.fixture
def lobby(phone):
    table, seat = tables.create_table("fiction", "Lena")
    return sit(phone(), seat), table


@pytest.mark.django_db
def test_the_host_enters_a_card_with_ordinary_controls_and_everyone_reads_it(lobby):
    client, table = lobby
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'name="guesser_cards-effect"' in page and "Blue badge" in page and "Red badge" in page
    assert '<option value="unlimited"' in page and "split by" not in page
    sent = post_host(client, table, "setup", **{
        "ability_cards": "1", "librarian_cards-text": ["Swap two clue tokens", ""],
        "librarian_cards-effect": ["lies-1", "lies-1"], "librarian_cards-uses": ["2", "unlimited"]})
    assert sent.status_code == 200
    assert Table.objects.get().setup["librarian_cards"] == [
        {"text": "Swap two clue tokens", "payment": "feather", "uses": 2, "lie_counts": [1]}]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'value="Swap two clue tokens"' in page  # its row, to change or clear, and a blank row below
    assert page.count('name="librarian_cards-text"') == 2
    assert "Swap two clue tokens (at most 2 uses)" in page  # the setup in short


@pytest.mark.django_db
def test_a_bad_card_row_is_refused_and_changes_nothing(lobby):
    client, table = lobby
    before = Table.objects.get().setup
    sent = post_host(client, table, "setup", **{
        "ability_cards": "1", "guesser_cards-text": ["Peek"], "guesser_cards-effect": ["feather"],
        "guesser_cards-uses": ["1"]})
    assert sent.status_code == 400 and "not one of the effects" in sent.content.decode()
    assert Table.objects.get().setup == before


# --- the Lie-brarian's card on the TV ----------------------------------------------------------


def with_lie_plus_one(game):
    from tests.games.fiction.test_game import DEFAULTS, post

    for seed in range(40):
        state = play.begin(game, scripted.PLAYERS, DEFAULTS | {"ability_cards": True}, random.Random(seed))
        if any(c["id"] == LIE_PLUS_ONE for c in state.rules["offers"]["librarian"]):
            return post(game, state, LENA, type="choose_ability", card=LIE_PLUS_ONE)
    raise AssertionError("no deal offered Lie about +1 letter")


def test_the_tv_shows_the_lie_brarians_limit_of_uses_and_lena_her_uses_left(game):
    from tests.games.fiction.test_game import DISPLAY
    from tests.games.fiction.test_game import render_region

    state = with_lie_plus_one(game)
    tv = render_region(game, "setup_panel", seam.view(game, state, DISPLAY), DISPLAY)
    assert "Lie about +1 letter." in tv and "at most 2 uses" in tv and "left" not in tv
    lena = render_region(game, "setup_panel", seam.view(game, state, LENA), LENA)
    assert "at most 2 uses" in lena and "2 uses left" in lena
    ended = GameState.from_dict(state.rules)

    over = player_view(end_game(ended), None)
    assert over["abilities"]["librarian"]["uses_left"] == 2  # at the end the TV may say it too
