"""The LIE adapter: setup, moves parsed from forms, views in table seat ids, the now card, the script."""

import dataclasses
import json
import random

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from companion.table import seam
from companion.table.forms import Form, MoveError, parse_move
from companion.table.games import DISPLAY, Outcome, Viewer, get, rotating_role
from games.lie import rules
from games.lie.screens import HANDS_SEEN
from tests import played as play

from . import scripted
from .scripted import ANA, BEN, CAL, DEE, PLAYERS

game = get("lie")
ANA_V, BEN_V, CAL_V, DEE_V = PLAYERS
SCREEN = Viewer(9, DISPLAY.slug, "Screen")
# Table seat ids need not follow seat order: the rules' seats are positions in it.
ODD = [Viewer(7, "player", "ana"), Viewer(3, "player", "ben"), Viewer(12, "player", "cal")]


def post(state, actor, body):
    """Parse a form body as the table does, then apply it."""
    _, move = parse_move(game.moves, QueryDict(body))
    return play.move(game, state, actor, move, random.Random(1))


def started(players=PLAYERS, options=None):
    return play.begin(game, players, Form(game.setup).initial() if options is None else options, random.Random(1))


def bidding():
    """Four players, no variants, every hand set: Ana opens."""
    state = started()
    for viewer, body in zip(PLAYERS, ["faces=5&faces=5&faces=1", "faces=4&faces=4", "faces=2", ""]):
        state = post(state, viewer, "type=set_hand&" + body)
    return state


def legal(view):
    return {m["type"]: m["allowed"] for m in view["legal_moves"]}


# Setup


def test_lie_has_one_role_for_two_to_six_players_no_rotating_role_and_is_offered():
    (role,) = game.roles
    assert (role.slug, role.minimum, role.maximum) == ("player", 2, 6)
    assert rotating_role(game) is None and not game.screens.demo


def test_start_with_the_setup_defaults_has_no_variants_and_the_first_player_opens():
    blank = Form(game.setup).parse(QueryDict(""))
    assert blank == {"wild_ones": False, "which_way": False, "shorter_game": False, "opener": None,
                     "count_at_reveal": False, "odds_helper": False, "app_deals": False}
    assert seam.check_setup(game, blank, PLAYERS) is None
    state = started(options=blank)
    assert state.seats == [ANA, BEN, CAL, DEE]
    assert state.rules["variants"] == {"wild_ones": False, "which_way": False, "shorter_game": False}
    assert state.rules["opener"] == 0
    assert state.rules["players"] == ["ana", "ben", "cal", "dee"]


def test_start_with_every_variant_and_the_oldest_player_chosen():
    options = Form(game.setup).parse(QueryDict("wild_ones=on&which_way=on&shorter_game=on&opener=2&odds_helper=1"))
    assert options == scripted.SETUP
    state = started(options=options)
    assert state.rules["variants"] == {"wild_ones": True, "which_way": True, "shorter_game": True}
    assert state.rules["opener"] == 1
    view = seam.view(game, state, SCREEN)
    assert view["opener"] == BEN


def test_the_oldest_player_maps_by_seat_order_not_by_seat_id():
    state = started(ODD, {"opener": 12})
    assert state.seats == [7, 3, 12] and state.rules["opener"] == 2


@pytest.mark.parametrize(
    ("options", "players", "words"),
    [
        ({"shorter_game": True}, PLAYERS[:3], "Shorter Game is for 4 to 6 players"),
        ({"opener": 99}, PLAYERS, "oldest player must be one of the players"),
        ({"opener": 4}, PLAYERS[:3], "oldest player must be one of the players"),
        ({}, PLAYERS[:1], "2 to 6 players"),
        ({"app_deals": True, "count_at_reveal": True}, PLAYERS, "count at reveal is for tables playing with the real"),
    ],
)
def test_check_setup_says_why_the_table_cannot_start_and_start_refuses(options, players, words):
    assert words in seam.check_setup(game, options, players)
    with pytest.raises(rules.RulesError):
        play.begin(game, players, options, random.Random(1))


def test_shorter_game_with_four_players_can_start():
    assert seam.check_setup(game, {"shorter_game": True}, PLAYERS) is None


# Moves as forms


def test_a_hand_arrives_as_a_list_of_faces_and_an_empty_form_sets_an_unused_hand():
    _, move = parse_move(game.moves, QueryDict("type=set_hand&faces=4&faces=4&faces=2&faces="))
    assert move == {"type": "set_hand", "faces": [4, 4, 2]}
    _, move = parse_move(game.moves, QueryDict("type=set_hand"))
    assert move == {"type": "set_hand", "faces": []}
    state = post(started(), BEN_V, "type=set_hand&faces=4&faces=4&faces=2")
    assert seam.view(game, state, BEN_V)["hand"] == [2, 4, 4]
    counts = {c["face"]: c["count"] for c in seam.view(game, state, BEN_V)["hand_counts"]}
    assert counts == {1: 0, 2: 1, 3: 0, 4: 2, 5: 0, 6: 0}


@pytest.mark.parametrize("body", ["type=set_hand&faces=7", "type=set_hand&faces=x", "type=bid&quantity=2",
                                  "type=bid&quantity=0&face=3", "type=choose_direction&direction=up"])
def test_a_form_that_is_not_a_move_is_a_move_error(body):
    with pytest.raises(MoveError):
        parse_move(game.moves, QueryDict(body))


def test_a_hand_with_more_faces_than_cards_is_refused_by_the_rules():
    with pytest.raises(rules.IllegalHand) as caught:
        post(started(), ANA_V, "type=set_hand" + "&faces=6" * 6)
    assert caught.value.reason == "too-many-faces"


