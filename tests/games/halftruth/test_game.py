"""The Half Truth adapter: setup, moves parsed from forms, views in seat ids, the now card."""

import json
import random
import re

import pytest
from django.http import QueryDict

from companion.table import seam
from companion.table.forms import MoveError, parse_move
from companion.table.games import DISPLAY, Viewer, get
from tests import played as play
from games.halftruth import rules

from . import scripted, scripted_largest
from .scripted import AMY, KAMILA, PLAYERS, TONY

game = get("halftruth")
KAMILA_V, TONY_V, AMY_V = PLAYERS
SCREEN = Viewer(9, DISPLAY.slug, "Screen")
DEFAULTS = {f.name: f.initial() for f in game.setup}


def post(state, actor, body, rng=None):
    """Parse a form body as the table does, then apply it."""
    _, move = parse_move(game.moves, QueryDict(body))
    return play.move(game, state, actor, move, rng or random.Random(1))


def started(options=DEFAULTS):
    return play.begin(game, PLAYERS, options, random.Random(1))


def picking():
    """The die on 3, Kamila locked in "AC", Tony and Amy still choosing."""
    state = post(started(), KAMILA_V, "type=set_die&face=THREE")
    return post(state, KAMILA_V, "type=lock_in&letters=A&letters=C")


# Setup


def test_start_with_the_setup_defaults_gives_colours_in_order_and_the_default_trackers():
    state = started()
    assert state.seats == [KAMILA, TONY, AMY] and {p.role for p in state.players} == {"player"}
    assert [p["colour"] for p in state.rules["players"]] == ["green", "yellow", "magenta"]
    assert [p["name"] for p in state.rules["players"]] == ["Kamila", "Tony", "Amy"]
    assert state.rules["trackers"] == [list(t.spaces) for t in rules.DEFAULT_LAYOUTS]


def test_start_with_chosen_colours_and_trackers():
    state = started(scripted.SETUP)
    assert [p["colour"] for p in state.rules["players"]] == ["orange", "blue", "purple"]
    assert state.rules["trackers"] == [[1, 2, 3], [2, 4], [3, 6, 9]]


def test_the_setup_form_parses_to_what_start_takes():
    options = {f.name: f.parse(QueryDict("colour_1=blue&colour_2=any&colour_3=orange&colour_4=&layouts=1;2;3"))
               for f in game.setup}
    assert options == {"colour_1": "blue", "colour_2": "any", "colour_3": "orange", "colour_4": "any",
                       "colour_5": "any", "colour_6": "any", "layouts": "1;2;3"}
    assert seam.check_setup(game, options, PLAYERS) is None
    # A player with no colour chosen takes the first colour nobody chose.
    assert [p["colour"] for p in play.begin(game, PLAYERS, options, random.Random(1)).rules["players"]] == [
        "blue", "green", "orange"]
    blank = {f.name: f.parse(QueryDict("")) for f in game.setup}
    assert seam.check_setup(game, blank, PLAYERS) is None
    assert play.begin(game, PLAYERS, blank, random.Random(1)) == started()


@pytest.mark.parametrize(
    ("options", "players", "words"),
    [
        ({"colour_1": "blue", "colour_3": "blue"}, PLAYERS, "different colour"),
        ({"layouts": "1,2;3"}, PLAYERS, "three rounds"),
        ({"layouts": "1,x;2;3"}, PLAYERS, "whole numbers"),
        ({"layouts": "3,1;2;3"}, PLAYERS, "never go down"),
        ({}, PLAYERS[:1], "at least 2 players"),
        ({}, [Viewer(i, "player", f"P{i}") for i in range(7)], "at most 6 players"),
    ],
)
def test_check_setup_says_why_the_table_cannot_start(options, players, words):
    assert words in seam.check_setup(game, options, players)
    with pytest.raises(rules.RulesError):
        play.begin(game, players, options, random.Random(1))


# Moves


def test_a_lock_in_is_parsed_from_ticked_letters_and_applied_for_the_players_own_seat():
    state = post(picking(), TONY_V, "type=lock_in&letters=E&letters=A&letters=C")
    assert state.rules["picks"] == ["AC", "ACE", None]


def test_skipping_and_taking_out_are_the_hosts_and_locking_in_is_stale_safe():
    assert {m.type for m in game.moves if m.host_only} == {"skip", "drop"}
    assert [m.type for m in game.moves if m.stale_safe] == ["lock_in"]


