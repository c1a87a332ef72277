"""The live socket, driven with channels' WebsocketCommunicator: per-seat pushes and no leaks."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from companion.table import seats, tables
from companion.live import broadcast, presence, render
from companion.live.broadcast import seat_group
from companion.models import Seat, Table
from companion.live.consumers import SYNC_EVERY
from companion.live.drafts import DRAFT_EVERY
from companion.live.render import PONG
from companion.live.watchdog import LAYER_DOWN
from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sync]

SECRET = "zephyrs"


def cookie_for(seat: Seat) -> str:
    from django.http import HttpResponse

    response = HttpResponse()
    seats.remember(response, seat)
    morsel = response.cookies[seats.cookie_name(seat.table.code)]
    return f"{morsel.key}={morsel.value}"


async def open_socket(code: str, seat: Seat | None, query: str = "") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if seat is not None:
        headers.append((b"cookie", (await database_sync_to_async(cookie_for)(seat)).encode()))
    communicator = WebsocketCommunicator(application, f"/ws/t/{code}/{query}", headers=headers)
    connected, _ = await communicator.connect(timeout=5)  # a loaded machine may take over a second
    assert connected
    return communicator


async def drain(communicator: WebsocketCommunicator, wait: float = presence.GATHER + 0.3) -> list[str]:
    """Every message that arrives within `wait` seconds of the last one: by default, also the
    redraw for a phone that came or went, which comes presence.GATHER seconds after it."""
    messages = []
    while not await communicator.receive_nothing(timeout=wait):
        messages.append(await communicator.receive_from(timeout=1))
    return messages


@database_sync_to_async
def a_table_with(*names: str) -> tuple[Table, list[Seat]]:
    table, host = tables.create_table("stub", names[0])
    people = [host] + [tables.join_table(table, name) for name in names[1:]]
    return table, people


@database_sync_to_async
def current_version(table: Table) -> int:
    return Table.objects.get(pk=table.pk).version


@database_sync_to_async
def made(code: str, token: str, change: tables.Change, version: int) -> tables.Result:
    """Make a change and tell everyone of it, as the view that serves a tap does."""
    result = tables.run(code, token, change, version)
    broadcast.tell(result.news)
    return result


async def play(table: Table, seat: Seat, **move):
    version = await current_version(table)
    return await made(table.code, seat.token, tables.Play(move), version)


async def start(table: Table, host: Seat):
    version = await current_version(table)
    return await made(table.code, host.token, tables.StartGame(), version)


async def test_socket_sends_the_seats_current_view_on_connect():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    first = await socket.receive_from(timeout=2)
    assert 'id="region-people"' in first and f'data-seat="{gus.pk}"' in first
    assert 'hx-swap-oob="morph"' in first
    await socket.disconnect()


async def test_a_change_on_one_phone_reaches_the_others_without_a_reload():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await start(table, lena)
    pushed = "".join(await drain(socket))
    assert "The keeper is writing a secret word" in pushed
    await socket.disconnect()


async def test_the_secret_reaches_no_other_seat_before_the_reveal():
    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    display = await database_sync_to_async(tables.join_table)(table, "", as_display=True)
    sockets = {seat.name: await open_socket(table.code, seat) for seat in (lena, gus, gwen, display)}
    await start(table, lena)
    await play(table, lena, type="set_secret", word=SECRET)
    await play(table, gus, type="guess", word="candle")
    before = {name: "".join(await drain(socket)) for name, socket in sockets.items()}
    assert SECRET in before["lena"]
    for name in ("gus", "gwen", "Table display"):
        assert "Guess" in before[name] or "Guessing" in before[name]
        assert SECRET not in before[name], f"{name} saw the secret before the reveal"
    await play(table, lena, type="reveal")
    after = {name: "".join(await drain(socket)) for name, socket in sockets.items()}
    for name in ("lena", "gus", "gwen", "Table display"):
        assert SECRET in after[name], f"{name} did not see the reveal"
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_phone_asking_to_sync_gets_the_current_view_again():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await asyncio.sleep(SYNC_EVERY)  # a sync right after connecting has nothing new to send
    await socket.send_json_to({"type": "sync"})
    again = await socket.receive_from(timeout=2)
    assert 'id="region-people"' in again and "gus" in again
    await socket.disconnect()


async def test_a_socket_without_a_seat_is_closed_and_told_not_to_retry():
    table, _ = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, None)
    assert (await socket.receive_output(timeout=2))["type"] == "websocket.close"
    assert socket  # connected then closed with the no-seat code below
    # No such table is answered exactly like no seat, so codes cannot be tested over the socket.
    output = await open_socket("ZZZZZZ", None)
    closed = await output.receive_output(timeout=2)
    assert closed == {"type": "websocket.close", "code": 4403}


async def test_a_removed_seat_is_told_and_its_socket_closed():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    version = await current_version(table)
    await made(table.code, lena.token, tables.RemoveSeat(gus.pk), version)
    message = await socket.receive_from(timeout=2)
    assert "removed you" in message
    closed = await socket.receive_output(timeout=2)
    assert closed == {"type": "websocket.close", "code": 4410}


async def test_deeply_nested_or_huge_messages_on_the_socket_are_ignored():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await socket.send_to(text_data="[" * 100_000 + "]" * 100_000)
    await socket.send_to(text_data='{"type": "sync", "pad": "' + "x" * 5000 + '"}')
    assert await socket.receive_nothing(timeout=SYNC_EVERY)
    await socket.send_json_to({"type": "sync"})  # still alive and answering
    assert 'id="region-people"' in await socket.receive_from(timeout=2)
    await socket.disconnect()


@pytest.mark.parametrize("origin, allowed", [
    (b"http://testserver", True),
    (b"http://testserver:80", True),
    (b"http://testserver:8001", False),
    (b"https://testserver", False),
    (b"http://evil.example", False),
    (b"null", False),
])
async def test_the_socket_checks_the_origins_scheme_host_and_port(origin, allowed):
    table, (lena,) = await a_table_with("lena")
    cookie = (await database_sync_to_async(cookie_for)(lena)).encode()
    headers = [(b"origin", origin), (b"host", b"testserver"), (b"cookie", cookie)]
    communicator = WebsocketCommunicator(application, f"/ws/t/{table.code}/", headers=headers)
    connected, _ = await communicator.connect(timeout=5)  # a loaded machine may take over a second
    assert connected is allowed
    await communicator.disconnect()


REGION = re.compile(r'<section id="region-([\w-]+)"[^>]* data-h="(\w+)"')


def apply(screen: dict[str, str], message: str) -> list[str]:
    """What a phone does with a message: each region in it replaces its own. Returns their names."""
    found = REGION.findall(message)
    screen.update(found)
    return [name for name, _ in found]


async def test_a_push_carries_only_the_regions_that_changed_and_the_phone_ends_up_with_the_whole_screen():
    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    socket = await open_socket(table.code, gus)
    screen: dict[str, str] = {}
    first = apply(screen, "".join(await drain(socket)))
    assert "people" in first and "now" in first
    await start(table, lena)
    await play(table, lena, type="set_secret", word=SECRET)
    apply(screen, "".join(await drain(socket)))
    sent = []
    for word in ("candle", "window", "marble"):
        await play(table, gwen, type="guess", word=word)
        pushed = await drain(socket)
        assert len(pushed) == 1 and 'id="table-version"' in pushed[0]  # the version, always
        before = dict(screen)
        names = apply(screen, pushed[0])
        assert all(screen[name] != before.get(name) for name in names), "a region sent again unchanged"
        sent.append(names)
    assert "people" not in sent[-1] and "guesses" in sent[-1]  # a guess leaves the people as they were
    # Put together from the pushes, the phone's screen is the whole current one.
    fresh = await open_socket(table.code, gus)
    whole: dict[str, str] = {}
    assert set(apply(whole, "".join(await drain(fresh)))) == set(screen)
    whole.pop("clock"), screen.pop("clock")  # drawn with the time of drawing, so new in every push
    assert whole == screen
    await socket.disconnect()
    await fresh.disconnect()


async def test_after_asking_to_sync_a_phone_is_sent_the_whole_screen_and_then_what_changes_from_it():
    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    await start(table, lena)
    await play(table, lena, type="set_secret", word=SECRET)
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await asyncio.sleep(SYNC_EVERY)
    await socket.send_json_to({"type": "sync"})
    screen: dict[str, str] = {}
    assert "people" in apply(screen, await socket.receive_from(timeout=2))
    await play(table, gwen, type="guess", word="candle")
    pushed = "".join(await drain(socket))
    assert "guesses" in apply(screen, pushed) and 'id="region-people"' not in pushed
    await socket.disconnect()


async def test_a_drawing_older_than_what_the_socket_sent_does_not_change_what_it_thinks_the_phone_has():
    """A sync drawn just before a move can reach the socket after that move's push: the phone
    keeps the newer regions, so the next push must be measured against those, not the older."""
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    screen: dict[str, str] = {}
    apply(screen, "".join(await drain(socket)))
    version = await current_version(table)

    def drawing(v: int, **changed: str) -> dict:
        digests = {**screen, **changed}
        return {"type": "seat.html", "v": v, "version": f'<input id="table-version" value="{v}">',
                "regions": [[name, digest, f'<section id="region-{name}" data-h="{digest}"></section>']
                            for name, digest in digests.items()]}

    layer = get_channel_layer()
    await layer.group_send(seat_group(gus.pk), drawing(version - 1, people="older"))
    assert 'id="region-people"' in await socket.receive_from(timeout=2)  # sent: the phone refuses it
    await layer.group_send(seat_group(gus.pk), drawing(version + 1, now="newer"))
    pushed = await socket.receive_from(timeout=2)
    assert apply({}, pushed) == ["now"]
    await socket.disconnect()


async def test_guessers_share_one_rendering_sent_once_to_their_group(monkeypatch):
    from companion.live import render

    table, (lena, gus, gwen, ben) = await a_table_with("lena", "gus", "gwen", "ben")
    await start(table, lena)
    sockets = {seat.name: await open_socket(table.code, seat) for seat in (lena, gus, gwen, ben)}
    for socket in sockets.values():
        await drain(socket)
    drawn = []
    real_update = render.update
    monkeypatch.setattr(render, "update", lambda sc, seat: drawn.append(seat) or real_update(sc, seat))
    await play(table, lena, type="set_secret", word=SECRET)
    got = {name: "".join(await drain(socket)) for name, socket in sockets.items()}
    assert len(drawn) == 2  # the keeper (also the host) and the guessers' group
    assert got["gus"] == got["gwen"] == got["ben"] and SECRET not in got["gus"]
    assert SECRET in got["lena"]
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_screen_follows_its_seat_into_another_group_when_roles_change():
    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    sockets = {seat.name: await open_socket(table.code, seat) for seat in (lena, gus, gwen)}
    for socket in sockets.values():
        await drain(socket)
    for seat, role in ((gus, "keeper"), (lena, "guesser")):
        version = await current_version(table)
        await made(table.code, lena.token, tables.SetRole(seat.pk, role), version)
    await start(table, lena)
    for socket in sockets.values():
        await drain(socket)
    await play(table, gus, type="set_secret", word=SECRET)
    got = {name: "".join(await drain(socket)) for name, socket in sockets.items()}
    assert SECRET in got["gus"] and "Guess the keeper" not in got["gus"]  # not the guessers' screen any more
    assert SECRET not in got["gwen"] and SECRET not in got["lena"]
    assert "Guess the keeper" in got["gwen"]
    for socket in sockets.values():
        await socket.disconnect()


async def test_everyone_sees_a_phone_arrive_and_go_away():
    import re

    table, (lena, gus) = await a_table_with("lena", "gus")
    host = await open_socket(table.code, lena)
    await drain(host)
    phone = await open_socket(table.code, gus)
    arrived = "".join(await drain(host))
    badge = re.compile(rf'id="seat-{gus.pk}".*?presence presence-(\w+)', re.DOTALL)
    assert badge.search(arrived).group(1) == "here"
    await phone.disconnect()
    gone = "".join(await drain(host))
    assert badge.search(gone).group(1) == "away"
    await host.disconnect()


async def test_a_phone_gone_while_a_push_was_on_its_way_is_counted_out_without_a_crash(monkeypatch):
    from autobahn.exception import Disconnected

    from companion.live.consumers import TableConsumer

    table, (lena, gus) = await a_table_with("lena", "gus")
    host = await open_socket(table.code, lena)
    phone = await open_socket(table.code, gus)
    await drain(host)
    await drain(phone)
    sent = TableConsumer.seat_html

    async def gone_on_the_way(self, event):
        if self.seat_id == gus.pk:  # the phone reloaded as Daphne was sending it this push
            raise Disconnected("Attempt to send on a closed protocol")
        await sent(self, event)

    monkeypatch.setattr(TableConsumer, "seat_html", gone_on_the_way)
    await start(table, lena)
    told = "".join(await drain(host))
    badge = re.compile(rf'id="seat-{gus.pk}".*?presence presence-(\w+)', re.DOTALL)
    assert badge.findall(told)[-1] == "away"
    await phone.wait(timeout=1)  # the socket ended, and did not crash
    await host.disconnect()


async def test_sockets_share_one_cache_client_for_presence(monkeypatch):
    # Django's `cache` is one client per asyncio task: with Redis, every open socket held its
    # own connection pool and connection. Count the cache clients made while phones arrive.
    from django.core.cache import caches

    table, people = await a_table_with("lena", "gus", "gwen", "nina")
    made = []
    create = caches.create_connection
    monkeypatch.setattr(caches, "create_connection", lambda alias: made.append(alias) or create(alias))
    sockets = [await open_socket(table.code, seat) for seat in people]
    for socket in sockets:
        await drain(socket)
        await socket.disconnect()
    assert len(made) <= 1


async def test_a_push_reaches_a_phone_while_the_thread_for_database_work_is_busy():
    # Every socket's database work (a phone arriving, a phone catching up) shares one thread.
    # A push to a phone needs none, and must not wait behind it.
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        holding.set()
        release.wait()

    busy = asyncio.ensure_future(sync_to_async(hold)())  # holds the shared thread
    try:
        assert await asyncio.to_thread(holding.wait, 5)
        await get_channel_layer().group_send(seat_group(gus.pk), {
            "type": "seat.html", "regions": [["now", "new", "the keeper wrote"]], "version": "", "v": 0})
        assert await socket.receive_from(timeout=1) == "the keeper wrote"
    finally:
        release.set()
        await busy
    await socket.disconnect()


async def test_a_phone_asking_to_sync_over_and_over_is_redrawn_at_most_once_a_second(monkeypatch):
    from types import SimpleNamespace

    from companion.live import consumers

    # The consumer's clock stands still (the loop's own does not), so that a busy machine taking
    # over a second for the 50 frames cannot make a second redraw due.
    monkeypatch.setattr(consumers, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    for _ in range(50):
        await socket.send_json_to({"type": "sync"})
    answers = await drain(socket)
    assert len(answers) == 50, "every sync is answered, so the phone knows its socket works"
    assert sum('id="region-people"' in answer for answer in answers) <= 1
    assert all(answer == PONG for answer in answers if 'id="region-people"' not in answer)
    await socket.disconnect()


async def test_a_phone_checking_its_socket_hears_back_without_a_redraw():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await asyncio.sleep(SYNC_EVERY)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_from(timeout=2) == PONG
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


@pytest.mark.parametrize("frame", [
    {"bytes_data": b"\x00\xff" * 100}, {"text_data": "null"}, {"text_data": "[]"}, {"text_data": '"sync"'},
    {"text_data": '{"type": 5}'}, {"text_data": '{"type": ["sync"]}'}, {"text_data": '{"type": "move", "x": 1}'},
    {"text_data": "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace")}, {"text_data": "{" * 3000},
])
async def test_no_frame_a_phone_sends_breaks_its_socket(frame):
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await socket.send_to(**frame)
    assert await socket.receive_nothing(timeout=SYNC_EVERY)
    await socket.send_json_to({"type": "sync"})
    assert 'id="region-people"' in await socket.receive_from(timeout=2)
    await socket.disconnect()


async def test_a_guess_being_typed_reaches_the_other_guessers_only():
    @database_sync_to_async
    def fiction_table():
        table, lena = tables.create_table("fiction", "lena")
        return table, [lena, tables.join_table(table, "gus"), tables.join_table(table, "gwen"),
                       tables.join_table(table, "", as_display=True)]

    table, (lena, gus, gwen, tv) = await fiction_table()
    sockets = {seat.name: await open_socket(table.code, seat) for seat in (lena, gus, gwen, tv)}
    for socket in sockets.values():
        await drain(socket)
    await sockets["gus"].send_json_to({"type": "draft", "text": "bana<script>"})
    got = {name: "".join(await drain(socket)) for name, socket in sockets.items()}
    assert "gus is typing: BANASCRIPT" in got["gwen"]
    assert "typing" not in got["gus"] and "typing" not in got["lena"] and "typing" not in got["Table display"]
    for socket in sockets.values():
        await socket.disconnect()


@database_sync_to_async
def a_fiction_table() -> tuple[Table, list[Seat]]:
    table, lena = tables.create_table("fiction", "lena")
    return table, [lena, tables.join_table(table, "gus"), tables.join_table(table, "gwen")]


async def test_a_draft_ends_when_its_box_empties_or_its_socket_closes():
    table, (lena, gus, gwen) = await a_fiction_table()
    gus_socket, gwen_socket = await open_socket(table.code, gus), await open_socket(table.code, gwen)
    await drain(gus_socket)
    await drain(gwen_socket)
    await gus_socket.send_json_to({"type": "draft", "text": "gho"})
    assert "gus is typing: GHO" in "".join(await drain(gwen_socket))
    await asyncio.sleep(DRAFT_EVERY)
    await gus_socket.send_json_to({"type": "draft", "text": ""})  # the box emptied
    assert re.search(r'<p id="draft"[^>]*></p>', "".join(await drain(gwen_socket)))

    await asyncio.sleep(DRAFT_EVERY)
    await gus_socket.send_json_to({"type": "draft", "text": "gho"})
    assert "gus is typing: GHO" in "".join(await drain(gwen_socket))
    await gus_socket.disconnect()  # a reload: the new page's box is empty
    got = "".join(await drain(gwen_socket))
    assert re.search(r'<p id="draft"[^>]*></p>', got) and "typing" not in got
    await gwen_socket.disconnect()


async def test_drafts_are_limited_per_seat_however_many_sockets_it_opens():
    table, (lena, gus, gwen) = await a_fiction_table()
    gus_sockets = [await open_socket(table.code, gus) for _ in range(12)]
    gwen_socket = await open_socket(table.code, gwen)
    for socket in (*gus_sockets, gwen_socket):
        await drain(socket)
    started = asyncio.get_running_loop().time()
    for burst in "abcde":
        for n, socket in enumerate(gus_sockets):
            await socket.send_json_to({"type": "draft", "text": burst + "xyzwvutsrqpo"[n]})
        await asyncio.sleep(DRAFT_EVERY)
    elapsed = asyncio.get_running_loop().time() - started
    shown = "".join(await drain(gwen_socket)).count("is typing")
    assert 1 <= shown <= elapsed / DRAFT_EVERY + 2
    for socket in (*gus_sockets, gwen_socket):
        await socket.disconnect()


@pytest.fixture
def broken_layer(monkeypatch):
    """The process's channel layer, made to fail as a Redis that has gone would; its watchdog reset after."""
    from channels.layers import get_channel_layer
    from redis.exceptions import ConnectionError as RedisConnectionError

    from companion.live import watchdog

    layer = get_channel_layer()
    dog = watchdog._dogs.setdefault(id(layer), watchdog.Watchdog(layer))

    async def refused(*args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    def breaks(*methods: str) -> watchdog.Watchdog:
        for method in methods:
            monkeypatch.setattr(layer, method, refused)
        return dog

    yield breaks
    monkeypatch.undo()
    dog.stop()
    dog.up, dog.sockets = True, set()


async def test_a_socket_is_refused_with_the_retry_soon_code_while_the_layer_is_down(broken_layer):
    table, (lena, _) = await a_table_with("lena", "gus")
    dog = broken_layer("send")  # the watchdog's own check fails, as it would with Redis gone
    dog.up = False
    socket = await open_socket(table.code, lena)
    assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": LAYER_DOWN}


async def test_a_socket_whose_channel_cannot_be_made_is_still_answered_with_the_retry_soon_code(broken_layer):
    # On Redis pub/sub a socket's own channel is a subscription, so it fails first of all,
    # before the handshake is answered: the phone must hear 4503, not wait for Daphne to drop it.
    table, (lena, _) = await a_table_with("lena", "gus")
    broken_layer("new_channel")
    socket = await open_socket(table.code, lena)
    assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": LAYER_DOWN}


async def test_open_sockets_are_closed_with_the_retry_soon_code_when_the_layer_goes_down(broken_layer):
    table, (lena, gus) = await a_table_with("lena", "gus")
    sockets = [await open_socket(table.code, seat) for seat in (lena, gus)]
    for socket in sockets:
        await drain(socket)
    dog = broken_layer("send", "group_add", "group_discard", "group_send")
    await dog.tick()
    assert not dog.up
    for socket in sockets:
        assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": LAYER_DOWN}
        await socket.disconnect()  # leaving while the layer is down: no error


# On channels_redis, the patched receive leaves a task of the layer that the test's event loop
# cannot cancel at teardown (the test itself passes); the in-memory pass covers the consumer.
@pytest.mark.skipif(bool(os.environ.get("REDIS_URL")), reason="hangs at teardown on channels_redis")
async def test_a_socket_whose_layer_receive_fails_ends_with_the_retry_soon_code_not_a_crash(broken_layer):
    table, (lena, _) = await a_table_with("lena", "gus")
    broken_layer("receive")
    socket = await open_socket(table.code, lena)
    outputs = [await socket.receive_output(timeout=2)]
    while outputs[-1]["type"] != "websocket.close":
        outputs.append(await socket.receive_output(timeout=2))
    assert outputs[-1] == {"type": "websocket.close", "code": LAYER_DOWN}
    await socket.wait(timeout=2)  # the consumer ended without raising


@pytest.fixture
def database_down(monkeypatch):
    """From now on every query fails, on every thread, as while PostgreSQL is down or restarting."""
    from django.db import OperationalError
    from django.db.backends.base.base import BaseDatabaseWrapper

    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused')

    def start():
        monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refused)

    yield start
    monkeypatch.undo()


