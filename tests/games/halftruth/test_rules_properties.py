"""Properties over every state reachable in random games."""

import dataclasses
import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games.halftruth.rules import LETTERS, GameState, Phase, RulesError, apply, end_game, player_view

from .driver import play, random_game



def _game(seed, players):
    rng = random.Random(seed)
    return rng, random_game(rng, players)


# A seed drives each game: st.randoms would record every one of the game's
# many random choices and trip Hypothesis's input-size health check.
games = st.builds(_game, st.integers(min_value=0, max_value=2**32 - 1), st.integers(2, 6))

SETTINGS = settings(max_examples=100, deadline=None)


def seats(state):
    return [None, *range(len(state.players))]


@SETTINGS
@given(games)
def test_a_game_always_ends_after_round_three_with_a_ranking(game):
    rng, state = game
    for state in play(rng, state):
        assert 1 <= state.round <= 3
    assert state.is_over
    assert state.round == 3
    assert len(state.tracker_vp) == len(state.final_positions) == 3
    standings = state.outcome.standings
    assert sorted(s.seat for s in standings) == list(range(len(state.players)))
    assert standings[0].place == 1
    best = max(state.victory_points(seat) for seat in range(len(state.players)))
    assert all(state.victory_points(seat) == best for seat in state.outcome.winners)


@SETTINGS
@given(games)
def test_victory_points_never_decrease(game):
    rng, state = game
    before = [0] * len(state.players)
    for state in play(rng, state):
        now = [state.victory_points(seat) for seat in range(len(state.players))]
        assert all(b <= n for b, n in zip(before, now))
        before = now


@SETTINGS
@given(games)
def test_from_dict_of_to_dict_is_the_same_state_even_through_json(game):
    rng, state = game
    for state in play(rng, state):
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@settings(max_examples=30, deadline=None)
@given(games)
def test_a_game_the_table_ends_at_any_point_shows_every_pick_and_nobody_wins(game):
    rng, state = game
    for state in play(rng, state):
        ended = end_game(state)
        if state.is_over:
            assert ended == state  # a game already won stays won
            continue
        assert ended.is_over and GameState.from_dict(json.loads(json.dumps(ended.to_dict()))) == ended
        for seat in seats(state):
            view = player_view(ended, seat)
            assert view["outcome"] == {"termination": "ended", "winners": [], "standings": []}
            assert view["legal_moves"] == [] and view["waiting_for"] == []
            assert [p["picks"] for p in view["players"]] == list(state.picks)
            assert view["die"] == player_view(state, seat)["die"]
        with_picks = dataclasses.replace(ended, picks=tuple(reversed(ended.picks)))
        if with_picks.picks != ended.picks:  # the view is not blind to them
            assert player_view(with_picks, None) != player_view(ended, None)


@SETTINGS
@given(games, st.integers(min_value=0, max_value=2**32 - 1))
def test_player_view_never_depends_on_picks_a_seat_may_not_see(game, swap_seed):
    """Changing the letters another player locked in never changes what a seat is shown."""
    rng, state = game
    swap = random.Random(swap_seed)
    for state in play(rng, state):
        for seat in seats(state):
            view = player_view(state, seat)
            json.dumps(view)
            if seat is not None and state.picks[seat] is not None:
                assert view["players"][seat]["picks"] == state.picks[seat]
            if state.phase is not Phase.PICK:
                continue
            swapped = list(state.picks)
            for other, pick in enumerate(state.picks):
                if pick is not None and other != seat:
                    while swapped[other] == pick:
                        swapped[other] = "".join(sorted(swap.sample(LETTERS, swap.randint(1, 3))))
            if swapped != list(state.picks):
                assert player_view(dataclasses.replace(state, picks=tuple(swapped)), seat) == view


@SETTINGS
@given(games)
def test_a_seats_view_is_the_displays_but_for_its_seat_its_moves_and_its_own_picks(game):
    """What the game's screens build on (games/halftruth/game.py, ``_own``): a seat, the host's
    table moves or not, is shown all the display is shown, and apart from it only who it is, the
    moves it may make and the picks it may see (its own while the others' are secret)."""
    rng, state = game
    for state in play(rng, state):
        table = player_view(state, None)
        for seat in seats(state):
            for host in (False, True):
                view = player_view(state, seat, table_moves=host)
                assert {key for key in view if view[key] != table[key]} <= {"seat", "legal_moves", "players"}
                for mine, shown in zip(view["players"], table["players"]):
                    assert {key for key in mine if mine[key] != shown[key]} <= {"picks"}
                    assert mine["picks"] == shown["picks"] or mine["seat"] == seat


@SETTINGS
@given(games)
def test_all_picks_are_visible_to_every_seat_once_everyone_is_in(game):
    rng, state = game
    for state in play(rng, state):
        if state.phase is Phase.REVEAL:
            for seat in seats(state):
                shown = [p["picks"] for p in player_view(state, seat)["players"]]
                assert shown == list(state.picks)


ODD_MOVES = [
    {"type": "roll"},
    {"type": "set_die", "face": "SIX"},
    {"type": "set_die", "face": "AMPED"},
    {"type": "lock_in", "letters": "G"},
    {"type": "lock_in", "letters": "ABCD"},
    {"type": "lock_in", "letters": "BE"},
    {"type": "reveal", "correct": "AB"},
    {"type": "reveal", "correct": "BDF"},
    {"type": "shout"},
]


@SETTINGS
@given(games, st.integers(min_value=0, max_value=2**32 - 1))
def test_any_move_from_any_seat_is_either_refused_with_a_reason_or_gives_a_sound_state(game, seed):
    rng, state = game
    chaos = random.Random(seed)
    for state in play(rng, state):
        move = chaos.choice(ODD_MOVES)
        seat = chaos.choice([None, *range(len(state.players) + 1)])
        try:
            after = apply(state, seat, move, chaos)
        except RulesError as error:
            assert error.reason and isinstance(error.reason, str)
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", error.reason), error.reason
            assert str(error)
        else:
            assert GameState.from_dict(after.to_dict()) == after
