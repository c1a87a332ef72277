"""The words LIE's screens say, read as a person reads them: one of a thing is not "1 ... ones"."""

import random

from django.template.loader import render_to_string

from companion.table import seam
from companion.table.games import DISPLAY, Viewer, get
from tests import played as play

from . import scripted
from .scripted import PLAYERS
from .test_game import bidding, post

game = get("lie")
ANA_V, BEN_V, CAL_V, DEE_V = PLAYERS
SCREEN = Viewer(9, DISPLAY.slug, "Screen")


def render(state, viewer, region):
    people = [{"id": v.seat_id, "name": v.name, "role": v.role, "is_host": v.is_host, "is_display": v.is_display,
               "has_phone": v.has_phone} for v in [*PLAYERS, SCREEN]]
    me = next(p for p in people if p["id"] == viewer.seat_id)
    context = {"view": seam.view(game, state, viewer), "me": me, "people": people,
               "names": {p["id"]: p["name"] for p in people},
               "table": {"code": "ABCD", "status": "playing", "version": 1, "game": "lie"},
               "moves": {m.type: m for m in game.moves}}
    return " ".join(render_to_string(f"lie/partials/{region}.jinja", context).split())


def test_the_moment_says_there_was_one_of_a_face_and_there_were_two_of_another():
    one = post(post(bidding(), ANA_V, "type=bid&quantity=1&face=2"), BEN_V, "type=challenge")  # Cal's one two
    assert seam.moment(game, one) == "ben called Lie on ana's one two: there was 1 two, the bid held."
    two = post(post(bidding(), ANA_V, "type=bid&quantity=3&face=5"), BEN_V, "type=challenge")  # Ana's two fives
    assert seam.moment(game, two) == "ben called Lie on ana's three fives: there were 2 fives, the bid was a lie."


def test_the_key_under_a_wild_showdown_names_a_wild_one_without_a_number_before_ones():
    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    for seat_id, move in scripted.STEPS[:9]:  # round 1, with ones wild
        state = play.move(game, state, next(p for p in PLAYERS if p.seat_id == seat_id), move, random.Random(1))
    shown = render(state, ANA_V, "showdown")
    assert "a ringed" in shown and "is a wild one, counted toward the bid" in shown
    assert "wild ones count" not in shown


def test_a_finished_games_last_showdown_says_what_each_player_held_at_the_end_not_next_round():
    state = play.begin(game, PLAYERS, scripted.SETUP, random.Random(1))
    for seat_id, move in scripted.STEPS:
        state = play.move(game, state, next(p for p in PLAYERS if p.seat_id == seat_id), move, random.Random(1))
    assert game.outcome(state) is not None
    shown = render(state, ANA_V, "showdown")
    assert ">At the end<" in shown and "Next round" not in shown
    # The rounds before it still say what each player drew next.
    assert "Next round" in render(state, ANA_V, "history")
