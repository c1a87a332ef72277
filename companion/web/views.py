"""HTTP views: pages, and one small view per kind of action (answered as HTMX partials).

The HTTP contract (docs/contract.md): ``POST /t/<code>/move/`` with ``version``, ``type``
and the move's fields; ``POST /t/<code>/host/<action>/``. A form that is not a move is a
400, a move the rules refuse now is a 422 with the rules' reason (a move only tried, ``_try=1``,
is a 200 whose ``X-Try-Verdict`` header says whether it would be refused), a database out of reach
is a 503 (companion.web.middleware.DatabaseOutage), and any other exception is a bug: it is not
caught here.
"""

from __future__ import annotations

import functools
import ipaddress
import json
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.cache import get_conditional_response
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import trigger_client_event
from django_ratelimit.core import get_usage

from companion.table import codes, seam, seats, summary, tables
from companion.live import logs
from companion.web import picture, qr
from companion.web.compression import keep_uncompressed
from companion.live import broadcast, presence
from companion.live import render as drawing
from companion.table.forms import MoveError
from companion.table.games import (DISPLAY, Game, Screens, all_games, game_of, get, played_of, players_of, seat_limit,
                                   secret_roles, viewer_of)
from companion.models import Seat, SeatClaim, Table
from companion.table.rules_errors import RulesError

log = logging.getLogger(__name__)


def client_ip(group: str, request: HttpRequest) -> str:
    """The phone's address: from the configured proxy header, which must hold one valid address."""
    raw = request.META.get(settings.RATELIMIT_IP_META_KEY, "")
    try:
        return str(ipaddress.ip_address(raw.strip()))
    except ValueError:
        raise BadRequest("This request did not say which address it came from.") from None


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _message(request, "Slow down", "Too many table codes that lead nowhere were tried from here in a short "
                    "time. Wait a few minutes and try again.", status=429)


def slow_down(request: HttpRequest) -> HttpResponse:
    """Too many requests to sit down, leave, ask for a seat or open the table from one phone or
    address (``_too_fast``)."""
    return _message(request, "Slow down", "Too many requests for this table came from here in a short time. "
                    "Wait a few minutes and try again.", status=429)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _message(request, "That request could not be read",
                    str(exception) if isinstance(exception, BadRequest) and str(exception)
                    else "Something in that request was malformed. Go back and try again.", status=400)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A page that is not here. A table's code typed as an address ("/MFMVQM", "/T/MFMVQM/") goes
    to the table; anything else gets the app's page with the box to type a code."""
    parts = [p for p in request.path.split("/") if p]
    if len(parts) == 1 or (len(parts) == 2 and parts[0].lower() == "t"):
        code = codes.normalise(parts[-1])
        if codes.is_well_formed(code):
            return redirect("table", code=code)
    return _message(request, "Nothing here", "There is no page at this address. To join a table, type its code "
                    "(six letters, on the host's phone or the TV).", status=404, show_join=True)


RETRY_SECONDS = 5