@pytest.mark.parametrize("body", ["type=roll", "type=set_die&face=AMPED"])
def test_a_player_who_does_not_read_this_question_cannot_make_the_readers_moves(body):
    with pytest.raises(rules.RulesError) as caught:
        post(started(), AMY_V, body)  # Kamila reads the first question
    assert caught.value.reason == "table-move"
    after = post(started(), KAMILA_V, "type=set_die&face=ONE")
    after = post(post(post(after, KAMILA_V, "type=lock_in&letters=A"), TONY_V, "type=lock_in&letters=B"),
                 AMY_V, "type=lock_in&letters=C")
    after = post(after, KAMILA_V, "type=reveal&correct=A&correct=B&correct=C")
    assert post(after, TONY_V, body).rules["phase"] == "pick"  # Tony reads the second


def test_the_host_makes_the_readers_moves_for_the_table_with_the_rng_passed_in():
    after = post(post(post(post(post(started(), KAMILA_V, "type=set_die&face=ONE"), KAMILA_V, "type=lock_in&letters=A"),
                           TONY_V, "type=lock_in&letters=B"), AMY_V, "type=lock_in&letters=C"),
                 KAMILA_V, "type=reveal&correct=A&correct=B&correct=C")
    assert after.rules["reader"] == 1
    assert post(after, KAMILA_V, "type=roll", random.Random(4)).rules["phase"] == "pick"


def test_the_host_skips_a_player_by_seat_id():
    # That nobody else can is the platform's check of host-only moves (tests/companion/test_tables.py).
    after = post(picking(), KAMILA_V, f"type=skip&seat={AMY}")
    assert after.rules["skipped"] == [False, False, True]
    with pytest.raises(rules.RulesError) as caught:
        post(picking(), KAMILA_V, "type=skip&seat=77")
    assert caught.value.reason == "no-such-seat"


def test_a_player_taken_out_of_the_game_can_then_be_removed():
    with pytest.raises(rules.IllegalMove):
        play.remove(game, started(), AMY_V, random.Random(0))
    after = post(picking(), KAMILA_V, f"type=drop&seat={AMY}")
    play.remove(game, after, AMY_V, random.Random(0))
    view = seam.view(game, after, TONY_V)
    assert view["waiting_for"] == [TONY]
    assert game.screens.now(seam.view(game, after, AMY_V), AMY_V).headline == "You have left this game"


def test_a_move_the_game_never_declared_cannot_be_posted():
    with pytest.raises(MoveError) as caught:
        parse_move(game.moves, QueryDict("type=timer_expired"))
    assert caught.value.reason == "unknown-move"


def test_a_display_cannot_lock_in():
    with pytest.raises(rules.RulesError) as caught:
        post(picking(), SCREEN, "type=lock_in&letters=B")
    assert caught.value.reason == "seat-required"


@pytest.mark.parametrize("body", ["type=lock_in", "type=lock_in&letters=G", "type=set_die&face=SIX"])
def test_a_form_that_is_not_a_move_is_refused_before_the_rules(body):
    with pytest.raises(MoveError):
        parse_move(game.moves, QueryDict(body))


# Views


def test_every_view_has_the_shared_shape_in_seat_ids():
    state = picking()
    for viewer in (*PLAYERS, SCREEN):
        view = seam.view(game, state, viewer)
        assert {"phase", "waiting_for", "legal_moves", "outcome"} <= set(view)
        assert view["waiting_for"] == [TONY, AMY]
        for entry in view["legal_moves"]:
            assert set(entry) == {"type", "allowed", "why"}
            assert entry["allowed"] == (entry["why"] == "")
        assert [p["seat"] for p in view["players"]] == [KAMILA, TONY, AMY]
        json.dumps(view)


def test_the_host_sees_the_tables_moves_and_other_players_do_not():
    state = started()
    assert [m["type"] for m in seam.view(game, state, KAMILA_V)["legal_moves"]] == [
        "lock_in", "roll", "set_die", "skip", "drop"]
    assert [m["type"] for m in seam.view(game, state, TONY_V)["legal_moves"]] == ["lock_in"]
    assert seam.view(game, state, SCREEN)["legal_moves"] == []
    assert seam.view(game, state, TONY_V)["waiting_for"] == [KAMILA]  # the reader


def test_picks_stay_secret_from_other_seats_and_the_display_until_everyone_is_in():
    state = picking()
    assert seam.view(game, state, KAMILA_V)["players"][0]["picks"] == "AC"
    for viewer in (TONY_V, AMY_V, SCREEN):
        assert "AC" not in json.dumps(seam.view(game, state, viewer))
    state = post(post(state, TONY_V, "type=lock_in&letters=B&letters=D"), AMY_V, "type=lock_in&letters=F&letters=E")
    assert [p["picks"] for p in seam.view(game, state, SCREEN)["players"]] == ["AC", "BD", "EF"]


