"""Properties over every state reachable in random legal games (and illegal moves thrown at them)."""

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.lie.rules import (
    DEFAULT_DECK,
    PER_FACE,
    GameState,
    Phase,
    RulesError,
    Termination,
    apply,
    bid_holds,
    end_game,
    from_dict,
    player_view,
    to_dict,
    turned,
)

from .play import random_game

VARIANT_NAMES = ("wild_ones", "which_way", "shorter_game")

# A table plays with the real cards, counts at the reveal, or lets the app deal.
games = st.builds(
    lambda seed, players, variants, mode: (seed, players, variants, mode == "count", mode == "deal"),
    st.integers(0, 2**32 - 1),
    st.integers(2, 6),
    st.frozensets(st.sampled_from(VARIANT_NAMES)),
    st.sampled_from(["cards", "count", "deal"]),
)
dealt_games = games.map(lambda game: (*game[:3], False, True))
fast = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _states(game):
    seed, players, variants, count_at_reveal, app_deals = game
    assume(players >= 4 or "shorter_game" not in variants)
    return random_game(seed, players, variants, count_at_reveal=count_at_reveal, app_deals=app_deals)


def _with_other_hands_changed(state: GameState, viewer) -> GameState:
    """The same state, except that every hand set and every card dealt to a seat other than ``viewer``
    is different."""
    hands = tuple(
        hand if seat == viewer or hand is None else ((6,) if hand == () else ())
        for seat, hand in enumerate(state.hands)
    )
    dealt = tuple(
        cards if seat == viewer or cards is None else tuple((bottom, top) for top, bottom in cards[::-1])
        for seat, cards in enumerate(state.dealt)
    )
    return replace(state, hands=hands, dealt=dealt)


@fast
@given(games)
def test_a_game_the_table_ends_at_any_point_shows_every_hand_and_count_and_nobody_wins(game):
    for state in _states(game):
        ended = end_game(state)
        if state.outcome is not None:
            assert ended == state  # a game already won stays won
            continue
        assert from_dict(json.loads(json.dumps(to_dict(ended)))) == ended
        for seat in (None, *range(len(state.players))):
            view = player_view(ended, seat)
            assert view["outcome"] == {"winner": None, "termination": "ended"}
            assert view["legal_moves"] == [] and view["waiting_for"] == []
            assert view["open_hands"] == [None if h is None else list(h) for h in state.hands]
            if state.counts:
                assert [None if c is None else (c["face"], c["ones"]) for c in view["open_counts"]] == list(state.counts)
            assert player_view(state, seat)["open_hands"] is None


@fast
@given(games)
def test_every_random_game_ends_with_exactly_one_winner(game):
    final = _states(game)[-1]
    assert final.phase is Phase.OVER
    assert final.outcome is not None
    winner = final.outcome.winner
    assert winner in final.in_game
    if final.outcome.termination is Termination.LAST_PLAYER:
        assert final.in_game == (winner,)
    else:
        # Shorter Game: the one player with the most cards, someone else having none.
        assert final.variants.shorter_game
        left = final.in_game
        assert all(final.cards[winner] > final.cards[s] for s in left if s != winner)
        assert 0 in final.cards


@fast
@given(games)
def test_hand_sizes_never_go_negative_and_only_players_out_draw_none(game):
    for state in _states(game):
        assert all(cards >= 0 for cards in state.cards)
        assert all(state.cards[s] >= 1 for s in state.in_game)
        assert all(state.hands[s] is None for s in state.out)


@fast
@given(games)
def test_hand_sizes_only_shrink_by_one_for_the_loser_of_each_round(game):
    states = _states(game)
    for before, after in zip(states, states[1:]):
        if len(after.history) == len(before.history):
            assert after.cards == before.cards
            continue
        loser = after.history[-1].loser
        expected = list(before.cards)
        if not before.playoff:
            expected[loser] -= 1
        assert list(after.cards) == expected


