"""Is the channel layer working? One check every half second per process, and the table sockets told when not.

With Redis down a socket can open and even get its first view (that comes from the
database) while no push will ever reach it: the phone would look live and be deaf. So
each process proves the layer end to end, a message sent to a channel of its own and
received back, and while that fails every table socket in the process is closed with
LAYER_DOWN and new ones are refused the same way; the page keeps "Reconnecting…" up and
tries again about every second. Sockets refused or closed this way never joined a group
that outlived the outage, so each one that comes back joins afresh and asks for its view.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from channels.exceptions import ChannelFull
from redis.exceptions import MaxConnectionsError, RedisError

log = logging.getLogger(__name__)

LAYER_DOWN = 4503  # close code: not live, the server is fine, try again soon
EVERY = 0.5  # seconds between two checks
# A check that has not come back within this long fails. Killed Redis fails at once
# (connection refused); this only catches a layer that hangs, so it is generous enough
# that a busy event loop alone does not close every socket.
TIMEOUT = 2.5
SLOW_CHECKS = 3  # checks in a row that time out before the layer counts as down

# What a layer raises when its server is gone (redis-py's errors are not OSErrors).
LAYER_ERRORS: tuple[type[BaseException], ...] = (OSError, TimeoutError, RedisError)
# A layer that refuses for now because it is full or every connection is in use: it works.
BUSY = (ChannelFull, MaxConnectionsError)


class Watched(Protocol):
    async def layer_lost(self) -> None: ...


class Watchdog:
    def __init__(self, layer, every: float = EVERY, timeout: float = TIMEOUT):
        self.layer = layer
        self.every = every
        self.timeout = timeout
        self.up = True
        self.down_since = 0.0
        self.sockets: set[Watched] = set()
        self._task: asyncio.Task | None = None
        self._wake: asyncio.Event | None = None
        self._channel: str | None = None
        self._sent = 0
        self.slow = 0

    def start(self) -> None:
        """Run the checks on the current event loop, unless they already run there."""
        loop = asyncio.get_running_loop()
        if self._task is not None and not self._task.done() and self._task.get_loop() is loop:
            return
        self._wake = asyncio.Event()
        self._task = loop.create_task(self._run(), name="channel-layer-watchdog")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def watch(self, socket: Watched) -> None:
        self.sockets.add(socket)

    def forget(self, socket: Watched) -> None:
        self.sockets.discard(socket)

    def suspect(self) -> None:
        """A socket saw the layer fail: check now rather than at the next tick."""
        if self._wake is not None:
            self._wake.set()

    async def check(self) -> BaseException | None:
        """Send a message to our own channel and receive it back; the error if that failed."""
        try:
            async with asyncio.timeout(self.timeout):
                if self._channel is None:
                    self._channel = await self.layer.new_channel()
                self._sent += 1
                await self.layer.send(self._channel, {"type": "watchdog.ping", "n": self._sent})
                # A ping from an earlier check that timed out may still come first.
                while (await self.layer.receive(self._channel)).get("n") != self._sent:
                    pass
        except BUSY:  # the layer answered: busy, not down (closing every socket would only add to it)
            log.warning("channel layer busy: the watchdog's check was refused for now")
        except TimeoutError as error:
            # A layer that hangs, or one that is only slow under a burst: only several slow
            # checks in a row are an outage.
            self.slow += 1
            return error if self.slow >= SLOW_CHECKS else None
        except Exception as error:  # whatever else the layer raises, it is not working
            return error
        self.slow = 0
        return None

    async def tick(self) -> None:
        """One check, and what follows from it: close every socket when the layer goes down."""
        error = await self.check()
        if error is None and not self.up:
            self.up = True
            log.warning("channel layer is back after %.1f s; table sockets may connect again",
                        time.monotonic() - self.down_since)
        elif error is not None:
            if self.up:
                self.up = False
                self.down_since = time.monotonic()
                log.error("channel layer is down (%s: %s); closing %d table sockets until it is back",
                          type(error).__name__, error or f"no answer within {self.timeout} s", len(self.sockets))
            # Every socket still here is deaf: close them all (also any that opened just before).
            sockets, self.sockets = list(self.sockets), set()
            await asyncio.gather(*(socket.layer_lost() for socket in sockets), return_exceptions=True)
            await self._start_afresh()

    async def _start_afresh(self) -> None:
        """Drop this process's Redis subscriptions and connections, so the next check (and every
        socket after it) subscribes again on a new connection. Left to itself, channels_redis's
        pub/sub connection retries once a second with a traceback each time, and phones stay
        deaf for seconds after Redis is back; dropped here, the next check reconnects at once
        (docs/performance.md, "Where the speed devices came from"). Every socket has been closed
        by now, so no subscription is lost with them."""
        from channels_redis.pubsub import RedisPubSubChannelLayer

        if not isinstance(self.layer, RedisPubSubChannelLayer):
            return
        self._channel = None
        try:
            await self.layer.flush()  # this event loop's subscriptions and connections only
        except Exception:  # a connection that will not close cleanly is gone anyway
            log.debug("dropping the channel layer's connections failed", exc_info=True)

    async def _run(self) -> None:
        task = asyncio.current_task()
        while True:
            await self.tick()
            # channels_redis's flush swallows a cancellation that arrives while it waits for its
            # receiver to stop: a watchdog stopped then would check on for ever, and a server
            # (or a test's event loop) shutting down would wait for it for ever.
            if task is not None and task.cancelling():
                raise asyncio.CancelledError
            assert self._wake is not None
            self._wake.clear()
            try:
                async with asyncio.timeout(self.every):
                    await self._wake.wait()
            except TimeoutError:
                pass


_dogs: dict[int, Watchdog] = {}


def of(layer) -> Watchdog:
    """The watchdog of this process's layer, started on the running loop if it is not yet."""
    dog = _dogs.get(id(layer))
    if dog is None or dog.layer is not layer:
        dog = _dogs[id(layer)] = Watchdog(layer)
    dog.start()
    return dog