def test_each_player_has_a_view_of_their_own_and_displays_share_one():
    assert [game.screens.audience(v) for v in PLAYERS] == [None, None, None]
    assert game.screens.audience(SCREEN) == "display"
    assert game.screens.audience(Viewer(8, DISPLAY.slug, "Host screen", is_host=True)) is None


def test_the_now_card_follows_the_phase():
    state = started()
    assert game.screens.now(seam.view(game, state, KAMILA_V), KAMILA_V).headline == "You read this question: roll the scoring die"
    assert game.screens.now(seam.view(game, state, TONY_V), TONY_V).headline == "Waiting for Kamila to roll the scoring die"
    state = post(state, KAMILA_V, "type=set_die&face=HALF_LIE")
    tony = game.screens.now(seam.view(game, state, TONY_V), TONY_V)
    assert tony.headline == "Lock in one to three answers"
    # The die's rule is said once, beside the letters to lock in, not on the now card too.
    assert tony.my_turn and tony.detail == ""
    tony_regions = render_regions(state, TONY_V)
    assert "".join(tony_regions.values()).count("The tables are turned!") == 1
    state = post(state, TONY_V, "type=lock_in&letters=A&letters=B")
    locked = game.screens.now(seam.view(game, state, TONY_V), TONY_V)
    assert locked.headline.startswith("Locked in AB: you can change them") and locked.detail == "You are yellow, the shield"
    # Once one is in, the display counts them; the card's line below names those still choosing.
    assert game.screens.now(seam.view(game, state, SCREEN), SCREEN).headline == "1 of 3 players have locked in their answers"
    for viewer, letters in ((KAMILA_V, "C"), (AMY_V, "D")):
        state = post(state, viewer, f"type=lock_in&letters={letters}")
    assert game.screens.now(seam.view(game, state, KAMILA_V), KAMILA_V).headline == "Flip the card"
    assert game.screens.now(seam.view(game, state, AMY_V), AMY_V).headline == "Waiting for Kamila to flip the card"


def test_a_player_cannot_leave_mid_game_but_a_display_can():
    with pytest.raises(rules.IllegalMove):
        play.remove(game, started(), TONY_V, random.Random(0))
    play.remove(game, started(), SCREEN, random.Random(0))


def test_the_chart_adds_bonuses_as_taken_and_tracker_points_when_a_round_ends():
    from games.halftruth.screens import totals

    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(1))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, actors[seat_id], move, random.Random(1))
    view = seam.view(game, state, SCREEN)
    series = totals(view)
    assert {seat: points[-1] for seat, points in series.items()} == scripted.VICTORY_POINTS
    assert series[TONY] == [0, 1, 1, 6, 6, 17]  # bonus 1; bonus 2 and 3 for the Round 1 Tracker; ...
    assert len(view["chart"]["lines"]) == 3


# The scripted game


@pytest.mark.parametrize("script", [scripted, scripted_largest], ids=["scripted", "scripted_largest"])
def test_the_scripted_game_plays_through_three_rounds_to_the_expected_outcome(script):
    state = play.begin(game, script.PLAYERS, script.SETUP, random.Random(1))
    phases = set()
    dice = set()
    actors = {p.seat_id: p for p in script.PLAYERS}
    for seat_id, move in script.STEPS:
        assert game.outcome(state) is None
        state = play.move(game, state, actors[seat_id], move, random.Random(len(phases)))
        phases.add((state.rules["round"], state.rules["phase"]))
        dice.add(state.rules["die"])
    assert game.outcome(state) is not None
    assert {phase for _, phase in phases} == {"roll", "pick", "reveal", "over"}
    assert {"AMPED", "HALF_LIE"} <= dice
    view = seam.view(game, state, SCREEN)
    assert view["outcome"]["winners"] == script.WINNERS
    assert view["outcome"]["termination"] == "three-rounds"
    assert {s["seat"]: s["victory_points"] for s in view["outcome"]["standings"]} == script.VICTORY_POINTS
    assert game.screens.now(view, SCREEN).headline == "Game over: Kamila wins"


def test_each_seat_sees_the_questions_answered_as_its_own_rules_view_has_them():
    """The questions answered come from the display's view: that must be what each seat's own rules
    view says, at every step."""
    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(1))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    seen = 0
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, actors[seat_id], move, random.Random(1))
        for viewer in [*scripted.PLAYERS, SCREEN]:
            seat = None if viewer.is_display else state.seats.index(viewer.seat_id)
            own = rules.player_view(rules.from_dict(state.rules), seat)["history"]
            ids = state.seats
            own = [{**q, "reader": ids[q["reader"]], "results": [{**r, "seat": ids[r["seat"]]} for r in q["results"]]}
                   for q in own]
            assert seam.view(game, state, viewer)["history"] == own
            seen = max(seen, len(own))
    assert seen == len([move for _, move in scripted.STEPS if move["type"] == "reveal"])