def unreachable(request: HttpRequest) -> HttpResponse:
    """The database is out of reach (companion.web.middleware.DatabaseOutage): nothing was done; try again soon.

    A tap gets a message for #flash, and the phone sends it again by itself (static/js/table.js);
    a page reloads itself, and a form sent without htmx goes back to the page it came from.
    """
    if request.headers.get("HX-Request") == "true":
        response = _flash(request, "The table cannot be reached just now, so nothing was changed. "
                                   "Trying again by itself in a few seconds…", status=503, reason="unreachable")
    else:
        retry = request.get_full_path()
        if request.method not in ("GET", "HEAD"):
            back = request.headers.get("Referer", "")
            same_site = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                                        require_https=request.is_secure())
            retry = back if same_site else reverse("home")
        response = _message(request, "The table is unreachable",
                            "The table cannot be reached just now, so nothing was changed. This page tries again "
                            "by itself in a few seconds.", status=503, retry=(RETRY_SECONDS, retry))
    response["Retry-After"] = str(RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _message(request: HttpRequest, title: str, message: str, *, status: int, show_join: bool = False,
             retry: tuple[int, str] | None = None) -> HttpResponse:
    response = render(request, "companion/message.html", {"title": title, "message": message, "show_join": show_join,
                                                          "retry": retry}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _find_table(code: str) -> Table | None:
    code = codes.normalise(code)
    if not codes.is_well_formed(code):
        return None
    return Table.objects.filter(code=code).first()


def _missed(request: HttpRequest) -> bool:
    """Count a code that led nowhere; True once this address has missed too often.

    Only misses count, and a right code is never slowed: a household joining eight
    phones through one address never trips it, while someone trying codes at random
    is stopped after a handful. If the shared cache is down, nobody is stopped.
    """
    return _over_limit(request, "code-miss", client_ip, settings.CODE_MISS_RATE)


def _over_limit(request: HttpRequest, group: str, key: Callable[[str, HttpRequest], str], rate: str) -> bool:
    """Count this request in ``group`` under its ``key``; True once the count is over ``rate``.
    If the shared cache is down, nobody is stopped."""
    try:
        usage = get_usage(request, group=group, key=key, rate=rate, increment=True)
    except BadRequest:
        raise
    except Exception as error:
        logs.failed(log, error, "the rate-limit cache is out of reach; not limiting")
        return False
    return usage is not None and usage["count"] > usage["limit"]


def _too_fast(request: HttpRequest, table: Table, group: str, phone: str) -> bool:
    """Count one request of ``group`` at ``table``; True once this address, or this phone, has
    sent more of them than people at a table do.

    Counted per address at each table, so that a household (or a venue of tables) behind one
    address has each table's whole allowance, and per phone (``phone``: what it holds at the
    table, ``_phone``; "" for nothing, counted by its address alone), at a lower rate, so that
    one phone in a loop is stopped long before the others on its address would be. If the
    shared cache is down, nobody is stopped.
    """
    address_rate, phone_rate = {"seat-changes": (settings.JOIN_RATE, settings.JOIN_PHONE_RATE),
                                "table-page": (settings.PAGE_RATE, settings.PAGE_PHONE_RATE),
                                "join-poll": (settings.JOIN_POLL_RATE, settings.JOIN_POLL_PHONE_RATE)}[group]
    counts = [(f"{group}-address", lambda g, r: f"{client_ip(g, r)} {table.code}", address_rate)]
    if phone:
        counts.append((f"{group}-phone", lambda g, r: phone, phone_rate))
    return any([_over_limit(request, name, key, rate) for name, key, rate in counts])  # each counted


def _phone(request: HttpRequest, table: Table, seat: Seat | None = None) -> str:
    """What this phone holds at ``table``, by which its requests are counted (``_too_fast``): its
    seat (``seat``, when the caller has found it), the seat it left, or its request for one; ""
    when it holds nothing there. Each outlasts the tokens it is known by, which leaving and
    asking again replace."""
    seat = seat or seats.seat_for_request(request, table) or seats.sat_seat(request, table)
    if seat is not None:
        return f"seat {seat.pk}"
    claim = seats.claim_token(request, table.code)
    return f"claim {claim}" if claim else ""


def _lookup(request: HttpRequest, code: str) -> Table | HttpResponse:
    """The table behind a typed or linked code, or the page that says why not."""
    table = _find_table(code)
    if table is not None:
        return table
    if _missed(request):
        return rate_limited(request)
    return _message(request, "No such table",
                    f"There is no table with the code {codes.normalise(code)[:12]}. Check the code on the host's "
                    "phone (letters only, no I, L or O) and try again.", status=404, show_join=True)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "companion/home.html", {"games": all_games()})


@require_POST
def create(request: HttpRequest, game: str) -> HttpResponse:
    try:
        table, seat = tables.create_table(game, request.POST.get("name", ""))
    except tables.TableError as error:
        games = all_games()
        # An error about a game with a card here is drawn in that card; any other above them all.
        in_card = any(each.slug == game for each in games)
        return render(request, "companion/home.html", {
            "games": games, "error": error.message, "error_game": game if in_card else None,
            "error_above": None if in_card else error.message,
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
@never_cache
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _lookup(request, code)
    if isinstance(table, HttpResponse):
        return table
    if code != table.code:
        return redirect("table", code=table.code)
    own = seats.seat_for_request(request, table)
    seat = seats.acting_for(table, own, request.GET.get("as"))
    # Counted by the seat the page shows: a host acting for players without a phone opens each
    # of their pages turn after turn, each with its own allowance.
    if _too_fast(request, table, "table-page", _phone(request, table, seat or own)):
        return slow_down(request)
    if own is None:
        return _seatless(request, table)
    if seat is None:
        return redirect("table", code=table.code)
    settled = tables.run(table.code, own.token, tables.Settle(), None)
    broadcast.tell(settled.news)
    table = settled.table
    game = game_of(table)
    join_url = _reachable(request, reverse("table", kwargs={"code": table.code}))
    response = render(request, "companion/table.html", {
        "table": drawing.public_facts(table), "game": game, "me": drawing.person(seat, game),
        "acting_for": drawing.person(seat, game) if seat.pk != own.pk else None,
        "regions": drawing.draw(drawing.scene(table, drawn_for=[seat], arriving=own.pk), seat),
        "top_regions": drawing.TOP, "game_regions": game.regions, "side_regions": drawing.SIDE,
        "join_url": join_url, "join_at": join_url.removesuffix(f"{table.code}/"), "qr_svg": qr.svg(join_url),
    })
    return keep_uncompressed(response) if _holds_secret(table, seat) else response


def _holds_secret(table: Table, seat: Seat) -> bool:
    """Whether ``seat``'s screen holds a secret of the game in play beside text other players
    type (Role.secret): such a page or answer is not compressed (GZipUnlessSecret)."""
    return table.status == Table.Status.PLAYING and seat.role in secret_roles(game_of(table))


def _reachable(request: HttpRequest, path: str) -> str:
    """A link phones can open: on the configured public address, else on the one this request came to."""
    return settings.PUBLIC_URL + path if settings.PUBLIC_URL else request.build_absolute_uri(path)


def _join_page(request: HttpRequest, table: Table, *, error: str = "", status: int = 200,
               notice: str = "") -> HttpResponse:
    """How this phone may sit down: back in the seat it left, by asking the host for a seat that is
    not its own, or (in the lobby) in a new seat; or as the table display."""
    game = game_of(table)
    everyone = list(table.seats.all())
    back = seats.sat_seat(request, table)
    if tables.evening_over(table, time.time()):
        if back is not None and back.role != DISPLAY.slug:
            return _evening_left(request, table, game, back, everyone, status=status)
        return _message(request, "This evening is over", tables.EVENING_OVER, status=410, show_join=True)
    asks = _asks(everyone, back)
    finished = table.status == Table.Status.FINISHED
    if finished and back is None and not asks:
        return _message(request, "This table has finished",
                        f"The {game.name} game at table {table.code} is over. Ask the host to start a new game at "
                        "this table.", status=410, show_join=True)
    players = players_of(everyone)
    response = render(request, "companion/join.html", {
        "table": drawing.public_facts(table), "game": game, "players": [p.name for p in players],
        "limit": seat_limit(game), "full": len(players) >= seat_limit(game), "finished": finished,
        "started": table.status != Table.Status.LOBBY, "error": error, "notice": notice,
        "back": back.name if back is not None else "", "asks": asks, "every": JOIN_POLL,
    }, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _asks(everyone: list[Seat], back: Seat | None) -> list[dict]:
    """The seats this phone may ask the host for: every one free to ask for but the one it left."""
    away = presence.away([s.pk for s in everyone])
    return [{"id": s.pk, "name": s.name, "why": _why_free(s)} for s in everyone
            if tables.claimable(s, away=s.pk in away) and (back is None or s.pk != back.pk)]


# How often the join page asks again which seats it may ask for, in seconds: a phone that lost its
# cookies sees its own seat offered once the old socket is gone, without reloading.
JOIN_POLL = 3


@require_GET
def join_asks(request: HttpRequest, code: str) -> HttpResponse:
    """The join page's list of seats to ask for, drawn again (the page asks every JOIN_POLL
    seconds): only that list, counted apart from opening the page. Once this phone has a seat or
    a request, or the evening is over, the table's page (which says what to do) replaces the page."""
    table = _lookup(request, code)
    if isinstance(table, HttpResponse):
        return table
    if _too_fast(request, table, "join-poll", _phone(request, table)):
        return HttpResponse(status=204)  # nothing changes on the page; it asks again later
    held = seats.seat_for_request(request, table) or seats.claim_token(request, table.code)
    if held or tables.evening_over(table, time.time()):
        response = HttpResponse("")
        response["HX-Redirect"] = reverse("table", kwargs={"code": table.code})
    else:
        back = seats.sat_seat(request, table)
        response = render(request, "companion/join_asks.html", {
            "table": drawing.public_facts(table), "asks": _asks(list(table.seats.all()), back),
            "back": back.name if back is not None else "", "every": JOIN_POLL})
    response["Cache-Control"] = "no-store"
    return response


def _evening_left(request: HttpRequest, table: Table, game: Game, back: Seat,
                  everyone: list[Seat], *, status: int) -> HttpResponse:
    """The evening's summary and its picture, read-only, for a phone that left its seat (its "sat
    here" cookie) before the evening ended: it played, so the evening is its too."""
    facts = drawing.public_facts(table)
    summary_html = drawing.partial(drawing.template_of(game, "evening"),
                                   {"evening": summary.of_table(table, everyone), "table": facts})
    response = render(request, "companion/evening_left.html", {
        "table": facts, "game": game, "back": back.name, "summary": mark_safe(summary_html)}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _why_free(seat: Seat) -> str:
    """Why a seat is free to ask for, as the people list says it."""
    return "removed" if seat.removed else "no phone" if not seat.has_phone else "left" if seat.left else "away"


def _seatless(request: HttpRequest, table: Table) -> HttpResponse:
    """The table's page for a phone without a seat at it: if it asked the host for a seat, the
    host's answer (the seat itself once let in); else the join page."""
    claim = tables.claim_for(table, seats.claim_token(request, table.code))
    if claim is None:
        return _join_page(request, table)
    if tables.granted(claim):
        # The host let this phone in: it takes the seat's cookie (the server decided already, so
        # this GET changes nothing at the table), and the page is the seat's.
        response = redirect("table", code=table.code)
        seats.remember(response, claim.seat)
        response.delete_cookie(seats.claim_cookie_name(table.code))
        return response
    if claim.status == SeatClaim.Status.WAITING:
        response = render(request, "companion/claim.html", {
            "table": drawing.public_facts(table), "game": game_of(table), "name": claim.seat.name})
        response["Cache-Control"] = "no-store"
        return response
    response = _join_page(request, table, notice=_answer(claim))
    response.delete_cookie(seats.claim_cookie_name(table.code))  # answered: the phone may ask again
    return response


def _answer(claim: SeatClaim) -> str:
    """What a phone whose request the host did not grant is told, once."""
    name = claim.seat.name
    if claim.status == SeatClaim.Status.REFUSED:
        return f"The host did not let this phone sit as {name}."
    if claim.status == SeatClaim.Status.ENDED:
        return f"{name}'s seat was taken before the host answered."
    return f"{name}'s seat is no longer this phone's."


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    """Sit down: back in the seat this phone left (its "sat here" cookie), unless it asks for a
    ``new`` seat or the display; else in a new seat, by ``name``."""
    table = _lookup(request, code)
    if isinstance(table, HttpResponse):
        return table
    existing = seats.seat_for_request(request, table)
    if _too_fast(request, table, "seat-changes", _phone(request, table, existing)):
        return slow_down(request)
    if existing is not None:  # a second tab, or a double tap on "Join"
        return redirect("table", code=table.code)
    as_display = request.POST.get("display") == "1"
    back = None if as_display or request.POST.get("new") == "1" else seats.sat_seat(request, table)
    try:
        if back is not None:
            came = tables.run(table.code, back.token, tables.ComeBack(), table.version)
            broadcast.tell(came.news)
            seat = came.seat
        else:
            seat = tables.join_table(table, request.POST.get("name", ""), as_display=as_display)
            broadcast.push_table(table.pk)  # everyone sees the newcomer
    except tables.TableError as error:
        broadcast.tell(error.news)  # coming back to a table whose evening just ended by itself
        return _join_page(request, table, error=error.message, status=error.status)
    response = redirect("table", code=table.code)
    seats.remember(response, seat)
    if not as_display:  # seated as a player, this phone has no other seat here to come back to
        response.delete_cookie(seats.sat_cookie_name(table.code))
    return response


# How often a phone waiting for the host asks whether it has answered, in seconds.
CLAIM_POLL = 2


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest, code: str) -> HttpResponse:
    """POST: ask the host for a seat that is not this phone's (``seat``: one left or removed, a
    player without a phone, or one whose phone is away); the phone holds the claim in a signed
    cookie and sees nothing of the seat until the host lets it in. GET: the waiting page asks
    whether the host has answered."""
    table = _lookup(request, code)
    if isinstance(table, HttpResponse):
        return table
    if request.method == "GET":
        return _claim_answer(request, table)
    own = seats.seat_for_request(request, table)
    if _too_fast(request, table, "seat-changes", _phone(request, table, own)):
        return slow_down(request)
    if own is not None:  # a phone with a seat here asks for none
        return redirect("table", code=table.code)
    try:
        seat_id = int(request.POST.get("seat", ""))
    except ValueError:
        seat_id = 0
    if not 0 < seat_id < 2**31:
        return _join_page(request, table, error="Pick the seat to ask for.", status=400)
    try:
        asked = tables.ask_for_seat(table, seat_id, seats.claim_token(request, table.code),
                                    away=seat_id in presence.away([seat_id]))
    except tables.TableError as error:
        return _join_page(request, table, error=error.message, status=error.status)
    broadcast.push_table(table.pk)  # the host's screen shows the request
    response = redirect("table", code=table.code)
    seats.remember_claim(response, table.code, asked.token)
    return response


def _claim_answer(request: HttpRequest, table: Table) -> HttpResponse:
    """While the claim waits, the waiting note again (it asks again in a few seconds); once the host
    has answered (or there is no claim), the table's page, which says what the answer was."""
    asked = tables.claim_for(table, seats.claim_token(request, table.code))
    if asked is not None and asked.status == SeatClaim.Status.WAITING:
        response = render(request, "companion/claim_wait.html", {
            "table": drawing.public_facts(table), "name": asked.seat.name, "every": CLAIM_POLL})
    elif request.headers.get("HX-Request") == "true":
        response = HttpResponse("")
        response["HX-Redirect"] = reverse("table", kwargs={"code": table.code})
    else:
        response = redirect("table", code=table.code)
    response["Cache-Control"] = "no-store"
    return response


# -- actions: each answers with a message for #flash plus the seat's fresh regions --


def _token(request: HttpRequest, code: str) -> tuple[str, str]:
    code = codes.normalise(code)
    if not codes.is_well_formed(code):
        return code, ""
    return code, seats.token_from_cookie(code, request.COOKIES.get(seats.cookie_name(code))) or ""


def _flash(request: HttpRequest, message: str, *, status: int = 200, fresh: str = "", secret: bool = False,
           kind: str = "error", reason: str = "", remedy: dict | None = None, code: str = "") -> HttpResponse:
    # Drawn without the request: the flash needs nothing from it, and a request's template
    # context is a reference cycle that only the garbage collector can free. The seat's fresh
    # regions (markup already, and most of the reply) follow it as they are; ``secret``: they
    # hold the seat's secret (_holds_secret).
    response = HttpResponse(drawing.partial("companion/partials/flash.jinja", {
        "message": message, "kind": kind, "reason": reason, "remedy": remedy, "table_code": code,
    }) + fresh, status=status)
    if reason:
        trigger_client_event(response, "table:refused", {"reason": reason, "message": message})
    return keep_uncompressed(response) if secret and fresh else response


# A move tried as it is typed (``_try=1``) is a question, not a failed request: its answer is
# always a 200 (a refusal would log a red "Failed to load resource" on every phone), and this
# header gives the verdict: "accepted", "warning" (it would apply, with the game's caution in
# the body) or "refused" (the body's flash says why, as for the move itself).
TRY_VERDICT = "X-Try-Verdict"


def _tried(response: HttpResponse, verdict: str) -> HttpResponse:
    response[TRY_VERDICT] = verdict
    return response


def _refused(request: HttpRequest, trial: bool, message: str, *, status: int, **flash) -> HttpResponse:
    """A refusal: its status for a move sent, or a 200 saying "refused" for a move only tried."""
    if trial:
        return _tried(_flash(request, message, **flash), "refused")
    return _flash(request, message, status=status, **flash)


def _fresh(request: HttpRequest, code: str, token: str, mode: tables.Mode) -> dict:
    """The page's current regions after a refusal (nothing changed, but the phone may be behind),
    as ``_flash`` takes them."""
    if mode is tables.Mode.TRY:  # a move tried as it is typed: only the verdict is read
        return {}
    own = Seat.objects.select_related("table").filter(table__code=code, token=token).first() if token else None
    seat = _shown(request, own)
    if seat is None:
        return {}
    return {"fresh": drawing.joined(drawing.live_update(seat.table, seat), _held(request)),
            "secret": _holds_secret(seat.table, seat)}


# The header a table page sends with each request it makes (static/js/table.js): the regions it
# shows, as it tells its socket (render.held). An answer leaves those out; without it, every region.
HELD_HEADER = "X-Regions-Held"


def _held(request: HttpRequest) -> dict[str, str]:
    return drawing.held(request.headers.get(HELD_HEADER))


def _shown(request: HttpRequest, own: Seat | None) -> Seat | None:
    """The seat the page that sent this request shows: a page acting for a player without a
    phone sends ``as_seat`` with every request, and its replies must be that player's regions,
    never its host's own (None: it may show neither). A panel on the host's own page that acts
    for such a player sends ``inline=1`` too: that page is the host's, and so is its reply."""
    if own is None:
        return None
    if request.POST.get("inline") == "1":
        return own
    return seats.acting_for(own.table, own, request.POST.get("as_seat"))


def _version(request: HttpRequest) -> int | None:
    """The table version the phone saw; None (refused as missing) unless a plausible one."""
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return None
    return version if 0 <= version < 2**31 else None


def _remedy(request: HttpRequest, code: str, reason: str) -> dict | None:
    """A button that sends the refused move again with what the game offers for this refusal."""
    table = Table.objects.filter(code=code).only("game").first()
    move_type = request.POST.get("type", "")
    offer = game_of(table).screens.remedy(reason, move_type) if table is not None else None
    if offer is None:
        return None
    fields = {k: request.POST.get(k) for k in request.POST if k not in ("csrfmiddlewaretoken", "version")}
    return {"label": offer.label, "vals": json.dumps({**fields, **offer.fields})}


def _hammering(request: HttpRequest, token: str, *, trial: bool) -> bool:
    """Whether this seat has sent more actions than a person at a table could.

    A move tried as it is typed (``trial``) counts apart, against its own limit: typing sends
    one each time the person pauses, and must never use up the taps that make moves.
    """
    group, rate = ("seat-tries", settings.SEAT_TRY_RATE) if trial else ("seat-actions", settings.SEAT_ACTION_RATE)
    return _over_limit(request, group, lambda group, request: token, rate)


def _run(request: HttpRequest, code: str, read: Callable[[HttpRequest], tables.Change]) -> HttpResponse:
    """Run the change ``read`` finds in the form, and answer with a word for #flash and the seat's regions."""
    code, token = _token(request, code)
    trial, check = request.POST.get("_try") == "1", request.POST.get("_check") == "1"
    if token and _hammering(request, token, trial=trial):
        return _flash(request, "Too many taps from this phone in a few seconds. Wait a moment and try again.",
                      status=429, reason="slow-down")
    # "_check": the phone lost the reply to this request; say whether it was applied, apply nothing.
    # "_try": would the move be accepted? Everything runs, then rolls back; a refusal says why.
    mode = tables.Mode.CHECK if check else tables.Mode.TRY if trial else tables.Mode.APPLY
    try:
        change = read(request)
        result = tables.run(code, token, change, _version(request), mode=mode)
    except tables.NoSeat as error:
        if _missed(request):
            return rate_limited(request)
        return _refused(request, trial, error.message, status=error.status, reason=error.reason)
    except tables.TableError as error:
        broadcast.tell(error.news)  # what the table did by itself on the way to refusing, before the answer
        return _refused(request, trial, error.message, status=error.status, **_fresh(request, code, token, mode),
                        reason=error.reason)
    except MoveError as error:  # not a move at all
        return _refused(request, trial, error.message, status=400, **_fresh(request, code, token, mode),
                        reason=error.reason)
    except RulesError as error:  # a move the rules refuse now
        return _refused(request, trial, error.message, status=422, **_fresh(request, code, token, mode),
                        reason=error.reason, remedy=_remedy(request, code, error.reason), code=code)
    if result.caution is not None:  # tried, never made: nothing to tell anyone
        return _tried(_flash(request, result.caution, kind="warning") if result.caution else HttpResponse(""),
                      "warning" if result.caution else "accepted")
    seat = _shown(request, result.seat)
    # Another game: the page makes room for its regions, stylesheet and script before they come,
    # so it is sent them all.
    switch = isinstance(change, tables.PlayAgain) and bool(change.game)
    held = {} if seat is None or switch else _held(request)
    drawn = broadcast.tell(result.news, holds={seat.pk: held} if held else None)
    fresh = "" if seat is None else drawn.get(seat.pk) or drawing.joined(drawing.live_update(result.table, seat), held)
    if fresh and switch:
        fresh = drawing.parts(game_of(result.table), seat) + fresh
    if result.duplicate:
        note = "Your tap reached the table before the connection dropped: it is done." if check else \
            "That was already done."
    else:
        note = _said(result)
    return _flash(request, note, fresh=fresh, secret=seat is not None and _holds_secret(result.table, seat),
                  kind="info")


def _said(result: tables.Result) -> str:
    """The game's word to the phone that moved ("CANDLE is not the word."), from that seat's view."""
    if result.move is None or result.actor is None or result.table.state is None:
        return ""
    game = game_of(result.table)
    if type(game.screens).said is Screens.said:  # a game with nothing to say costs no view
        return ""
    played = played_of(game, result.table.state)
    return game.screens.said(result.move, seam.view(game, played, viewer_of(result.actor)))


def _as_seat(request: HttpRequest) -> int | None:
    raw = request.POST.get("as_seat", "")
    if not raw:
        return None
    try:
        seat = int(raw)
    except ValueError:
        seat = -1
    if not 0 < seat < 2**31:
        raise MoveError("The player to act for must be a seat number.", reason="bad-field")
    return seat


def _play(request: HttpRequest) -> tables.Play:
    return tables.Play(request.POST, as_seat=_as_seat(request))


@require_POST
def move(request: HttpRequest, code: str) -> HttpResponse:
    return _run(request, code, _play)


def _int(request: HttpRequest, name: str, missing: str) -> int:
    try:
        value = int(request.POST.get(name, ""))
    except ValueError:
        raise tables.TableError(missing, reason="bad-field") from None
    if not -2**31 < value < 2**31:
        raise tables.TableError(missing, reason="bad-field")
    return value


def _flag(request: HttpRequest, name: str, missing: str) -> bool:
    """A field that must say yes or no, as ``1`` or ``0``."""
    raw = request.POST.get(name, "")
    if raw not in ("0", "1"):
        raise tables.TableError(missing, reason="bad-field")
    return raw == "1"


# The host's actions, each a POST to /t/<code>/host/<name>/ (docs/contract.md lists their fields).
HOST_ACTIONS = ("start", "undo", "end", "again", "close", "pause", "resume", "setup", "role", "host", "remove", "order",
                "add", "admit", "refuse", "phone", "sitout")


def _host(name: str, code: str, request: HttpRequest) -> tables.Change:
    """One host action by its name in the URL, with its fields from the form."""

    def seat() -> int:
        return _int(request, "seat", "Pick a seat first.")

    match name:
        case "start":
            return tables.StartGame()
        case "undo":
            return tables.Undo()
        case "end":
            return tables.EndGame()
        case "again":
            return tables.PlayAgain(rotate=request.POST.get("rotate") == "1", game=_game_slug(request),
                                    here=_here(code))
        case "close":
            return tables.CloseEvening()
        case "pause" | "resume":
            return tables.HoldClock(hold=name == "pause")
        case "setup":
            return tables.SetSetup(request.POST)
        case "role":
            return tables.SetRole(seat(), request.POST.get("role", ""))
        case "host":
            return tables.MakeHost(seat())
        case "remove":
            return tables.RemoveSeat(seat())
        case "order":
            return tables.MoveSeat(seat(), _int(request, "step", "Move a seat up or down."))
        case "add":
            return tables.AddPlayer(request.POST.get("name", ""))
        case "admit" | "refuse":
            claim = _int(request, "claim", "Pick the request to answer.")
            return tables.AdmitClaim(claim) if name == "admit" else tables.RefuseClaim(claim)
        case "sitout":
            return tables.SitOut(seat(), _flag(request, "out", "Say whether the player sits this one out: out is 0 "
                                                              "or 1."))
        case "phone":
            return tables.SetPhone(seat(), _flag(request, "has_phone", "Say whether the seat has a phone: has_phone "
                                                                       "is 0 or 1."))
    raise tables.TableError("Unknown host action.", status=404, reason="unknown-action")


def _here(code: str) -> frozenset[int]:
    """The seats at table ``code`` with a phone here now, for passing a role on."""
    return frozenset(presence.here(list(Seat.objects.filter(table__code=codes.normalise(code))
                                        .values_list("pk", flat=True))))


def _game_slug(request: HttpRequest) -> str:
    """The game the host picked for the next game ("" for the same one), if it is one of ours."""
    slug = request.POST.get("game", "").strip()
    if slug and get(slug) is None:
        raise tables.TableError("Choose one of the games.", reason="bad-field")
    return slug


@require_POST
def host_action(request: HttpRequest, code: str, name: str) -> HttpResponse:
    return _run(request, code, functools.partial(_host, name, code))


@require_GET
def evening_picture(request: HttpRequest, code: str) -> HttpResponse:
    """The evening's summary as a PNG a phone can share, drawn from the games finished at this
    table (never one in play). Only for a seat at the table: any other phone, and any code that
    leads nowhere, gets the answer a seat that is not there gets.

    Drawing it takes over 100 ms of the server, so it is drawn once for each change of what it
    shows, kept in the cache, and named by its ETag: a phone that has it is answered 304. Each
    seat, and each address, may ask for it only so often (PICTURE_SEAT_RATE, PICTURE_ADDRESS_RATE).
    """
    code, token = _token(request, code)
    # A phone that left its seat keeps the seat's token in its "sat here" cookie: it played, so
    # the evening's picture is its too.
    token = token or (seats.sat_token(request, code) if codes.is_well_formed(code) else None) or ""
    table = Table.objects.filter(code=code).first() if token else None
    seated = list(table.seats.all()) if table is not None else []
    if not any(s.token == token for s in seated):
        if _missed(request):
            return rate_limited(request)
        return _message(request, "No seat at this table", tables.NO_SEAT, status=403, show_join=True)
    by_seat = _over_limit(request, "picture-seat", lambda group, request: token, settings.PICTURE_SEAT_RATE)
    by_address = _over_limit(request, "picture-address", client_ip, settings.PICTURE_ADDRESS_RATE)
    if by_seat or by_address:
        response = _message(request, "Slow down", "The evening's picture was asked for too often from here in a "
                            "short time. Wait a minute and try again.", status=429)
        response["Retry-After"] = str(PICTURE_RETRY_SECONDS)
        return response
    found = summary.of_table(table, seated)
    tag = picture.tag(found)
    etag = f'"{tag}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:  # the phone does not have this picture yet
        response = HttpResponse(_picture(found, tag), content_type="image/png")
        response["Content-Disposition"] = f'inline; filename="liars-table-{table.code}.png"'
    response["ETag"] = etag
    # The phone keeps it, and asks each time whether it is still the evening's (If-None-Match).
    response["Cache-Control"] = "private, no-cache"
    return response


# How long a phone asking for the picture too often is asked to wait, in seconds.
PICTURE_RETRY_SECONDS = 60


def _picture(found: summary.Summary, tag: str) -> bytes:
    """The picture of ``found`` (named ``tag``): drawn by the first phone to ask for it, then
    taken from the cache (settings.CACHES["pictures"]) by every phone after it. If the cache is
    out of reach, each phone's is drawn."""
    key = f"evening-png:{tag}"
    try:
        png = caches["pictures"].get(key)
    except Exception as error:
        logs.failed(log, error, "the picture cache is out of reach; drawing the picture")
        png = None
    if png is None:
        png = picture.png(found)
        try:
            caches["pictures"].set(key, png)
        except Exception as error:
            logs.failed(log, error, "the picture cache is out of reach; not keeping the picture")
    return png


@require_POST
def tick(request: HttpRequest, code: str) -> HttpResponse:
    """A phone's countdown reached zero: the server checks its own clock and settles."""
    return _run(request, code, lambda request: tables.Settle())


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    """This phone leaves its seat (tables.Leave) and forgets its seat cookie. A player's seat stays,
    under a new token that this phone keeps in a signed "sat here" cookie, so that opening the
    table again takes it back (join); a display's seat goes."""
    code = codes.normalise(code)
    response = redirect("home")
    table = Table.objects.filter(code=code).first() if codes.is_well_formed(code) else None
    if table is None:
        return response
    seat = seats.seat_for_request(request, table)
    if _too_fast(request, table, "seat-changes", _phone(request, table, seat)):
        return slow_down(request)
    response.delete_cookie(seats.cookie_name(code))
    if seat is None:
        return response
    try:
        left = tables.mark_left(seat)
    except tables.TableError as error:  # left already, from another tab or a double tap
        broadcast.tell(error.news)
        return response
    broadcast.tell(left.news)
    if left.seat.role != DISPLAY.slug:
        seats.remember_sat(response, left.seat)
    return response
