"""HTTP views: pages, and one small view per kind of action (answered as HTMX partials)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.core import get_usage

from companion import codes, qr, seats, tables
from companion import games as registry
from companion import render as regions
from companion.games import MoveError
from companion.models import Seat, Table

log = logging.getLogger(__name__)


def rate_limited(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    return render(request, "companion/message.html", {
        "title": "Slow down",
        "message": "Too many table codes tried from here in a short time. Wait a minute and try again.",
    }, status=429)


def _find_table(code: str) -> Table | None:
    code = codes.normalise(code)
    if not codes.is_well_formed(code):
        return None
    return Table.objects.filter(code=code).first()


def _guessing(request: HttpRequest, *, missed: bool = False) -> bool:
    """Whether this address has tried too many codes that lead nowhere.

    Only misses count: a household joining eight phones never trips it, while
    someone trying codes at random is stopped after a handful.
    """
    usage = get_usage(request, group="code-miss", key="ip", rate=settings.CODE_MISS_RATE, increment=missed)
    return usage is not None and usage["count"] >= usage["limit"]


def _lookup(request: HttpRequest, code: str) -> Table | HttpResponse:
    """The table behind a typed or linked code, or the page that says why not."""
    if _guessing(request):
        return rate_limited(request, None)
    table = _find_table(code)
    if table is None:
        _guessing(request, missed=True)
        return _no_table(request, code)
    return table


def _no_table(request: HttpRequest, code: str) -> HttpResponse:
    return render(request, "companion/message.html", {
        "title": "No such table",
        "message": f"There is no table with the code {code.upper()[:12]}. Check the code on the host's phone "
                   "(letters only, no I, L or O) and try again.",
        "show_join": True,
    }, status=404)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "companion/home.html", {"games": registry.all_games()})


@require_POST
def create(request: HttpRequest, game: str) -> HttpResponse:
    try:
        table, seat = tables.create_table(game, request.POST.get("name", ""))
    except tables.TableError as error:
        return render(request, "companion/home.html", {
            "games": registry.all_games(), "error": error.message, "error_game": game,
        }, status=error.status)
    response = redirect("table", code=table.code)
    seats.remember(response, seat)
    return response


@require_GET
def find(request: HttpRequest) -> HttpResponse:
    """The home page's "join by code" box."""
    table = _lookup(request, request.GET.get("code", ""))
    if isinstance(table, HttpResponse):
        return table
    return redirect("table", code=table.code)


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _find_table(code)
    seat = seats.seat_for_request(request, table) if table is not None else None
    if seat is None:  # a visitor without a seat: this is a code look-up like any other
        table = _lookup(request, code)
        if isinstance(table, HttpResponse):
            return table
    if code != table.code:
        return redirect("table", code=table.code)
    if seat is None:
        return _join_page(request, table)
    table = tables.settle(table.pk)
    game = tables.game_of(table)
    join_url = request.build_absolute_uri(reverse("table", kwargs={"code": table.code}))
    return render(request, "companion/table.html", {
        "table": table, "game": game, "seat": seat,
        "regions": regions.regions(table, seat),
        "join_url": join_url, "qr_svg": qr.svg(join_url),
    })


def _join_page(request: HttpRequest, table: Table, *, error: str = "", status: int = 200) -> HttpResponse:
    game = tables.game_of(table)
    if table.status == Table.Status.FINISHED:
        return render(request, "companion/message.html", {
            "title": "This table has finished",
            "message": f"The {game.name} game at table {table.code} is over. Ask the host to start a new game at this table.",
            "show_join": True,
        }, status=410)
    players = tables.players_of(table)
    return render(request, "companion/join.html", {
        "table": table, "game": game, "players": players, "limit": game.seat_limit,
        "full": len(players) >= game.seat_limit, "started": table.status != Table.Status.LOBBY, "error": error,
    }, status=status)


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    table = _lookup(request, code)
    if isinstance(table, HttpResponse):
        return table
    existing = seats.seat_for_request(request, table)
    if existing is not None:  # a second tab, or a double tap on "Join"
        return redirect("table", code=table.code)
    try:
        seat = tables.join_table(table, request.POST.get("name", ""), as_display=request.POST.get("display") == "1")
    except tables.TableError as error:
        return _join_page(request, table, error=error.message, status=error.status)
    response = redirect("table", code=table.code)
    seats.remember(response, seat)
    return response


