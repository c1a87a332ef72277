"""What a table socket does when the channel layer or the database fails under it, or its phone
goes while a message is on its way.

It ends as the watchdog closes sockets: with LAYER_DOWN, so the phone tries again soon, and
one line in the log rather than a traceback per socket, as every phone at every table asks
again about every second.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Protocol

from autobahn.exception import Disconnected
from django.db import InterfaceError, OperationalError

from companion.live import logs
from companion.live.watchdog import LAYER_DOWN, LAYER_ERRORS, Watchdog

DATABASE_ERRORS = (OperationalError, InterfaceError)

log = logging.getLogger(__name__)


class Socket(Protocol):
    dog: Watchdog
    accepted: bool
    base_send: object

    async def accept(self) -> None: ...

    async def close(self, code: int | None = None) -> None: ...

    async def leave(self) -> None: ...


async def outlasting(socket: Socket, run: Awaitable[None], send) -> None:
    """Run a socket (``run``); if the layer or the database fails under it, close it with
    LAYER_DOWN and leave, and if its phone has gone, leave, rather than end with a traceback."""
    try:
        await run
    except Disconnected:
        # The phone went while a message was on its way to it (a reload, a tab closed): Daphne
        # raises on the send before it hands this socket its disconnect, which would then never
        # come. Leave as that disconnect does, so the phone is counted out and shows as away.
        await socket.leave()
    except LAYER_ERRORS:
        # The layer failed under this socket (Redis gone): end as the watchdog closes
        # sockets, not with a traceback per socket; the watchdog checks now and logs once.
        socket.dog.suspect()
        await _end_down(socket, send)
    except DATABASE_ERRORS as error:
        # Every phone at every table asks again about every second: one line, counted with its like.
        logs.failed(log, error, "database out of reach for a table socket")
        # Leaving counts the phone out (the cache); telling the table so needs the database.
        await _end_down(socket, send, spared=DATABASE_ERRORS)


async def _end_down(socket: Socket, send, spared: tuple[type[BaseException], ...] = ()) -> None:
    """Close with LAYER_DOWN (the phone retries soon) and leave, the layer or the database gone;
    ``spared``: errors leaving may meet that are expected while it is gone."""
    if not hasattr(socket, "base_send"):
        # The failure came before the consumer had set up its sending (a new channel is a
        # Redis subscription): answer the handshake all the same, or the phone's socket
        # hangs unanswered until Daphne drops it 5 s later.
        socket.base_send = send
    try:
        if not socket.accepted:  # a refused handshake would hide the code from the page
            await socket.accept()
        await socket.close(code=LAYER_DOWN)
    except Exception:  # the phone has gone already
        pass
    try:
        await socket.leave()
    except spared:
        pass
