"""The Jinja2 environment that draws the table's regions: every template named ``*.jinja``
(templates/companion/partials/ and games/<slug>/templates/<slug>/partials/).

A region is drawn for some group of seats on nearly every move, and Django's template engine
resolves every variable and tag through several calls at each render. Jinja2 compiles each
template to Python once, and draws the same markup in a fraction of the calls. It is the engine
Django itself supports beside its own (``django.template.backends.jinja2``), so
``render_to_string`` and the tests reach the partials by name; the pages (base.html, table.html
and the rest) are Django templates. The suffix tells a reader, and each engine, which is which:
this one loads only ``.jinja`` names, Django's only the others (companion.web.pages).

The partials read a seat's view with Django's spelling:

- ``a.b`` on a dict is its key first (a view's "count" or "items" is never the dict's method),
  and a method is called as in Python (``d.items()``), never by itself;
- a name the context does not hold fails the drawing under ``STRICT_REGIONS`` (on under DEBUG
  and in the tests: ``StrictUndefined``); a region that leaves a name out on purpose asks
  ``is defined``. In production it draws nothing, however deep, and is logged once
  (``LoggedUndefined``): a guest sees a screen short of a word, not a table that stopped;
- ``default``, ``length``, ``add``, ``pluralize``, ``yesno`` and ``default_if_none`` are Django's
  own filters, and ``get_item`` the pages' (``default`` replaces any false value, ``length`` of
  None is 0), so a view needs no other shape;
- ``url(name, *args)`` is Django's ``reverse``, remembered per name and arguments, and
  ``static(path)`` Django's own;
- ``pawn(p, label=false, extra="")`` draws a player's pawn (``pawn`` below);
- each game adds its own functions (``Screens.template_functions``, e.g. LIE's ``die``).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.conf import settings
from django.template import defaultfilters
from django.template.utils import get_app_template_dirs
from django.templatetags.static import static
from jinja2 import ChainableUndefined, Environment, FileSystemLoader, StrictUndefined, TemplateNotFound, Undefined
from markupsafe import Markup, escape

from companion.speed.templates import PlainGlobals, url
from companion.table.games import listed
from companion.templatetags.table_tags import get_item

SUFFIX = ".jinja"  # a region's template; every other name is a page, Django's

logger = logging.getLogger(__name__)


def is_partial(name: str) -> bool:
    return name.endswith(SUFFIX)


class PartialsLoader(FileSystemLoader):
    """Only the regions' partials (``*.jinja``): every other name is Django's (the pages), refused
    at once."""

    def get_source(self, environment: Environment, template: str):
        if not is_partial(template):
            raise TemplateNotFound(template)
        return super().get_source(environment, template)


class TableEnvironment(PlainGlobals):
    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:  # a view's key, before any method of dict (``d.items()`` still works)
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def widthratio(value: Any, maximum: Any, width: Any) -> str:
    """``widthratio(a, b, c)``: a / b scaled to c, rounded (as ``{% widthratio %}``)."""
    try:
        value, maximum, width = float(value), float(maximum), float(width)
    except (TypeError, ValueError):
        return ""
    if maximum == 0:
        return "0"
    return str(round(value / maximum * width))


def pawn(p: dict, label: bool = False, extra: str = "") -> Markup:
    """A player's pawn: their colour, the shape that goes with it, and their initial. ``label``: the
    pawn stands alone (no name beside it), so it carries the name for screen readers and a tooltip.
    A function rather than a macro: a screen draws dozens, and a macro's call costs several times
    the markup it makes."""
    name = p["name"]
    said = f' role="img" aria-label="{escape(name)}" title="{escape(name)}"' if label else ' aria-hidden="true"'
    more = f" {escape(extra)}" if extra else ""
    return Markup(f'<span class="pawn colour-{escape(p["colour"])} shape-{escape(p["shape"])}{more}"{said}>'
                  f'{escape(str(name)[:1].upper())}</span>')


# What of a player pawn reads, for companion.speed.reads: a region that draws pawns is not drawn
# again for a change to anything else of the players.
pawn.reads = ("name", "colour", "shape")


def drawing_now() -> str:
    """The template and line being drawn: the innermost frame of a compiled template (a macro's or
    an included partial's first), its line mapped back to the template's."""
    frame = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            return f"{template.name}:{template.get_corresponding_lineno(frame.f_lineno)}"
        frame = frame.f_back
    return "a template"


class LoggedUndefined(ChainableUndefined):
    """Production's: a name a region reads that its context lacks draws nothing, however deep,
    and says so in the log once a process for each template line and name. Every screen is
    drawn again on each change, so a name missing there would otherwise fill the log."""

    __slots__ = ()
    logged: set[str] = set()  # finite: the templates' lines times the names they read

    def _log(self) -> None:
        line = f"{drawing_now()}: {self._undefined_message}"
        if line not in self.logged:
            self.logged.add(line)
            logger.error("A live region reads a name its context lacks, drawn empty: %s", line)

    def __str__(self) -> str:
        self._log()
        return ""

    def __iter__(self):
        self._log()
        return iter(())

    def __bool__(self) -> bool:
        self._log()
        return False

    def __len__(self) -> int:
        self._log()
        return 0

    def __eq__(self, other: Any) -> bool:
        self._log()
        return super().__eq__(other)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    __hash__ = ChainableUndefined.__hash__


def is_none(value: Any) -> bool:
    """``x is none``: None, or a name left out of the context, which is a missing name like any
    other (strict: it fails; in production: logged, and none)."""
    if isinstance(value, Undefined):
        bool(value)  # StrictUndefined raises here, LoggedUndefined logs
        return True
    return value is None


def environment(**options: Any) -> Environment:
    """Django's Jinja2 backend calls this with its options (the template folders)."""
    from companion.table.games import all_games

    # And each app's templates/, where the Django engine looks too: a game's partials sit in its own
    # folder under the name every Django app uses (the backend's APP_DIRS would look in jinja2/).
    options["loader"] = PartialsLoader([*options["loader"].searchpath, *get_app_template_dirs("templates")])
    # Strict where a missing name is a bug to be told of at once (DEBUG, the tests); in production
    # a guest at the table would rather see a screen short of a word than one that stops drawing.
    options["undefined"] = StrictUndefined if settings.STRICT_REGIONS else LoggedUndefined
    # Every region is HTML whatever its suffix: escaped always (Jinja's own select_autoescape
    # would leave a ``.jinja`` name unescaped).
    options["autoescape"] = True
    env = TableEnvironment(**options)
    django_filters = ("default", "default_if_none", "length", "add", "pluralize", "yesno")
    env.filters.update({name: getattr(defaultfilters, name) for name in django_filters})
    env.filters["get_item"] = get_item
    env.filters["listed"] = listed
    env.tests["none"] = is_none
    env.globals.update(url=url, static=static, widthratio=widthratio, pawn=pawn)
    for game in all_games():
        clash = set(game.screens.template_functions) & set(env.globals)
        if clash:
            raise ValueError(f"{game.slug}: template functions {sorted(clash)} are taken")
        env.globals.update(game.screens.template_functions)
    return env

