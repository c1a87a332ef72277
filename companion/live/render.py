"""Per-seat HTML: the only place a table becomes markup.

Templates see one seat's view (`Game.view`, which calls the rules' `player_view`) and the
table's public facts: its code, status, version, setup and the people at it. Never the
stored state. A game's public regions (the record of play, the trackers) show only what the
table display shows, so they are drawn once a change, from the display's view, for every
screen. The same regions make the first page and every later push; each carries a
hash of its content so a phone skips a region that has not changed, and morphs one that
has, keeping what its owner was typing. A region is drawn only when what its template reads
differs from every drawing of it kept for the table (``_drawn``, companion.speed.reads): a
lock-in draws the mover's picker, not the five others', and the screens that show the same
share one drawing.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Subquery
from django.template import engines
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from companion.live import presence
from companion.table import evening, seam, sitting, summary
from companion.table.clock import Clock
from companion.table.forms import Form
from companion.table.games import (DISPLAY, Game, Now, Played, Viewer, all_games, check_roles, describe, game_of, gone,
                                   next_in_role, page_stylesheet, played_name, played_of, players_of, role_counts, role_of,
                                   shown_since, viewer_of)
from companion.models import Action, Seat, Table
from companion.speed import reads
from companion.speed.sent import digests, joined

# The platform's own regions, around the game's (Game.regions): the host's tools, the evening's
# summary once it is over, what to do now and the clock above them, the table's own facts beside
# (on the display) or below them.
TOP = ("host", "evening", "now", "clock")
SIDE = ("standings", "setup", "people")
# Once the evening is over (Table.closed) every screen shows its summary and the host's way back,
# and nothing else: the other regions are sent empty, so nothing of a game left in play (a table
# closed while idle) reaches a phone.
WHEN_CLOSED = ("host", "evening")


def region_names(game: Game) -> tuple[str, ...]:
    return (*TOP, *game.regions, *SIDE)


def template_of(game: Game, region: str) -> str:
    app = game.slug if region in game.regions else "companion"
    return f"{app}/partials/{region}.jinja"


def person(seat: Seat, game: Game, here: set[int] | None = None, mark: dict[str, str] | None = None) -> dict[str, Any]:
    """A seat as anyone at the table may see it; ``presence`` is here, away, left, removed or no
    phone; ``removed``: the host removed it; ``gone``: left or removed, so not dealt into the next
    game; ``sits_out``: the host sat it out of the game at hand (companion.table.sitting);
    ``colour`` and ``shape`` its pawn's (``Screens.marks``), if it has one yet."""
    role = role_of(game, seat.role) or DISPLAY
    if seat.removed:
        status = "removed"
    elif not seat.has_phone:
        status = "no-phone"
    elif seat.left:
        status = "left"
    else:
        status = "here" if here is None or seat.pk in here else "away"
    return {"id": seat.pk, "name": seat.name, "role": seat.role, "role_label": role.label, "symbol": role.symbol,
            "is_host": seat.is_host, "is_display": seat.role == DISPLAY.slug, "has_phone": seat.has_phone,
            "presence": status, "removed": seat.removed, "gone": gone(seat), "colour": (mark or {}).get("colour"),
            "sits_out": seat.sits_out and not gone(seat) and seat.role != DISPLAY.slug,
            "shape": (mark or {}).get("shape")}


def public_facts(table: Table) -> dict[str, Any]:
    """What anyone at the table may know about it: never its state."""
    return {"code": table.code, "status": table.status, "status_label": table.get_status_display(),
            "version": table.version, "game": table.game, "setup": dict(table.setup or {}),
            "notice": table.notice, "results": list(table.results or []), "closed": table.closed}


