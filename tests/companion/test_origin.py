"""The Host's port: no port that is not one, and PUBLIC_URL's host only on PUBLIC_URL's port."""

from __future__ import annotations

import pytest

from companion.web.origin import own_origin

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("host", ["127.0.0.1:99999", "127.0.0.1:0", "localhost:65536", "127.0.0.1:00000",
                                  "127.0.0.1:" + "9" * 5000])
@pytest.mark.parametrize("path", ["/", "/join/?code=ZZZZZZ"])
def test_a_host_with_a_port_that_is_no_port_is_refused_saying_so(phone, host, path):
    response = phone().get(path, HTTP_HOST=host)
    assert response.status_code == 400
    assert "has no such port: a port is a number from 1 to 65535" in response.content.decode()
    assert "Content-Security-Policy" in response.headers


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:1", "127.0.0.1:8000", "localhost:65535", "[::1]:41873"])
def test_any_real_port_is_served_when_the_server_cannot_know_its_own(phone, settings, host):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
    assert phone().get("/", HTTP_HOST=host).status_code == 200


@pytest.mark.parametrize("host, status", [
    ("192.168.1.20:8000", 200), ("192.168.1.20:8001", 400), ("192.168.1.20:80", 400),
    ("192.168.1.20", 200),  # no port said: a proxy in front may leave it out (nginx's $host)
    ("127.0.0.1:41873", 200),  # the laptop's own browser, on whatever port it reaches the server
])
def test_the_public_address_is_served_on_its_own_port_only(phone, settings, host, status):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    settings.ALLOWED_HOSTS = ["192.168.1.20", "localhost", "127.0.0.1"]
    response = phone().get("/", HTTP_HOST=host)
    assert response.status_code == status
    if status == 400:
        assert f"This server is reached at http://192.168.1.20:8000, not at {host}." in response.content.decode()


def test_a_public_address_on_ipv6_is_served_on_its_own_port_only(phone, settings):
    settings.PUBLIC_URL = "http://[fd00::20]:8000"
    settings.ALLOWED_HOSTS = ["[fd00::20]"]
    assert phone().get("/", HTTP_HOST="[fd00::20]:8000").status_code == 200
    assert phone().get("/", HTTP_HOST="[fd00::20]:8001").status_code == 400


def test_a_public_address_without_a_port_is_reached_on_its_schemes_own(phone, settings):
    settings.PUBLIC_URL = "https://table.example.org"
    settings.ALLOWED_HOSTS = ["table.example.org"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    client = phone()
    assert client.get("/", HTTP_HOST="table.example.org", HTTP_X_FORWARDED_PROTO="https").status_code == 200
    assert client.get("/", HTTP_HOST="table.example.org:443", HTTP_X_FORWARDED_PROTO="https").status_code == 200
    assert client.get("/", HTTP_HOST="table.example.org:8443", HTTP_X_FORWARDED_PROTO="https").status_code == 400


@pytest.mark.parametrize("host", [b"testserver:99999", b"testserver:0"])
def test_a_socket_whose_host_has_no_such_port_has_no_origin_of_its_own(host):
    assert own_origin({"type": "websocket", "headers": [(b"host", host)]}) is None
    assert own_origin({"type": "websocket", "headers": [(b"host", b"testserver:8000")]}) == ("http", "testserver", 8000)