def test_a_bid_and_a_lie_from_forms_settle_the_round():
    state = post(bidding(), ANA_V, "type=bid&quantity=3&face=5")
    state = post(state, BEN_V, "type=challenge")
    (showdown,) = seam.view(game, state, CAL_V)["showdowns"]
    assert (showdown["challenger"], showdown["winner"], showdown["loser"]) == (BEN, BEN, ANA)
    assert showdown["hands"] == [{"seat": ANA, "faces": [1, 5, 5]}, {"seat": BEN, "faces": [4, 4]},
                                 {"seat": CAL, "faces": [2]}, {"seat": DEE, "faces": []}]


def test_a_move_out_of_turn_is_refused_by_the_rules():
    with pytest.raises(rules.RulesError) as caught:
        post(bidding(), CAL_V, "type=bid&quantity=1&face=2")
    assert caught.value.reason == "not-your-turn"


@pytest.mark.parametrize("kind", ["timer_expired", "settle"])
def test_a_clock_or_table_move_cannot_be_posted_and_the_rules_refuse_it_from_a_seat(kind):
    with pytest.raises(MoveError) as caught:
        parse_move(game.moves, QueryDict(f"type={kind}"))
    assert caught.value.reason == "unknown-move"
    with pytest.raises(rules.RulesError) as caught:
        game.apply(bidding(), ANA_V, {"type": kind}, random.Random(1))
    assert caught.value.reason == "unknown-move"


def test_no_one_but_a_player_can_move():
    for outsider in (SCREEN, Viewer(42, "player", "zed")):
        with pytest.raises(rules.RulesError) as caught:
            post(bidding(), outsider, "type=bid&quantity=1&face=2")
        assert caught.value.reason == "not-a-player"


def test_only_a_players_own_hand_or_count_may_apply_on_a_stale_version():
    assert {m.type for m in game.moves if m.stale_safe} == {"set_hand", "show_count"}
    assert not any(m.host_only for m in game.moves)


# Views


def test_every_view_has_the_shared_shape_with_table_seat_ids():
    state = post(started(ODD), ODD[1], "type=set_hand&faces=3")
    for viewer in [*ODD, SCREEN]:
        view = seam.view(game, state, viewer)
        assert {"phase", "waiting_for", "legal_moves", "outcome"} <= set(view)
        assert view["phase"] == "setting_hands" and view["outcome"] is None
        assert view["waiting_for"] == [7, 12]
        assert [p["seat"] for p in view["players"]] == [7, 3, 12]
        for move in view["legal_moves"]:
            assert set(move) == {"type", "allowed", "why"}
            assert isinstance(move["allowed"], bool) and isinstance(move["why"], str)
            assert move["allowed"] == (move["why"] == "")
        json.dumps(view)
    assert seam.view(game, state, SCREEN)["legal_moves"] == []
    assert seam.view(game, state, SCREEN)["hand"] is None and seam.view(game, state, SCREEN)["my_cards"] is None
    assert seam.view(game, state, ODD[1])["seat"] == 3


def test_bidding_waits_on_the_seat_whose_turn_it_is_and_says_why_others_cannot_bid():
    state = post(bidding(), ANA_V, "type=bid&quantity=2&face=4")
    view = seam.view(game, state, CAL_V)
    assert view["waiting_for"] == [BEN] and view["turn"] == BEN
    assert view["bids"] == [{"seat": ANA, "quantity": 2, "face": 4}]
    assert view["legal_moves"] == [
        {"type": "bid", "allowed": False, "why": "It is ben's turn."},
        {"type": "challenge", "allowed": False, "why": "It is ben's turn."},
        {"type": "forfeit", "allowed": True, "why": ""},
    ]
    assert legal(seam.view(game, state, BEN_V)) == {"bid": True, "challenge": True, "forfeit": True}


def test_a_seat_never_sees_another_seats_hand_before_the_lie():
    state = bidding()
    for viewer in (BEN_V, CAL_V, DEE_V, SCREEN):
        assert "[1, 5, 5]" not in json.dumps(seam.view(game, state, viewer))
    assert seam.view(game, state, ANA_V)["hand"] == [1, 5, 5]


def test_the_display_and_each_player_have_their_own_audience():
    assert game.screens.audience(SCREEN) == "display"
    assert all(game.screens.audience(p) is None for p in PLAYERS)


# The now card


def test_the_now_card_follows_the_phase():
    state = started(options=scripted.SETUP)
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).headline == "Draw 5 cards and enter your hand"
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).my_turn
    assert game.screens.now(seam.view(game, state, SCREEN), SCREEN).headline == "Everyone draws cards and sets a hand"
    state = post(state, ANA_V, "type=set_hand&faces=2")
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).headline == "Your hand is set"
    for viewer in (BEN_V, CAL_V, DEE_V):
        state = post(state, viewer, "type=set_hand&faces=3")
    assert game.screens.now(seam.view(game, state, BEN_V), BEN_V).headline == "Choose the direction of play"
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).headline == "Waiting for the opener to choose the direction of play"
    state = post(state, BEN_V, "type=choose_direction&direction=clockwise")
    assert game.screens.now(seam.view(game, state, BEN_V), BEN_V).headline == "Your turn: make the opening bid"
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).headline == "Waiting for the opening bid"
    state = post(state, BEN_V, "type=bid&quantity=3&face=4")
    now = game.screens.now(seam.view(game, state, CAL_V), CAL_V)
    assert (now.headline, now.detail, now.my_turn) == (
        "Your turn: bid or call Lie!", "The bid to beat: three fours.", True,
    )
    assert game.screens.now(seam.view(game, state, SCREEN), SCREEN).headline == "Waiting for a higher bid or a call of Lie!"