@dataclass
class Scene:
    """Everything one drawing of a table shares between its seats (loaded once per change)."""

    table: Table
    game: Game
    seats: list[Seat]
    facts: dict[str, Any]
    people: list[dict[str, Any]]
    clock: Clock
    clock_left: float
    now_ms: int
    undo_label: str
    undo_note: str  # what undoing means beyond going back (Screens.undo_note), said in the confirm
    setup_problem: str | None
    rotation: tuple[str, str] | None
    played: Played | None
    drawn_for: list[Seat]  # the seats whose screens this drawing makes
    crowded: bool = False  # in the lobby, more players are dealt in than the game seats

    # What every seat's context holds alike, worked out once a drawing.
    @functools.cached_property
    def players(self) -> list[dict[str, Any]]:
        return [p for p in self.people if not p["is_display"]]

    @functools.cached_property
    def seated(self) -> list[dict[str, Any]]:
        """The players the next game would deal in: none gone, none sitting it out."""
        return [p for p in self.players if not p["gone"] and not p["sits_out"]]

    @functools.cached_property
    def asking(self) -> list[dict[str, Any]]:
        """The phones waiting for the host to let them sit down, oldest first: the claim and the
        seat's name (a claim's token never leaves the server)."""
        names = self.names
        return [{"claim": a["claim"], "seat": a["seat"], "name": names[a["seat"]]}
                for a in self.table.asking or () if a["seat"] in names]

    @functools.cached_property
    def names(self) -> dict[int, str]:
        return {p["id"]: p["name"] for p in self.people}

    @functools.cached_property
    def moves(self) -> dict[str, Any]:
        return {m.type: m for m in self.game.moves}

    @functools.cached_property
    def setup_values(self) -> dict[str, Any]:
        return {**Form(self.game.setup).initial(), **self.facts["setup"]}

    @functools.cached_property
    def setup_notes(self) -> dict[str, str]:
        if self.table.status != Table.Status.LOBBY:
            return {}
        return self.game.screens.setup_notes(self.setup_values, self.seated)

    @functools.cached_property
    def setup_locked(self) -> dict[str, str]:
        """Setup check boxes another one turns on while it is ticked: name -> the other's title."""
        values = self.setup_values
        return {name: f.title.split(" (")[0]  # "Hard difficulty", without its "(all three below)"
                for f in self.game.setup if f.covers and values.get(f.name) for name in f.covers}

    @functools.cached_property
    def common(self) -> dict[str, Any]:
        """What every seat's template context holds alike."""
        return {"table": self.facts, "game": self.game, "people": self.people, "players": self.players,
                "seated": self.seated, "asking": self.asking, "names": self.names, "roles": self.game.roles,
                "moves": self.moves, "clock": self.clock,
                "clock_left": self.clock_left, "now_ms": self.now_ms, "setup_fields": self.game.setup,
                "setup_values": self.setup_values, "setup_notes": self.setup_notes,
                "setup_locked": self.setup_locked, "setup_problem": self.setup_problem,
                "rotation": self.rotation, "standings": self.standings,
                "other_games": self.other_games, "evening": self.evening, "on_tv": self.on_tv,
                "left_game": self.left_game, "sitting_out": [p for p in self.players if p["sits_out"]],
                "sit_out_offered": self.crowded or any(p["sits_out"] for p in self.players)}

    @functools.cached_property
    def left_game(self) -> list[dict[str, Any]]:
        """The players dealt into the game in play whose phone left it, and whom the game still
        counts in: each with what the host may do about it (Screens.when_gone), for the "now" card."""
        if self.played is None or self.table.status != Table.Status.PLAYING:
            return []
        dealt = self.played.seats
        say = self.game.screens.when_gone
        found = ({"id": p["id"], "name": p["name"], "options": say(self.played, dealt.index(p["id"]))}
                 for p in self.people if p["presence"] == "left" and p["id"] in dealt)
        return [each for each in found if each["options"]]

    @functools.cached_property
    def on_tv(self) -> set[int]:
        """The seats a table display lists at the table: every one not gone, and those gone that the
        game on the table dealt in (their pawn or hand is still in it). A seat that left or was
        removed drops off once that game is over; its wins stay in the evening's standings."""
        dealt = set(self.played.seats) if self.played is not None else set()
        return {p["id"] for p in self.people if not p["gone"] or p["id"] in dealt}

    @functools.cached_property
    def evening(self) -> summary.Summary | None:
        """The evening's summary, once it is over (None before)."""
        return summary.of_table(self.table, self.seats) if self.table.closed else None

    @functools.cached_property
    def shared(self) -> dict[str, tuple[str, str]]:
        """The platform's regions that every screen shows alike (the evening's summary: each
        screen marks its own line, static/js/table.js), drawn once a change as (markup, digest)."""
        return {"evening": _drawn(self.game, "evening", self.common, self.kept, "shared")}

    @functools.cached_property
    def public(self) -> dict[str, tuple[str, str]]:
        """The game's public regions (``Game.public_regions``), each drawn once from the table
        display's view, as (markup, digest); none before the game starts."""
        if self.played is None or not self.game.public_regions:
            return {}
        ctx = {**self.common, "view": self.views[TABLE.seat_id]}
        return {name: _drawn(self.game, name, ctx, self.kept, "public") for name in self.game.public_regions}

    @functools.cached_property
    def views(self) -> dict[int | None, dict]:
        """The view of each seat drawn for, by seat id, and the table display's (None) when the
        game has public regions: asked of the game at once, as their work overlaps."""
        if self.played is None:
            return {}
        # A seat sitting the game out follows it as the table display shows it: no form, no secret.
        viewers = [Viewer(seat.pk, DISPLAY.slug, seat.name) if seat.sits_out else viewer_of(seat)
                   for seat in self.drawn_for]
        if self.game.public_regions:
            viewers.append(TABLE)
        return {viewer.seat_id: view for viewer, view in zip(viewers, seam.views(self.game, self.played, viewers))}

    @functools.cached_property
    def kept(self) -> dict:
        """The table's regions as last drawn in this process (``_drawn``)."""
        return kept_for(self.table.pk)

    @functools.cached_property
    def other_games(self) -> list[Game]:
        """The games the host may set up next at this table."""
        return [g for g in all_games() if g.slug != self.game.slug]

    @functools.cached_property
    def phone_parts(self) -> str:
        return _game_parts(self.game, display=False)

    @functools.cached_property
    def display_parts(self) -> str:
        return _game_parts(self.game, display=True)

    def parts(self, seat: Seat) -> str:
        """The game's parts of the page (``parts``), drawn once a drawing: alike for every screen
        but the display's."""
        return self.display_parts if seat.role == DISPLAY.slug else self.phone_parts

    @functools.cached_property
    def standings(self) -> evening.Standings:
        """The evening's standings: a line per person who played (left or removed included)."""
        return evening.standings(self.facts["results"], self.players)


