"""Move and setup fields are parsed one way for every game: lists, booleans, ints, refusals as 400s."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from companion.table.forms import Field, Form, Move, MoveError, clean_text, parse_move

MOVES = (
    Move("set_hand", (Field("faces", "int", many=True, required=False, minimum=1, maximum=6),)),
    Move("guess", (Field("word"), Field("table_agreed", "bool"))),
    Move("set_die", (Field("face", "choice", choices=(("ONE", "1"), ("AMPED", "1+"))),)),
    Move("challenge"),
)


def form(text: str) -> QueryDict:
    return QueryDict(text)


def test_repeated_fields_arrive_as_lists_of_ints():
    assert parse_move(MOVES, form("type=set_hand&faces=4&faces=4&faces=2"))[1] == {"type": "set_hand", "faces": [4, 4, 2]}
    assert parse_move(MOVES, form("type=set_hand"))[1] == {"type": "set_hand", "faces": []}


def test_a_check_box_is_true_when_ticked_and_false_when_absent():
    assert parse_move(MOVES, form("type=guess&word=melon&table_agreed=on"))[1]["table_agreed"] is True
    assert parse_move(MOVES, form("type=guess&word=melon"))[1]["table_agreed"] is False
    with pytest.raises(MoveError, match="yes or no"):
        parse_move(MOVES, form("type=guess&word=melon&table_agreed=perhaps"))


def test_text_is_trimmed_and_a_choice_must_be_offered():
    assert parse_move(MOVES, form("type=guess&word=++melon+"))[1]["word"] == "melon"
    assert parse_move(MOVES, form("type=set_die&face=AMPED"))[1] == {"type": "set_die", "face": "AMPED"}
    with pytest.raises(MoveError, match="not one of the choices"):
        parse_move(MOVES, form("type=set_die&face=SEVEN"))


@pytest.mark.parametrize("text, reason", [
    ("", "missing-type"),
    ("type=teleport", "unknown-move"),
    ("type=timer_expired", "unknown-move"),
    ("type=guess", "missing-field"),
    ("type=set_hand&faces=seven", "bad-field"),
    ("type=set_hand&faces=9", "bad-field"),
    ("type=set_hand&faces=0", "bad-field"),
    ("type=guess&word=" + "x" * 41, "too-long"),
    ("type=guess&word=mel%00on", "invisible-characters"),
    ("type=guess&word=mel%E2%80%AEon", "invisible-characters"),
])
def test_a_form_that_is_not_a_move_is_refused_with_a_reason(text, reason):
    with pytest.raises(MoveError) as refused:
        parse_move(MOVES, form(text))
    assert refused.value.reason == reason


def test_fields_not_declared_are_dropped_not_passed_to_the_rules():
    assert parse_move(MOVES, form("type=challenge&quantity=30&as_seat=1"))[1] == {"type": "challenge"}


def test_a_setup_form_starts_from_its_defaults():
    setup = Form((Field("seconds", "choice", choices=(("60", "1"), ("90", "2")), default="90"),
                  Field("wild_ones", "bool"), Field("opener", "seat", required=False)))
    assert setup.initial() == {"seconds": "90", "wild_ones": False, "opener": None}
    assert setup.parse(form("seconds=60&wild_ones=1&opener=7")) == {"seconds": "60", "wild_ones": True, "opener": 7}


def test_plain_dicts_parse_like_forms():
    assert parse_move(MOVES, {"type": "set_hand", "faces": [3, "5"]})[1] == {"type": "set_hand", "faces": [3, 5]}
    assert parse_move(MOVES, {"type": "guess", "word": "melon", "table_agreed": True})[1]["table_agreed"] is True


@pytest.mark.parametrize("raw", ["Ben", "Zoë", "李雷", "O'Neil-Smith"])
def test_ordinary_names_in_any_script_are_kept(raw):
    assert clean_text(raw) == raw
