"""html-validate over the first screens of every page: each game's lobby and first move for every
role (the host, a player, the special role, the table display), the join page before and after the
start, a phone waiting for the host, and the home, message (404) and offline pages, as the server
renders them. One node process checks them all; its messages are the failure.

html-validate and its rules (tests/assets/html-validate/.htmlvalidate.mjs) come from npm:
`make install` runs `npm ci` there."""

from __future__ import annotations

import importlib
import shutil
import subprocess
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import Client

from companion.table import seats
from companion.table.games import DISPLAY
from companion.models import Seat, Table
from tests.browser import stage
from tests.catalogue import GAMES, scripts

HERE = Path(__file__).resolve().parent / "assets" / "html-validate"
VALIDATOR = HERE / "node_modules" / "html-validate" / "bin" / "html-validate.mjs"
SCRIPTS = scripts(GAMES)


def _validator() -> list[str]:
    """The command that runs html-validate, or the test fails saying how to install it: CI has node,
    so a missing validator is a broken install, not a reason to skip."""
    node = shutil.which("node")
    if node is None or not VALIDATOR.exists():
        pytest.fail(f"html-validate is not installed (it needs node and npm): run `make install`, which runs "
                    f"`npm ci` in {HERE.relative_to(HERE.parents[2])}")
    return [node, str(VALIDATOR), "--config", str(HERE / ".htmlvalidate.mjs"), "--formatter", "text"]


def _page(client: Client, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    return response.content.decode()


def _seat_name(script, seat_id: int, display: int) -> str:
    if seat_id == display:
        return DISPLAY.slug
    player = next(p for p in script.PLAYERS if p.seat_id == seat_id)
    return f"{player.role}-{player.name}" + ("-host" if player.is_host else "")


def _screens_of(script_name: str) -> dict[str, str]:
    """Every seat's page in the lobby, once the game starts and once a player's phone has left it,
    and the join page of a phone with no seat at each; the evening's summary for the phone that
    left, once the evening is over; where the script has a player without a phone, the page of a phone asking for it."""
    script = importlib.import_module("tests.games." + script_name.replace("/", "."))
    pages = {}
    for step in ("lobby", "0", "left-0"):
        staged = stage.main(script_name, step)
        code = staged["code"]
        for seat_id, cookie in staged["cookies"].items():
            phone = Client()
            phone.cookies[seats.cookie_name(code)] = cookie
            pages[f"{step}-{_seat_name(script, seat_id, staged['display'])}"] = _page(phone, f"/t/{code}/")
        pages[f"{step}-join"] = _page(Client(), f"/t/{code}/")
    # A phone that left its seat, once the evening is over: the evening's summary.
    left = Seat.objects.get(table__code=code, left=True)
    kept = HttpResponse()
    seats.remember_sat(kept, left)
    Table.objects.filter(code=code).update(closed=True)
    came_back = Client()
    came_back.cookies[seats.sat_cookie_name(code)] = kept.cookies[seats.sat_cookie_name(code)].value
    pages["evening-left"] = _page(came_back, f"/t/{code}/")
    Table.objects.filter(code=code).update(closed=False)
    phoneless = [p for p in script.PLAYERS if not p.has_phone]
    if phoneless:
        asking = Client()
        asking.post(f"/t/{code}/claim/", {"seat": phoneless[0].seat_id})
        pages["claim"] = _page(asking, f"/t/{code}/")
    Table.objects.filter(code=code).delete()  # the next script stages its own seats, with the same ids
    return {f"{script_name.replace('/', '-')}-{name}": html for name, html in pages.items()}


@pytest.mark.django_db
def test_every_first_screen_of_every_game_and_page_is_valid_html(tmp_path, settings):
    # Every script stages the same table code from one address: more pages than a household opens.
    settings.PAGE_RATE = settings.PAGE_PHONE_RATE = settings.JOIN_RATE = settings.JOIN_PHONE_RATE = "1000/m"
    command = _validator()
    pages = {
        "home": _page(Client(), "/"),
        "offline": _page(Client(), "/offline/"),
        "message-404": _page(Client(), "/no/such/page/", status=404),
        "message-no-table": _page(Client(), "/t/BCDFGH/", status=404),
    }
    for script_name in SCRIPTS:
        pages.update(_screens_of(script_name))
    assert any("claim" in name for name in pages)  # a script has a player without a phone to ask for
    files = []
    for name, html in pages.items():
        files.append(tmp_path / f"{name}.html")
        files[-1].write_text(html)
    result = subprocess.run([*command, *map(str, files)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"html-validate on {len(files)} pages:\n{result.stdout}{result.stderr}"
