"""Which seat a phone holds: a signed, HttpOnly cookie per table, no accounts.

Beside it, two more signed cookies per table: "sat here", kept when a phone leaves its seat so
that it can sit in it again at once; and a claim, held while a phone waits for the host to let
it sit in a seat that is not its own.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from companion.models import Seat, Table


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def sat_cookie_name(code: str) -> str:
    return f"sat_{code}"


def claim_cookie_name(code: str) -> str:
    return f"claim_{code}"


def _signer(code: str, kind: str = "seat") -> signing.TimestampSigner:
    # Salted per table and per kind, so a cookie for one table is worthless at another, and one
    # kind of cookie never passes for another.
    return signing.TimestampSigner(salt=f"liars-table.{kind}.{code}")


def _keep(response: HttpResponse, name: str, signer: signing.TimestampSigner, token: str) -> None:
    response.set_cookie(name, signer.sign(token), max_age=settings.SEAT_COOKIE_MAX_AGE,
                        httponly=True, samesite="Lax", secure=settings.SECURE_COOKIES)


def _read(signer: signing.TimestampSigner, raw: str | None) -> str | None:
    if not raw:
        return None
    try:
        return signer.unsign(raw, max_age=settings.SEAT_COOKIE_MAX_AGE)
    except signing.BadSignature:
        return None


def remember(response: HttpResponse, seat: Seat) -> None:
    _keep(response, cookie_name(seat.table.code), _signer(seat.table.code), seat.token)


def token_from_cookie(code: str, raw: str | None) -> str | None:
    """The seat token in a cookie value signed by `remember`, or None if absent or forged."""
    return _read(_signer(code), raw)


def seat_for(table: Table, cookies: dict[str, str]) -> Seat | None:
    token = token_from_cookie(table.code, cookies.get(cookie_name(table.code)))
    if token is None:
        return None
    # A removed seat's token is replaced at once, so no cookie finds it; the filter says so too.
    return Seat.objects.filter(table=table, token=token, removed=False).first()


def seat_for_request(request: HttpRequest, table: Table) -> Seat | None:
    return seat_for(table, request.COOKIES)


def acting_for(table: Table, seat: Seat | None, raw: str | None) -> Seat | None:
    """The seat a page shows: its own, or, for the host, a player without a phone it acts for."""
    if seat is None or not raw:
        return seat
    try:
        target_id = int(raw)
    except ValueError:
        return None
    if not seat.is_host or not 0 < target_id < 2**31:
        return None
    return Seat.objects.filter(table=table, pk=target_id, has_phone=False, removed=False).first()


def still_held(seat_id: int, own_id: int, token: str) -> Seat | None:
    """The seat a page shows, with its table, if the phone that opened the page still holds it:
    its own seat, by the token it opened with (a seat removed, taken off its phone or given to
    another phone has a new one); on a page acting for a player without a phone, a seat that
    still hosts, for a player who still has none."""
    seat = Seat.objects.select_related("table").filter(pk=seat_id).first()
    if seat is None or seat.removed:
        return None
    if seat.pk == own_id:
        return seat if seat.token == token else None
    hosting = not seat.has_phone and Seat.objects.filter(pk=own_id, token=token, is_host=True, removed=False).exists()
    return seat if hosting else None


def remember_sat(response: HttpResponse, seat: Seat) -> None:
    """This phone left ``seat``: keep what shows it sat there (the seat's own token), so that it can
    sit there again without asking the host, as long as the seat keeps that token."""
    _keep(response, sat_cookie_name(seat.table.code), _signer(seat.table.code, "sat"), seat.token)


def sat_token(request: HttpRequest, code: str) -> str | None:
    """The token of the seat this phone left at table ``code``, from its "sat here" cookie."""
    return _read(_signer(code, "sat"), request.COOKIES.get(sat_cookie_name(code)))


def sat_seat(request: HttpRequest, table: Table) -> Seat | None:
    """The seat this phone left at ``table`` and may sit in again at once: still holding the token
    it had, and not removed since (a removed player comes back through the host)."""
    token = sat_token(request, table.code)
    if token is None:
        return None
    return Seat.objects.filter(table=table, token=token, removed=False).first()


def remember_claim(response: HttpResponse, code: str, token: str) -> None:
    """This phone asked the host for a seat: it holds the claim's token, to learn the answer."""
    _keep(response, claim_cookie_name(code), _signer(code, "claim"), token)


def claim_token(request: HttpRequest, code: str) -> str | None:
    return _read(_signer(code, "claim"), request.COOKIES.get(claim_cookie_name(code)))