def test_every_seat_sees_the_chart_its_own_view_would_draw():
    """The chart is worked out from the display's view: at every step it must be the chart of each
    seat's own view (its players, names, colours and history)."""
    from games.halftruth.screens import chart

    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(1))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    drawn = 0
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, actors[seat_id], move, random.Random(1))
        views = [seam.view(game, state, viewer) for viewer in [*scripted.PLAYERS, SCREEN]]
        for view in views:
            assert view["chart"] == chart(view)
        drawn += views[0]["chart"] is not None
    assert drawn > 0


@pytest.mark.parametrize("seed", range(12))
def test_the_scripted_game_ends_the_same_whatever_the_die_rolls(seed):
    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(seed))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, actors[seat_id], move, random.Random(seed))
    assert seam.view(game, state, SCREEN)["outcome"]["winners"] == scripted.WINNERS


def test_scripted_moves_are_what_parse_move_gives():
    for _, move in scripted.STEPS:
        data = QueryDict(mutable=True)
        for name, value in move.items():
            data.setlist(name, value if isinstance(value, list) else [value])
        assert parse_move(game.moves, data)[1] == move


# Regions


def render_regions(state, viewer):
    """Every region for one seat, from its view alone, as the table's templates receive it."""
    from django.template.loader import render_to_string

    me = {"id": viewer.seat_id, "name": viewer.name, "role": viewer.role, "is_host": viewer.is_host,
          "is_display": viewer.is_display, "has_phone": viewer.has_phone}
    context = {"view": seam.view(game, state, viewer), "me": me, "people": [], "names": {},
               "table": {"code": "KMNP", "status": "playing", "version": 1, "game": game.slug},
               "moves": {m.type: m for m in game.moves}}
    return {region: render_to_string(f"halftruth/partials/{region}.jinja", context) for region in game.regions}


def test_no_region_shows_a_pick_its_seat_may_not_see_at_any_step_of_the_scripted_game():
    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(1))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, actors[seat_id], move, random.Random(1))
        for viewer in (*scripted.PLAYERS, SCREEN):
            hidden = [pick for seat, pick in zip(state.seats, state.rules["picks"])
                      if state.rules["phase"] == "pick" and pick and seat != viewer.seat_id]
            html = "".join(render_regions(state, viewer).values())
            assert not [pick for pick in hidden if re.search(rf"\b{pick}\b", html)], (viewer.name, move)
            shown = [pick for seat, pick in zip(state.seats, state.rules["picks"]) if pick and pick not in hidden]
            assert all(f'data-picks="{pick}"' in html for pick in shown)  # the check above would see a leak


def test_regions_offer_forms_for_the_moves_of_the_phase():
    state = picking()
    tony = render_regions(state, TONY_V)
    assert 'id="lock-in-r1-q1"' in tony["answer_picker"] and 'name="letters"' in tony["answer_picker"]
    assert tony["card_answers"].strip() == ""
    kamila = render_regions(state, KAMILA_V)
    assert "checked" in kamila["answer_picker"]
    assert 'id="reveal-r1-q1"' not in kamila["answer_picker"]  # not before everyone is in
    assert render_regions(state, SCREEN)["answer_picker"].strip() == ""
    state = post(post(state, TONY_V, "type=lock_in&letters=B"), AMY_V, "type=lock_in&letters=D")
    assert 'id="reveal-r1-q1"' in render_regions(state, KAMILA_V)["answer_picker"]  # the reader flips the card
    assert 'id="reveal-r1-q1"' not in render_regions(state, TONY_V)["answer_picker"]
    assert 'id="skip-r1-q1' not in render_regions(picking(), TONY_V)["picks"]
    assert f'id="skip-r1-q1-{TONY}"' in render_regions(picking(), KAMILA_V)["picks"]


@pytest.mark.django_db
def test_regions_are_empty_in_the_lobby_before_there_is_a_game():
    from companion.live import render
    from companion.models import Table
    from tests.companion.test_render import seat_the_table

    table, seats = seat_the_table(PLAYERS, game, scripted.SETUP)
    table.status = Table.Status.LOBBY
    table.save()
    scene = render.scene(table, seats)
    for seat in seats:
        sent = {name: html for name, _, html in render.sections(scene, seat)[0]}
        for region in game.regions:
            assert re.search(r'data-v="\d+"></section>$', sent[region]), (seat.name, region)