def scene(table: Table, seats: list[Seat] | None = None, *, now: float | None = None,
          last_action: Action | None = None, drawn_for: list[Seat] | None = None,
          arriving: int | None = None) -> Scene:
    """``seats``, ``last_action``: the table's seats and its latest undoable action, when the caller
    has them already (a change just made, so nothing is logged after that action); otherwise they
    are loaded, with what was logged after the action. ``drawn_for``: the seats
    whose screens will be drawn, when not all of them. ``arriving``: the seat of the phone this
    page is drawn for, shown here: its socket counts it in as it opens, so the page shows what
    that socket then draws, and the socket need not send the people again."""
    game = game_of(table)
    seats = list(table.seats.all()) if seats is None else seats
    now = time.time() if now is None else now
    clock = Clock.from_dict(table.clock)
    last, since = (last_action, []) if last_action is not None else _undo_stack(table)
    setup_problem = crowded = None
    if table.status == Table.Status.LOBBY:
        players = [viewer_of(s) for s in players_of(seats)]
        crowded = sitting.too_many(game, table.setup or {}, seats)
        setup_problem = crowded or check_roles(game, role_counts(seats)) or seam.check_setup(game, table.setup, players)
    here = presence.here([s.pk for s in seats]) | ({arriving} if arriving is not None else set())
    pair = next_in_role(seats, game, here) if table.status == Table.Status.FINISHED and not table.closed else None
    played = played_of(game, table.state)
    if played is not None:  # a game whose moves wait for a running clock says so on its buttons
        played = played.held(clock.held)
    before = played_of(game, last.state_before) if last else None
    note = game.screens.undo_note(before, shown_since(game, since, table.state)) if before is not None else ""
    marks = seam.marks(game, played, table.setup or {}, [viewer_of(s) for s in players_of(seats)])
    return Scene(
        table=table, game=game, seats=seats, facts=public_facts(table),
        people=[person(s, game, here, marks.get(s.pk)) for s in sorted(seats, key=lambda s: s.role == DISPLAY.slug)],
        clock=clock, clock_left=clock.left(now), now_ms=int(now * 1000),
        undo_label=describe(last, game, seats) if last else "",
        undo_note=note, setup_problem=setup_problem,
        rotation=(pair[0].name, pair[1].name) if pair else None, played=played,
        drawn_for=seats if drawn_for is None else drawn_for, crowded=bool(crowded),
    )