@fast
@given(games)
def test_hands_turned_up_from_real_cards_are_never_flagged_as_mis_entered(game):
    assume(not game[3])  # counted at the reveal, the random counts come from no cards
    for state in _states(game):
        shown = Counter(face for hand in state.hands if hand is not None for face in hand)
        assert all(count <= PER_FACE for count in shown.values())
        assert all(not showdown.faces_over for showdown in state.history)
        for seat, hand in enumerate(state.hands):
            assert hand is None or len(hand) <= state.cards[seat]


@fast
@given(games)
def test_every_challenge_is_settled_as_bid_holds_says(game):
    final = _states(game)[-1]
    for showdown in final.history:
        if final.count_at_reveal:
            holds = sum(a + b for a, b in filter(None, showdown.counts)) >= showdown.challenged.bid.quantity
            assert showdown.held == holds
            continue
        hands = [hand for hand in showdown.hands if hand is not None]
        holds = bid_holds(
            hands,
            showdown.challenged.bid,
            wild_ones=final.variants.wild_ones,
            opening_bid=showdown.calls[0].bid,
        )
        assert showdown.held == holds
        challenger, bidder = showdown.challenger, showdown.challenged.seat
        assert (showdown.winner, showdown.loser) == ((bidder, challenger) if holds else (challenger, bidder))


@fast
@given(games)
def test_to_dict_and_from_dict_round_trip_every_reachable_state_through_json(game):
    for state in _states(game):
        data = to_dict(state)
        assert from_dict(data) == state
        assert from_dict(json.loads(json.dumps(data))) == state
        assert GameState.from_dict(state.to_dict()) == state


@fast
@given(games)
def test_player_view_never_depends_on_a_hand_the_seat_may_not_see(game):
    for state in _states(game):
        for viewer in (None, *range(len(state.players))):
            view = player_view(state, viewer)
            json.dumps(view)  # JSON-friendly
            assert view == player_view(_with_other_hands_changed(state, viewer), viewer)


@fast
@given(games)
def test_a_seats_view_is_the_displays_but_for_its_seat_its_hand_and_its_moves(game):
    """What the game's screens build on (games/lie/game.py, ``OWN``): a seat is shown all the
    display is shown, and apart from it only who it is, its own hand, cards and count, its odds
    and the moves it may make."""
    for state in _states(game):
        table = player_view(state, None)
        for seat in range(len(state.players)):
            view = player_view(state, seat)
            assert {key for key in view if view[key] != table[key]} <= {"seat", "hand", "dealt", "my_count", "odds",
                                                                          "legal_moves"}


@fast
@given(games)
def test_player_view_shows_each_seat_its_own_hand(game):
    for state in _states(game):
        for seat, hand in enumerate(state.hands):
            assert player_view(state, seat)["hand"] == (None if hand is None else list(hand))
        assert player_view(state, None)["hand"] is None


@fast
@given(dealt_games)
def test_the_app_deals_each_player_still_in_their_hand_size_from_one_deck_without_replacement(game):
    for state in _states(game):
        if state.outcome is not None:
            continue
        assert len(state.dealt) == len(state.players)
        for seat, cards in enumerate(state.dealt):
            assert (cards is None) == (seat in state.out)
            assert cards is None or len(cards) == state.cards[seat]
        drawn = Counter(card for cards in state.dealt if cards is not None for card in cards)
        assert not drawn - Counter(DEFAULT_DECK)  # no card dealt twice, none from outside the deck
        assert all(top != bottom for top, bottom in drawn)


@fast
@given(dealt_games)
def test_every_hand_set_is_turned_up_from_the_players_own_dealt_cards(game):
    for state in _states(game):
        for seat, hand in enumerate(state.hands):
            if hand is not None:
                assert turned(hand, state.dealt[seat]) is not None


