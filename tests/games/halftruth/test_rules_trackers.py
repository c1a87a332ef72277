import pytest

from games.halftruth.rules import DEFAULT_LAYOUTS, IllegalLayout, Tracker, layouts_text, new_game, parse_layouts


def test_points_are_the_highest_number_reached_or_passed():
    tracker = Tracker((0, 2, 2, 5))
    assert [tracker.points_at(p) for p in range(5)] == [0, 0, 2, 2, 5]


def test_a_pawn_that_would_pass_the_last_space_stops_on_it():
    tracker = Tracker((1, 2, 3))
    assert tracker.advance(1, 4) == 3
    assert tracker.advance(1, 1) == 2


def test_tracker_accepts_a_list_and_stores_a_tuple():
    assert Tracker([1, 2]).spaces == (1, 2)
    assert Tracker([1, 2]) == Tracker((1, 2))


@pytest.mark.parametrize(
    ("spaces", "reason"),
    [
        ((), "empty-tracker"),
        ((3, 2), "numbers-decrease"),
        ((-1, 2), "negative-number"),
        ((1, True), "not-a-number"),
        ((1, 2.5), "not-a-number"),
        ((1, "7"), "not-a-number"),
        ("1234", "not-a-tracker"),
        (None, "not-a-tracker"),
        ((1000,), "number-too-big"),
        (tuple(range(101)), "tracker-too-long"),
    ],
)
def test_garbage_layouts_are_refused_with_a_reason(spaces, reason):
    with pytest.raises(IllegalLayout) as caught:
        Tracker(spaces)
    assert caught.value.reason == reason


def test_a_tracker_may_have_up_to_a_hundred_spaces_numbered_up_to_999():
    assert Tracker([0] * 99 + [999]).last == 100


@pytest.mark.parametrize(
    ("layouts", "reason"),
    [
        ([[1, 2], [1, 2]], "need-three-trackers"),
        ([[1]] * 4, "need-three-trackers"),
        ("123", "not-a-layout"),
        (5, "not-a-layout"),
        ({"1": [1]}, "not-a-layout"),
    ],
)
def test_setup_needs_exactly_three_layouts(layouts, reason):
    with pytest.raises(IllegalLayout) as caught:
        new_game([("Kamila", "green"), ("Tony", "yellow")], layouts=layouts)
    assert caught.value.reason == reason


def test_game_is_set_up_with_the_layouts_given():
    game = new_game([("Kamila", "green"), ("Tony", "yellow")], layouts=[[1], [1, 2], [0, 0, 9]])
    assert game.trackers == (Tracker((1,)), Tracker((1, 2)), Tracker((0, 0, 9)))


def test_game_uses_the_default_layouts_when_none_are_given(table):
    assert table.trackers == DEFAULT_LAYOUTS


@pytest.mark.parametrize("tracker", DEFAULT_LAYOUTS, ids=["round1", "round2", "round3"])
def test_default_layouts_reproduce_the_rulebook_points_for_the_example(tracker):
    """Kamila 3 before the end moves 3 to a 7; Tony 5 before the end moves 3 to a 4; Amy stays on a 3."""
    kamila, tony, amy = tracker.last - 3, tracker.last - 5, tracker.last - 3
    assert tracker.points_at(tracker.advance(kamila, 3)) == 7
    assert tracker.advance(kamila, 3) == tracker.last
    assert tracker.points_at(tracker.advance(tony, 3)) == 4
    assert tracker.points_at(amy) == 3


def test_layouts_round_trip_through_the_setup_text():
    assert parse_layouts(layouts_text(DEFAULT_LAYOUTS)) == DEFAULT_LAYOUTS
    assert parse_layouts(" 1, 2 ,3; 2,4;3,6,9 ") == (Tracker((1, 2, 3)), Tracker((2, 4)), Tracker((3, 6, 9)))


def test_blank_layout_text_means_the_defaults():
    assert parse_layouts("  ") is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [("1,2;3", "need-three-trackers"), ("1,x;2;3", "not-a-number"), ("1,,2;2;3", "not-a-number"), ("3,1;2;3", "numbers-decrease")],
)
def test_bad_layout_text_is_refused_with_a_reason(text, reason):
    with pytest.raises(IllegalLayout) as caught:
        parse_layouts(text)
    assert caught.value.reason == reason
