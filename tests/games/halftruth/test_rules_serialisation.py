import json

import pytest

from games.halftruth.rules import GameState, CorruptState, apply, from_dict, to_dict


def test_state_survives_a_json_round_trip(table):
    state = apply(table, None, {"type": "set_die", "face": "HALF_LIE"})
    state = apply(state, 1, {"type": "lock_in", "letters": "BD"})
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_a_game_saved_before_the_host_could_end_one_loads_as_not_ended(table):
    state = apply(table, None, {"type": "set_die", "face": "AMPED"})
    saved = state.to_dict()
    del saved["ended"]
    assert from_dict(saved) == state and not state.ended


def test_module_functions_round_trip_like_the_methods(table):
    state = apply(table, None, {"type": "set_die", "face": "AMPED"})
    assert to_dict(state) == state.to_dict()
    assert from_dict(to_dict(state)) == state


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.clear(),
        lambda d: d.update(version=1),
        lambda d: d.update(reader=7),
        lambda d: d.update(skipped=[True, False, False], picks=[None, None, None], phase="pick", die="ONE", out=[False, True, False]),
        lambda d: d.update(history=[{"round": 1}]),
        lambda d: d.update(phase="lunch"),
        lambda d: d.update(die="SEVEN"),
        lambda d: d.update(positions=[0, 0]),
        lambda d: d.update(positions=[0, 0, 99]),
        lambda d: d.update(round=4),
        lambda d: d.update(round=True),
        lambda d: d.update(picks=["A", None, None]),
        lambda d: d.update(trackers=[[3, 1], [1], [1]]),
        lambda d: d.update(bonus_vp=[[0, 0, -1]]),
        lambda d: d.update(tracker_vp=[[0, 0, 0]]),
        lambda d: d["players"][1].update(colour="green"),
        lambda d: d.update(players="Kamila"),
        lambda d: d.update(phase="reveal", die="ONE"),  # chips shown before anyone locked in
        lambda d: d.update(phase="reveal", die="ONE", picks=["A", None, None]),  # and before everyone did
        lambda d: d.update(reader=3),  # three players: seats 0 to 2
        lambda d: d.update(skipped=[0, 0, 0]),  # yes or no, not numbers
        lambda d: d.update(ended=True),  # ended by the table, yet still in play
    ],
)
def test_damaged_saved_games_are_refused(table, damage):
    data = table.to_dict()
    damage(data)
    with pytest.raises(CorruptState) as caught:
        GameState.from_dict(data)
    assert caught.value.reason == "bad-state"


@pytest.mark.parametrize(
    ("field", "value"),
    [("reader", 3), ("reader", -1), ("picks", ["Z", "B", "DEF"]), ("picks", ["AB", "", None]), ("correct", "ABZ"), ("correct", "AB"),
     ("ended_round", "no"), ("correct", 123)],
)
def test_a_past_question_with_letters_off_the_chips_is_a_damaged_save(table, field, value):
    # the answer chips are A to F, every question card has three correct answers, and the
    # reader was one of the three players (seats 0 to 2)
    state = apply(table, None, {"type": "set_die", "face": "ONE"})
    for seat, letters in enumerate(["AC", "B", "DEF"]):
        state = apply(state, seat, {"type": "lock_in", "letters": letters})
    data = apply(state, None, {"type": "reveal", "correct": "ABC"}).to_dict()
    data["history"][0][field] = value
    with pytest.raises(CorruptState) as caught:
        GameState.from_dict(data)
    assert caught.value.reason == "bad-state"


def test_a_pick_saved_out_of_order_is_refused(table):
    state = apply(table, None, {"type": "set_die", "face": "ONE"})
    data = apply(state, 0, {"type": "lock_in", "letters": "AC"}).to_dict()
    data["picks"][0] = "CA"
    with pytest.raises(CorruptState):
        GameState.from_dict(data)


def test_from_dict_refuses_what_is_not_a_mapping():
    with pytest.raises(CorruptState):
        GameState.from_dict(["not", "a", "game"])