async def test_a_socket_opened_while_the_database_is_down_hears_the_retry_soon_code(database_down, caplog):
    table, (lena, _) = await a_table_with("lena", "gus")
    cookie = (await database_sync_to_async(cookie_for)(lena)).encode()
    database_down()
    socket = WebsocketCommunicator(application, f"/ws/t/{table.code}/", headers=[
        (b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
    with caplog.at_level(logging.INFO):
        await socket.connect()
        outputs = [await socket.receive_output(timeout=2)]
        while outputs[-1]["type"] != "websocket.close":
            outputs.append(await socket.receive_output(timeout=2))
        await socket.wait(timeout=2)  # the consumer ended without raising
    assert outputs[-1] == {"type": "websocket.close", "code": LAYER_DOWN}
    [line] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert line.exc_info is None and "Connection refused" in line.getMessage()


# -- seats that change phones: the phone that lost a seat hears nothing of it after --------------


async def host_does(table: Table, host: Seat, change: tables.Change):
    return await made(table.code, host.token, change, await current_version(table))


async def test_a_removed_guesser_is_told_before_the_guessers_are_sent_anything_more():
    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    await start(table, lena)
    await play(table, lena, type="set_secret", word=SECRET)
    sockets = {seat.name: await open_socket(table.code, seat) for seat in (gus, gwen)}
    for socket in sockets.values():
        await drain(socket)
    await host_does(table, lena, tables.RemoveSeat(gwen.pk))
    # gwen shared the guessers' drawing: the removal reaches her socket before that drawing does
    assert "removed you" in await sockets["gwen"].receive_from(timeout=2)
    assert await sockets["gwen"].receive_output(timeout=2) == {"type": "websocket.close", "code": 4410}
    assert 'class="presence presence-removed"' in "".join(await drain(sockets["gus"]))  # the others play on
    await sockets["gus"].disconnect()


async def test_a_seat_given_to_another_phone_closes_the_old_phones_socket_and_the_new_one_sees_the_seat():
    from companion.models import SeatClaim

    table, (lena, gus, gwen) = await a_table_with("lena", "gus", "gwen")
    await host_does(table, lena, tables.SetRole(gus.pk, "keeper"))
    await host_does(table, lena, tables.SetRole(lena.pk, "guesser"))
    await start(table, lena)
    await play(table, gus, type="set_secret", word=SECRET)
    old = await open_socket(table.code, gus)
    assert SECRET in "".join(await drain(old))
    await database_sync_to_async(tables.mark_left)(gus)
    await database_sync_to_async(broadcast.push_table)(table.pk)  # as the view that served "Leave" does
    await drain(old)
    claim = await database_sync_to_async(tables.ask_for_seat)(table, gus.pk)
    await database_sync_to_async(broadcast.push_table)(table.pk)  # as the view that served the request does
    # A phone that only holds a claim has no seat: its socket is refused, with nothing drawn for it.
    from django.http import HttpResponse

    response = HttpResponse()
    seats.remember_claim(response, table.code, claim.token)
    morsel = response.cookies[seats.claim_cookie_name(table.code)]
    waiting = WebsocketCommunicator(application, f"/ws/t/{table.code}/", headers=[
        (b"origin", b"http://testserver"), (b"host", b"testserver"),
        (b"cookie", f"{morsel.key}={morsel.value}".encode())])
    await waiting.connect()
    assert await waiting.receive_output(timeout=2) == {"type": "websocket.close", "code": 4403}
    assert SECRET not in "".join(await drain(old))  # the request is news, the secret stays where it was

    await host_does(table, lena, tables.AdmitClaim(claim.pk))
    assert "removed you" in await old.receive_from(timeout=2)
    assert await old.receive_output(timeout=2) == {"type": "websocket.close", "code": 4410}
    admitted = await database_sync_to_async(Seat.objects.get)(pk=gus.pk)
    assert admitted.token == (await database_sync_to_async(SeatClaim.objects.get)(pk=claim.pk)).token
    new = await open_socket(table.code, admitted)
    assert SECRET in "".join(await drain(new))
    await new.disconnect()


async def test_word_of_a_lost_seat_meant_for_an_older_phone_leaves_the_phone_that_holds_it_alone():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await get_channel_layer().group_send(seat_group(gus.pk), {"type": "seat.removed"})
    assert await socket.receive_nothing(timeout=0.5)
    await asyncio.sleep(SYNC_EVERY)
    await socket.send_json_to({"type": "sync"})
    assert 'id="region-people"' in await socket.receive_from(timeout=2)
    await socket.disconnect()


async def test_phones_that_come_together_are_drawn_with_their_tables_redraw(monkeypatch):
    """A table sitting down: the first phone's screen is drawn at once, and the table is redrawn
    a moment later for everyone who came meanwhile (presence.tell_soon). The phones that came
    meanwhile get their first view from that redraw, not from a screen drawn on its own first:
    each is sent its whole screen, ends up showing everyone here, and is sent nothing more."""
    drawn_alone = []
    live_update = render.live_update
    monkeypatch.setattr(render, "live_update",
                        lambda table, seat: (drawn_alone.append(seat.name), live_update(table, seat))[1])
    table, people = await a_table_with("lena", "gus", "gwen", "tom")
    sockets = [await open_socket(table.code, people[0])]
    sockets += await asyncio.gather(*(open_socket(table.code, seat) for seat in people[1:]))
    for seat, socket in zip(people, sockets):
        frames = await drain(socket)
        assert frames, f"{seat.name} was sent no first view"
        assert 'id="region-now"' in "".join(frames) and 'id="table-version"' in frames[0]
        people_shown = [frame for frame in frames if 'id="region-people"' in frame][-1]
        for other in people:
            assert re.search(rf'id="seat-{other.pk}".*?presence presence-here', people_shown, re.DOTALL)
        assert await socket.receive_nothing(timeout=2 * presence.GATHER)
    # The first drawn alone; a busy machine may spread the others over two gatherings.
    assert drawn_alone[:1] == ["lena"] and len(drawn_alone) <= 2, drawn_alone

    # A second socket of a phone already here changes nobody's screen: it is drawn at once.
    drawn_alone.clear()
    again = await open_socket(table.code, people[1])
    assert 'id="region-people"' in await again.receive_from(timeout=2)
    assert drawn_alone == ["gus"]
    for socket in (again, *sockets):
        await socket.disconnect()


async def test_a_seat_taken_off_its_phone_closes_that_phones_socket_and_the_hosts_page_acts_for_it():
    table, (lena, gus) = await a_table_with("lena", "gus")
    socket = await open_socket(table.code, gus)
    await drain(socket)
    await host_does(table, lena, tables.SetPhone(gus.pk, False))
    assert "removed you" in await socket.receive_from(timeout=2)
    assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": 4410}
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", (await database_sync_to_async(cookie_for)(lena)).encode())]
    acting = WebsocketCommunicator(application, f"/ws/t/{table.code}/?as={gus.pk}", headers=headers)
    assert (await acting.connect())[0]
    assert f'data-seat="{gus.pk}"' in "".join(await drain(acting))
    await acting.disconnect()


# -- a socket opening on a page that has just drawn its regions ----------------------------------


@database_sync_to_async
def fiction_mid_game() -> tuple[Table, dict[str, Seat]]:
    """Lena is the Lie-brarian of gus, gwen and a table display; gus has guessed once, clues shared
    with one lie."""
    from games.fiction.rules import Clue, honest_clues

    clues = [clue.value for clue in honest_clues("melon", "ghost")]
    clues[0] = Clue.CHECK.value if clues[0] == Clue.CROSS.value else Clue.CROSS.value  # the one lie
    table, lena = tables.create_table("fiction", "lena")
    seated = {"lena": lena, "gus": tables.join_table(table, "gus"), "gwen": tables.join_table(table, "gwen"),
              "tv": tables.join_table(table, "", as_display=True)}
    moves = [(lena, tables.StartGame()), (lena, tables.Play({"type": "choose_secret", "word": "melon", "hint": "l"})),
             (lena, tables.Play({"type": "start_first_half"})),
             (seated["gus"], tables.Play({"type": "guess", "word": "ghost"})),
             (lena, tables.Play({"type": "share_clues", "clues": clues}))]
    for seat, move in moves:
        tables.run(table.code, seat.token, move, Table.objects.get(pk=table.pk).version)
    return table, seated


@database_sync_to_async
def page_of(table: Table, seat: Seat) -> str:
    from django.test import Client

    from tests.conftest import sit

    return sit(Client(), seat).get(f"/t/{table.code}/").content.decode()


def shown(page: str) -> str:
    """What a page says it shows as its socket opens (static/js/table.js): each region's digest."""
    return "?has=" + "-".join(f"{name}.{digest}" for name, digest in REGION.findall(page))


@pytest.mark.parametrize("who", ["gus", "lena", "tv"])
async def test_a_socket_opening_on_a_page_with_nothing_changed_since_receives_under_a_kilobyte(who):
    table, seated = await fiction_mid_game()
    page = await page_of(table, seated[who])
    socket = await open_socket(table.code, seated[who], shown(page))
    first = await socket.receive_from(timeout=5)
    assert 'id="table-version"' in first  # the phone hears its socket is live
    received = [first, *await drain(socket)]  # and the push telling everyone it is here
    assert sum(len(message.encode()) for message in received) < 1024, received
    await socket.disconnect()


async def test_the_clock_is_sent_again_only_when_it_changes():
    table, seated = await fiction_mid_game()
    page = await page_of(table, seated["gus"])
    assert 'data-running="1"' in page  # the first half's eight minutes run
    socket = await open_socket(table.code, seated["gus"], shown(page))
    assert "clock" not in apply({}, await socket.receive_from(timeout=5) + "".join(await drain(socket)))
    await host_does(table, seated["lena"], tables.HoldClock(True))
    pushed = "".join(await drain(socket))
    assert "clock" in apply({}, pushed) and "Paused by the host" in pushed
    await socket.disconnect()


async def test_a_socket_opening_on_a_page_drawn_before_a_move_is_sent_what_changed_and_ends_up_current():
    table, seated = await fiction_mid_game()
    gus, gwen = seated["gus"], seated["gwen"]
    page = await page_of(table, gwen)
    await play(table, gwen, type="guess", word="plumb")  # made between the page's HTML and its socket
    socket = await open_socket(table.code, gwen, shown(page))
    screen = dict(REGION.findall(page))
    names = apply(screen, await socket.receive_from(timeout=5) + "".join(await drain(socket)))
    assert "guess_rows" in names and "now" in names and "people" not in names
    fresh = dict(REGION.findall(await page_of(table, gwen)))
    screen.pop("clock"), fresh.pop("clock")  # drawn with the time of drawing
    assert screen == fresh
    await socket.disconnect()


async def test_a_page_that_names_digests_it_does_not_show_or_nonsense_is_sent_its_regions():
    table, seated = await fiction_mid_game()
    page = await page_of(table, seated["gus"])
    held = dict(REGION.findall(page))
    lacking = "-".join(f"{name}.{digest}" for name, digest in held.items() if name != "guess_rows")
    socket = await open_socket(table.code, seated["gus"], "?has=" + lacking + "-people.zz-" + "x" * 3000)
    assert apply({}, await socket.receive_from(timeout=5)) == ["guess_rows"]
    await socket.disconnect()
    socket = await open_socket(table.code, seated["gus"], "?has=%00%ff&has=now")
    assert set(apply({}, await socket.receive_from(timeout=5))) == set(held)
    await socket.disconnect()


async def test_a_phone_asking_to_sync_names_what_it_shows_and_is_sent_only_what_differs():
    table, seated = await fiction_mid_game()
    gwen = seated["gwen"]
    page = await page_of(table, gwen)
    socket = await open_socket(table.code, gwen, shown(page))
    await drain(socket)
    # The phone slept through a move whose push it never got (its socket looked open).
    await play(table, gwen, type="guess", word="plumb")
    await drain(socket)
    await asyncio.sleep(SYNC_EVERY)
    await socket.send_json_to({"type": "sync", "has": shown(page).removeprefix("?has=")})
    names = apply({}, await socket.receive_from(timeout=2))
    assert "guess_rows" in names and "people" not in names
    await socket.disconnect()