def test_the_now_card_at_the_end_names_the_winner():
    state = _play(scripted.STEPS)
    assert game.screens.now(seam.view(game, state, ANA_V), ANA_V).headline == "You win!"
    assert game.screens.now(seam.view(game, state, DEE_V), DEE_V).headline == "ana wins!"
    assert game.screens.now(seam.view(game, state, SCREEN), SCREEN).headline == "ana wins!"


# Leaving


def test_a_player_still_in_leaves_as_by_leave_the_game_and_one_who_is_out_just_goes():
    state = _play(scripted.STEPS[:47])
    assert seam.view(game, state, SCREEN)["out"] == [DEE]
    assert play.remove(game, state, DEE_V, random.Random(0)) == state
    assert play.remove(game, state, SCREEN, random.Random(0)) == state
    after = play.remove(game, state, ANA_V, random.Random(0))
    assert ANA in [gone["seat"] for gone in seam.view(game, after, SCREEN)["left"]]


# The scripted game


def _play(steps):
    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    for seat_id, move in steps:
        assert seat_id is not None  # LIE has no clock
        actor = next(p for p in PLAYERS if p.seat_id == seat_id)
        state = play.move(game, state, actor, move, random.Random(1))
    return state


def test_the_scripted_game_parses_as_forms_and_plays_to_its_end():
    for _, move in scripted.STEPS:
        body = "&".join(f"{k}={x}" for k, v in move.items() for x in (v if isinstance(v, list) else [v]))
        assert parse_move(game.moves, QueryDict(body))[1] == move
    state = _play(scripted.STEPS)
    # The Shorter Game's play-off decided it.
    assert seam.outcome(game, state) == Outcome((scripted.WINNER,), scripted.TERMINATION, how="the play-off")
    view = seam.view(game, state, SCREEN)
    assert view["outcome"] == {"winner": scripted.WINNER, "termination": scripted.TERMINATION}
    showdowns = view["showdowns"]
    assert [s["loser"] for s in showdowns] == [DEE] * 5 + [BEN, CAL]
    assert [s["mis_entered"] for s in showdowns] == [False, True, False, False, False, False, False]
    assert showdowns[1]["faces_over"] == [6]
    assert showdowns[4]["eliminated"] == [DEE] and view["playoff"] is True
    assert [s["wild_ones"] for s in showdowns] == [True, False, True, True, True, True, True]


def test_the_scripted_game_visits_every_phase():
    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    phases = {state.rules["phase"]}
    for seat_id, move in scripted.STEPS:
        actor = next(p for p in PLAYERS if p.seat_id == seat_id)
        state = play.move(game, state, actor, move, random.Random(1))
        phases.add(state.rules["phase"])
    # Counting at reveal is a mode of its own: scripted_count.py walks it.
    assert phases == {phase.value for phase in rules.Phase} - {"counting"}


def test_every_region_renders_for_every_seat_through_the_script():
    viewers = [*PLAYERS, SCREEN]
    people = [{"id": v.seat_id, "name": v.name, "role": v.role, "role_label": "Player", "symbol": "●",
               "is_host": v.is_host, "is_display": v.is_display, "has_phone": v.has_phone} for v in viewers]
    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    for step, (seat_id, move) in enumerate([(None, None), *scripted.STEPS]):
        if move is not None:
            actor = next(p for p in PLAYERS if p.seat_id == seat_id)
            state = play.move(game, state, actor, move, random.Random(1))
        for viewer, me in zip(viewers, people):
            view = seam.view(game, state, viewer)
            context = {"view": view, "me": me, "people": people, "names": {p["id"]: p["name"] for p in people},
                       "table": {"code": "ABCD", "status": "playing", "version": step, "game": "lie"},
                       "moves": {m.type: m for m in game.moves}, "acted_for": []}
            html = {region: render_to_string(f"lie/partials/{region}.jinja", context) for region in game.regions}
            if viewer.is_display:
                assert not html["hand"].strip() and not html["bid_picker"].strip()
            if view["hand"] and view["phase"] == "bidding":
                for face in view["hand"]:
                    assert f'<span class="die d{face}">{face}</span>' in html["hand"]
    assert "Someone mis-entered" in html["history"]


def test_each_seat_sees_the_rounds_played_as_its_own_rules_view_has_them():
    """The rounds played come from the display's view: that must be what each seat's own rules view
    says, at every step."""
    from companion.table.players import in_seat_ids
    from games.lie.screens import showdown as _showdown

    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    seen = 0
    for seat_id, move in scripted.STEPS:
        actor = next(p for p in PLAYERS if p.seat_id == seat_id)
        state = play.move(game, state, actor, move, random.Random(1))
        game_state = rules.from_dict(state.rules)
        for viewer in [*PLAYERS, SCREEN]:
            seat = None if viewer.is_display else state.seats.index(viewer.seat_id)
            own = in_seat_ids([_showdown(s, state.rules["players"])
                               for s in rules.player_view(game_state, seat)["showdowns"]], state.seats)
            assert seam.view(game, state, viewer)["showdowns"] == own
            seen = max(seen, len(own))
    assert seen == 7


def test_a_showdown_names_table_seats_only():
    state = started(ODD, {"opener": 3})
    for viewer, body in zip(ODD, ["faces=6", "faces=6&faces=1", ""]):
        state = post(state, viewer, "type=set_hand&" + body)
    state = post(post(state, ODD[1], "type=bid&quantity=3&face=6"), ODD[2], "type=challenge")
    view = seam.view(game, state, ODD[0])
    (shown,) = view["showdowns"]
    seats = [shown[key] for key in ("opener", "challenger", "winner", "loser")]
    seats += [c["seat"] for c in shown["calls"]] + [h["seat"] for h in shown["hands"]] + [shown["challenged"]["seat"]]
    assert set(seats) <= {7, 3, 12}
    assert (shown["opener"], shown["challenger"], shown["loser"], view["opener"]) == (3, 12, 3, 12)


