"""player_view: what each seat and the table display may see."""

import ast
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from games.lie.rules import CorruptState, IllegalMove, Phase, from_dict, new_game, player_view, to_dict

from .play import NAMES, bid, lie, set_hands

ANA, BEN, CAL = 0, 1, 2
RULES_DIR = Path(__file__).resolve().parents[3] / "games" / "lie" / "rules"


def _mid_round():
    state = new_game(NAMES[:3], variants={"wild_ones"})
    state = set_hands(state, {ANA: [3, 3, 1], BEN: [6, 6], CAL: [2]})
    return bid(state, ANA, 2, 3)


def test_a_seat_sees_its_own_hand_and_no_one_elses():
    view = player_view(_mid_round(), BEN)
    assert view["hand"] == [6, 6]
    text = json.dumps(view)
    assert "[3, 3, 1]" not in text and "[1, 3, 3]" not in text


def test_the_table_display_sees_no_hand_during_a_round():
    view = player_view(_mid_round(), None)
    assert view["hand"] is None
    assert [p["hand_set"] for p in view["players"]] == [True, True, True]


def test_hand_sizes_turn_bids_and_phase_are_public():
    view = player_view(_mid_round(), None)
    assert [p["cards"] for p in view["players"]] == [5, 5, 5]
    assert view["turn"] == BEN and view["waiting_for"] == [BEN]
    assert view["bids"] == [{"seat": ANA, "quantity": 2, "face": 3}]
    assert view["current_bid"] == {"quantity": 2, "face": 3}
    assert view["lowest_bid"] == {"quantity": 2, "face": 4}
    assert view["phase"] == "bidding"
    assert view["ones_wild"] is True


def _legal(view):
    """The moves of the phase; leaving the game (forfeit) is offered in every one, tested on its own."""
    return {move["type"]: (move["allowed"], move["why"]) for move in view["legal_moves"] if move["type"] != "forfeit"}


def test_a_player_still_in_may_always_leave_the_game():
    state = _mid_round()
    for seat in (ANA, BEN, CAL):
        assert {"type": "forfeit", "allowed": True, "why": ""} in player_view(state, seat)["legal_moves"]


def test_the_view_says_what_the_seat_may_do_now_and_why_not():
    state = _mid_round()
    assert _legal(player_view(state, BEN)) == {"bid": (True, ""), "challenge": (True, "")}
    assert _legal(player_view(state, CAL)) == {
        "bid": (False, "It is ben's turn."), "challenge": (False, "It is ben's turn."),
    }
    assert player_view(state, None)["legal_moves"] == []
    opening = set_hands(new_game(NAMES[:2]), {ANA: [], BEN: []})
    assert _legal(player_view(opening, ANA))["challenge"] == (
        False, "There is no bid to challenge yet: open with a bid.",
    )


def test_each_phase_offers_its_own_moves():
    state = new_game(NAMES[:3], opener=BEN, variants={"which_way"})
    assert _legal(player_view(state, ANA)) == {"set_hand": (True, "")}
    state = set_hands(state, {ANA: [1], BEN: [2], CAL: [3]})
    assert state.phase is Phase.CHOOSING_DIRECTION
    assert _legal(player_view(state, BEN)) == {"choose_direction": (True, "")}
    assert _legal(player_view(state, ANA)) == {
        "choose_direction": (False, "ben chooses which way the bidding goes."),
    }
    assert player_view(state, ANA)["waiting_for"] == [BEN]


def test_a_player_who_is_out_and_everyone_after_the_end_have_no_moves():
    state = new_game(NAMES[:3])
    state = set_hands(replace(state, cards=(1, 5, 5)), {ANA: [], BEN: [], CAL: []})
    state = lie(bid(state, ANA, 1, 2), BEN)
    assert state.out == (ANA,)
    assert player_view(state, ANA)["legal_moves"] == []
    assert _legal(player_view(state, BEN)) == {"set_hand": (True, "")}
    state = set_hands(replace(state, cards=(0, 5, 1)), {BEN: [], CAL: []})
    state = lie(bid(bid(state, BEN, 1, 2), CAL, 2, 2), BEN)
    assert state.out == (ANA, CAL) and state.outcome is not None
    assert all(player_view(state, seat)["legal_moves"] == [] for seat in (ANA, BEN, CAL))


def test_the_view_counts_the_cards_in_play():
    state = replace(new_game(NAMES[:3]), cards=(5, 3, 4))
    assert player_view(state, None)["cards_in_play"] == 12


