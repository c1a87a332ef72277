"""The channel-layer watchdog's decisions, against a fake layer that can fail or hang."""

from __future__ import annotations

import asyncio
import logging

import pytest
from channels.exceptions import ChannelFull
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import MaxConnectionsError

from companion.live.watchdog import SLOW_CHECKS, Watchdog


class FakeLayer:
    """Enough of a channel layer for the watchdog: one queue per channel, and ways to break it."""

    def __init__(self):
        self.queues: dict[str, asyncio.Queue] = {}
        self.failing = False
        self.hanging = False

    async def new_channel(self, prefix: str = "specific") -> str:
        return f"{prefix}.fake!{len(self.queues)}"

    async def send(self, channel: str, message: dict) -> None:
        if self.failing:
            raise RedisConnectionError("Connection refused")
        if not self.hanging:
            self.queues.setdefault(channel, asyncio.Queue()).put_nowait(message)

    async def receive(self, channel: str) -> dict:
        return await self.queues.setdefault(channel, asyncio.Queue()).get()


class Socket:
    def __init__(self):
        self.closed = 0

    async def layer_lost(self) -> None:
        self.closed += 1


async def test_a_working_layer_keeps_it_up_and_closes_nothing():
    dog, socket = Watchdog(FakeLayer()), Socket()
    dog.watch(socket)
    for _ in range(3):
        await dog.tick()
    assert dog.up and socket.closed == 0


async def test_a_failing_layer_closes_every_socket_and_logs_once_until_it_is_back(caplog):
    layer = FakeLayer()
    dog, sockets = Watchdog(layer), [Socket(), Socket()]
    for socket in sockets:
        dog.watch(socket)
    layer.failing = True
    with caplog.at_level(logging.WARNING, logger="companion.live.watchdog"):
        await dog.tick()
        assert not dog.up and [s.closed for s in sockets] == [1, 1]
        late = Socket()  # opened just before the layer was found down
        dog.watch(late)
        await dog.tick()
        assert late.closed == 1 and [s.closed for s in sockets] == [1, 1]  # each closed once
        layer.failing = False
        await dog.tick()
        assert dog.up
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2, messages
    assert "down (ConnectionError: Connection refused); closing 2" in messages[0]
    assert "back after" in messages[1]


async def test_a_layer_that_does_not_answer_in_time_is_down():
    layer = FakeLayer()
    layer.hanging = True
    dog, socket = Watchdog(layer, timeout=0.05), Socket()
    dog.watch(socket)
    for _ in range(SLOW_CHECKS - 1):  # slow under a burst is not down yet
        await dog.tick()
        assert dog.up and socket.closed == 0
    await dog.tick()
    assert not dog.up and socket.closed == 1
    layer.hanging = False
    await dog.tick()  # the ping of the check that timed out never came: this one's does
    assert dog.up


async def test_a_late_ping_from_an_earlier_check_does_not_pass_for_this_one():
    layer = FakeLayer()
    dog = Watchdog(layer, timeout=0.05)
    await dog.tick()
    channel = dog._channel
    layer.queues[channel].put_nowait({"type": "watchdog.ping", "n": 0})  # a stale one, first in line
    layer.hanging = True  # this check's own ping never arrives
    for _ in range(SLOW_CHECKS):
        await dog.tick()
    assert not dog.up


async def test_the_checks_run_on_their_own_and_a_suspicion_brings_the_next_one_forward():
    layer = FakeLayer()
    dog, socket = Watchdog(layer, every=60), Socket()
    dog.watch(socket)
    dog.start()
    try:
        await asyncio.sleep(0.05)  # the first check has passed; the next is a minute away
        layer.failing = True
        dog.suspect()
        await asyncio.sleep(0.05)
        assert not dog.up and socket.closed == 1
    finally:
        dog.stop()


async def test_each_failed_check_drops_the_pub_sub_layers_subscriptions_and_its_own_channel():
    from channels_redis.pubsub import RedisPubSubChannelLayer

    layer = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # nothing listens there
    flushed = []

    async def flush():
        flushed.append(True)

    layer.flush = flush
    dog = Watchdog(layer)
    dog._channel = "asgispecific.made-before-the-outage"
    for _ in range(2):
        await dog.tick()
    assert not dog.up and len(flushed) == 2 and dog._channel is None


async def test_a_watchdog_stopped_while_the_pub_sub_layer_flushes_stops():
    # channels_redis's flush waits for its receiver to stop and swallows a cancellation that
    # arrives meanwhile; stopped then, the watchdog checked on for ever and the event loop
    # closing under it never finished.
    from channels_redis.pubsub import RedisPubSubChannelLayer

    layer = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # nothing listens there
    flushing, flushes = asyncio.Event(), []

    async def flush():
        flushes.append(True)
        receiver = asyncio.ensure_future(asyncio.sleep(0.5 if len(flushes) == 1 else 0))
        flushing.set()
        try:
            await receiver
        except asyncio.CancelledError:
            pass

    layer.flush = flush
    dog = Watchdog(layer)
    dog.start()
    task = dog._task
    await asyncio.wait_for(flushing.wait(), 5)
    dog.stop()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 2)


@pytest.mark.parametrize("refusal", [ChannelFull(), MaxConnectionsError("Too many connections")])
async def test_a_full_queue_or_pool_is_a_busy_layer_not_an_outage(refusal):
    class Busy(FakeLayer):
        async def send(self, channel: str, message: dict) -> None:
            raise refusal

    dog, socket = Watchdog(Busy()), Socket()
    dog.watch(socket)
    for _ in range(SLOW_CHECKS + 1):
        await dog.tick()
    assert dog.up and socket.closed == 0