def test_a_player_who_leaves_forfeits_and_then_the_host_may_remove_the_seat():
    state = post(bidding(), ANA_V, "type=bid&quantity=2&face=4")
    removed = play.remove(game, state, BEN_V, random.Random(0))  # still in: the host's removal is Ben's own "Leave"
    state = post(state, BEN_V, "type=forfeit")
    assert removed == state
    assert play.remove(game, state, BEN_V, random.Random(0)) == state  # gone already: nothing more to do
    view = seam.view(game, state, ANA_V)
    assert view["left"] == [{"seat": BEN, "round": 1}] and view["round"] == 2
    assert game.screens.now(seam.view(game, state, BEN_V), BEN_V).headline == "You left this game"
    context = {"view": view, "me": {"id": ANA, "has_phone": True}, "names": {}, "table": {"code": "KMNPQR"},
               "moves": {m.type: m for m in game.moves}}
    assert "left the game" in render_to_string("lie/partials/players.jinja", context)
    assert "Leave this game" in render_to_string("lie/partials/leave.jinja", context)  # ana may still leave
    assert "Leave this game" not in render_to_string("lie/partials/leave.jinja", {**context, "view": seam.view(game, state, BEN_V)})


def test_a_player_the_host_removes_mid_game_leaves_it_and_the_table_plays_on():
    game = get("lie")
    state = play.begin(game, list(scripted.PLAYERS), scripted.SETUP, random.Random(1))
    dee = scripted.PLAYERS[3]
    after = play.remove(game, state, dee, random.Random(1))
    view = seam.view(game, after, scripted.PLAYERS[0])
    assert dee.seat_id in view["out"]
    assert play.remove(game, after, dee, random.Random(1)) == after  # now nothing holds the seat


def test_a_die_is_drawn_as_told_however_often_the_same_face_comes_up():
    from games.lie.screens import die

    for _ in range(2):  # the second time from the faces already drawn
        assert die(4) == '<span class="die d4">4</span>'
        assert die(4, counted=True) == '<span class="die d4 counted">4</span>'
        assert die(1, counted=1, wild="yes") == \
            '<span class="die d1 counted wild" title="a wild one, counted">1</span>'
    assert die("<b>") == '<span class="die d&lt;b&gt;">&lt;b&gt;</span>'


# What the screens say at a showdown, a called-off round and the end


NAMES = {v.seat_id: v.name for v in PLAYERS}


def drawn(state, viewer, region):
    """A region as this seat's phone (or the display) shows it, as text."""
    import re

    context = {"view": seam.view(game, state, viewer), "me": {"id": viewer.seat_id, "has_phone": True}, "names": NAMES,
               "table": {"code": "KMNPQR"}, "moves": {m.type: m for m in game.moves},
               "acted_for": []}
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", render_to_string(f"lie/partials/{region}.jinja", context)))


def shorter(cards):
    """A Shorter Game of four with these hand sizes, every hand set (empty): Ana opens."""
    state = started(options={**Form(game.setup).initial(), "shorter_game": True})
    state = state.then(rules.GameState.from_dict({**state.rules, "cards": list(cards)}))
    for viewer in PLAYERS:
        state = post(state, viewer, "type=set_hand")
    return state


def test_a_shorter_game_showdown_says_the_rule_behind_each_player_out_and_names_the_play_off():
    state = post(post(shorter((1, 4, 5, 5)), ANA_V, "type=bid&quantity=1&face=6"), BEN_V, "type=challenge")
    shown = drawn(state, SCREEN, "showdown")
    assert "ana is out: no cards left to draw." in shown
    assert "ben is out (Shorter Game): 4 cards, fewer than the most (5), when ana could draw none." in shown
    assert ("Play-off (Shorter Game): cal and dee, tied on the most cards (5), play the remaining rounds; "
            "losing a challenge now puts a player out.") in shown
    assert "cal opens round 2." in shown
    assert "ben is out (Shorter Game)" in drawn(state, SCREEN, "history")  # and it stays in the record
    now = game.screens.now(seam.view(game, state, BEN_V), BEN_V)
    assert now.headline == "You are out of this game"
    assert now.detail == ("You called Lie on ana: 0 sixes, the bid was a lie. "
                          "Shorter Game: you had 4 cards, fewer than the most (5), when ana could draw none. "
                          "Play-off: cal and dee; you and ana are out. Watch the others play on.")
    assert "the bid was a lie. You have no cards left to draw." in game.screens.now(seam.view(game, state, ANA_V), ANA_V).detail
    # The play-off: cal's bid fails, and a lost challenge puts cal out with five cards.
    state = post(post(state, CAL_V, "type=set_hand"), DEE_V, "type=set_hand")
    state = post(post(state, CAL_V, "type=bid&quantity=1&face=6"), DEE_V, "type=challenge")
    assert "cal is out: in the play-off, losing a challenge puts a player out." in drawn(state, SCREEN, "showdown")
    now = game.screens.now(seam.view(game, state, SCREEN), SCREEN)
    assert (now.headline, now.detail) == ("dee wins!", "dee won the play-off: everyone else is out.")


def test_a_shorter_game_won_on_the_most_cards_says_so_once():
    state = post(post(shorter((1, 4, 3, 3)), ANA_V, "type=bid&quantity=1&face=6"), BEN_V, "type=challenge")
    now = game.screens.now(seam.view(game, state, SCREEN), SCREEN)
    assert (now.headline, now.detail) == (
        "ben wins!", "Shorter Game: ana could draw no more cards, and ben had the most (4 cards).")
    assert "wins" not in drawn(state, SCREEN, "showdown")


