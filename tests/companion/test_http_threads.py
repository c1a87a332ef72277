"""HTTP through the thread pool (companion.http_threads), as Daphne calls it: the request's body
reaches the application whole, the answer comes back whole (or in parts when large), and the
thread that ran the request never waits for the event loop on the way."""

from __future__ import annotations

import asyncio
import threading

import pytest

from companion import http_threads
from companion.http_threads import ThreadedWSGI

SCOPE = {"type": "http", "method": "POST", "path": "/t/ABCDEF/move/", "query_string": b"x=1", "http_version": "1.1",
         "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("10.0.0.7", 5555),
         "headers": [(b"content-type", b"application/x-www-form-urlencoded"), (b"content-length", b"11"),
                     (b"x-real-ip", b"10.0.0.7")]}


def serve(app, messages, scope=SCOPE):
    """Run one request through ``app`` with these request messages; what it sent back."""
    sent: list[dict] = []

    async def main():
        queue = list(messages)

        async def receive():
            return queue.pop(0) if queue else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await app(scope, receive, send)

    asyncio.run(main())
    return sent


class Echo:
    """A WSGI application that answers with what it was sent, and notes how it was called."""

    def __init__(self, body_parts=None, status="201 Created"):
        self.body_parts = body_parts
        self.status = status
        self.environ = None
        self.closed = False
        self.thread = None

    def __call__(self, environ, start_response):
        self.environ = environ
        self.thread = threading.current_thread().name
        received = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        start_response(self.status, [("Content-Type", "text/plain"), ("X-Seen", received.decode())])
        app = self

        class Body:
            def __iter__(self):
                return iter(app.body_parts if app.body_parts is not None else [b"got ", received])

            def close(self):
                app.closed = True

        return Body()


def test_a_request_in_parts_reaches_the_application_whole_and_its_answer_comes_back_whole():
    app = Echo()
    sent = serve(ThreadedWSGI(app, workers=2), [
        {"type": "http.request", "body": b"guess=", "more_body": True},
        {"type": "http.request", "body": b"MELON", "more_body": False},
    ])
    assert sent[0] == {"type": "http.response.start", "status": 201,
                       "headers": [(b"content-type", b"text/plain"), (b"x-seen", b"guess=MELON")]}
    assert sent[1:] == [{"type": "http.response.body", "body": b"got guess=MELON", "more_body": False}]
    assert app.closed
    assert app.thread.startswith("http")
    environ = app.environ
    assert (environ["REQUEST_METHOD"], environ["PATH_INFO"], environ["QUERY_STRING"]) == ("POST", "/t/ABCDEF/move/",
                                                                                         "x=1")
    assert (environ["REMOTE_ADDR"], environ["HTTP_X_REAL_IP"]) == ("10.0.0.7", "10.0.0.7")


def test_the_thread_hands_its_answer_over_without_waiting_for_the_loop(monkeypatch):
    waits = []
    real = asyncio.run_coroutine_threadsafe
    monkeypatch.setattr(asyncio, "run_coroutine_threadsafe", lambda *a, **k: waits.append(a) or real(*a, **k))
    sent = serve(ThreadedWSGI(Echo(), workers=1), [{"type": "http.request", "body": b"guess=MELON"}])
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert waits == []


def test_a_large_answer_is_sent_in_parts_as_it_is_made(monkeypatch):
    monkeypatch.setattr(http_threads, "BUFFER", 10)
    parts = [b"0123456", b"789abcd", b"efg", b"", b"hij"]
    app = Echo(body_parts=parts)
    sent = serve(ThreadedWSGI(app, workers=1), [{"type": "http.request", "body": b""}])
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 201
    bodies = sent[1:]
    assert all(m["type"] == "http.response.body" for m in bodies)
    assert b"".join(m["body"] for m in bodies) == b"".join(parts)
    assert len(bodies) > 2 and [m["more_body"] for m in bodies] == [True] * (len(bodies) - 1) + [False]
    assert app.closed


def test_a_phone_that_leaves_before_its_request_is_whole_costs_no_thread():
    app = Echo()
    sent = serve(ThreadedWSGI(app, workers=1), [{"type": "http.request", "body": b"gue", "more_body": True}])
    assert sent == [] and app.environ is None


def test_a_request_body_beyond_the_limit_is_refused_before_the_application(monkeypatch):
    monkeypatch.setattr(http_threads, "MAX_BODY", 8)
    app = Echo()
    sent = serve(ThreadedWSGI(app, workers=1), [{"type": "http.request", "body": b"guess=MELON"}])
    assert sent[0]["status"] == 413 and b"too large" in sent[1]["body"]
    assert app.environ is None


def test_an_application_that_fails_fails_the_request_and_is_closed():
    class Broken(Exception):
        pass

    def failing(environ, start_response):
        start_response("200 OK", [])

        class Body:
            closed = False

            def __iter__(self):
                raise Broken("the view broke")

            def close(self):
                Body.closed = True

        failing.body = Body
        return Body()

    with pytest.raises(Broken):
        serve(ThreadedWSGI(failing, workers=1), [{"type": "http.request", "body": b""}])
    assert failing.body.closed
