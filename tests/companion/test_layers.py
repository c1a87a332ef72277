"""The process's own plumbing: the in-memory layer's sweep, pushes sent on the server's loop, and the
pub/sub layer's pipelined PUBLISHes (on Redis, in CI's second pass)."""

from __future__ import annotations

import asyncio
import gc
import os
import threading

import pytest

from companion.live import broadcast
from companion.speed.layers import PipelinedRedisPubSubChannelLayer, SweepingInMemoryChannelLayer
from companion.live.watchdog import LAYER_ERRORS


async def test_an_expired_message_is_swept_once_a_sweep_is_due_and_not_on_every_receive():
    layer = SweepingInMemoryChannelLayer(expiry=0.05)
    await layer.send("busy.b", {"type": "first"})
    assert (await layer.receive("busy.b"))["type"] == "first"  # a receive sweeps: the throttle starts now
    await layer.send("idle.a", {"type": "stale"})
    await asyncio.sleep(0.1)  # that message has expired
    await layer.send("busy.b", {"type": "second"})
    assert (await layer.receive("busy.b"))["type"] == "second"
    assert "idle.a" in layer.channels, "swept again within a second of the last sweep"
    layer._swept -= layer.sweep_every  # a second later
    await layer.send("busy.b", {"type": "third"})
    assert (await layer.receive("busy.b"))["type"] == "third"
    assert "idle.a" not in layer.channels


@pytest.fixture
def server_loop():
    """An event loop in a thread of its own, as Daphne's is for the request threads."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    broadcast.serve_on(loop)
    yield loop
    broadcast.serve_on(None)
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0.01), loop).result(5)  # let the last sends finish
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=5)
    loop.close()


def test_a_push_from_a_request_thread_goes_out_on_the_servers_loop_in_order(server_loop, settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "companion.speed.layers.SweepingInMemoryChannelLayer"}}
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    sent_from = []
    group_send = layer.group_send

    async def recording(group: str, message: dict) -> None:
        sent_from.append(threading.current_thread())
        await group_send(group, message)

    layer.group_send = recording
    asyncio.run_coroutine_threadsafe(layer.group_add("t1.guessers", "phone.1"), server_loop).result(5)
    broadcast._send(("t1.guessers", {"type": "seat.html", "html": "first"}))
    broadcast._send(("t1.guessers", {"type": "seat.html", "html": "second"}))

    async def two() -> list[str]:
        return [(await layer.receive("phone.1"))["html"] for _ in range(2)]

    assert asyncio.run_coroutine_threadsafe(two(), server_loop).result(5) == ["first", "second"]
    assert threading.current_thread() not in sent_from and len(set(sent_from)) == 1


# -- the pub/sub layer for several processes: PUBLISHes pipelined -------------------------------


@pytest.fixture
def pipelines(monkeypatch) -> list[int]:
    """The size of every pipeline redis-py sends (one round trip each)."""
    from redis.asyncio.client import Pipeline

    sent: list[int] = []
    execute = Pipeline.execute

    async def counted(self, *args, **kwargs):
        sent.append(len(self.command_stack))
        return await execute(self, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "execute", counted)
    return sent


@pytest.fixture
async def two_servers():
    """Two layers on Redis as two server processes: one sends, the other's phones listen."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis (REDIS_URL)")
    sender = PipelinedRedisPubSubChannelLayer(hosts=[os.environ["REDIS_URL"]])
    server = PipelinedRedisPubSubChannelLayer(hosts=[os.environ["REDIS_URL"]])
    yield sender, server
    await sender.flush()
    await server.flush()


@pytest.mark.sync
async def test_a_moves_sends_to_six_groups_go_to_redis_in_one_round_trip_and_arrive_in_order(two_servers, pipelines):
    sender, server = two_servers
    groups = [f"test-layers.t1.seat{n}" for n in range(6)]
    phones = [await server.new_channel() for _ in groups]
    for group, phone in zip(groups, phones):
        await server.group_add(group, phone)
    await asyncio.sleep(0.1)  # Redis has the subscriptions
    for version in (1, 2):  # two moves, as broadcast._send sends them
        await asyncio.gather(*(sender.group_send(group, {"type": "seat.html", "v": version}) for group in groups))
    assert pipelines == [6, 6]
    for phone in phones:
        assert [(await server.receive(phone))["v"] for _ in range(2)] == [1, 2]


@pytest.mark.sync
async def test_sends_made_while_a_pipeline_is_out_go_in_the_next_one_in_order(two_servers, pipelines):
    sender, server = two_servers
    phone = await server.new_channel()
    await server.group_add("test-layers.t2.guessers", phone)
    await asyncio.sleep(0.1)
    first = asyncio.ensure_future(sender.group_send("test-layers.t2.guessers", {"type": "seat.html", "n": 0}))
    await asyncio.sleep(0)  # the first pipeline is on its way
    later = [asyncio.ensure_future(sender.group_send("test-layers.t2.guessers", {"type": "seat.html", "n": n}))
             for n in range(1, 30)]
    await asyncio.gather(first, *later)
    assert pipelines == [1, 29]
    assert [(await server.receive(phone))["n"] for _ in range(30)] == list(range(30))


async def test_with_redis_gone_every_send_fails_with_a_layer_error_and_none_hangs():
    layer = PipelinedRedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # nothing listens there
    for _ in range(2):  # the second after the first pipeline failed: a new one is tried
        results = await asyncio.wait_for(asyncio.gather(
            layer.group_send("t3.guessers", {"type": "seat.html"}), layer.send("specific.x", {"type": "watchdog.ping"}),
            return_exceptions=True), 5)
        assert all(isinstance(result, LAYER_ERRORS) for result in results), results


def test_an_event_loops_outbox_goes_with_its_layer_when_the_loop_closes():
    # Outside the server (a management command, a request thread with no server loop) each
    # send may run on an event loop of its own, which channels_redis drops with its layer.
    layer = PipelinedRedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # nothing listens there

    async def send() -> None:
        with pytest.raises(LAYER_ERRORS):
            await layer.group_send("t4.guessers", {"type": "seat.html"})

    for _ in range(3):
        asyncio.run(send())
    gc.collect()
    assert len(layer._outboxes) == 0