def test_the_end_says_who_won_once_across_the_now_card_and_the_boards():
    state = _play(scripted.STEPS)
    now = game.screens.now(seam.view(game, state, SCREEN), SCREEN)
    screen = " ".join([now.headline, now.detail, *(drawn(state, SCREEN, r) for r in game.regions if r != "history")])
    assert screen.count("wins") == 1 and "The game is over" not in screen
    assert now.detail == "ana won the play-off: everyone else is out."  # the script ends in a Shorter Game play-off


def test_a_round_called_off_by_a_player_leaving_says_so_until_the_next_bid():
    state = post(post(bidding(), ANA_V, "type=bid&quantity=2&face=4"), BEN_V, "type=challenge")  # round 1 settled
    for viewer in PLAYERS:
        if viewer.seat_id in seam.view(game, state, SCREEN)["out"]:
            continue
        state = post(state, viewer, "type=set_hand")
    state = play.remove(game, state, CAL_V, random.Random(1))  # the host removes cal's seat mid-round
    round_two = seam.view(game, state, SCREEN)["round"] - 1
    shown = drawn(state, SCREEN, "showdown")
    assert f"Round {round_two} was called off: cal left the game" in shown
    assert "the cards are mixed again" in shown and f"opens round {round_two + 1}." in shown
    assert "called “Lie!”" not in shown  # not the showdown of the round before
    opener = next(v for v in PLAYERS if v.seat_id == seam.view(game, state, SCREEN)["opener"])
    for viewer in PLAYERS:
        if viewer.seat_id in seam.view(game, state, SCREEN)["out"]:
            continue
        state = post(state, viewer, "type=set_hand")
    state = post(state, opener, "type=bid&quantity=1&face=2")
    assert "called off" not in drawn(state, SCREEN, "showdown")


def test_a_game_won_by_the_last_player_but_one_leaving_shows_the_hands_of_the_round_in_play():
    two = PLAYERS[:2]
    state = started(players=two)
    state = post(post(state, ANA_V, "type=set_hand&faces=3&faces=3"), BEN_V, "type=set_hand&faces=6")
    state = post(post(state, ANA_V, "type=bid&quantity=2&face=3"), BEN_V, "type=forfeit")
    assert seam.view(game, state, SCREEN)["outcome"]["winner"] == ANA
    shown = drawn(state, SCREEN, "showdown")
    assert "Round 1, as it stood when the game ended" in shown
    assert "ana 3 3" in shown and "ben 6" in shown and "ana 2 × 3" in shown


# The app deals


def dealt_table():
    return started(options=Form(game.setup).parse(QueryDict("app_deals=on&odds_helper=on")))


def not_on(cards):
    """A hand these cards cannot turn up: one more of a face than the cards that have it."""
    face = min(range(1, 7), key=lambda f: sum(f in card for card in cards))
    return [face] * (sum(face in card for card in cards) + 1)


def test_the_app_deals_is_a_setup_choice_and_deals_with_the_rng_the_table_passes_in():
    state = dealt_table()
    assert state.rules["app_deals"] is True
    assert [len(cards) for cards in state.rules["dealt"]] == [5, 5, 5, 5]
    assert dealt_table().rules["dealt"] == state.rules["dealt"]  # the same rng, the same deal
    other = play.begin(game, PLAYERS, {"app_deals": True}, random.Random(2))
    assert other.rules["dealt"] != state.rules["dealt"]


def test_a_dealt_hand_posted_as_faces_is_checked_against_the_players_own_cards():
    state = dealt_table()
    cards = [tuple(card["ends"]) for card in seam.view(game, state, ANA_V)["dealt"]]
    body = f"type=set_hand&faces={cards[0][1]}&faces={cards[2][0]}"
    after = post(state, ANA_V, body)
    view = seam.view(game, after, ANA_V)
    assert view["hand"] == sorted([cards[0][1], cards[2][0]])
    assert [c["up"] for c in view["dealt"]][0] is not None
    with pytest.raises(rules.IllegalHand) as caught:
        post(state, ANA_V, "type=set_hand" + "".join(f"&faces={f}" for f in not_on(cards)))
    assert caught.value.reason == "not-on-your-cards"
    assert "you hold " + ", ".join(f"{a}/{b}" for a, b in cards) in caught.value.message


def test_the_now_card_tells_a_dealt_player_to_turn_their_cards():
    state = dealt_table()
    now = game.screens.now(seam.view(game, state, ANA_V), ANA_V)
    assert now.headline == "Your 5 cards are dealt: set your hand" and now.my_turn
    assert "Tap the end of each card" in now.detail
    assert game.screens.now(seam.view(game, state, SCREEN), SCREEN).headline == "The app has dealt: everyone sets a hand"
    last = dataclasses.replace(state, rules={**state.rules, "cards": [1, 5, 5, 5]})
    assert game.screens.now(seam.view(game, last, ANA_V), ANA_V).headline == "Your 1 card is dealt: set your hand"


def test_only_the_owner_is_drawn_their_dealt_cards_and_the_screen_says_the_pairing_is_assumed():
    viewers = [*PLAYERS, SCREEN]
    people = [{"id": v.seat_id, "name": v.name, "role": v.role, "role_label": "Player", "symbol": "●",
               "is_host": v.is_host, "is_display": v.is_display, "has_phone": v.has_phone} for v in viewers]
    state = dealt_table()
    drawn = {}
    for viewer, me in zip(viewers, people):
        context = {"view": seam.view(game, state, viewer), "me": me, "people": people,
                   "names": {p["id"]: p["name"] for p in people},
                   "table": {"code": "ABCD", "status": "playing", "version": 1, "game": "lie"},
                   "moves": {m.type: m for m in game.moves}, "acted_for": []}
        drawn[viewer.seat_id] = "".join(render_to_string(f"lie/partials/{region}.jinja", context)
                                        for region in game.regions)
    mine = drawn[ANA]
    assert "5 cards dealt" in mine and "Which faces share a card is assumed" in mine
    assert mine.count('name="card-r1-') == 15  # five cards: two ends and "unused" each
    for card in seam.view(game, state, ANA_V)["dealt"]:
        top, bottom = card["ends"]
        assert f'value="{top}"' in mine and f'value="{bottom}"' in mine
    # The display is drawn no cards (what the other phones are sent is tests/games/lie/test_secrets.py's).
    assert "card-r1-" not in drawn[SCREEN.seat_id] and "cards dealt" not in drawn[SCREEN.seat_id]
    assert "the app deals" in drawn[SCREEN.seat_id]