# Ties on Victory Points: the now card and the standings say the tie and how it was broken.

TIED_SETUP = {**DEFAULTS, "layouts": "1; 1; 1,2"}
# Rounds 1 and 2: Kamila and Tony each reach the end of a one-space tracker on the first question.
EVEN_ROUNDS = [step for _ in range(2) for step in scripted.question(
    KAMILA, "ONE", [(KAMILA, "A"), (TONY, "A"), (AMY, "D")], "ABC")]


def played(steps, setup=TIED_SETUP):
    state = play.begin(game, PLAYERS, setup, random.Random(1))
    actors = {p.seat_id: p for p in PLAYERS}
    for seat_id, step in steps:
        state = play.move(game, state, actors[seat_id], step, random.Random(1))
    assert game.outcome(state) is not None
    return seam.view(game, state, SCREEN)


def test_a_tie_on_victory_points_broken_by_the_round_3_tracker_is_named():
    # Round 3: Tony doubles up for a bonus point; Kamila's pawn then reaches the end, his does not.
    view = played([*EVEN_ROUNDS,
                   *scripted.question(KAMILA, "ONE", [(KAMILA, "A"), (TONY, "AB"), (AMY, "D")], "ABC"),
                   *scripted.question(KAMILA, "ONE", [(KAMILA, "A"), (TONY, "D"), (AMY, "D")], "ABC")])
    assert {s["seat"]: s["victory_points"] for s in view["outcome"]["standings"]} == {KAMILA: 4, TONY: 4, AMY: 0}
    now = game.screens.now(view, SCREEN)
    assert now.headline == "Game over: Kamila wins on the tie-break"
    assert now.detail == ("Kamila and Tony tied on 4 Victory Points. The tie goes to the pawn furthest along the "
                          "Round 3 Tracker: Kamila with 2 spaces, ahead of Tony with 1.")
    assert view["outcome"]["tie_break"] == "tracker"


def test_a_tie_on_victory_points_and_on_the_round_3_tracker_is_a_shared_victory():
    view = played([*EVEN_ROUNDS,
                   *scripted.question(KAMILA, "TWO", [(KAMILA, "A"), (TONY, "B"), (AMY, "D")], "ABC")])
    now = game.screens.now(view, SCREEN)
    assert now.headline == "Game over: Kamila and Tony share the victory"
    assert now.detail == ("Kamila and Tony tied on 4 Victory Points and went as far along the Round 3 Tracker "
                          "(2 spaces): they share the victory.")


def test_a_clear_winner_is_named_with_the_points_that_won():
    now = game.screens.now(played([*EVEN_ROUNDS, *scripted.question(
        KAMILA, "TWO", [(KAMILA, "AB"), (TONY, "D"), (AMY, "D")], "ABC")]), SCREEN)
    assert (now.headline, now.detail) == ("Game over: Kamila wins", "Kamila has the most Victory Points (5).")


def test_players_level_on_points_are_drawn_side_by_side_on_the_chart_and_a_player_alone_where_their_points_are():
    view = played([*EVEN_ROUNDS, *scripted.question(
        KAMILA, "TWO", [(KAMILA, "A"), (TONY, "B"), (AMY, "D")], "ABC")])
    lines = {line["seat"]: [tuple(map(float, p.split(","))) for p in line["points"].split()]
             for line in view["chart"]["lines"]}
    # Kamila and Tony score alike after every question: their lines never meet, and run evenly apart.
    assert all(k != t for k, t in zip(lines[KAMILA], lines[TONY]))
    assert [t[1] - k[1] for k, t in zip(lines[KAMILA], lines[TONY])] == pytest.approx([3.5] * len(lines[TONY]), abs=.15)
    # At the start all three are level; once Amy is alone (no points), she is on the axis, and the
    # two level lines sit either side of where their points are.
    chart = view["chart"]
    assert [y for _, y in lines[AMY][1:]] == [chart["base_y"]] * (len(lines[AMY]) - 1)
    assert (lines[KAMILA][-1][1] + lines[TONY][-1][1]) / 2 == pytest.approx(chart["top_y"], abs=.15)
    assert (chart["lines"][0]["end_y"], chart["lines"][1]["end_y"]) == (lines[KAMILA][-1][1], lines[TONY][-1][1])


# What the screens draw from a view


def draw(region, view):
    from companion.live.render import partial

    return partial(f"halftruth/partials/{region}.jinja", {"view": view, "moves": {m.type: m for m in game.moves},
                                                         "table": {"code": "ABCDEF"}})


