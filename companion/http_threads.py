"""Django's WSGI handler on a fixed pool of threads under Daphne, handed over once each way.

Before this, a2wsgi ran each request on a pool thread too, but that thread then waited for the
event loop four times: to read the body, and to hand over the response's start, its body and
its end, each a round trip through the loop's queue. On a busy evening the loop is working
through hundreds of sockets' pushes, and a thread waiting for its turn there serves no one
(with two threads, half the server's capacity for moves). Here the loop reads the body first
(Daphne has it whole by then), the thread runs Django and gives back the whole response, and
the loop sends it: the thread never waits for the loop. A response larger than ``BUFFER`` (a
large static file) is sent in parts as it is read instead, the thread waiting for each part
as before.

The WSGI environ is built by a2wsgi's ``build_environ``, as it was.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import build_environ

BUFFER = 1 << 20  # a response body kept whole up to this many bytes, then sent in parts
MAX_BODY = 16 << 20  # a request body beyond this is refused (413) before Django sees it

Send = Callable[[dict], Any]


class _Answer:
    """One request's response as the thread makes it: its start, and its body until sent."""

    def __init__(self, loop: asyncio.AbstractEventLoop, send: Send):
        self.loop, self.send = loop, send
        self.start: dict | None = None
        self.parts: list[bytes] = []
        self.size = 0
        self.streaming = False  # True once the body outgrew BUFFER: the thread sends the rest itself

    def start_response(self, status: str, headers: list[tuple[str, str]], exc_info: Any = None):
        if exc_info is not None and self.streaming:  # too late to change what was sent
            raise exc_info[1].with_traceback(exc_info[2])
        self.start = {"type": "http.response.start", "status": int(status.split(" ", 1)[0]),
                      "headers": [(name.strip().encode("latin1").lower(), value.strip().encode("latin1"))
                                  for name, value in headers]}
        return self.write

    def write(self, chunk: bytes) -> None:
        if not chunk:
            return
        if self.streaming:
            self._through_loop({"type": "http.response.body", "body": chunk, "more_body": True})
            return
        self.parts.append(chunk)
        self.size += len(chunk)
        if self.size > BUFFER:
            self.streaming = True
            self._through_loop(self.start)
            self._through_loop({"type": "http.response.body", "body": b"".join(self.parts), "more_body": True})
            self.parts = []

    def finish(self) -> None:
        if self.streaming:
            self._through_loop({"type": "http.response.body", "body": b"", "more_body": False})

    def _through_loop(self, message: dict) -> None:
        asyncio.run_coroutine_threadsafe(self.send(message), self.loop).result()


class ThreadedWSGI:
    """An ASGI application for HTTP that runs a WSGI application on ``workers`` threads."""

    def __init__(self, app: Callable, workers: int):
        self.app = app
        self.executor = ThreadPoolExecutor(thread_name_prefix="http", max_workers=workers)

    async def __call__(self, scope: dict, receive: Callable, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - routed here for HTTP only
            raise ValueError(f"ThreadedWSGI serves HTTP, not {scope['type']}")
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":  # the phone went before its request was whole
                return
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await send({"type": "http.response.start", "status": 413,
                            "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
                await send({"type": "http.response.body", "body": b"That request is too large."})
                return
            if not message.get("more_body"):
                break
        answer = _Answer(asyncio.get_running_loop(), send)
        context = contextvars.copy_context()
        await asyncio.get_running_loop().run_in_executor(
            self.executor, context.run, self._respond, scope, bytes(body), answer)
        if not answer.streaming:
            assert answer.start is not None, "the application never started its response"
            await send(answer.start)
            await send({"type": "http.response.body", "body": b"".join(answer.parts), "more_body": False})

    def _respond(self, scope: dict, body: bytes, answer: _Answer) -> None:
        iterable = self.app(build_environ(scope, io.BytesIO(body)), answer.start_response)
        try:
            for chunk in iterable:
                answer.write(chunk)
        finally:
            getattr(iterable, "close", lambda: None)()
        answer.finish()