@pytest.mark.django_db
@pytest.mark.parametrize("ticked", ["app_deals", "count_at_reveal"])
def test_the_host_is_told_beside_the_setup_boxes_that_the_app_dealing_and_counting_at_reveal_do_not_go_together(ticked):
    from companion.live import render
    from companion.models import Table
    from tests.companion.test_render import seat_the_table

    table, seats = seat_the_table(PLAYERS, game, {"app_deals": True, "count_at_reveal": False})
    table.status, table.state = Table.Status.LOBBY, None
    table.save()
    host = seats[0]

    def field(name, setup):
        table.setup = setup
        table.save()
        html = render.draw(render.scene(table, seats), host)["setup"]
        return html.split(f'id="setup-{name}"')[1].split('<div class="field')[0]

    both = {"app_deals": True, "count_at_reveal": True}
    assert "count at reveal is for tables playing with the real cards" in field(ticked, both)
    assert "Not with" not in field(ticked, {**both, ticked: False})


@pytest.mark.django_db
@pytest.mark.parametrize("script", ["lie/scripted", "lie/scripted_count", "lie/scripted_deal", "lie/scripted_largest"])
def test_a_screen_marks_what_to_do_now_exactly_when_the_game_waits_for_that_seat(script):
    # A phone puts the control marked data-now on its first screen: only a seat the game waits for has one.
    from companion.live import render
    from tests.companion.test_render import played

    marked = 0
    for label, table, seats, lie, state in played(script):
        table.state = state.to_dict()
        table.save()
        scene = render.scene(table, seats)
        for seat in seats:
            waited_for = seat.pk in seam.view(lie, state, render.viewer_of(seat))["waiting_for"]
            assert ("data-now" in render.fragment(scene, seat)) == waited_for, f"{script} {label}: {seat.name}"
            marked += waited_for
    assert marked > 10


# Undoing a "Lie!" when the app deals: every screen showed every hand, so the round is dealt again


def _cards_on(page: str, round_: int) -> list[tuple[int, int]]:
    """The cards a page's hand form offers to turn, in order: each card's two ends."""
    import re

    ends: dict[int, list[int]] = {}
    for card, end in re.findall(rf'name="card-r{round_}-(\d+)" value="(\d)"', page):
        ends.setdefault(int(card), []).append(int(end))
    return [tuple(ends[i]) for i in sorted(ends)]


@pytest.fixture
def dealt_lie(db, phone):
    """Eli (host), Ana and Ben at a LIE table the app deals for, every hand set, Eli and Ana have bid."""
    from companion.table import tables
    from companion.models import Seat
    from tests.conftest import sit
    from tests.companion.test_tables import move, post_host

    table, eli = tables.create_table("lie", "Eli")
    phones = {"Eli": sit(phone(), eli)}
    for name in ("Ana", "Ben"):
        phones[name] = sit(phone(), tables.join_table(table, name))
    screen = phone()
    sit(screen, tables.join_table(table, "", as_display=True))
    assert post_host(phones["Eli"], table, "setup", app_deals="on").status_code == 200
    assert post_host(phones["Eli"], table, "start").status_code == 200
    table.refresh_from_db()
    for seat, name in enumerate(("Eli", "Ana", "Ben")):
        first = table.state["rules"]["dealt"][seat][0]
        assert move(phones[name], table, type="set_hand", faces=[first[0]]).status_code == 200
    assert move(phones["Eli"], table, type="bid", quantity=1, face=2).status_code == 200
    assert move(phones["Ana"], table, type="bid", quantity=2, face=2).status_code == 200
    table.refresh_from_db()
    seats = {s.name: s for s in Seat.objects.filter(table=table)}
    return table, phones, screen, seats


def test_the_host_is_told_before_undoing_a_lie_that_every_hand_was_seen_and_the_app_deals_again(dealt_lie):
    import html
    import re

    from django.urls import reverse

    from tests.companion.test_tables import move

    table, phones, _, _ = dealt_lie
    page = html.unescape(phones["Eli"].get(reverse("table", args=[table.code])).content.decode())
    assert "hx-confirm=\"Undo Ana's bid?\"" in page, re.findall(r"hx-confirm=\"Undo[^\"]*\"", page)  # a bid: nothing more to say
    assert move(phones["Ben"], table, type="challenge").status_code == 200
    page = html.unescape(phones["Eli"].get(reverse("table", args=[table.code])).content.decode())
    assert ('hx-confirm="Undo Ben\'s “Lie!”? Everyone has seen the hands: the app deals this round again '
            'with fresh hands, and its bids start over."') in page
    # The confirm is the host's: no other phone is drawn the Undo button or its note.
    other = phones["Ana"].get(reverse("table", args=[table.code])).content.decode()
    assert "hx-confirm=\"Undo" not in other and "Everyone has seen the hands" not in other