def scripted_until(count):
    state = play.begin(game, scripted.PLAYERS, scripted.SETUP, random.Random(1))
    actors = {p.seat_id: p for p in scripted.PLAYERS}
    for seat_id, step in scripted.STEPS[:count]:
        state = play.move(game, state, actors[seat_id], step, random.Random(1))
    return state


def test_the_round_just_over_stays_on_the_tracker_until_the_next_question_s_die_is_in():
    # Question 3 (Amped) ended round 1: Kamila on space 1, Tony at the end (3), Amy on START.
    ended = [i for i, (_, step) in enumerate(scripted.STEPS) if step["type"] == "reveal"][2] + 1
    view = seam.view(game, scripted_until(ended), SCREEN)
    summary = view["round_end"]
    assert summary["round"] == 1 and summary["tracker"] == [1, 2, 3]
    assert [(p["name"], p["position"], p["tracker"], p["bonus"], p["total"], p["victory_points"])
            for p in summary["players"]] == [("Kamila", 1, 1, 2, 3, 3), ("Tony", 3, 3, 3, 6, 6), ("Amy", 0, 0, 0, 0, 0)]
    assert summary["ahead"] == "Tony leads with 6 Victory Points."
    html = draw("round_tracker", view)
    assert "Round 1 is over" in html and "Tony leads with 6 Victory Points." in html
    cells = re.findall(r'<li class="ht-cell[^"]*">(.*?)</li>', html, re.S)
    assert ['aria-label="Amy"' in c for c in cells] == [True, False, False, False]
    assert ['aria-label="Kamila"' in c for c in cells] == [False, True, False, False]
    assert ['aria-label="Tony"' in c for c in cells] == [False, False, False, True]
    assert re.search(r'Tony</th><td>\+6<small class="ht-split">tracker 3 \+ bonus 3</small></td><td class="ht-total">6</td>',
                     html)
    # The next question's die is in: round 2's tracker, every pawn on START.
    view = seam.view(game, play.move(game, scripted_until(ended), KAMILA_V, {"type": "set_die", "face": "TWO"},
                               random.Random(1)), SCREEN)
    assert view["round_end"] is None
    html = draw("round_tracker", view)
    assert "Round 2 Tracker" in html and "is over" not in html


def test_pawns_carry_the_player_s_initial_colour_and_shape_and_a_chip_on_the_board_is_a_pawn_not_a_letter():
    view = seam.view(game, scripted_until(6), SCREEN)  # question 1 answered: Tony right on A and F
    assert [(p["colour"], p["shape"]) for p in view["players"]] == [
        ("orange", "hexagon"), ("blue", "circle"), ("purple", "star")]
    board = draw("card_answers", view)
    space_a = re.search(r'<span class="ht-space-letter">A</span>\s*<span class="ht-space-chips">(.*?)</span>\s*<span',
                        board, re.S)[1]
    assert 'class="pawn colour-blue shape-circle"' in space_a and 'aria-label="Tony"' in space_a
    assert "ht-chip" not in space_a  # chips with letters are answers, never people
    tracker = draw("round_tracker", view)
    assert tracker.count('class="pawn colour-') == 3 + 3  # on the track (named) and in the legend
    from games.halftruth.game import SHAPES

    assert len(set(SHAPES.values())) == len(SHAPES) == len(rules.Colour)


def test_the_standings_and_the_round_just_over_split_each_round_in_the_same_order_tracker_first():
    ended = [i for i, (_, step) in enumerate(scripted.STEPS) if step["type"] == "reveal"][2] + 1
    view = seam.view(game, scripted_until(ended), SCREEN)
    assert re.search(r'Tony</th><td>\+6<small class="ht-split">tracker 3 \+ bonus 3</small>', draw("round_tracker", view))
    standings = draw("victory_points", view)
    assert re.search(r'Tony</th>\s*<td>6<small class="ht-split">3 \+ 3</small></td>', standings)
    assert "the Round Tracker's number when the round ends + the bonus" in standings


def test_a_player_taken_out_of_the_game_reads_left_the_game_not_skipped():
    state = post(started(), KAMILA_V, "type=set_die&face=ONE")
    state = post(state, KAMILA_V, f"type=drop&seat={AMY}")
    state = post(post(state, KAMILA_V, "type=lock_in&letters=A"), TONY_V, "type=lock_in&letters=D")
    view = seam.view(game, post(state, KAMILA_V, "type=reveal&correct=A&correct=B&correct=C"), SCREEN)
    for region in ("card_answers", "history"):
        amy = re.search(r"<li>(?:(?!</li>).)*Amy(?:(?!</li>).)*</li>|<li class=\"missed\">(?:(?!</li>).)*Amy.*?</li>",
                        draw(region, view), re.S)[0]
        assert "left the game" in amy and "skipped" not in amy, region
    assert "Kamila read · correct" in draw("history", view)


