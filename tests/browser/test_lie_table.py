"""LIE as real groups play it, in Chromium: what a table found slow or unclear, each looked at
where a person would see it (mostly a 360x640 phone, staged from the scripted games)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.test_lie import create_lie_table
from tests.browser.test_screens import server_of, stage  # noqa: F401  (server_of is a fixture)

pytestmark = [pytest.mark.browser]

SMALL = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_the_lobby_s_check_boxes_keep_each_label_on_one_line_at_390_px(servers, browser: Browser):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        create_lie_table(page, servers[0].url, "ana")
        labels = page.locator(".setup label.check")
        expect(labels.first).to_be_visible()
        for label in labels.all():
            lines = label.evaluate("""e => { const r = document.createRange(); r.selectNodeContents(e);
                return new Set([...r.getClientRects()].filter(b => b.width > 1).map(b => Math.round(b.top))).size; }""")
            # The box and its words on one line: a label squeezed beside its help wraps each word.
            assert lines <= 2 and label.bounding_box()["height"] < 50, f"{label.inner_text()!r} wraps"
    finally:
        context.close()
