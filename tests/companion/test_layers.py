"""The process's own plumbing: the in-memory layer's sweep, and pushes sent on the server's loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from companion import broadcast
from companion.layers import SweepingInMemoryChannelLayer


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
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "companion.layers.SweepingInMemoryChannelLayer"}}
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
