"""Clue check mode: a paper game, with the Lie-brarian's rows checked on one phone."""

import pytest

from companion.table.rules_errors import RulesError
from games.fiction.rules.errors import IllegalClues
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


def test_each_checked_row_shows_its_lie_on_the_lie_brarians_screen_only():
    state = apply(checking(), LENA, {"type": "check_row", "guess": "Entry", "clues": "~✗✗~✗"})
    state = apply(state, LENA, {"type": "check_row", "guess": "tiger", "clues": list("✗✗✗✓~")})
    rows = player_view(state, LENA)["checks"]
    assert [(r["guess"], r["right"], [lie["position"] for lie in r["lies"]]) for r in rows] == [
        ("entry", True, [4]), ("tiger", True, [3])]
    for seat in (GUESSERS, TABLE):
        view = player_view(state, seat)
        assert all("lies" not in r and "honest" not in r for r in view["checks"]) and "secret" not in view


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


def test_a_checked_row_with_the_secret_is_the_guessers_win_and_then_everyone_sees_every_row():
    state = apply(checking(), LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    state = apply(state, LENA, {"type": "check_row", "guess": "READY", "clues": "✓✓✓✓✓"})
    assert state.phase == "over" and state.is_over
    view = player_view(state, TABLE)
    assert view["outcome"] == {"winner": "guessers", "termination": "guessed"} and view["secret"] == "ready"
    assert [(row["guess"], row["correct"]) for row in view["checks"]] == [("entry", False), ("ready", True)]
    assert player_view(state, GUESSERS)["checks"] == view["checks"]
    with pytest.raises(RulesError) as refused:
        apply(state, LENA, {"type": "check_row", "guess": "tiger", "clues": "✗✗✗~~"})
    assert refused.value.reason == "game-over"


def test_a_checked_row_warns_of_what_the_guess_box_would_refuse():
    state = apply(checking(), LENA, {"type": "check_row", "guess": "fykli", "clues": "✗~✗✗✓"})
    state = apply(state, LENA, {"type": "check_row", "guess": "geese", "clues": "✗✓✗✗✓"})
    state = apply(state, LENA, {"type": "check_row", "guess": "zzzzq", "clues": "✗✗✗✗✓"})
    state = apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    warnings = [row["warnings"] for row in player_view(state, LENA)["checks"]]
    repeats = "All five letters must be different; {} repeats a letter (repeats are only allowed when playing with red words)."
    assert warnings == [
        ["FYKLI is not in our English dictionary."],
        [repeats.format("GEESE")],
        [repeats.format("ZZZZQ"), "ZZZZQ is not in our English dictionary."],
        [],
    ]
    red = apply(new_game(Options(clue_check=True, red_words=True)), LENA,
                {"type": "choose_secret", "word": "ready", "hint": "r"})
    red = apply(red, LENA, {"type": "check_row", "guess": "geese", "clues": "✗✓✗✗✓"})
    assert player_view(red, LENA)["checks"][0]["warnings"] == []


def test_a_guessers_move_during_a_clue_check_is_refused_with_a_reason():
    for move in ({"type": "guess", "word": "entry"}, {"type": "fact_fiction", "position": 0}):
        with pytest.raises(RulesError) as refused:
            apply(checking(), GUESSERS, move)
        assert refused.value.reason == "wrong-phase" and "paper" in str(refused.value)


def test_a_row_that_is_not_one_lie_is_refused_with_why_and_not_stored():
    """The numbering stays with the paper board: a refused row is not row 1, the next fair one is."""
    state = checking()
    with pytest.raises(IllegalClues) as two:
        apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "✓✗✗~✗"})
    assert two.value.reason == "not-one-lie"
    assert "2 lies, not one" in str(two.value) and "letter 1 shows ✓, honest is ~" in str(two.value)
    with pytest.raises(IllegalClues) as none:
        apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✓"})
    assert none.value.reason == "not-one-lie" and "No lie" in str(none.value)
    state = apply(state, LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    assert [(r["number"], r["guess"], r["right"]) for r in player_view(state, LENA)["checks"]] == [(1, "entry", True)]


def test_guessers_and_the_table_see_each_checked_row_and_its_verdict_but_no_honest_clue():
    state = apply(checking(), LENA, {"type": "check_row", "guess": "entry", "clues": "~✗✗~✗"})
    state = apply(state, LENA, {"type": "check_row", "guess": "tiger", "clues": "✗✗✗✓~"})
    for seat in (GUESSERS, TABLE):
        view = player_view(state, seat)
        assert view["checks"] == [
            {"number": 1, "guess": "entry", "clues": "~✗✗~✗", "right": True, "correct": False, "warnings": []},
            {"number": 2, "guess": "tiger", "clues": "✗✗✗✓~", "right": True, "correct": False, "warnings": []},
        ]
        assert "secret" not in view and "ready" not in repr(view)
