"""A host on the laptop's own address shows phones a join link and QR code they can reach."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.phones import create_table

pytestmark = pytest.mark.browser

PUBLIC = "http://192.168.1.20:8000"


@pytest.fixture
def party_server(servers):
    """A server like the others, told the address phones reach it at (as `make party` does)."""
    server = Server({**servers[0].env, "PUBLIC_URL": PUBLIC})
    server.start()
    yield server
    server.stop()


def test_the_hosts_qr_code_on_127_0_0_1_holds_the_public_address(party_server, phones):
    host = phones()
    code = create_table(host, party_server.url, "lena")
    assert host.url.startswith("http://127.0.0.1:")
    link = f"{PUBLIC}/t/{code}/"
    expect(host.get_by_role("link", name=link)).to_be_visible()
    qr = host.locator(".qr svg").first
    qr.scroll_into_view_if_needed()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert [f.text for f in found] == [link]
