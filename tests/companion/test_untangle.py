"""A request is freed by reference counting as soon as it is answered.

Left in a reference cycle, each request (with its body and the server's queue for it) waits
for the garbage collector, whose collections then grow long enough to hold up every socket's
push. Counted with the garbage collector switched off: a request still alive after its answer
is closed is held by a cycle.
"""

from __future__ import annotations

import gc
import io
import logging
import weakref
from urllib.parse import urlencode

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.http import HttpResponse
from django.urls import reverse

from companion import seats, tables
from tests.conftest import version

requests_seen: list[weakref.ref] = []


def remember_request(get_response):
    def middleware(request):
        requests_seen.append(weakref.ref(request))
        return get_response(request)

    return middleware


def post(handler: WSGIHandler, path: str, seat, data: dict) -> int:
    jar = HttpResponse()
    seats.remember(jar, seat)
    token = "t" * 32
    cookies = "; ".join([f"{name}={morsel.value}" for name, morsel in jar.cookies.items()] + [f"csrftoken={token}"])
    body = urlencode(data).encode()
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "testserver",
        "SERVER_PORT": "80", "HTTP_HOST": "testserver", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
        "CONTENT_TYPE": "application/x-www-form-urlencoded", "CONTENT_LENGTH": str(len(body)),
        "HTTP_COOKIE": cookies, "HTTP_X_CSRFTOKEN": token, "HTTP_HX_REQUEST": "true",
    }
    statuses = []
    response = handler(environ, lambda status, headers, exc_info=None: statuses.append(status))
    b"".join(response)
    response.close()
    return int(statuses[0].split()[0])


@pytest.fixture
def handler(settings, caplog):
    # The test's log capture keeps every record, and Django's record of a 4xx holds its request.
    caplog.set_level(logging.ERROR, logger="django.request")
    settings.MIDDLEWARE = ["tests.companion.test_untangle.remember_request", *settings.MIDDLEWARE]
    requests_seen.clear()
    # As Django's test client does: the test's database connection stays open between requests.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    gc.collect()
    gc.disable()
    try:
        yield WSGIHandler()
    finally:
        gc.enable()
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.parametrize("who, word, status", [(2, "melon", 200), (2, "", 400), (1, "melon", 422)],
                         ids=["move", "bad form", "refused by the rules"])
def test_an_answered_move_leaves_no_request_behind_for_the_garbage_collector(stub_table, handler, who, word, status):
    table, lena = stub_table[:2]
    tables.start_game(table.code, lena.token, version(table))
    tables.play(table.code, lena.token, {"type": "set_secret", "word": "lantern"}, version(table))
    answered = post(handler, reverse("move", args=[table.code]), stub_table[who],
                    {"version": version(table), "type": "guess", "word": word})
    assert answered == status
    assert len(requests_seen) == 1
    assert requests_seen[0]() is None, "the request is still alive: something holds it in a reference cycle"
