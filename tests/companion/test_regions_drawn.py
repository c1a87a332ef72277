"""A move draws only the regions whose inputs it changed (companion.live.reads): at a Half Truth
table of six (five players with phones and a table display), one player's lock-in draws that
player's own regions that changed, the public regions once, and no other seat's answer picker,
die or anything else the lock-in leaves as it was."""

from __future__ import annotations

import pytest

from companion.live import render
from companion.models import Table
from companion.table import tables
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


def kept(table: Table) -> dict:
    return dict(render.kept_for(table.pk))


def test_a_lock_in_draws_only_the_regions_it_changed(picking):
    table, seats, phones = picking
    assert move(phones[1], table, type="lock_in", letters="A").status_code == 200  # every screen drawn since the die
    before = kept(table)
    assert move(phones[2], table, type="lock_in", letters="B").status_code == 200
    after = kept(table)
    redrawn = {key for key, entry in after.items() if before.get(key) is not entry}
    mover = seats[2].pk
    by_screen: dict[object, set[str]] = {}
    for screen, template in redrawn:
        by_screen.setdefault(screen, set()).add(template.rsplit("/", 1)[-1].removesuffix(".jinja"))
    # Each seat's region drawn again draws something new: what it reads changed, and so did what it
    # shows. (The clock is drawn with the moment of drawing in it; the public regions are drawn
    # once for every screen, and may read more than a lock-in changes of what they show.)
    for key in redrawn:
        if key[0] != "public" and not key[1].endswith("/clock.jinja"):
            assert before[key][1] != after[key][1], f"{key} drawn again the same"
    assert "answer_picker" in by_screen[mover]
    for screen, names in by_screen.items():
        if screen != mover:
            assert not names & {"answer_picker", "scoring_die"}, (screen, names)
    drawn = sum(len(names) for names in by_screen.values())
    assert drawn < len(before) / 2, by_screen


# What a template reads, as companion.live.reads finds it.

def found(**templates: str):
    from jinja2 import DictLoader, Environment

    from companion.live import reads

    env = Environment(loader=DictLoader(templates))
    return reads.reads(env, "region")


def test_a_key_read_of_the_view_is_all_that_is_read_of_it():
    from companion.live import reads

    tree = found(region="{{ view.phase }}{% if view.outcome %}over{% endif %}")
    assert tree == {"view": {"phase": None, "outcome": {"?": True}}}
    same = reads.inputs(tree, {"view": {"phase": "pick", "outcome": {"a": 1}, "secret": "x"}})
    assert same == reads.inputs(tree, {"view": {"phase": "pick", "outcome": {"b": 2}, "secret": "y"}})
    assert same != reads.inputs(tree, {"view": {"phase": "reveal", "outcome": {"a": 1}, "secret": "x"}})
    assert same != reads.inputs(tree, {"view": {"phase": "pick", "outcome": None, "secret": "x"}})


def test_a_loop_reads_what_its_variable_reads_of_every_element_and_how_many_there_are():
    from companion.live import reads

    tree = found(region="{% for p in view.players %}{{ p.name }}{% endfor %}")
    ann, ben = {"name": "Ann", "locked_in": False}, {"name": "Ben", "locked_in": False}
    before = reads.inputs(tree, {"view": {"players": [ann, ben]}})
    assert before == reads.inputs(tree, {"view": {"players": [ann, {**ben, "locked_in": True}]}})
    assert before != reads.inputs(tree, {"view": {"players": [ann]}})
    assert before != reads.inputs(tree, {"view": {"players": [ann, {**ben, "name": "Bea"}]}})


def test_a_name_set_from_a_path_reads_through_it_and_a_dynamic_key_reads_every_entry():
    tree = found(region="{% for r in view.results %}{% set p = view.by_seat[r.seat] %}{{ p.name }}{% endfor %}")
    assert tree["view"]["by_seat"] == {"*": {"name": None}}
    assert tree["view"]["results"]["*"]["seat"] is None


def test_a_method_a_function_or_a_filter_reads_the_whole_of_what_it_is_given():
    assert found(region="{{ view.get('phase') }}") == {"view": None}
    assert found(region="{{ view.players|length }}")["view"] == {"players": None}
    assert found(region="{{ shout(view.players) }}")["view"] == {"players": None}


def test_an_included_template_reads_for_the_region_and_one_named_when_drawn_makes_it_unknowable():
    tree = found(region="{% for p in view.players %}{% include 'row' %}{% endfor %}", row="{{ p.colour }}")
    assert tree["view"]["players"]["*"]["colour"] is None
    assert found(region="{% include view.template %}") is None


def test_a_region_drawn_again_from_inputs_that_miss_what_it_reads_fails_the_drawing(picking, monkeypatch):
    """Under STRICT_REGIONS (the tests, DEBUG) a region whose inputs are unchanged is drawn anyway and
    compared: inputs that leave out something it reads (here the people) fail at once."""
    table, seats, phones = picking
    people = "companion/partials/people.jinja"
    real = render._reads_of
    monkeypatch.setattr(render, "_reads_of", lambda template: {} if template == people else real(template))
    render.kept_for(table.pk).clear()
    assert move(phones[1], table, type="lock_in", letters="A").status_code == 200
    seats[4].name = "Evelyn"
    seats[4].save()
    with pytest.raises(RuntimeError, match="people.jinja drew differently"):
        render.live_update(Table.objects.get(pk=table.pk), seats[0])
