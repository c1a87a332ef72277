"""What a phone downloads for each kind of page: compressed HTML, only the scripts the page runs,
one stylesheet before the first paint, and a service worker that keeps what the table uses."""

from __future__ import annotations

import gzip
import json
import posixpath
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from companion.table import tables
from companion.table.games import get
from tests.conftest import sit, version
from tests.catalogue import REAL_GAMES

pytestmark = pytest.mark.django_db

GAMES = REAL_GAMES


class Head(HTMLParser):
    """The scripts a page loads, its stylesheets that hold up the first paint, and every static URL it names."""

    def __init__(self):
        super().__init__()
        self.scripts: list[str] = []
        self.blocking: list[str] = []
        self.static: set[str] = set()
        self.hx = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if any(name.startswith(("hx-", "ws-")) for name in a):
            self.hx = True
        if tag == "script" and a.get("src"):
            self.scripts.append(a["src"])
        if tag == "link" and a.get("rel") == "stylesheet" and a.get("media", "all") in ("all", "screen") and "disabled" not in a:
            self.blocking.append(a["href"])
        for value in (a.get("src"), a.get("href")):
            if value and value.startswith("/static/"):
                self.static.add(value)


def parsed(response) -> Head:
    head = Head()
    head.feed(response.content.decode())
    return head


@pytest.fixture
def game_tables(phone):
    """Per game, a table in the lobby: lena's phone (the host), gus's, and a display's."""
    made = {}
    for slug in GAMES:
        table, lena = tables.create_table(slug, "lena")
        gus = tables.join_table(table, "gus")
        display = tables.join_table(table, "", as_display=True)
        made[slug] = (table, sit(phone(), lena), sit(phone(), gus), sit(phone(), display))
    return made


def page_kinds(stub_table, game_tables, phone):
    """Every kind of page a phone opens, by name: (client, url)."""
    table, *_ = stub_table
    kinds = {"home": (phone(), "/"), "join": (phone(), f"/t/{table.code}/"),
             "message": (phone(), "/t/NOSUCH/"), "offline": (phone(), "/offline/")}
    for slug, (t, _host, gus, display) in game_tables.items():
        kinds[f"{slug} player"] = (gus, f"/t/{t.code}/")
        kinds[f"{slug} display"] = (display, f"/t/{t.code}/")
    return kinds


def test_every_page_and_htmx_answer_over_1_kb_is_gzipped_when_the_phone_asks(stub_table, game_tables, phone):
    answers = {name: client.get(url, HTTP_ACCEPT_ENCODING="gzip")
               for name, (client, url) in page_kinds(stub_table, game_tables, phone).items()}
    table, host, *_ = game_tables["lie"]
    answers["htmx move answer"] = host.post(reverse("host_action", args=[table.code, "start"]),
                                            {"version": version(table)}, HTTP_HX_REQUEST="true",
                                            HTTP_ACCEPT_ENCODING="gzip")
    for name, response in answers.items():
        assert response.status_code in (200, 404), name
        body = gzip.decompress(response.content) if response.get("Content-Encoding") == "gzip" else response.content
        if len(body) > 1024:
            assert response.get("Content-Encoding") == "gzip", f"{name}: {len(body)} bytes sent uncompressed"
    assert answers["htmx move answer"].get("Content-Encoding") == "gzip"


def test_no_page_loads_a_script_it_does_not_run(stub_table, game_tables, phone):
    pages = {name: parsed(client.get(url)) for name, (client, url) in page_kinds(stub_table, game_tables, phone).items()}
    table, _lena, _gus, gwen = stub_table
    sit(phone(), gwen).post(reverse("leave", args=[table.code]))
    claim = phone().post(reverse("claim", args=[table.code]), {"seat": gwen.pk}, follow=True)
    pages["claim"] = parsed(claim)
    for name in ("home", "join", "message", "offline", "claim"):
        scripts = " ".join(pages[name].scripts)
        for needless in ("table.js", "hx-ws", "evening.js", "idiomorph", "fiction.js", "lie.js"):
            assert needless not in scripts, f"{name} loads {needless}"
        assert ("htmx-2" in scripts) == pages[name].hx, f"{name} loads htmx without an hx- attribute, or misses it"
    assert "hx-get" in claim.content.decode()  # the waiting phone polls: it keeps htmx
    for slug in GAMES:
        own = get(slug).screens.script
        for who in ("player", "display"):
            scripts = " ".join(pages[f"{slug} {who}"].scripts)
            for needed in ("htmx-2", "hx-ws", "idiomorph", "table.js", "app.js"):
                assert needed in scripts, f"{slug} {who} misses {needed}"
            # The evening's share button and the game's move forms are a player's, never the display's.
            for players_only in filter(None, ("evening.js", own)):
                assert (players_only in scripts) == (who == "player"), f"{slug} {who}: {players_only}"


def served(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return b"".join(response.streaming_content).decode()


def test_every_page_holds_its_first_paint_for_one_stylesheet(stub_table, game_tables, phone):
    sheets = {}
    for name, (client, url) in page_kinds(stub_table, game_tables, phone).items():
        sheets[name] = parsed(client.get(url)).blocking
        assert len(sheets[name]) == 1, name
    shared = served(phone(), sheets["home"][0])
    for slug, (table, *_) in game_tables.items():
        assert sheets[f"{slug} player"] == sheets[f"{slug} display"]
        # A guest's join page already fetches the sheet its table page then needs.
        assert parsed(phone().get(f"/t/{table.code}/")).blocking == sheets[f"{slug} player"]
        own = get(slug).screens.stylesheet
        if not own:  # a game without styles of its own links the app's alone
            assert sheets[f"{slug} player"] == sheets["home"], slug
            continue
        text = served(phone(), f"/static/{own}")
        assert served(phone(), sheets[f"{slug} player"][0]) == f"/* css/app.css */\n{shared.rstrip()}\n\n/* {own} */\n{text.rstrip()}\n"


def test_a_static_file_nobody_has_is_not_found(phone):
    # The joined stylesheets' finder is asked first for every path no other finder holds.
    assert phone().get("/static/css/nosuch.css").status_code == 404
    assert phone().get("/static/css/nosuch-table.css").status_code == 404


def test_the_service_worker_keeps_every_static_file_a_table_page_names(game_tables, stub_table, phone):
    worker = phone().get("/sw.js").content.decode()
    kept = {json.loads(f'"{text}"') for text in re.findall(r'"((?:[^"\\]|\\.)*)"', worker)}
    for slug, (table, host, gus, display) in [*game_tables.items(), ("stub", (stub_table[0], sit(phone(), stub_table[1]), None, None))]:
        for client in filter(None, (host, gus, display)):
            named = parsed(client.get(f"/t/{table.code}/")).static
            for sheet in [url for url in named if url.endswith(".css")]:  # and the typefaces it names
                named |= {posixpath.normpath(posixpath.join(posixpath.dirname(sheet), ref))
                          for ref in re.findall(r'url\("?([^")]+)"?\)', served(client, sheet))}
            assert any(url.endswith(".woff2") for url in named), slug
            assert named <= kept, f"{slug}: the worker does not keep {sorted(named - kept)}"
