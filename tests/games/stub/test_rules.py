"""Secret Keeper's rules: the demo game's secret is the keeper's alone until the reveal."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.stub import rules

KEEPER, GUS, GWEN = 1, 2, 3


def written(secret="zephyrs"):
    return rules.apply(rules.new_game(KEEPER, [GUS, GWEN]), KEEPER, {"type": "set_secret", "word": secret})


def test_only_the_keeper_sees_the_secret_while_guessing():
    state = written()
    assert rules.player_view(state, KEEPER)["secret"] == "zephyrs"
    for seat in (GUS, GWEN, None):
        assert rules.player_view(state, seat)["secret"] is None


def test_everyone_sees_the_secret_after_the_reveal():
    state = rules.apply(written(), KEEPER, {"type": "reveal"})
    for seat in (KEEPER, GUS, GWEN, None):
        assert rules.player_view(state, seat)["secret"] == "zephyrs"


def test_a_right_guess_reveals_and_names_the_winner():
    state = rules.apply(written(), GWEN, {"type": "guess", "word": "Zephyrs"})
    assert state.phase == "revealed" and state.winner == GWEN and state.ended_by == "guessed"


def test_the_clock_running_out_reveals():
    state = rules.apply(written(), None, {"type": "timer_expired"})
    assert state.phase == "revealed" and state.ended_by == "time"


@pytest.mark.parametrize("seat, move, reason", [
    (GUS, {"type": "set_secret", "word": "mine"}, "not-keeper"),
    (KEEPER, {"type": "guess", "word": "mine"}, "not-guesser"),
    (GUS, {"type": "reveal"}, "not-keeper"),
    (KEEPER, {"type": "set_secret", "word": "x1"}, "word"),
    (KEEPER, {"type": "dance"}, "unknown-move"),
])
def test_refusals_carry_a_reason(seat, move, reason):
    state = rules.new_game(KEEPER, [GUS, GWEN]) if move["type"] == "set_secret" else written()
    with pytest.raises(rules.IllegalMove) as refused:
        rules.apply(state, seat, move)
    assert refused.value.reason == reason


@given(st.lists(st.sampled_from(["candle", "torch", "lamp", "zephyrs"]), max_size=6))
def test_no_guesser_sees_the_secret_before_the_reveal_and_state_round_trips(words):
    state = written()
    for i, word in enumerate(words):
        state = rules.apply(state, (GUS, GWEN)[i % 2], {"type": "guess", "word": word})
        assert rules.State.from_dict(state.to_dict()) == state
        if state.phase == "revealed":
            break
        for seat in (GUS, GWEN, None):
            assert rules.player_view(state, seat)["secret"] is None
