"""The app on the home screen: its manifest, its service worker, the offline page and where it opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from companion.table import tables
from companion.models import Table
from tests.conftest import sit

pytestmark = pytest.mark.django_db


def test_the_manifest_makes_a_standalone_app_that_opens_the_last_table(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/resume/"
    assert manifest["name"] and manifest["theme_color"] and manifest["background_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_the_icon_drawer_writes_where_the_manifest_takes_its_icons_from():
    from companion.web import icons

    served = {Path(finders.find(f"img/icons/{name}")) for name, *_ in icons.ICONS}
    assert served == {icons.OUT / name for name, *_ in icons.ICONS}


def test_every_page_links_the_manifest_and_the_policy_allows_it(client):
    response = client.get("/")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in response.content.decode()
    assert "manifest-src" not in response["Content-Security-Policy"]  # default-src 'self' covers it
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_the_service_worker_keeps_the_offline_page_and_never_a_table_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'const OFFLINE = "/offline/"' in body
    assert "/t/" not in body  # no table page is ever cached


def test_the_offline_page_says_the_table_is_unreachable_and_retries_by_itself(client):
    body = client.get("/offline/").content.decode()
    assert "The table is unreachable" in body
    assert "js/offline.js" in body


def test_the_app_opens_at_the_table_this_phone_sat_at_last(stub_table, phone):
    table, lena, *_ = stub_table
    other, other_lena = tables.create_table("stub", "lena")
    me = sit(sit(phone(), lena), other_lena)
    Table.objects.filter(pk=other.pk).update(updated_at=table.updated_at.replace(year=2020))
    assert me.get("/resume/")["Location"] == f"/t/{table.code}/"
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert me.get("/resume/")["Location"] == f"/t/{other.code}/"


def test_the_app_opens_at_the_start_without_a_seat_or_with_a_forged_one(stub_table, phone):
    table, *_ = stub_table
    assert phone().get("/resume/")["Location"] == "/"
    forged = phone()
    forged.cookies[f"seat_{table.code}"] = "not-a-signed-token"
    assert forged.get("/resume/")["Location"] == "/"
