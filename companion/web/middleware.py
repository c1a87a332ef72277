"""Request-wide middleware of our own."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponseBase

from companion.live import logs
from companion.web.origin import port_refused

log = logging.getLogger(__name__)


# Every table's pages and actions live under this path (companion/web/urls.py).
TABLE_PATH = "/t/"


class NoIndexTables:
    """Every answer about a table tells search engines to leave it out: a table's address holds
    its code, and its pages are one evening's game, of use to no one who finds them by search.

    A header rather than a meta tag, so that it reaches every answer under /t/ (the join and
    claim pages, htmx partials, the evening's picture, a table that is not there) from one place.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if request.path_info.startswith(TABLE_PATH):
            response["X-Robots-Tag"] = "noindex"
        return response


class DatabaseOutage:
    """Any page or action that finds the database out of reach answers 503, and the phone tries again.

    A database that is down, restarting or locked past its timeout raises one of these from
    whichever query meets it; the transaction it was in is rolled back, so nothing was
    applied. One line is logged, not a traceback, and those that follow it are counted
    (companion.live.logs.failed): during an outage every phone at every table asks every few seconds.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponseBase | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        path = request.path.encode("unicode_escape").decode("ascii")  # as Django logs a path: on one line
        logs.failed(log, exception, "database out of reach for %s %s", request.method, path)
        from companion.web.views import unreachable  # the views import the models; this module loads first

        response = unreachable(request)
        response._has_been_logged = True  # Django's own mark (django.utils.log.log_response): this line is enough
        return response


class HostPort:
    """A request whose Host has a port that is no port, or not the one PUBLIC_URL says phones
    reach (companion.web.origin.port_refused), is answered 400, saying so: Django checks only the
    Host's name against ALLOWED_HOSTS, and links built from the Host would carry its port."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        refused = port_refused(request.get_host())  # a name not allowed is Django's 400 already
        if refused:
            raise BadRequest(refused)
        return self.get_response(request)