# -- actions: each answers with a message for #flash plus the seat's fresh regions --


def _seat_or_error(request: HttpRequest, code: str) -> tuple[Table, Seat] | HttpResponse:
    table = _find_table(code)
    if table is None:
        return _flash(request, "This table no longer exists.", status=404)
    seat = seats.seat_for_request(request, table)
    if seat is None:
        return _flash(request, "You have no seat at this table. Reload to join.", status=403)
    return table, seat


def _flash(request: HttpRequest, message: str, *, status: int = 200, table: Table | None = None,
           seat: Seat | None = None, kind: str = "error") -> HttpResponse:
    fresh = regions.live_fragment(table, seat) if table is not None and seat is not None else ""
    return render(request, "companion/partials/flash.html", {"message": message, "kind": kind, "fresh": fresh},
                  status=status)


def _version(request: HttpRequest) -> int | None:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def _run(request: HttpRequest, code: str, action) -> HttpResponse:
    found = _seat_or_error(request, code)
    if isinstance(found, HttpResponse):
        return found
    table, seat = found
    try:
        outcome = action(table, seat, _version(request))
    except tables.TableError as error:
        table.refresh_from_db()
        return _flash(request, error.message, status=error.status, table=table, seat=seat)
    except MoveError as error:
        return _flash(request, str(error), status=400, table=table, seat=seat)
    except ValueError as error:  # a rules refusal: RulesError and friends carry a message for players
        table.refresh_from_db()
        return _flash(request, str(error), status=422, table=table, seat=seat)
    except (KeyError, TypeError):
        log.exception("malformed move at table %s", table.code)
        return _flash(request, "That move could not be understood.", status=400, table=table, seat=seat)
    except OperationalError:  # the database stayed locked past its timeout: nothing was applied
        log.exception("database busy at table %s", table.code)
        return _flash(request, "The table is busy. Tap again in a moment.", status=503)
    seat.refresh_from_db()
    note = "That was already done." if outcome.duplicate else ""
    return _flash(request, note, table=outcome.table, seat=seat, kind="info")


@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    def action(table: Table, seat: Seat, version: int | None):
        data = {key: request.POST.get(key, "") for key in request.POST if key not in ("csrfmiddlewaretoken", "version")}
        game_move = tables.game_of(table).parse_move(data)
        return tables.play(table.pk, seat.pk, game_move, version)

    return _run(request, code, action)


@require_POST
def host_action(request: HttpRequest, code: str, name: str) -> HttpResponse:
    def target() -> int:
        try:
            return int(request.POST.get("seat", ""))
        except ValueError:
            raise tables.TableError("Pick a seat first.", reason="no-seat") from None

    def action(table: Table, seat: Seat, version: int | None):
        if name == "start":
            return tables.start_game(table.pk, seat.pk, version)
        if name == "undo":
            return tables.undo(table.pk, seat.pk, version)
        if name == "end":
            return tables.end_game(table.pk, seat.pk, version)
        if name == "again":
            return tables.play_again(table.pk, seat.pk, version)
        if name in ("pause", "resume"):
            return tables.hold_clock(table.pk, seat.pk, version, hold=name == "pause")
        if name == "role":
            return tables.set_role(table.pk, seat.pk, version, target(), request.POST.get("role", ""))
        if name == "host":
            return tables.make_host(table.pk, seat.pk, version, target())
        if name == "remove":
            return tables.remove_seat(table.pk, seat.pk, version, target())
        raise tables.TableError("Unknown host action.", status=404)

    return _run(request, code, action)


@require_POST
def tick(request: HttpRequest, code: str) -> HttpResponse:
    """A phone's countdown reached zero: the server checks its own clock and settles."""
    found = _seat_or_error(request, code)
    if isinstance(found, HttpResponse):
        return found
    table, seat = found
    table = tables.settle(table.pk)
    return _flash(request, "", table=table, seat=seat, kind="info")


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    """Forget this phone's seat cookie (the seat stays until the host removes it)."""
    response = redirect("home")
    response.delete_cookie(seats.cookie_name(codes.normalise(code)))
    return response
