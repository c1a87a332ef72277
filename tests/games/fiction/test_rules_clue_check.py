"""Clue check mode: a paper game, with the Lie-brarian's rows checked on one phone."""

import pytest

from games.errors import RulesError
from games.fiction.rules import Options, apply, new_game, player_view
from games.fiction.rules.clues import judge_row, parse_clues

from .conftest import GUESSERS, LENA, TABLE

CHECK = Options(clue_check=True)


def checking(secret="ready", hint="r"):
    return apply(new_game(CHECK), LENA, {"type": "choose_secret", "word": secret, "hint": hint})


def test_the_rulebooks_example_with_one_lie_is_right():
    verdict = judge_row("ready", "entry", parse_clues("~✗✗~✗"))  # honest ~✗✗~✓, the Y circled
    assert verdict == {"honest": "~✗✗~✓", "lies": [{"position": 4, "shared": "✗", "honest": "✓"}], "right": True}


def test_a_row_with_two_lies_names_both_and_their_honest_clues():
    verdict = judge_row("ready", "entry", parse_clues("✓✗✗~✗"))
    assert not verdict["right"]
    assert verdict["lies"] == [{"position": 0, "shared": "✓", "honest": "~"}, {"position": 4, "shared": "✗", "honest": "✓"}]


def test_an_honest_row_has_no_lie_and_is_wrong():
    assert judge_row("ready", "entry", parse_clues("~✗✗~✓")) == {"honest": "~✗✗~✓", "lies": [], "right": False}


def test_choosing_the_secret_starts_checking_with_no_clock_and_no_start():
    state = checking()
    assert state.phase == "checking" and not state.clock_running
    view = player_view(state, LENA)
    assert [m["type"] for m in view["legal_moves"]] == ["choose_secret", "check_row"]
    assert view["waiting_for"] == [LENA]


def test_each_checked_row_is_judged_on_the_lie_brarians_screen_only():
    state = apply(checking(), LENA, {"type": "check_row", "guess": "Entry", "clues": "✓✗✗~✗"})
    state = apply(state, LENA, {"type": "check_row", "guess": "tiger", "clues": list("✗✗✗✓~")})
    rows = player_view(state, LENA)["checks"]
    assert [(r["guess"], r["right"], len(r["lies"])) for r in rows] == [("entry", False, 2), ("tiger", True, 1)]
    for seat in (GUESSERS, TABLE):
        view = player_view(state, seat)
        assert view["checks"] == [] and "secret" not in view


def test_only_the_lie_brarian_checks_rows_and_only_while_checking():
    with pytest.raises(RulesError) as caught:
        apply(checking(), GUESSERS, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    assert caught.value.reason == "not-your-turn"
    with pytest.raises(RulesError) as caught:
        apply(new_game(CHECK), LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    assert caught.value.reason == "wrong-phase"


def test_a_row_needs_five_letters_and_five_tokens():
    for move in ({"guess": "ent", "clues": "~✗✗"}, {"guess": "entry", "clues": "~✗✗~"}):
        with pytest.raises(RulesError):
            apply(checking(), LENA, {"type": "check_row", **move})


def test_clue_check_leaves_the_ability_cards_on_the_table():
    state = new_game(Options(clue_check=True, ability_cards=True))
    assert not state.options.ability_cards and state.offers == ()


def test_a_mistyped_secret_can_be_changed_while_checking():
    state = apply(checking(), LENA, {"type": "choose_secret", "word": "tiger", "hint": "t"})
    assert state.secret == "tiger" and state.phase == "checking"