def _undo_stack(table: Table) -> tuple[Action | None, list[dict | None]]:
    """The table's latest undoable action (None: nothing to undo) and the ``state_before`` of
    every change logged after it, in order: what undoing it must not hide again. One query."""
    newest = table.actions.filter(undoable=True, undone=False).order_by("-id").values("id")[:1]
    logged = list(table.actions.filter(id__gte=Subquery(newest)).only(
        "table_id", "seat_id", "kind", "move", "state_before").order_by("id"))
    return (logged[0], [action.state_before for action in logged[1:]]) if logged else (None, [])


def now_card(sc: Scene, viewer: Viewer, view: dict | None) -> tuple[Now, list[str]]:
    """The "now" card: what this seat should do, and the names the table is waiting for."""
    names = sc.names
    if view is None:
        if sc.table.status == Table.Status.FINISHED:
            return Now("The game was ended by the host."), []
        if viewer.is_host:
            ask = "Choose the setup, then start" if sc.game.setup else "Start the game"
            return Now(sc.setup_problem or f"{ask} when everyone has a seat.", my_turn=not sc.setup_problem), []
        return Now("Waiting for the host to start the game."), []
    card = sc.game.screens.now(view, viewer)
    waiting = [] if card.my_turn or card.waiting_said else [names[s] for s in view.get("waiting_for", []) if s in names]
    return card, waiting


def sitting_out_card(sc: Scene, view: dict | None) -> tuple[Now, list[str]]:
    """The "now" card of a seat that sits the game at hand out (``view``: the display's, once dealt)."""
    game = played_name(sc.game, sc.facts["setup"])
    if sc.table.status == Table.Status.LOBBY:
        return Now("You sit this one out", f"The host has sat you out of the next game of {game}: you stay at the "
                   "table, follow the game here, and are dealt in again for the one after."), []
    if sc.table.status == Table.Status.FINISHED:
        return Now("You sat this one out", f"The table played {game}. The next game deals you in again."), []
    waiting = [sc.names[s] for s in (view or {}).get("waiting_for", []) if s in sc.names]
    return Now("You sit this one out", f"The table plays {game}: follow it here. The next game deals you in "
               "again."), waiting


# Whoever looks at the table display: the view every public region is drawn from.
TABLE = Viewer(seat_id=None, role=DISPLAY.slug)


def context(sc: Scene, seat: Seat) -> dict[str, Any]:
    """One seat's template context: its view and the table's public facts, nothing else."""
    viewer = viewer_of(seat)
    view = sc.views[seat.pk] if sc.played is not None else None
    me = next(p for p in sc.people if p["id"] == seat.pk)
    now, waiting = sitting_out_card(sc, view) if me["sits_out"] else now_card(sc, viewer, view)
    # The players without a phone whom the table waits for: the host plays their turn, once
    # the host has none of their own to play.
    pending = set(view.get("waiting_for", [])) if view and me["is_host"] and not now.my_turn else set()
    return {
        "acted_for": acted_for(sc, me) if view is not None else [],
        **sc.common,
        "act_for": [p for p in sc.people if p["id"] in pending and not p["has_phone"] and not p["gone"]],
        "me": me,
        "view": view,
        "now": now,
        "waiting_names": waiting,
        "undo_label": sc.undo_label if me["is_host"] else "",
        "undo_note": sc.undo_note if me["is_host"] else "",
    }


def acted_for(sc: Scene, me: dict[str, Any]) -> list[dict[str, Any]]:
    """On the host's page of a game that acts inline (``Screens.acts_inline``), while it is played:
    each player without a phone, with their view and now card, for a panel that acts for them."""
    if not me["is_host"] or not sc.game.screens.acts_inline or sc.table.status != Table.Status.PLAYING:
        return []
    out = []
    for p in sc.players:
        if p["has_phone"] or p["gone"]:
            continue
        seat = next(s for s in sc.seats if s.pk == p["id"])
        viewer = viewer_of(seat)
        view = seam.view(sc.game, sc.played, viewer)
        out.append({"person": p, "view": view, "now": sc.game.screens.now(view, viewer)})
    return out


def _digest(text: str, size: int = 8) -> str:
    return hashlib.blake2s(text.encode(), digest_size=size).hexdigest()


def partial(template: str, ctx: dict[str, Any]) -> str:
    """A partial drawn by Jinja2 itself (companion.live.jinja), without Django's wrapper around it:
    no request, no context processors, and a template object is not wrapped afresh each time."""
    return engines["jinja2"].env.get_template(template).render(ctx)