@fast
@given(dealt_games)
def test_a_showdown_keeps_the_cards_dealt_that_round_and_the_next_round_is_dealt_afresh(game):
    states = _states(game)
    for before, after in zip(states, states[1:]):
        if len(after.history) > len(before.history) and not after.left[len(before.left):]:
            assert after.history[-1].dealt == before.dealt
            if after.outcome is None:
                assert after.round == before.round + 1 and after.phase is Phase.SETTING_HANDS
                assert all(after.dealt[s] is not None for s in after.in_game)


def test_the_hidden_hand_check_notices_a_view_that_shows_a_hand():
    # The non-interference check compares views of two states that differ only
    # in secret hands; it must see a difference in the one hand a seat may see.
    state = next(
        s for s in random_game(7, 3) if s.phase is Phase.BIDDING and all(h for h in s.hands)
    )
    changed = _with_other_hands_changed(state, None)
    assert player_view(state, 0) != player_view(changed, 0)
    assert player_view(state, None) == player_view(changed, None)


moves = st.one_of(
    st.fixed_dictionaries({"type": st.just("set_hand"), "faces": st.lists(st.integers(-1, 8), max_size=7)}),
    st.fixed_dictionaries({"type": st.just("bid"), "quantity": st.integers(-1, 12), "face": st.integers(-1, 8)}),
    st.fixed_dictionaries({"type": st.just("challenge")}),
    st.fixed_dictionaries({"type": st.just("forfeit")}),
    st.fixed_dictionaries({"type": st.just("show_count"), "count": st.none() | st.integers(-1, 6) | st.text(max_size=2),
                           "ones": st.none() | st.integers(-1, 6) | st.booleans()}),
    st.fixed_dictionaries(
        {"type": st.just("choose_direction"), "direction": st.sampled_from(["clockwise", "counter_clockwise", "left", 1])}
    ),
    st.dictionaries(st.sampled_from(["type", "faces", "quantity", "face", "x"]), st.none() | st.integers() | st.text(max_size=3)),
    st.none(),
    st.text(max_size=5),
)


@settings(max_examples=150, deadline=None)
@given(games, st.data())
def test_any_move_from_any_seat_is_either_refused_with_a_reason_or_yields_a_valid_state(game, data):
    states = _states(game)
    state = data.draw(st.sampled_from(states))
    seat = data.draw(st.integers(-1, len(state.players)) | st.none() | st.just(True))
    move = data.draw(moves)
    try:
        after = apply(state, seat, move, random.Random(0))
    except RulesError as error:
        assert isinstance(error, ValueError)
        assert error.reason and error.reason != "illegal"
        assert str(error)
        return
    assert from_dict(to_dict(after)) == after
    assert all(cards >= 0 for cards in after.cards)


# A well-formed move of each type, to try what legal_moves says.
_SAMPLE_MOVES = {
    "set_hand": {"type": "set_hand", "faces": []},
    "choose_direction": {"type": "choose_direction", "direction": "clockwise"},
    "challenge": {"type": "challenge"},
    "show_count": {"type": "show_count", "count": 0, "ones": 0},
    "forfeit": {"type": "forfeit"},
}


@fast
@given(games)
def test_legal_moves_say_exactly_what_apply_accepts_and_why_not_is_its_refusal(game):
    for state in _states(game)[::3]:
        for seat in range(len(state.players)):
            listed = {m["type"]: m for m in player_view(state, seat)["legal_moves"]}
            for kind in ("set_hand", "choose_direction", "bid", "challenge", "show_count", "forfeit"):
                lowest = state.current_bid.next_higher() if state.current_bid else None
                move = _SAMPLE_MOVES.get(kind) or {
                    "type": "bid", "quantity": lowest.quantity if lowest else 1, "face": lowest.face if lowest else 2,
                }
                try:
                    apply(state, seat, move, random.Random(0))
                    refusal = ""
                except RulesError as error:
                    refusal = str(error)
                if kind in listed:
                    assert listed[kind]["allowed"] == (refusal == "")
                    assert listed[kind]["why"] == refusal
                else:
                    assert refusal, (kind, state.phase)
