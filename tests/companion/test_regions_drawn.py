"""A move draws only the regions whose inputs it changed (companion.speed.reads): at a Half Truth
table of six (five players with phones and a table display), one player's lock-in draws that
player's own regions that changed, the public regions once, and no other seat's answer picker,
die or anything else the lock-in leaves as it was."""

from __future__ import annotations

import pytest

from companion.live import render
from companion.table import tables
from companion.table.games import get
from tests.companion.test_tables import move, post_host
from tests.conftest import sit

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


@pytest.fixture
def picking(phone):
    """Half Truth at a table of six, the die set, so every player is choosing their answers."""
    table, host = tables.create_table("halftruth", NAMES[0])
    seats = [host] + [tables.join_table(table, name) for name in NAMES[1:]]
    tables.join_table(table, "Table display", as_display=True)
    phones = [sit(phone(), seat) for seat in seats]
    assert post_host(phones[0], table, "start").status_code == 200
    table.refresh_from_db()
    reader = table.state["rules"]["reader"] if "rules" in table.state else table.state["reader"]
    assert move(phones[reader], table, type="set_die", face="AMPED").status_code == 200
    return table, seats, phones


def test_a_lock_in_draws_only_the_regions_it_changed(picking, monkeypatch, settings):
    table, seats, phones = picking
    settings.STRICT_REGIONS = False  # which would draw every region it finds kept again, to compare
    assert move(phones[1], table, type="lock_in", letters="A").status_code == 200  # every screen drawn since the die
    drawn = []
    real = render._draw
    monkeypatch.setattr(render, "_draw", lambda name, template, ctx: drawn.append(name) or real(name, template, ctx))
    assert move(phones[2], table, type="lock_in", letters="B").status_code == 200
    game = get("halftruth")
    # The mover's picker, now locked in; nobody else's picker or die, which the lock-in leaves as they were.
    assert drawn.count("answer_picker") == 1
    assert drawn.count("scoring_die") == 0
    # What the table shows alike, once: each public region, the clock. The chips (who has locked
    # in) once for each screen that shows them differently: the host's, with its tools beside
    # them; Ben's and Cat's, each with its own letters; and one for Dan, Eve and the display.
    for name in (*game.public_regions, "clock"):
        assert drawn.count(name) <= 1, name
    assert drawn.count("picks") == 4
    # Nothing the lock-in did not touch: the people, the standings, the host's tools.
    assert not {"people", "standings", "evening"} & set(drawn)
    assert len(drawn) < 20, drawn


# What a template reads, as companion.speed.reads finds it.

def found(named_when_drawn: tuple[str, ...] = (), **templates: str):
    from jinja2 import DictLoader, Environment

    from companion.speed import reads

    from companion.live.jinja import pawn

    env = Environment(loader=DictLoader(templates))
    env.globals["pawn"] = pawn
    return reads.reads(env, "region", named_when_drawn)


def test_a_key_read_of_the_view_is_all_that_is_read_of_it():
    from companion.speed import reads

    tree = found(region="{{ view.phase }}{% if view.outcome %}over{% endif %}")
    assert tree == {"view": {"phase": None, "outcome": {"?": True}}}
    before = {"view": {"phase": "pick", "outcome": {"a": 1}, "secret": "x"}}
    assert reads.alike(tree, before, {"view": {"phase": "pick", "outcome": {"b": 2}, "secret": "y"}})
    assert not reads.alike(tree, before, {"view": {"phase": "reveal", "outcome": {"a": 1}, "secret": "x"}})
    assert not reads.alike(tree, before, {"view": {"phase": "pick", "outcome": None, "secret": "x"}})


def test_a_loop_reads_what_its_variable_reads_of_every_element_and_how_many_there_are():
    from companion.speed import reads

    tree = found(region="{% for p in view.players %}{{ p.name }}{% endfor %}")
    ann, ben = {"name": "Ann", "locked_in": False}, {"name": "Ben", "locked_in": False}
    before = {"view": {"players": [ann, ben]}}
    assert reads.alike(tree, before, {"view": {"players": [ann, {**ben, "locked_in": True}]}})
    assert not reads.alike(tree, before, {"view": {"players": [ann]}})
    assert not reads.alike(tree, before, {"view": {"players": [ann, {**ben, "name": "Bea"}]}})


def test_a_loop_over_a_dict_reads_its_entries_in_their_order():
    from companion.speed import reads

    tree = found(region="{% for name in view.counts %}{{ name }}: {{ view.counts[name] }}{% endfor %}")
    before = {"view": {"counts": {"Ann": 1, "Ben": 2}, "phase": "bid"}}
    assert reads.alike(tree, before, {"view": {"counts": {"Ann": 1, "Ben": 2}, "phase": "count"}})
    # Equal as dicts, but drawn in another order.
    assert not reads.alike(tree, before, {"view": {"counts": {"Ben": 2, "Ann": 1}, "phase": "bid"}})
    assert not reads.alike(tree, before, {"view": {"counts": {"Ann": 1, "Ben": 3}, "phase": "bid"}})


def test_a_name_set_from_a_path_reads_through_it_and_a_dynamic_key_reads_every_entry():
    tree = found(region="{% for r in view.results %}{% set p = view.by_seat[r.seat] %}{{ p.name }}{% endfor %}")
    assert tree["view"]["by_seat"] == {"*": {"name": None}}
    assert tree["view"]["results"]["*"]["seat"] is None


def test_a_method_a_function_or_a_filter_reads_the_whole_of_what_it_is_given():
    assert found(region="{{ view.get('phase') }}") == {"view": None}
    assert found(region="{{ view.players|length }}")["view"] == {"players": None}
    assert found(region="{{ shout(view.players) }}")["view"] == {"players": None}


def test_a_pawn_reads_its_players_name_colour_and_shape_alone():
    tree = found(region="{% for p in view.players %}{{ pawn(p, label=true) }}{% endfor %}")
    assert tree["view"]["players"]["*"] == {"?": True, "name": None, "colour": None, "shape": None}


def test_an_included_template_reads_for_the_region_and_one_named_when_drawn_reads_what_it_may_name():
    tree = found(region="{% for p in view.players %}{% include 'row' %}{% endfor %}", row="{{ p.colour }}")
    assert tree["view"]["players"]["*"]["colour"] is None
    assert found(region="{% include view.template %}") is None
    tree = found(("a", "b"), region="{% include view.template %}", a="{{ view.x }}", b="{{ me.name }}")
    assert tree == {"view": {"template": None, "x": None}, "me": {"name": None}}


def test_a_region_drawn_again_from_inputs_that_miss_what_it_reads_fails_the_drawing(picking, monkeypatch):
    """Under STRICT_REGIONS (the tests, DEBUG) a region found kept is drawn anyway and compared:
    inputs that leave out something it reads (here the people, which read which seat is "you")
    fail at once."""
    table, seats, phones = picking
    people = "companion/partials/people.jinja"
    real = render._reading_of
    blind = (lambda ctx: (), lambda then, now: True)  # reads nothing: every drawing kept is taken
    monkeypatch.setattr(render, "_reading_of", lambda template: blind if template == people else real(template))
    render.kept_for(table.pk).clear()
    try:
        render.live_update(table, seats[0])
        with pytest.raises(RuntimeError, match="people.jinja drew differently"):
            render.live_update(table, seats[1])  # whose people differ: they mark Ben as "you", not Ann
    finally:
        render.kept_for(table.pk).clear()  # drawings kept with what a blind reading took
