"""A guest's first visit: what it costs over the wire, and the typefaces it draws with."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, TV
from tests.browser.phones import create_table

pytestmark = pytest.mark.browser

# A phone on a weak signal at the table joins in a few seconds at this size.
BUDGET = 100 * 1024


def test_a_guests_first_visit_from_the_join_link_to_a_live_seat_is_under_100_kb(servers, browser):
    base = servers[0].url
    host = browser.new_context(**PHONE)
    guest = browser.new_context(**PHONE)
    try:
        code = create_table(host.new_page(), base, "lena")
        sizes: list[tuple[str, int]] = []

        def count(request) -> None:
            size = request.sizes()
            sizes.append((request.url, size["responseHeadersSize"] + size["responseBodySize"]))

        # On the context, so the service worker's own fetches (its offline copy) count too.
        guest.on("requestfinished", count)
        page = guest.new_page()
        page.goto(f"{base}/t/{code}/")  # what the TV's QR code and invite open
        page.get_by_label("Your name").fill("gus")
        page.get_by_role("button", name="Take a seat").click()
        expect(page.locator(".seat.mine")).to_contain_text("gus")
        expect(page.locator("body")).to_have_attribute("data-live", "1")
        page.evaluate("() => Promise.all([document.fonts.ready, navigator.serviceWorker.ready])")
        page.wait_for_load_state("networkidle")
        total = sum(size for _, size in sizes)
        listing = "\n".join(f"{size:>8} {url}" for url, size in sorted(sizes, key=lambda s: -s[1]))
        assert any(".woff2" in url for url, _ in sizes), listing  # the count reaches the fonts
        assert total < BUDGET, f"{total} bytes:\n{listing}"
    finally:
        host.close()
        guest.close()


FACES = """() => ({
  faces: [...document.fonts].filter(f => f.status === 'loaded').map(f => `${f.family.replace(/"/g, '')} ${f.weight}`),
  body: getComputedStyle(document.body).fontFamily,
  code: getComputedStyle(document.querySelector('.topcode')).fontFamily,
})"""


def test_a_table_draws_with_the_shipped_typefaces(servers, browser):
    context = browser.new_context(**TV)
    try:
        page: Page = context.new_page()
        create_table(page, servers[0].url, "lena")
        page.evaluate("() => document.fonts.ready")
        drawn = page.evaluate(FACES)
        assert "Atkinson Hyperlegible Next 400" in drawn["faces"], drawn
        assert "Atkinson Hyperlegible Mono 700" in drawn["faces"], drawn  # the table's code
        assert drawn["body"].startswith('"Atkinson Hyperlegible Next"'), drawn
        assert drawn["code"].startswith('"Atkinson Hyperlegible Mono"'), drawn
    finally:
        context.close()


# The code box's placeholder set in the box's type (its font, spacing and capitals), against the
# room inside the box's padding: the whole of it is shown, not cut at the box's edge.
PLACEHOLDER_FITS = """() => {
  const box = document.getElementById('join-code');
  const style = getComputedStyle(box, '::placeholder');
  const text = document.createElement('span');
  text.textContent = box.placeholder;
  for (const p of ['font', 'letterSpacing', 'textTransform', 'wordSpacing']) text.style[p] = style[p];
  text.style.whiteSpace = 'pre';
  text.style.position = 'absolute';
  document.body.appendChild(text);
  const fits = {text: box.placeholder, width: text.getBoundingClientRect().width,
                room: box.clientWidth - parseFloat(getComputedStyle(box).paddingLeft)
                      - parseFloat(getComputedStyle(box).paddingRight)};
  text.remove();
  return fits;
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_home_pages_code_box_shows_its_whole_placeholder(servers, browser, width):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 800}})
    try:
        page: Page = context.new_page()
        page.goto(servers[0].url + "/")
        page.evaluate("() => document.fonts.ready")
        fits = page.evaluate(PLACEHOLDER_FITS)
        assert fits["width"] <= fits["room"], f"{fits['text']!r} is cut at {width}px: {fits}"
    finally:
        context.close()