def test_undoing_a_lie_the_app_dealt_deals_the_round_again_and_no_screen_shows_an_old_hand(dealt_lie):
    from django.urls import reverse

    from companion.models import Table
    from tests.companion.test_tables import move, post_host

    table, phones, screen, seats = dealt_lie
    table.refresh_from_db()
    old = [[tuple(card) for card in cards] for cards in table.state["rules"]["dealt"]]
    sizes = [len(cards) for cards in old]
    assert move(phones["Ben"], table, type="challenge").status_code == 200
    assert "showdown-r1" in screen.get(reverse("table", args=[table.code])).content.decode()

    response = post_host(phones["Eli"], table, "undo")
    assert response.status_code == 200
    table = Table.objects.get(pk=table.pk)
    after = table.state["rules"]
    assert table.status == Table.Status.PLAYING and table.results == []
    assert after["phase"] == "setting_hands" and after["round"] == 1 and after["history"] == []
    assert after["calls"] == [] and after["hands"] == [None, None, None] and after["turn"] is None
    new = [[tuple(card) for card in cards] for cards in after["dealt"]]
    assert [len(cards) for cards in new] == sizes
    assert all(mine != before for mine, before in zip(new, old))
    assert "the app deals this round again" in table.notice

    # The leak check: every phone offers its new cards only, and no screen shows the round's showdown.
    for seat, name in enumerate(("Eli", "Ana", "Ben")):
        page = phones[name].get(reverse("table", args=[table.code])).content.decode()
        assert _cards_on(page, 1) == new[seat], name
        assert not any(_cards_on(page, 1) == hand for hand in old), name
        assert "showdown-r1" not in page and "showdown-latest-r1" not in page, name
    shown = screen.get(reverse("table", args=[table.code])).content.decode()
    assert _cards_on(shown, 1) == [] and "showdown-r1" not in shown and "showdown-latest-r1" not in shown


def test_undoing_a_bid_the_app_dealt_keeps_the_hands(dealt_lie):
    from companion.models import Table
    from tests.companion.test_tables import post_host

    table, phones, _, _ = dealt_lie
    table.refresh_from_db()
    before = table.state["rules"]["dealt"]
    assert post_host(phones["Eli"], table, "undo").status_code == 200
    after = Table.objects.get(pk=table.pk).state["rules"]
    assert after["dealt"] == before and [c["quantity"] for c in after["calls"]] == [1]


def test_undoing_the_bids_after_an_undone_lie_never_brings_back_the_hands_every_screen_showed(dealt_lie):
    """"Lie!" showed every hand; its undo dealt afresh. Each undo after it (the bids, one by one)
    goes back to a state the showdown's hands were set in, so it deals afresh too, and says so."""
    import html
    import re

    from django.urls import reverse

    from companion.models import Table
    from tests.companion.test_tables import move, post_host

    table, phones, screen, _ = dealt_lie
    shown = table.state["rules"]
    old = [[tuple(card) for card in cards] for cards in shown["dealt"]]
    assert move(phones["Ben"], table, type="challenge").status_code == 200
    assert post_host(phones["Eli"], table, "undo").status_code == 200

    def confirm():
        page = html.unescape(phones["Eli"].get(reverse("table", args=[table.code])).content.decode())
        return re.findall(r'hx-confirm="(Undo [^"]*)"', page)

    for bidder in ("Ana", "Eli"):
        assert confirm() == [f"Undo {bidder}'s bid? {HANDS_SEEN}"]
        assert post_host(phones["Eli"], table, "undo").status_code == 200
        after = Table.objects.get(pk=table.pk).state["rules"]
        assert after["phase"] == "setting_hands" and after["calls"] == [] and after["hands"] == [None] * 3, bidder
        new = [[tuple(card) for card in cards] for cards in after["dealt"]]
        assert all(mine != before for mine, before in zip(new, old)), bidder
        for seat, name in enumerate(("Eli", "Ana", "Ben")):
            page = phones[name].get(reverse("table", args=[table.code])).content.decode()
            assert _cards_on(page, 1) == new[seat] and _cards_on(page, 1) not in old, (bidder, name)
        assert _cards_on(screen.get(reverse("table", args=[table.code])).content.decode(), 1) == []


def test_undoing_a_lie_at_a_table_with_its_own_cards_never_brings_back_the_hands_typed_in(db, phone):
    """With the table's own cards the showdown shows every hand typed in: neither undoing the
    "Lie!" nor the bids after it brings those hands back; the round starts over, said first."""
    import html
    import re

    from django.urls import reverse

    from companion.models import Table
    from companion.table import tables
    from games.lie.screens import HANDS_SEEN_AT_TABLE
    from tests.companion.test_tables import move, post_host
    from tests.conftest import sit

    table, eli = tables.create_table("lie", "Eli")
    phones = {"Eli": sit(phone(), eli)}
    for name in ("Ana", "Ben"):
        phones[name] = sit(phone(), tables.join_table(table, name))
    assert post_host(phones["Eli"], table, "start").status_code == 200
    for name, faces in (("Eli", [2, 3]), ("Ana", [4, 4]), ("Ben", [5, 6])):
        assert move(phones[name], table, type="set_hand", faces=faces).status_code == 200
    assert move(phones["Eli"], table, type="bid", quantity=1, face=2).status_code == 200
    assert move(phones["Ana"], table, type="bid", quantity=2, face=2).status_code == 200
    assert move(phones["Ben"], table, type="challenge").status_code == 200

    def confirm():
        page = html.unescape(phones["Eli"].get(reverse("table", args=[table.code])).content.decode())
        return re.findall(r'hx-confirm="(Undo [^"]*)"', page)

    for undone in ("Ben's", "Ana's bid", "Eli's bid"):
        assert any(HANDS_SEEN_AT_TABLE in said for said in confirm()), undone
        assert post_host(phones["Eli"], table, "undo").status_code == 200
        after = Table.objects.get(pk=table.pk).state["rules"]
        assert after["phase"] == "setting_hands" and after["hands"] == [None] * 3, undone
        assert after["calls"] == [] and after["outcome"] is None, undone


# What the last "Lie!" settled leads each seat's now card, until the next round's first bid.