# The clock is drawn with the time left at the moment of drawing, so its markup differs in every
# drawing. Its digest leaves that time out and takes the clock's own period, deadline and time
# left when stopped instead: a phone is sent the clock again only when the clock itself changes,
# and meanwhile counts down from the drawing it has, which ends at the same deadline.
TIME_OF_DRAWING = re.compile(r' data-(?:left|now)-ms="[^"]*"')


def _drawn(game: Game, name: str, ctx: dict[str, Any], kept: dict | None = None,
           screen: object = None) -> tuple[str, str]:
    """A region's markup for this context, and its digest. ``kept``: the table's regions as lately
    drawn (``Scene.kept``), by template, each with what it read then: a region that reads the same
    values as one of them is not drawn again, for this screen (``screen``) or any other that shows
    the same (companion.speed.reads)."""
    template = template_of(game, name)
    reading = _reading_of(template)
    if kept is None or reading is None:
        return _draw(name, template, ctx)
    take, same = reading
    now = take(ctx)
    drawings = kept.setdefault(template, [])
    # This screen's own last drawing first: a region a change left alone is found at once.
    last = kept.get((screen, template))
    found = last if last is not None and same(last[0], now) else next(
        (each for each in reversed(drawings) if each is not last and same(each[0], now)), None)
    if found is not None:
        if settings.STRICT_REGIONS and _draw(name, template, ctx) != found[1]:
            raise RuntimeError(f"{template} drew differently from the same inputs: it reads something "
                               f"companion.speed.reads does not see, or a value it read was changed in place")
    else:
        found = (now, _draw(name, template, ctx))
        drawings.append(found)
        if len(drawings) > KEPT_EACH:
            del drawings[0]
    kept[(screen, template)] = found
    return found[1]


def _draw(name: str, template: str, ctx: dict[str, Any]) -> tuple[str, str]:
    inner = partial(template, ctx)
    if name == "clock":
        clock = ctx["clock"]
        timeless = TIME_OF_DRAWING.sub("", inner)
        return inner, _digest(f"{timeless}{clock.period!r}{clock.deadline!r}{clock.remaining!r}")
    return inner, _digest(inner)


@functools.cache
def _reading_of(template: str):
    """What the template reads of its context: a function taking those values from a context, and
    one saying whether two such read the same (None: unknowable)."""
    # A setup field may be drawn by a template of its own, which the setup region includes by name.
    fields = tuple(sorted({f.template for game in all_games() for f in game.setup if f.template}))
    tree = reads.reads(engines["jinja2"].env, template, named_when_drawn=fields)
    return None if tree is None else (reads.taker(tree), reads.comparer(tree))


# Each table's regions as lately drawn (Scene.kept), for the tables most recently drawn in this
# process: a table drawn again after it dropped out is drawn in full, as a new process draws it.
# Of each region, the latest drawings are kept, one for each screen of the largest tables.
# A table of six keeps 130 to 240 KB of markup after 60 moves of any game (about 100 to 140
# drawings), and the values they read: 250 tables, some 60 MB of markup.
KEPT_TABLES = 250
KEPT_EACH = 12
_kept: dict[int, dict] = {}
_keeping = threading.Lock()  # requests and sockets draw on several threads


def kept_for(table_id: int) -> dict:
    with _keeping:
        kept = _kept.pop(table_id, None)
        if kept is None:
            kept = {}
            if len(_kept) >= KEPT_TABLES:
                del _kept[next(iter(_kept))]
        _kept[table_id] = kept  # the most recently drawn last
        return kept


SWAP = ' hx-swap-oob="morph"'
EMPTY = _digest("")


def sections(sc: Scene, seat: Seat, *, oob: bool = False) -> tuple[list[tuple[str, str, str]], str]:
    """Every region of one seat's screen as (name, digest, markup), and the table version's input."""
    ctx = context(sc, seat)
    out = []
    # Put together by hand, not with format_html, which would escape and copy each region's
    # markup again on every push of some 15 regions a screen. Every part is safe as
    # it is: region names are identifiers (the platform's below, a game's checked by
    # games.register), the digest is hex, the version a number, and the markup was escaped by
    # its template.
    tail = f' data-v="{int(sc.table.version)}"{SWAP if oob else ""}>'
    closed = sc.table.closed
    for name in region_names(sc.game):
        # A game's regions draw a game in play: before one (the lobby) they are sent empty, so
        # each reads its seat's view as a dict and never asks whether there is one.
        if (closed and name not in WHEN_CLOSED) or (ctx["view"] is None and name in sc.game.regions):
            inner, digest = "", EMPTY
        else:
            inner, digest = sc.shared.get(name) or sc.public.get(name) or _drawn(sc.game, name, ctx, sc.kept, seat.pk)
        out.append((name, digest,
                    f'<section id="region-{name}" class="region region-{name}" data-h="{digest}"{tail}{inner}</section>'))
    version = format_html(
        '<input type="hidden" id="table-version" name="version" value="{}" data-v="{}" data-status="{}" data-game="{}"{}>',
        sc.table.version, sc.table.version, sc.table.status, sc.table.game, mark_safe(' hx-swap-oob="true"') if oob else "",
    )
    return out, version