def test_only_a_seat_that_must_act_now_has_a_form_marked_now_and_the_die_s_rule_is_said_once():
    def marked(state, viewer):
        return [region for region, html in render_regions(state, viewer).items() if "data-now" in html]

    state = started()
    assert marked(state, KAMILA_V) == ["scoring_die"] and marked(state, TONY_V) == [] == marked(state, SCREEN)
    state = picking()  # the die on 3, Kamila locked in
    assert marked(state, TONY_V) == ["answer_picker"] and marked(state, KAMILA_V) == [] == marked(state, SCREEN)
    for viewer in (KAMILA_V, TONY_V, SCREEN):
        assert "".join(render_regions(state, viewer).values()).count("move 3 spaces") == 1, viewer.name
    state = post(post(state, TONY_V, "type=lock_in&letters=B"), AMY_V, "type=lock_in&letters=D")
    assert marked(state, KAMILA_V) == ["answer_picker"] and marked(state, TONY_V) == []


def test_the_setup_in_short_says_how_long_each_round_tracker_is():
    assert game.screens.setup_notes(DEFAULTS, [])["layouts"] == "8, 10 and 12 spaces"
    assert game.screens.setup_notes({"layouts": "1,2,3; 2,4; 3,6,9"}, [])["layouts"] == "3, 2 and 3 spaces"
    # Typed wrong: the field and every summary say so in words, never the raw text.
    note = game.screens.setup_notes({"layouts": "0,1,2; banana"}, [])["layouts"]
    assert note.startswith("Not valid yet.") and "whole numbers" in note and "banana" not in note


# Undoing the last lock-in once the picks were revealed: everyone has seen them, so it is refused


@pytest.fixture
def revealed(db, phone):
    """Kamila (host), Tony and Amy at a Half Truth table, the die rolled, everyone locked in."""
    from companion.table import tables
    from tests.conftest import sit
    from tests.companion.test_tables import move, post_host

    table, kamila = tables.create_table("halftruth", "Kamila")
    phones = {"Kamila": sit(phone(), kamila)}
    for name in ("Tony", "Amy"):
        phones[name] = sit(phone(), tables.join_table(table, name))
    assert post_host(phones["Kamila"], table, "start").status_code == 200
    assert move(phones["Kamila"], table, type="roll").status_code == 200
    for name, letters in (("Kamila", "A"), ("Tony", "B")):
        assert move(phones[name], table, type="lock_in", letters=letters).status_code == 200
    return table, phones


def _confirm(client, table):
    import html

    from django.urls import reverse

    page = html.unescape(client.get(reverse("table", args=[table.code])).content.decode())
    return re.findall(r'hx-confirm="(Undo [^"]*)"', page)


def test_the_host_is_told_before_undoing_the_last_lock_in_that_everyone_has_seen_the_picks(revealed):
    from tests.companion.test_tables import move

    table, phones = revealed
    assert _confirm(phones["Kamila"], table) == ["Undo Tony's answer?"]  # the picks are still secret
    assert move(phones["Amy"], table, type="lock_in", letters="C").status_code == 200
    assert _confirm(phones["Kamila"], table) == [f"Undo Amy's answer? {rules.PICKS_SEEN}"]


def test_undoing_the_last_lock_in_after_the_reveal_is_refused_and_changes_nothing(revealed):
    from companion.models import Action, Table
    from tests.companion.test_tables import move, post_host

    table, phones = revealed
    assert move(phones["Amy"], table, type="lock_in", letters="C").status_code == 200
    table.refresh_from_db()
    state, v = table.state, table.version
    response = post_host(phones["Kamila"], table, "undo")
    assert response.status_code == 409
    assert "Everyone has seen the picks" in response.content.decode()
    table = Table.objects.get(pk=table.pk)
    assert table.state == state and table.version == v and table.state["rules"]["phase"] == "reveal"
    assert not Action.objects.filter(table=table, undone=True).exists()


def test_a_lock_in_before_the_reveal_is_undone_as_before(revealed):
    from companion.models import Table
    from tests.companion.test_tables import post_host

    table, phones = revealed
    assert post_host(phones["Kamila"], table, "undo").status_code == 200
    picks = Table.objects.get(pk=table.pk).state["rules"]["picks"]
    assert picks == ["A", None, None]


