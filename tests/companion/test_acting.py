"""A host's page acting for a player without a phone shows and acts for that player only:
its replies and its socket carry that player's regions, never the host's own, and the reverse."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from companion.table import tables
from companion.models import Seat, Table
from config.asgi import application
from tests.companion.test_consumer import cookie_for, drain
from tests.companion.test_tables import move, post_host
from tests.conftest import sit, version

pytestmark = [pytest.mark.sync]

# Markup only the host's own screen has: the host's tools on Eve's row of the people list.
HOSTS_OWN = "Act for Eve"


def half_truth() -> tuple[Table, Client, Seat, Seat]:
    """Kamila hosts Half Truth with Tony and Eve, who has no phone; the die shows 3, nobody is in."""
    table, kamila = tables.create_table("halftruth", "Kamila")
    tony = tables.join_table(table, "Tony")
    host = sit(Client(), kamila)
    post_host(host, table, "add", name="Eve")
    eve = Seat.objects.get(name="Eve")
    post_host(host, table, "start")
    move(host, table, type="set_die", face="THREE")
    return table, host, tony, eve


def as_eve(host: Client, table: Table, eve: Seat, url: str = "", **data):
    return host.post(url or reverse("move", args=[table.code]),
                     {"version": version(table), "as_seat": eve.pk, **data}, HTTP_HX_REQUEST="true")


@pytest.mark.django_db
def test_the_reply_to_a_move_made_as_a_player_without_a_phone_is_that_players_screen():
    table, host, tony, eve = half_truth()
    reply = as_eve(host, table, eve, type="lock_in", letters=["A", "B"]).content.decode()
    assert Table.objects.get().state["rules"]["picks"][2] == "AB"
    # Eve's picker, locked in, and her now card: not the host's prompt and tools.
    assert "Change my answers" in reply and "Locked in AB" in reply
    assert "Lock in one to three answers" not in reply and HOSTS_OWN not in reply
    # The host's own page is still the host's.
    own = host.get(f"/t/{table.code}/").content.decode()
    assert "Lock in one to three answers" in own and HOSTS_OWN in own


@pytest.mark.django_db
def test_a_refusal_and_a_clock_check_from_the_acting_page_answer_with_the_players_screen():
    table, host, tony, eve = half_truth()
    refused = as_eve(host, table, eve, type="reveal", correct=["A", "B", "C"])
    assert refused.status_code == 422
    assert 'id="region-now"' in refused.content.decode() and HOSTS_OWN not in refused.content.decode()
    ticked = as_eve(host, table, eve, reverse("tick", args=[table.code])).content.decode()
    assert 'id="region-now"' in ticked and HOSTS_OWN not in ticked
    # Without as_seat, the same phone's requests are answered with its own screen.
    assert HOSTS_OWN in host.post(reverse("tick", args=[table.code]), HTTP_HX_REQUEST="true").content.decode()


@pytest.mark.django_db
def test_a_page_acting_for_a_seat_it_may_not_act_for_gets_no_screen_at_all():
    table, host, tony, eve = half_truth()
    refused = as_eve(host, table, tony, type="lock_in", letters=["A"])  # Tony has a phone
    assert refused.status_code == 403
    assert 'id="region-' not in refused.content.decode()
    huge = host.post(reverse("tick", args=[table.code]), {"as_seat": "9" * 30}, HTTP_HX_REQUEST="true")
    assert huge.status_code == 200 and 'id="region-' not in huge.content.decode()


async def socket_of(table: Table, host: Seat, acting: Seat | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", (await database_sync_to_async(cookie_for)(host)).encode())]
    query = f"?as={acting.pk}" if acting else ""
    communicator = WebsocketCommunicator(application, f"/ws/t/{table.code}/{query}", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_the_host_s_two_tabs_each_hear_only_their_own_seat_s_pushes():
    table, host, tony, eve = await database_sync_to_async(half_truth)()
    kamila = await database_sync_to_async(Seat.objects.get)(name="Kamila")
    own, acting = await socket_of(table, kamila), await socket_of(table, kamila, eve)
    assert HOSTS_OWN in "".join(await drain(own))
    first = "".join(await drain(acting))
    assert "Lock in one to three answers" in first and HOSTS_OWN not in first
    # A move as Eve from the acting tab, then one by the host's own tab, then Tony's.
    await database_sync_to_async(as_eve)(host, table, eve, type="lock_in", letters=["C"])
    await database_sync_to_async(move)(host, table, type="lock_in", letters=["D"])
    pushed_to_acting, pushed_to_own = "".join(await drain(acting)), "".join(await drain(own))
    assert "Locked in C" in pushed_to_acting and "Locked in D" not in pushed_to_acting
    assert HOSTS_OWN not in pushed_to_acting
    assert "Locked in D" in pushed_to_own and "Locked in C" not in pushed_to_own
    await own.disconnect()
    await acting.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_page_acting_for_a_player_closes_once_its_phone_no_longer_hosts():
    table, host, tony, eve = await database_sync_to_async(half_truth)()
    kamila = await database_sync_to_async(Seat.objects.get)(name="Kamila")
    acting = await socket_of(table, kamila, eve)
    await drain(acting)
    await database_sync_to_async(post_host)(host, table, "host", seat=tony.pk)
    closed = await acting.receive_output(timeout=2)
    while closed["type"] != "websocket.close":
        closed = await acting.receive_output(timeout=2)
    assert closed["code"] == 4403
    # Reopened, it is not Eve's page any more: the phone gets its own seat back.
    reopened = await database_sync_to_async(host.get)(f"/t/{table.code}/?as={eve.pk}")
    assert reopened.status_code == 302


@pytest.mark.django_db(transaction=True)
async def test_a_host_acting_for_a_player_in_their_only_tab_is_here_and_the_player_still_has_no_phone():
    import re

    table, host, tony, eve = await database_sync_to_async(half_truth)()
    kamila = await database_sync_to_async(Seat.objects.get)(name="Kamila")
    acting = await socket_of(table, kamila, eve)  # the host's only page is acting for Eve
    await drain(acting)
    tony_phone = await database_sync_to_async(sit)(Client(), tony)
    page = await database_sync_to_async(tony_phone.get)(f"/t/{table.code}/")
    shown = page.content.decode()
    badge = lambda seat: re.search(rf'id="seat-{seat.pk}".*?presence presence-([\w-]+)', shown, re.S).group(1)  # noqa: E731
    assert badge(kamila) == "here" and badge(eve) == "no-phone"
    await acting.disconnect()


@pytest.mark.django_db
def test_the_hosts_now_card_offers_to_play_the_turn_of_a_player_without_a_phone_the_table_waits_for():
    table, host, tony, eve = half_truth()  # everyone is to lock in: Eve too, and the host

    def now_card() -> str:
        page = host.get(f"/t/{table.code}/").content.decode()
        return page[page.index('id="region-now"'):].split("</section>")[0]

    assert "Play Eve" not in now_card()  # the host's own turn first
    move(host, table, type="lock_in", letters=["D"])
    now = now_card()
    assert f'href="/t/{table.code}/?as={eve.pk}"' in now and "Play Eve's turn" in now
    as_eve(host, table, eve, type="lock_in", letters=["C"])
    assert "Play Eve" not in now_card()  # Eve is in: the table waits for her no more
    tony_page = sit(Client(), tony).get(f"/t/{table.code}/").content.decode()
    assert "Play Eve" not in tony_page  # only the host acts for her
