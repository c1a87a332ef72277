"""The regions' Jinja2 environment reads a view as the Django templates did, fails on a name that is
not there (in the tests and under DEBUG; production draws it empty and logs it), and draws only the partials."""

from __future__ import annotations

import logging

import pytest
from jinja2 import UndefinedError
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, engines
from django.template.loader import get_template


@pytest.fixture
def draw():
    env = engines["jinja2"].env
    return lambda source, **context: env.from_string(source).render(**context)


def test_a_dotted_name_reads_a_dicts_key_before_its_methods(draw):
    view = {"items": "3 items", "count": 5, "values": [1, 2]}
    assert draw("{{ v.items }}/{{ v.count }}/{{ v.values|length }}", v=view) == "3 items/5/2"
    assert draw("{% for k, n in v.items() %}{{ k }}={{ n }};{% endfor %}", v={"a": 1, "b": 2}) == "a=1;b=2;"


MISSPELT = [
    "{{ view.keper }}",
    "{% for g in view.gueses %}{{ g }}{% endfor %}",
    "{% if view.keper %}x{% endif %}",
    "{{ view.keper.name }}",
    "{{ view.keper|default('nobody') }}",
    "{{ view.gueses|length }}",
    "{% if view.keper is none %}x{% endif %}",
    "{% if view.keper == 1 %}x{% endif %}",
    "{{ names|get_item(view.keper) }}",
    "{{ view.gueses|listed }}",
    "{{ veiw.keeper }}",
]


@pytest.mark.parametrize("source", MISSPELT)
def test_a_misspelt_name_fails_to_draw(draw, source):
    with pytest.raises(UndefinedError):
        draw(source, view={"keeper": 1, "guesses": ["lamp"]}, names={1: "Kim"})


def test_a_name_left_out_on_purpose_is_asked_with_is_defined(draw):
    test = "{% if v.lies is defined and v.lies is not none %}some{% else %}none{% endif %}"
    assert [draw(test, v=v) for v in ({}, {"lies": None}, {"lies": []})] == ["none", "none", "some"]


def test_a_key_that_holds_none_is_none(draw):
    test = "{% if v.lies is none %}none{% endif %}{% if v.lies is not none %}some{% endif %}"
    assert draw(test, v={"lies": None}) == "none"
    assert draw(test, v={"lies": []}) == "some"


@pytest.fixture
def production(settings, caplog):
    """The regions' environment as production builds it (no STRICT_REGIONS), its log caught."""
    from jinja2 import FileSystemLoader

    from companion.live import jinja

    settings.STRICT_REGIONS = False
    jinja.LoggedUndefined.logged.clear()
    env = jinja.environment(loader=FileSystemLoader([]), autoescape=True)
    caplog.set_level(logging.ERROR, logger="companion.live.jinja")
    yield env
    jinja.LoggedUndefined.logged.clear()


def test_in_production_a_missing_name_draws_nothing_and_is_logged_once_a_line(production, caplog):
    drawn = [production.from_string(source).render(view={"keeper": 1}, names={}) for source in MISSPELT]
    assert drawn == ["", "", "", "", "nobody", "0", "x", "", "", "", ""]  # as Django's templates draw them
    template = production.from_string("[{{ v.a.b.c }}][{% for g in v.gueses %}{{ g }}{% endfor %}]")
    for _ in range(3):
        assert template.render(v={}) == "[][]"
    logged = [r.getMessage() for r in caplog.records if "gueses" in r.getMessage()]
    assert len(logged) == 1 and "no attribute 'gueses'" in logged[0], logged
    assert any("no attribute 'a'" in r.getMessage() for r in caplog.records)


def test_in_production_a_key_left_out_still_reads_as_none(production):
    test = "{% if v.lies is none %}none{% endif %}{% if v.lies is not none %}some{% endif %}"
    assert production.from_string(test).render(v={}) == "none"


def test_the_log_names_the_region_and_its_line(production, caplog):
    from jinja2 import DictLoader

    source = "<ol>\n{% for g in view.gueses %}{{ g }}{% endfor %}</ol>"
    production.loader = DictLoader({"stub/partials/guesses.jinja": source})
    assert production.get_template("stub/partials/guesses.jinja").render(view={}) == "<ol>\n</ol>"
    assert "stub/partials/guesses.jinja:2: 'dict object' has no attribute 'gueses'" in caplog.text


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
    assert get_template("lie/partials/bids.jinja").backend.name == "jinja2"
    assert get_template("companion/table.html").backend.name == "django"


ROOT = Path(settings.BASE_DIR)
# Every template file: the app's own (pages and partials) and each game's in its folder.
TEMPLATE_FILES = [*(ROOT / "templates").rglob("*.*"), *ROOT.glob("games/*/templates/**/*.*")]


def template_name(path: Path) -> str:
    """The name a template is asked for by: its path under its templates/ folder."""
    parts = path.parts
    return "/".join(parts[len(parts) - parts[::-1].index("templates"):])


@pytest.mark.parametrize("path", TEMPLATE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_templates_suffix_names_the_engine_that_draws_it(path):
    """A reader tells a region (Jinja2, ``*.jinja``) from a page (Django: ``*.html``, the service
    worker's ``sw.js``) by its name alone: each engine loads only its own, so a region saved as
    .html is never drawn as a region."""
    name = template_name(path)
    own, other = ("jinja2", "django") if path.suffix == ".jinja" else ("django", "jinja2")
    template = engines[own].get_template(name)
    assert Path(template.origin.name if own == "django" else template.template.filename) == path
    with pytest.raises(TemplateDoesNotExist):
        engines[other].get_template(name)


def test_every_region_a_game_names_is_a_jinja_file():
    from companion.live.render import region_names, template_of
    from companion.table.games import all_games

    for game in all_games():
        for region in region_names(game):
            name = template_of(game, region)
            assert name.endswith(".jinja") and get_template(name).backend.name == "jinja2", name


def test_a_region_file_is_escaped_as_html():
    from jinja2 import FileSystemLoader

    from companion.live.render import partial

    drawn = partial("companion/partials/flash.jinja", {"message": '<b>"x"</b>', "kind": "error", "reason": "",
                                                        "remedy": None, "table_code": "ABCDEF"})
    assert "&lt;b&gt;" in drawn and "<b>" not in drawn
    # And if the settings asked for Jinja's select_autoescape, whose defaults skip a .jinja name.
    from jinja2 import DictLoader, select_autoescape

    from companion.live import jinja

    env = jinja.environment(loader=FileSystemLoader([]), autoescape=select_autoescape())
    env.loader = DictLoader({"stub/partials/guesses.jinja": "{{ view.guess }}"})
    assert env.get_template("stub/partials/guesses.jinja").render(view={"guess": "<i>"}) == "&lt;i&gt;"


def test_every_partial_compiles():
    from companion.live.jinja import is_partial

    partials = [p for p in TEMPLATE_FILES if p.suffix == ".jinja"]
    assert len(partials) > 30
    env = engines["jinja2"].env
    names = env.list_templates(filter_func=is_partial)
    assert sorted(names) == sorted(map(template_name, partials))
    for name in names:
        env.get_template(name)
