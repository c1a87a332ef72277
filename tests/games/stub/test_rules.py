"""Secret Keeper's rules alone: refusals by reason, the round's ends, and what each player sees."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.table.rules_errors import IllegalMove, IllegalSetup
from games.stub import rules



def written(word="CANDLE", show_length=False):
    return rules.apply(rules.new_game(0, [1, 2], show_length=show_length), 0, {"type": "set_secret", "word": word})


@pytest.mark.parametrize("keeper, guessers, seconds", [(0, [], 90), (0, [0, 1], 90), (0, list(range(1, 9)), 90),
                                                     (0, [1], 30), (-1, [1], 90)])
def test_a_setup_the_game_does_not_allow_is_refused(keeper, guessers, seconds):
    with pytest.raises(IllegalSetup):
        rules.new_game(keeper, guessers, seconds)


@pytest.mark.parametrize("player, move, reason", [
    (1, {"type": "set_secret", "word": "candle"}, "not-keeper"),
    (0, {"type": "set_secret", "word": "a"}, "not-a-word"),
    (0, {"type": "set_secret", "word": "two words"}, "not-a-word"),
    (0, {"type": "set_secret", "word": "abcdefghijklm"}, "not-a-word"),
    (1, {"type": "guess", "word": "candle"}, "wrong-phase"),
    (0, {"type": "reveal"}, "wrong-phase"),
    (0, {"type": "dance"}, "unknown-move"),
])
def test_refusals_while_writing(player, move, reason):
    with pytest.raises(IllegalMove) as refused:
        rules.apply(rules.new_game(0, [1, 2]), player, move)
    assert refused.value.reason == reason


def test_only_a_guesser_guesses_and_only_the_keeper_reveals():
    with pytest.raises(IllegalMove, match="Only a guesser"):
        rules.apply(written(), 0, {"type": "guess", "word": "candle"})
    with pytest.raises(IllegalMove, match="Only the keeper"):
        rules.apply(written(), 1, {"type": "reveal"})


def test_a_right_guess_wins_whatever_its_case():
    state = rules.apply(written(), 1, {"type": "guess", "word": "lamp"})
    assert state.phase == "guessing"
    state = rules.apply(state, 2, {"type": "guess", "word": "Candle"})
    assert (state.phase, state.winner, state.ended_by) == ("revealed", 2, "guessed")
    with pytest.raises(IllegalMove):
        rules.apply(state, 1, {"type": "guess", "word": "candle"})


def test_the_round_ends_by_reveal_clock_or_host():
    revealed = rules.apply(written(), 0, {"type": "reveal"})
    assert (revealed.winner, revealed.ended_by) == (None, "revealed")
    assert (rules.time_up(written()).winner, rules.time_up(written()).ended_by) == (None, "time")
    assert (rules.end(written()).winner, rules.end(written()).ended_by) == (None, "ended")
    with pytest.raises(IllegalMove):
        rules.time_up(rules.new_game(0, [1, 2]))


def test_a_guesser_can_be_removed_but_not_the_keeper():
    assert rules.remove(written(), 1) == written()
    with pytest.raises(IllegalMove) as refused:
        rules.remove(written(), 0)
    assert refused.value.reason == "keeper"


def test_the_length_shows_to_guessers_only_when_the_setup_says():
    assert rules.player_view(written(show_length=True), 1)["length"] == 6
    assert rules.player_view(written(), 1)["length"] is None


# Letters no other text of a view holds, so finding the word means the secret is shown.
@given(word=st.text(alphabet="jqxzJQXZ", min_size=2, max_size=12),
       ending=st.sampled_from(["writing", "guessing", "revealed"]))
def test_the_secret_is_the_keepers_alone_until_the_round_ends(word, ending):
    state = rules.new_game(0, [1, 2], show_length=True)
    if ending != "writing":
        state = written(word, show_length=True)
    if ending == "revealed":
        state = rules.apply(state, 0, {"type": "reveal"})
    for player in (None, 0, 1, 2):
        shown = word in repr(rules.player_view(state, player))
        assert shown == (ending != "writing" and (player == 0 or ending == "revealed"))
    assert rules.State.from_dict(state.to_dict()) == state
    assert rules.State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
