"""The regions' Jinja2 environment reads a view as the Django templates did, and draws only the partials."""

from __future__ import annotations

import pytest
from django.template import engines
from django.template.loader import get_template


@pytest.fixture
def draw():
    env = engines["jinja2"].env
    return lambda source, **context: env.from_string(source).render(**context)


def test_a_dotted_name_reads_a_dicts_key_before_its_methods(draw):
    view = {"items": "3 items", "count": 5, "values": [1, 2]}
    assert draw("{{ v.items }}/{{ v.count }}/{{ v.values|length }}", v=view) == "3 items/5/2"
    assert draw("{% for k, n in v.items() %}{{ k }}={{ n }};{% endfor %}", v={"a": 1, "b": 2}) == "a=1;b=2;"


def test_anything_missing_is_empty_however_deep(draw):
    assert draw("[{{ v.a.b.c }}][{{ nothing.at.all }}][{% if v.a.b %}x{% endif %}]", v={}) == "[][][]"
    assert draw("{{ v.rows.0.cards }}", v={"rows": []}) == ""


def test_a_key_left_out_is_none_as_in_django(draw):
    test = "{% if v.lies is none %}none{% endif %}{% if v.lies is not none %}some{% endif %}"
    assert draw(test, v={}) == "none"
    assert draw(test, v={"lies": None}) == "none"
    assert draw(test, v={"lies": []}) == "some"


def test_positions_read_lists_and_tuples(draw):
    assert draw("{{ r.1 }} after {{ r.0 }}; {{ m.fields.0.name }}", r=("ann", "ben"),
                m={"fields": [{"name": "face"}]}) == "ben after ann; face"


def test_the_filters_keep_djangos_meaning(draw):
    assert draw("{{ 0|default('none') }} {{ ''|default('-') }} {{ 3|default('-') }}") == "none - 3"
    assert draw("{{ none|default_if_none('-') }} {{ 0|default_if_none('-') }}") == "- 0"
    assert draw("{{ none|length }} {{ [1, 2]|length }}") == "0 2"
    assert draw("{{ 2|add(1) }} {{ '2'|add(1) }} {{ 'a'|add('b') }} {{ none|add(1) }}") == "3 3 ab "
    assert draw("guess{{ 1|pluralize('es') }} guess{{ 2|pluralize('es') }} card{{ 0|pluralize }}") == \
        "guess guesses cards"
    assert draw("fit{{ 1|pluralize('s,') }} fit{{ 3|pluralize('s,') }} {{ [1]|pluralize }}{{ [1, 2]|pluralize }}") == \
        "fits fit s"
    assert draw("{{ true|yesno('1,0') }}{{ false|yesno('1,0') }} {{ none|yesno('y,n,?') }}") == "10 ?"
    assert draw("{{ names|get_item(2) }}|{{ names|get_item(9) }}|{{ none|get_item(2) }}", names={2: "ann"}) == \
        "ann||"


def test_the_functions_give_urls_static_paths_and_ratios(draw):
    assert draw("{{ url('move', 'ABCDEF') }}") == "/t/ABCDEF/move/"
    assert draw("{{ url('host_action', 'ABCDEF', 'start') }}") == "/t/ABCDEF/host/start/"
    assert draw("{{ static('js/fiction.js') }}").endswith("js/fiction.js")
    assert draw("{{ widthratio(600, 60, 1) }} {{ widthratio(1.5, 1, 1000) }} {{ widthratio(1, 0, 9) }}") == \
        "10 1500 0"


def test_markup_is_escaped_unless_it_is_safe(draw):
    assert draw("{{ s }}", s='<b>"x"</b>') == "&lt;b&gt;&#34;x&#34;&lt;/b&gt;"
    assert draw("{{ die(4) }}") == '<span class="die d4">4</span>'  # LIE's, marked safe


def test_only_the_partials_are_jinja_and_the_pages_stay_django():
    assert get_template("lie/partials/bids.html").backend.name == "jinja2"
    assert get_template("companion/table.html").backend.name == "django"


def test_every_partial_compiles():
    from pathlib import Path

    from django.conf import settings

    from companion.live.jinja import is_partial

    root = Path(settings.BASE_DIR)  # the app's own partials, and each game's in its folder
    partials = [*root.glob("templates/*/partials/*.html"), *root.glob("games/*/templates/*/partials/*.html")]
    assert len(partials) > 30
    env = engines["jinja2"].env
    names = env.list_templates(filter_func=is_partial)
    assert len(names) == len(partials)
    for name in names:
        env.get_template(name)
