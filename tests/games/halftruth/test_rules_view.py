import json

import pytest

from games.halftruth.rules import IllegalMove, apply, player_view

KAMILA, TONY, AMY = 0, 1, 2


def choosing(table):
    """Die on 3, Kamila locked in "AC", Tony locked in "ACE", Amy still choosing."""
    state = apply(table, None, {"type": "set_die", "face": "THREE"})
    state = apply(state, KAMILA, {"type": "lock_in", "letters": "AC"})
    return apply(state, TONY, {"type": "lock_in", "letters": "ACE"})


def test_a_seat_sees_its_own_picks_while_players_are_choosing(table):
    view = player_view(choosing(table), KAMILA)
    assert view["players"][KAMILA]["picks"] == "AC"


def test_a_seat_sees_who_has_locked_in_but_not_their_letters(table):
    view = player_view(choosing(table), KAMILA)
    assert view["players"][TONY]["locked_in"] is True
    assert view["players"][TONY]["picks"] is None
    assert view["players"][AMY]["locked_in"] is False
    assert "ACE" not in json.dumps(view)


def test_the_table_display_sees_no_picks_while_players_are_choosing(table):
    view = player_view(choosing(table), None)
    assert [p["picks"] for p in view["players"]] == [None, None, None]
    assert [p["locked_in"] for p in view["players"]] == [True, True, False]


def test_all_picks_are_shown_once_everyone_has_locked_in(table):
    state = apply(choosing(table), AMY, {"type": "lock_in", "letters": "AB"})
    for seat in (None, KAMILA, TONY, AMY):
        assert [p["picks"] for p in player_view(state, seat)["players"]] == ["AC", "ACE", "AB"]


def test_view_after_a_question_shows_results_and_victory_points_apart(table):
    state = apply(choosing(table), AMY, {"type": "lock_in", "letters": "AB"})
    state = apply(state, None, {"type": "reveal", "correct": "ACE"})
    view = player_view(state, AMY)
    assert view["phase"] == "roll"
    assert view["legal_moves"] == [{"type": "lock_in", "allowed": False, "why": "The scoring die is rolled first."}]
    assert view["last_question"]["correct"] == "ACE"
    assert view["last_question"]["results"][TONY] == {"seat": TONY, "picks": "ACE", "spaces": 3, "bonus": 2,
                                                    "position": 3}
    tony = view["players"][TONY]
    assert (tony["position"], tony["bonus_vp"], tony["tracker_vp"], tony["victory_points"]) == (3, [2], [], 2)
    assert tony["tracker_points"] == state.tracker.points_at(3)
    assert (view["last_question"]["die"], view["last_question"]["die_label"]) == ("THREE", "3")
    assert view["reader"] == state.reader
    assert [p["reader"] for p in view["players"]] == [seat == state.reader for seat in range(3)]


def test_every_view_of_a_state_shows_the_questions_answered_alike(table):
    state = apply(choosing(table), AMY, {"type": "lock_in", "letters": "AB"})
    state = apply(state, None, {"type": "reveal", "correct": "ACE"})
    views = [player_view(state, seat) for seat in (None, KAMILA, TONY, AMY)]
    (first,) = views[0]["history"]
    assert first["correct"] == "ACE" and [r["picks"] for r in first["results"]] == ["AC", "ACE", "AB"]
    assert all(view["history"] == [first] for view in views)


def test_the_view_tells_a_skipped_player_from_one_taken_out(table):
    state = apply(table, None, {"type": "skip", "seat": AMY})
    state = apply(state, None, {"type": "drop", "seat": TONY})
    players = player_view(state, None)["players"]
    assert (players[AMY]["skipped"], players[AMY]["out"]) == (True, False)
    assert (players[TONY]["skipped"], players[TONY]["out"]) == (False, True)
    assert (players[KAMILA]["skipped"], players[KAMILA]["out"]) == (False, False)


def test_view_is_json_friendly(table):
    view = player_view(choosing(table), TONY)
    assert json.loads(json.dumps(view)) == view
    assert view["die"] == {"face": "THREE", "label": "3", "spaces": 3, "rule": ""}
    assert view["tracker"] == list(table.trackers[0].spaces)


@pytest.mark.parametrize("seat", [3, -1, True])
def test_view_for_a_seat_not_at_the_table_is_refused(table, seat):
    with pytest.raises(IllegalMove):
        player_view(table, seat)


def test_every_view_has_the_shared_top_level_keys(table):
    for state in (table, choosing(table)):
        for seat in (None, KAMILA):
            view = player_view(state, seat)
            assert {"phase", "waiting_for", "legal_moves", "outcome"} <= set(view)


def test_view_waits_for_the_players_still_choosing(table):
    assert player_view(choosing(table), KAMILA)["waiting_for"] == [AMY]
    assert player_view(table, AMY)["waiting_for"] == [KAMILA]  # the reader rolls


def test_the_tables_moves_are_listed_only_for_whoever_acts_for_the_table(table):
    assert player_view(table, None)["legal_moves"] == []
    assert [m["type"] for m in player_view(table, None, table_moves=True)["legal_moves"]] == [
        "roll", "set_die", "skip", "drop"]
    # Kamila hosts and reads: each move once.
    host = player_view(choosing(table), KAMILA, table_moves=True)["legal_moves"]
    assert host == [
        {"type": "lock_in", "allowed": True, "why": ""},
        {"type": "reveal", "allowed": False, "why": "Wait until everyone has locked in their answers."},
        {"type": "skip", "allowed": True, "why": ""},
        {"type": "drop", "allowed": True, "why": ""},
    ]
    assert [m["type"] for m in player_view(table, TONY)["legal_moves"]] == ["lock_in"]


def test_special_rolls_carry_the_rulebooks_explanation(table):
    view = player_view(apply(table, None, {"type": "set_die", "face": "HALF_LIE"}), AMY)
    assert view["die"]["rule"].startswith("Half Lie: the tables are turned!")


def test_the_final_view_says_how_the_game_ended(table):
    from .test_rules_game import over

    view = player_view(over(table, (9, 10, 1), (12, 3, 12)), None)
    outcome = view["outcome"]
    assert outcome["termination"] == "three-rounds"
    assert outcome["winners"] == [TONY]
    assert [(s["seat"], s["place"], s["victory_points"], s["furthest"]) for s in outcome["standings"]] == [
        (TONY, 1, 10, 3), (KAMILA, 2, 9, 12), (AMY, 3, 1, 12)]
    # nobody reads once the game is over
    assert view["reader"] is None and not any(p["reader"] for p in view["players"])