def test_every_view_of_a_state_shows_the_rounds_played_as_stored():
    state = set_hands(lie(_mid_round(), BEN), {ANA: [5]})
    stored = state.to_dict()["history"]
    views = [player_view(state, seat) for seat in (None, ANA, BEN, CAL)]
    assert all(view["showdowns"] == stored for view in views)
    # None of it the stored state's: a view is drawn, never written back.
    assert all(view["showdowns"][0] is not stored[0] for view in views)


def test_after_a_challenge_every_hand_of_that_round_is_shown_to_everyone():
    state = lie(_mid_round(), BEN)
    for seat in (None, ANA, BEN, CAL):
        view = player_view(state, seat)
        (showdown,) = view["showdowns"]
        assert showdown["hands"] == [[1, 3, 3], [6, 6], [2]]
        assert showdown["count"] == 3 and showdown["held"] is True
        assert showdown["loser"] == BEN and showdown["winner"] == ANA
        assert showdown["challenged"] == {"seat": ANA, "quantity": 2, "face": 3}
    # The new round's hands are secret again.
    state = set_hands(state, {ANA: [5]})
    assert player_view(state, ANA)["hand"] == [5]
    assert player_view(state, BEN)["hand"] is None
    assert player_view(state, BEN)["waiting_for"] == [BEN, CAL]


def test_eliminations_and_the_winner_are_public():
    state = new_game(NAMES[:2])
    state = set_hands(replace(state, cards=(1, 5)), {ANA: [], BEN: []})
    state = lie(bid(state, ANA, 1, 2), BEN)
    view = player_view(state, None)
    assert view["out"] == [ANA]
    assert view["players"][ANA]["out"] is True
    assert view["outcome"] == {"winner": BEN, "termination": "last-player"}
    assert view["phase"] == "over"


@pytest.mark.parametrize("seat", [3, -1, "0", True])
def test_a_view_for_a_seat_not_at_the_table_is_refused(seat):
    with pytest.raises(IllegalMove) as caught:
        player_view(_mid_round(), seat)
    assert caught.value.reason == "no-such-seat"


def test_from_dict_refuses_what_to_dict_did_not_write():
    data = to_dict(_mid_round())
    for broken in ({**data, "game": "fiction"}, {**data, "phase": "dancing"}, {"game": "lie"}):
        with pytest.raises(CorruptState):
            from_dict(broken)


def test_the_rules_import_only_the_standard_library():
    # companion.table.rules_errors (the RulesError family every game shares) is ours and standard library only itself.
    shared = RULES_DIR.parents[2] / "companion" / "table" / "rules_errors.py"
    for path in sorted(RULES_DIR.glob("*.py")) + [shared]:
        ours = set() if path == shared else {"companion.table.rules_errors"}
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 1:
                names = ["." * node.level + (node.module or "")]  # reaches outside the rules
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"} or name in ours, (
                    path.name,
                    name,
                )
    assert len(list(RULES_DIR.glob("*.py"))) >= 5


def test_every_seat_sees_the_game_its_variants_the_direction_and_whether_odds_are_shown():
    view = player_view(new_game(NAMES[:3], variants={"wild_ones"}, odds_helper=True), None)
    assert (view["game"], view["direction"], view["odds_helper"]) == ("lie", "clockwise", True)
    assert view["variants"] == {"wild_ones": True, "which_way": False, "shorter_game": False}


def test_the_challenger_is_named_only_while_the_table_counts_at_reveal():
    state = new_game(NAMES[:2], count_at_reveal=True)
    state = bid(state, ANA, 2, 6)
    assert player_view(state, None)["challenger"] is None
    state = lie(state, BEN)
    assert state.phase is Phase.COUNTING and player_view(state, ANA)["challenger"] == BEN


def test_a_round_a_player_leaves_once_it_has_begun_is_called_off_for_every_view():
    from games.lie.rules import apply

    state = apply(_mid_round(), CAL, {"type": "forfeit"})
    for seat in (None, ANA, BEN, CAL):
        assert player_view(state, seat)["called_off"] == [{"seat": CAL, "round": 1}]
    assert player_view(state, None)["round"] == 2


def test_a_player_who_leaves_before_the_round_begins_calls_nothing_off():
    from games.lie.rules import apply

    state = apply(new_game(NAMES[:3]), CAL, {"type": "forfeit"})
    assert player_view(state, None)["called_off"] == [] and player_view(state, None)["round"] == 1
