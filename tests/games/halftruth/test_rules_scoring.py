import pytest

from games.halftruth.rules import DieFace, IllegalDieFace, IllegalLetters, Score, score_answer

CORRECT = frozenset("ACE")


def test_public_contract_doubling_up_on_three_moves_three_with_one_bonus():
    assert score_answer(DieFace.THREE, frozenset("AC"), frozenset("ACE")) == Score(spaces=3, bonus=1)


def test_die_has_the_six_rulebook_faces():
    assert [f.name for f in DieFace] == ["ONE", "TWO", "THREE", "FOUR", "AMPED", "HALF_LIE"]
    assert DieFace.AMPED.label == "1+"
    assert DieFace.HALF_LIE.label == "¡2!"


@pytest.mark.parametrize(
    ("face", "spaces"),
    [(DieFace.ONE, 1), (DieFace.TWO, 2), (DieFace.THREE, 3), (DieFace.FOUR, 4)],
)
def test_one_correct_pick_moves_by_the_number_on_the_die_without_bonus(face, spaces):
    assert score_answer(face, frozenset("E"), CORRECT) == Score(spaces=spaces, bonus=0)


@pytest.mark.parametrize(("picked", "bonus"), [("A", 0), ("AC", 1), ("ACE", 2)])
def test_doubling_up_earns_one_bonus_and_going_all_in_two(picked, bonus):
    assert score_answer(DieFace.FOUR, frozenset(picked), CORRECT) == Score(spaces=4, bonus=bonus)


@pytest.mark.parametrize("picked", ["B", "AB", "ACB", "BDF"])
def test_any_incorrect_pick_scores_nothing(picked):
    assert score_answer(DieFace.TWO, frozenset(picked), CORRECT) == Score(spaces=0, bonus=0)


@pytest.mark.parametrize(("picked", "bonus"), [("C", 0), ("AC", 2), ("ACE", 4)])
def test_amped_moves_one_space_and_doubles_the_bonus(picked, bonus):
    assert score_answer(DieFace.AMPED, frozenset(picked), CORRECT) == Score(spaces=1, bonus=bonus)


def test_amped_with_a_miss_scores_nothing():
    assert score_answer(DieFace.AMPED, frozenset("AB"), CORRECT) == Score(spaces=0, bonus=0)


@pytest.mark.parametrize(("picked", "bonus"), [("B", 0), ("BD", 1), ("BDF", 2)])
def test_half_lie_pays_two_spaces_for_all_incorrect_picks_with_the_usual_bonus(picked, bonus):
    assert score_answer(DieFace.HALF_LIE, frozenset(picked), CORRECT) == Score(spaces=2, bonus=bonus)


@pytest.mark.parametrize("picked", ["A", "BA", "ACE"])
def test_half_lie_with_any_correct_pick_scores_nothing(picked):
    assert score_answer(DieFace.HALF_LIE, frozenset(picked), CORRECT) == Score(spaces=0, bonus=0)


def test_letters_may_come_as_a_string_or_a_list():
    assert score_answer(DieFace.ONE, "CA", ["E", "C", "A"]) == Score(spaces=1, bonus=1)


@pytest.mark.parametrize(
    ("picked", "reason"),
    [
        (frozenset(), "no-letters"),
        (frozenset("ABCD"), "too-many-letters"),
        (frozenset("AG"), "unknown-letter"),
        (frozenset("a"), "unknown-letter"),
        (frozenset({"AC"}), "unknown-letter"),
        (["AB"], "unknown-letter"),  # two letters in one chip, though "AB" is in "ABCDEF"
        ([""], "unknown-letter"),
        (["A", 1], "unknown-letter"),
        (["A", "A"], "repeated-letter"),
        (None, "not-letters"),
        (3, "not-letters"),
    ],
)
def test_bad_picks_are_refused_with_a_reason(picked, reason):
    with pytest.raises(IllegalLetters) as caught:
        score_answer(DieFace.ONE, picked, CORRECT)
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("correct", "reason"),
    [
        (frozenset("AC"), "not-three-correct"),
        (frozenset("ABCD"), "not-three-correct"),
        (frozenset(), "not-three-correct"),
        ("AAC", "repeated-letter"),
        ("ACG", "unknown-letter"),
    ],
)
def test_correct_answers_must_be_exactly_three_distinct_letters(correct, reason):
    with pytest.raises(IllegalLetters) as caught:
        score_answer(DieFace.ONE, frozenset("A"), correct)
    assert caught.value.reason == reason


@pytest.mark.parametrize("face", ["THREE", 3, None])
def test_score_answer_refuses_anything_but_a_die_face(face):
    with pytest.raises(IllegalDieFace) as caught:
        score_answer(face, frozenset("A"), CORRECT)
    assert caught.value.reason == "unknown-face"