def _after_lie(number):
    """The scripted game just after its ``number``-th "Lie!" (1 = the first)."""
    lies = [i for i, (_, move) in enumerate(scripted.STEPS) if move["type"] == "challenge"]
    return _play(scripted.STEPS[:lies[number - 1] + 1])


def _now(state, viewer):
    return game.screens.now(seam.view(game, state, viewer), viewer)


def test_after_a_lie_each_seat_is_told_what_came_of_it_for_them_before_the_next_hand():
    state = _after_lie(1)  # dee calls Lie on ana's three fives: five, with wild ones
    said = "dee called Lie on ana: 5 fives with wild ones, the bid held."
    ana, dee, ben = _now(state, ANA_V), _now(state, DEE_V), _now(state, BEN_V)
    assert ana.headline == "Draw 5 cards and enter your hand" and ana.my_turn
    assert ana.detail == "dee called Lie on you: 5 fives with wild ones, the bid held. You won the challenge: you keep 5 cards."
    assert dee.headline == "Draw 4 cards and enter your hand"
    assert dee.detail == ("You called Lie on ana: 5 fives with wild ones, the bid held. "
                          "You lost the challenge: you draw 4 cards next round.")
    assert ben.detail == f"{said} dee lost the challenge: 4 cards next round. You keep 5 cards."
    # The TV has no form to put first: its showdown card leads, and the now card does not repeat it.
    assert _now(state, SCREEN).detail == ""
    shown = drawn(state, SCREEN, "showdown")
    assert "dee called “Lie!” on ana" in shown and "The bid held." in shown and "4 cards next round" in shown


def test_a_lie_called_right_says_the_bid_was_a_lie():
    state = _after_lie(2)  # ana calls Lie on dee's four fours: three, ones not wild this round
    assert _now(state, CAL_V).detail.startswith("ana called Lie on dee: 3 fours, the bid was a lie.")


def test_the_result_stays_through_choosing_the_direction_and_goes_at_the_first_bid():
    state = _after_lie(1)
    for seat_id, move in scripted.STEPS[9:13]:  # round 2's hands; ana chooses the direction next
        state = play.move(game, state, next(p for p in PLAYERS if p.seat_id == seat_id), move, random.Random(1))
    assert _now(state, ANA_V).headline == "Choose the direction of play"
    assert _now(state, ANA_V).detail.startswith("dee called Lie on you")
    state = post(state, ANA_V, "type=choose_direction&direction=clockwise")
    assert _now(state, ANA_V).detail.startswith("dee called Lie on you")
    state = post(state, ANA_V, "type=bid&quantity=1&face=1")
    assert "called Lie" not in _now(state, BEN_V).detail


def test_an_elimination_and_the_play_off_it_starts_lead_each_seats_now_card():
    state = _after_lie(5)  # dee loses her last card: out, and ana, ben and cal tie at five
    said = "ana called Lie on dee: 1 five with wild ones, the bid was a lie."
    ben = _now(state, BEN_V)
    assert ben.headline == "Draw 5 cards and enter your hand"
    assert ben.detail == f"{said} Play-off: you, ana and cal; dee is out. Losing a challenge now puts you out."
    assert _now(state, ANA_V).detail == ("You called Lie on dee: 1 five with wild ones, the bid was a lie. "
                                         "Play-off: you, ben and cal; dee is out. Losing a challenge now puts you out.")
    dee = _now(state, DEE_V)
    assert dee.headline == "You are out of this game"
    assert dee.detail == ("ana called Lie on you: 1 five with wild ones, the bid was a lie. You have no cards left to draw. Play-off: ana, ben and cal; you are out. "
                          "Watch the others play on.")
    assert "Play-off (Shorter Game): ana, ben and cal" in drawn(state, SCREEN, "showdown")


def test_losing_in_the_play_off_puts_the_loser_out_and_says_so():
    state = _after_lie(6)  # ben calls Lie on cal's three fives: there are five
    said = "ben called Lie on cal: 5 fives with wild ones, the bid held."
    assert _now(state, ANA_V).detail == (
        f"{said} ben is out: in the play-off, losing a challenge puts a player out. You keep 5 cards.")
    assert _now(state, CAL_V).detail == (
        "ben called Lie on you: 5 fives with wild ones, the bid held. You won the challenge: you keep 5 cards. "
        "ben is out: in the play-off, losing a challenge puts a player out.")
    ben = _now(state, BEN_V)
    assert (ben.headline, ben.detail) == (
        "You are out of this game",
        "You called Lie on cal: 5 fives with wild ones, the bid held. "
        "You lost a challenge in the play-off, and that puts a player out. Watch the others play on.")


def test_a_dealt_play_off_tells_each_player_in_it_who_plays_and_who_is_out():
    names = [Viewer(1, "player", "Eli"), Viewer(2, "player", "Ben"), Viewer(3, "player", "Gran"),
             Viewer(4, "player", "Hana")]
    state = play.begin(game, names, {"app_deals": True, "shorter_game": True}, random.Random(3))
    # Eli holds one card, Hana three, Ben and Gran four: Eli's lost bid leaves him none to draw.
    state = dataclasses.replace(state, rules={**state.rules, "cards": [1, 4, 4, 3]})
    state = state.then(rules.deal_again(state.state, random.Random(3)))
    for viewer in names:
        state = play.move(game, state, viewer, {"type": "set_hand", "faces": []}, random.Random(1))
    state = play.move(game, state, names[0], {"type": "bid", "quantity": 1, "face": 6}, random.Random(1))
    state = play.move(game, state, names[1], {"type": "challenge"}, random.Random(1))
    ben = _now(state, names[1])
    assert ben.headline == "Your 4 cards are dealt: set your hand"
    # Two or more out are "everyone else": their names would push the hand form down a phone.
    assert "Play-off: you and Gran; everyone else is out." in ben.detail
