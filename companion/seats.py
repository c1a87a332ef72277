"""Which seat a phone holds: a signed, HttpOnly cookie per table, no accounts."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from companion.models import Seat, Table


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def _signer(code: str) -> signing.TimestampSigner:
    # Salted per table, so a cookie for one table is worthless at another.
    return signing.TimestampSigner(salt=f"liars-table.seat.{code}")


def remember(response: HttpResponse, seat: Seat) -> None:
    value = _signer(seat.table.code).sign(seat.token)
    response.set_cookie(
        cookie_name(seat.table.code), value, max_age=settings.SEAT_COOKIE_MAX_AGE,
        httponly=True, samesite="Lax", secure=settings.SECURE_COOKIES,
    )


def token_from_cookie(code: str, raw: str | None) -> str | None:
    """The seat token in a cookie value signed by `remember`, or None if absent or forged."""
    if not raw:
        return None
    try:
        return _signer(code).unsign(raw, max_age=settings.SEAT_COOKIE_MAX_AGE)
    except signing.BadSignature:
        return None


def seat_for(table: Table, cookies: dict[str, str]) -> Seat | None:
    token = token_from_cookie(table.code, cookies.get(cookie_name(table.code)))
    if token is None:
        return None
    # A removed seat's token is replaced at once, so no cookie finds it; the filter says so too.
    return Seat.objects.filter(table=table, token=token, removed=False).first()


def seat_for_request(request: HttpRequest, table: Table) -> Seat | None:
    return seat_for(table, request.COOKIES)