def parts(game: Game, seat: Seat) -> str:
    """What of the table page is the game's own: its name, its regions' slots, its stylesheet and
    (not on the display, which runs none) its script. Sent ahead of the regions to a screen
    showing another game's (a switch), whose page puts them in place (static/js/table.js)."""
    return _game_parts(game, seat.role == DISPLAY.slug)


def _game_parts(game: Game, display: bool) -> str:
    script = static(game.screens.script) if game.screens.script and not display else ""
    return format_html('<span id="game-parts" hidden hx-swap-oob="true" data-game="{}" data-name="{}" '
                       'data-regions="{}" data-stylesheet="{}" data-script="{}"></span>',
                       game.slug, game.name, " ".join(game.regions), static(page_stylesheet(game)), script)


def draw(sc: Scene, seat: Seat, *, oob: bool = False) -> dict[str, SafeString]:
    """Every region of one seat's screen by name, and the table version (``version``)."""
    regions, version = sections(sc, seat, oob=oob)
    return {**{name: SafeString(html) for name, _, html in regions}, "version": version}


def update(sc: Scene, seat: Seat) -> dict[str, Any]:
    """One seat's screen as a push carries it: each region with its digest, so that the socket
    sends a phone only the regions that differ from what it last sent it (``joined``)."""
    regions, version = sections(sc, seat, oob=True)
    return {"regions": regions, "version": str(version), "v": sc.table.version, "parts": sc.parts(seat)}


# What a page says it shows, as its socket opens or asks to sync (static/js/table.js): each
# region's name and digest, "name.digest" joined by "-", all of them characters a URL carries as
# they are. At most HELD_MOST regions are read, and anything else in it is passed over: a page
# that says it holds less is sent more, and one that lies only goes without regions of its own.
HELD = re.compile(r"([a-z][a-z0-9_]*)\.([0-9a-f]{16})")
HELD_MOST = 64


def held(raw: object) -> dict[str, str]:
    """The region digests a page says it shows, from its ``has`` (empty if there is none)."""
    if not isinstance(raw, str):
        return {}
    found = (HELD.fullmatch(part) for part in raw.split("-", HELD_MOST)[:HELD_MOST])
    return {match[1]: match[2] for match in found if match}


def fragment(sc: Scene, seat: Seat) -> str:
    """All of a seat's regions as out-of-band swaps, for a socket push or an action's reply."""
    return joined(update(sc, seat))


def live_update(table: Table, seat: Seat) -> dict[str, Any]:
    return update(scene(table, drawn_for=[seat]), seat)


def live_fragment(table: Table, seat: Seat) -> str:
    return fragment(scene(table, drawn_for=[seat]), seat)


# What a socket sends besides a seat's regions.

# The answer to a phone checking that its socket still carries anything (it swaps into an
# empty element of the page): cheap, no database, no drawing.
PONG = '<span id="pong" hidden hx-swap-oob="true"></span>'
# The server asking a phone whether it is still there (presence.Here): the page
# answers {"type": "pong"} at once (static/js/table.js knows it by this text), and swaps it into
# an empty element of its own like PONG.
PING = '<span id="ping" hidden hx-swap-oob="true"></span>'
REMOVED = '<div id="removed-notice" hx-swap-oob="true" class="removed">The host removed you from this table.</div>'


def draft(name: str, text: str) -> str:
    """Who of the audience is typing what; an empty ``text`` clears it. It opens with
    ``<p id="draft"``, by which table.js knows and drops one a screen without a box has no place for."""
    shown = format_html("{} is typing: {}", name, text.upper()) if text else ""
    return format_html('<p id="draft" class="draft muted" aria-live="polite" hx-swap-oob="true">{}</p>', shown)
