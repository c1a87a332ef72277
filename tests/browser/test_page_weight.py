"""What a phone downloads, through the real server: brotli for static files."""

from __future__ import annotations

import re
import urllib.request

import brotli
import pytest

pytestmark = pytest.mark.browser


def fetch(url: str, encoding: str) -> tuple[str | None, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_static_css_and_js_come_back_brotli_compressed_when_asked(servers):
    base = servers[0].url
    _, home = fetch(base + "/", "identity")
    named = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', home.decode())
    assert any(u.endswith(".css") for u in named) and any(u.endswith(".js") for u in named), named
    for url in named:
        _, plain = fetch(base + url, "identity")
        encoding, body = fetch(base + url, "gzip, deflate, br")
        assert encoding == "br", url
        assert brotli.decompress(body) == plain
        assert len(body) < len(plain)