def test_an_undo_chain_back_past_the_scoring_stops_at_the_lock_in_that_showed_the_picks(revealed):
    from companion.models import Table
    from tests.companion.test_tables import move, post_host

    table, phones = revealed
    assert move(phones["Amy"], table, type="lock_in", letters="C").status_code == 200
    assert move(phones["Kamila"], table, type="reveal", correct=["A", "B", "C"]).status_code == 200
    assert move(phones["Tony"], table, type="roll").status_code == 200  # the next question's die
    for undone in ("Tony's roll of the scoring die", "Kamila's reveal of the card"):
        assert _confirm(phones["Kamila"], table) == [f"Undo {undone}?"]
        assert post_host(phones["Kamila"], table, "undo").status_code == 200
    assert _confirm(phones["Kamila"], table) == [f"Undo Amy's answer? {rules.PICKS_SEEN}"]
    table.refresh_from_db()
    state = table.state
    response = post_host(phones["Kamila"], table, "undo")
    assert response.status_code == 409 and "Everyone has seen the picks" in response.content.decode()
    assert Table.objects.get(pk=table.pk).state == state and state["rules"]["phase"] == "reveal"


# The result first (issue 44): what a question brought each seat leads its now card


def _now(state, viewer):
    return game.screens.now(seam.view(game, state, viewer), viewer)


def test_after_a_reveal_each_seat_s_now_card_leads_with_its_result_until_the_next_die_is_in():
    # Question 1, die 2: Tony doubles up right (2 spaces, 1 bonus); Kamila and Amy miss.
    state = scripted_until(5)
    tony = _now(state, TONY_V)
    assert tony.headline == "You read this question: roll the scoring die" and tony.my_turn
    assert tony.detail == "You: +2 spaces, +1 VP for doubling up."
    assert _now(state, KAMILA_V).detail == "You: no move."
    # The table display lists every player's, with the chips they placed.
    html = draw("results", seam.view(game, state, SCREEN))
    assert re.findall(r'"ht-name">(.*?)</span>.*?data-picks="(\w+)".*?"ht-gain">(.*?)</span>', html, re.S) == [
        ("Kamila:", "BD", "no move"), ("Tony:", "AF", "+2 spaces, +1 VP for doubling up"), ("Amy:", "CE", "no move")]
    # The next die is in: the result gives way to the question.
    state = post(state, TONY_V, "type=set_die&face=ONE")
    assert "You:" not in _now(state, AMY_V).detail
    assert "what each player got" not in draw("results", seam.view(game, state, SCREEN))


def test_the_die_s_special_rolls_and_a_pawn_on_the_last_space_are_said_with_the_round_s_end():
    # Question 3, Amped: Kamila and Tony double up right; Tony reaches the end and round 1 is over.
    ended = [i for i, (_, step) in enumerate(scripted.STEPS) if step["type"] == "reveal"][2] + 1
    state = scripted_until(ended)
    assert _now(state, TONY_V).detail == (
        "You: +1 space to the last space, +2 VP for doubling up (Amped). Round 1 is over: your pawn scores 3 VP.")
    assert _now(state, AMY_V).detail == "You: no move. Round 1 is over: your pawn scores 0 VP."
    # Half Lie: Kamila goes all in on wrong answers, which ends round 2.
    ended = [i for i, (_, step) in enumerate(scripted.STEPS) if step["type"] == "reveal"][3] + 1
    assert _now(scripted_until(ended), KAMILA_V).detail.startswith(
        "You: +2 spaces to the last space, +2 VP for going all in (Half Lie). Round 2 is over")


def test_the_end_of_the_game_tells_each_player_their_points_and_place_and_everyone_s():
    state = scripted_until(len(scripted.STEPS))
    tony = _now(state, TONY_V)
    assert tony.headline == "Game over: Kamila wins"
    assert tony.detail == ("Kamila has the most Victory Points (19). You: 17 VP, 2nd place. "
                           "Victory Points: Kamila 19, Tony 17, Amy 0.")


def test_a_game_the_host_ended_shows_every_player_s_victory_points():
    state = post(started(), KAMILA_V, "type=set_die&face=TWO")
    for viewer, letters in ((KAMILA_V, "A&letters=B"), (TONY_V, "C"), (AMY_V, "D")):
        state = post(state, viewer, f"type=lock_in&letters={letters}")
    state = play.end(game, post(state, KAMILA_V, "type=reveal&correct=A&correct=B&correct=C"))
    for viewer in (KAMILA_V, AMY_V, SCREEN):
        now = _now(state, viewer)
        assert now.headline == "The host ended the game: nobody wins"
        assert now.detail.endswith("Victory Points: Kamila 1, Tony 0, Amy 0."), viewer
