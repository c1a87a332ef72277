"""Saves the in-memory layer's sweep of every channel on every message, and a Redis round trip per PUBLISH.
Its rows: docs/performance.md#the-speed-devices-an-inventory (the in-memory layer's sweep
throttled; PUBLISHes sent together). Channels' in-memory layer serves one process, and
channels_redis's pub/sub one several (see each class)."""

from __future__ import annotations

import asyncio
import time
import weakref

from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, with its sweep of expired messages throttled.

    The stock layer walks every channel and every group looking for expired messages on every
    send and every receive: with hundreds of sockets open that walk takes a large share of the
    event loop's time (docs/performance.md, "Where the speed devices came from"). Messages
    expire after a minute and group memberships after a day, so sweeping at most once a second
    changes nothing a phone can see.
    """

    sweep_every = 1.0  # seconds
    _swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()


class PipelinedRedisPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer, sending a process's PUBLISHes together.

    The stock layer sends each PUBLISH alone, under its connection's lock, and waits for Redis's
    answer before the next one may go: a move's five or six groups, and every other move's in
    the process, would take one round trip each, one after another, each waiting for a busy
    event loop to read its answer. Here every message to send joins one queue per Redis server;
    one task sends all that is queued as a single pipeline, one round trip, and whatever arrives
    meanwhile goes in the next. Messages leave in the order they are sent, on one connection, so
    each phone gets a table's drawings in order.

    It leans on private parts of channels_redis's pub/sub layer (the per-loop layer, the shard
    for a name, the shard's client, a group's channel name); ``tests/companion/test_layers.py``
    checks them against the installed version.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # One outbox per shard of each event loop's layer, gone with that layer when its loop
        # closes (an outbox never holds its shard: the shard holds the layer, the key).
        self._outboxes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    async def send(self, channel: str, message: dict) -> None:
        await self._publish(self._get_layer(), channel, message)

    async def group_send(self, group: str, message: dict) -> None:
        layer = self._get_layer()
        await self._publish(layer, layer._get_group_channel_name(group), message)

    async def _publish(self, layer, name: str, message: dict) -> None:
        shard = layer._get_shard(name)
        outbox = self._outboxes.get(shard)
        if outbox is None:
            outbox = self._outboxes[shard] = _Outbox()
        await outbox.publish(shard, name, self.serialize(message))


class _Outbox:
    """The PUBLISHes waiting for one Redis server, and the one task that sends them."""

    def __init__(self) -> None:
        self.waiting: list[tuple[str, bytes, asyncio.Future]] = []
        self.sender: asyncio.Task | None = None

    async def publish(self, shard, channel: str, data: bytes) -> None:
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((channel, data, done))
        if self.sender is None:
            self.sender = asyncio.ensure_future(self._send_all(shard))
        await done

    async def _send_all(self, shard) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    shard._ensure_redis()  # a new client after the watchdog's flush
                    pipeline = shard._redis.pipeline(transaction=False)
                    for channel, data, _ in batch:
                        pipeline.publish(channel, data)
                    await pipeline.execute()
                except Exception as error:  # Redis gone: each sender hears it, as from a PUBLISH of its own
                    for _, _, done in batch:
                        if not done.done():
                            done.set_exception(error)
                except BaseException:  # cancelled with the loop: the waiting senders are too
                    for _, _, done in batch + self.waiting:
                        done.cancel()
                    self.waiting = []
                    raise
                else:
                    for _, _, done in batch:
                        if not done.done():
                            done.set_result(None)
        finally:
            self.sender = None
