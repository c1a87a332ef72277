"""A tap's answer carries what changed for the page that tapped, as a push does: the page names
the regions it shows (``X-Regions-Held``, static/js/table.js), and the answer leaves out those
that are the same; a page that names none gets every region."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.companion.test_tables import move, sit, started

REGION = re.compile(r'<section id="region-([a-z_]+)"[^>]*data-h="([0-9a-f]{16})"')


def regions(html: str) -> dict[str, str]:
    return dict(REGION.findall(html))


def held_by(client, table) -> str:
    """What the phone's page shows, as its script names it."""
    page = client.get(reverse("table", args=[table.code])).content.decode()
    return "-".join(f"{name}.{digest}" for name, digest in regions(page).items())


def test_a_guess_is_answered_with_the_regions_that_changed_and_the_version(stub_table, phone):
    table, host = started(stub_table, phone)
    assert move(host, table, type="set_secret", word="lantern").status_code == 200
    table.refresh_from_db()
    gus = sit(phone(), stub_table[2])
    shown = held_by(gus, table)

    answer = gus.post(reverse("move", args=[table.code]), {"version": table.version, "type": "guess", "word": "melon"},
                      HTTP_HX_REQUEST="true", HTTP_X_REGIONS_HELD=shown).content.decode()

    sent = regions(answer)
    assert "guesses" in sent  # the guess is news on gus's own screen
    assert "setup" not in sent and "standings" not in sent  # nothing there changed: left out
    assert 'id="table-version"' in answer
    before = dict(part.split(".") for part in shown.split("-"))
    assert all(before.get(name) != digest for name, digest in sent.items())


def test_a_tap_without_the_header_is_answered_with_every_region(stub_table, phone):
    table, host = started(stub_table, phone)
    answer = move(host, table, type="set_secret", word="lantern").content.decode()

    assert {"host", "now", "setup", "people", "standings", "secret", "guesses"} <= set(regions(answer))


def test_a_refusal_brings_the_page_up_to_date_with_only_what_it_lacks(stub_table, phone):
    table, host = started(stub_table, phone)
    shown = held_by(host, table)

    refused = host.post(reverse("move", args=[table.code]), {"version": table.version, "type": "set_secret", "word": "x"},
                        HTTP_HX_REQUEST="true", HTTP_X_REGIONS_HELD=shown)

    assert refused.status_code == 422
    # Nothing of the game changed, so the page holds it all; only its people differ, as the page
    # was drawn with this phone counted here, and no socket of it counts it here in a test.
    assert set(regions(refused.content.decode())) <= {"people"}
