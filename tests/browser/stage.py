"""Sets a table in a browser test's server to a scripted game's state, for the screen matrix.

Run in the server's environment (its database), as `python -m tests.browser.stage SCRIPT STEP`,
or as `python -m tests.browser.stage -` to read one "SCRIPT STEP" a line from stdin and answer each
with a line of JSON (the matrix stages every phase of a script through one process, sparing a
Django start-up a phase). SCRIPT is a scripted game ("fiction/scripted"), STEP "lobby" or the number of steps played
(0: just started), "again" (the lobby after a game, with the evening's standings), "evening-N"
(the lobby after N games, with eight people of long names) or "evening-N-end" (the same people at
the end of the script's game, the Nth of the evening) or "closed-N" (the evening over after N
games: its summary) or "left-N" (N steps played, then a player's phone left: ``leaver``). The table and its seats (the script's own seat ids, and a display) are made
the first time; every call replays the script from the start to STEP and stores that state.
It prints JSON: the table's code, each seat's cookie by seat id, the display's seat id, and
the phase each seat's view is in.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import random
import sys
import time


def main(script_name: str, step: str) -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.db import transaction
    from django.http import HttpResponse

    from companion.table import seam
    from companion.table import seats as seat_cookies
    from companion.table import tables
    from companion.table.clock import Clock
    from companion.table.games import DISPLAY, Played, get, played_of, viewer_of
    from companion.models import Seat, Table
    from tests import played as play

    slug, module = script_name.split("/")
    script = importlib.import_module(f"tests.games.{slug}.{module}")
    game = get(slug)
    code = "STAGEM"
    display_id = 99
    with transaction.atomic():
        table = Table.objects.filter(code=code).first()
        if table is None:
            table = Table.objects.create(code=code, game=slug, setup=script.SETUP)
            for p in script.PLAYERS:
                Seat.objects.create(pk=p.seat_id, table=table, name=p.name, role=p.role, order=p.order,
                                    is_host=p.is_host, has_phone=p.has_phone)
            Seat.objects.create(pk=display_id, table=table, name="Table display", role=DISPLAY.slug,
                                order=len(script.PLAYERS))
        players = list(script.PLAYERS)
        # Only "left-N" has a seat whose phone left; every other step has everyone back.
        table.seats.update(left=False)
        if step.startswith("left-"):
            step = step.split("-")[1]
            left = True
        else:
            left = False
        if step.startswith("evening-") and step.endswith("-end"):
            # The end of a long evening: the players' long names, in the game too, and its earlier games.
            long_evening(table, slug, add=False)
            players = [dataclasses.replace(p, name=n) for p, n in zip(players, LONG_NAMES)]
            earlier = evening_results(list(table.seats.exclude(role=DISPLAY.slug)), int(step.split("-")[1]) - 1)
            step = str(len(script.STEPS))
        else:
            earlier = []
        table.closed = step.startswith("closed-")
        if table.closed:  # "closed-N": the evening over after N games, its summary on every screen
            step = "evening-" + step.split("-")[1]
        if step in ("lobby", "again") or step.startswith("evening-"):
            table.status, table.state, table.clock = Table.Status.LOBBY, None, Clock().to_dict()
            # "again": back in the lobby after a game, with the evening's standings; "evening-N":
            # after N games, eight people at the table with names of 20 characters.
            games = int(step.split("-")[1]) if step.startswith("evening-") else 1 if step == "again" else 0
            if step.startswith("evening-"):
                long_evening(table, slug)
            table.results = evening_results(list(table.seats.exclude(role=DISPLAY.slug)), games)
        else:
            rng = random.Random(7)
            state = play.begin(game, players, script.SETUP, rng)
            by_id = {p.seat_id: p for p in players}
            for seat_id, move in script.STEPS[:int(step)]:
                state = play.step(game, state, by_id.get(seat_id), move, rng)
            table.state = state.to_dict()
            if left:
                Seat.objects.filter(pk=leaver(game, state, players)).update(left=True)
            table.status = Table.Status.FINISHED if game.outcome(state) is not None else Table.Status.PLAYING
            table.clock = Clock().follow(game.clock(state), time.time()).to_dict()
            table.results = earlier
            if table.status == Table.Status.FINISHED:
                tables._record_result(table, game)
        table.version += 1
        table.save()
    cookies = {}
    phases = {}
    for seat in table.seats.all():
        response = HttpResponse()
        seat_cookies.remember(response, seat)
        cookies[seat.pk] = response.cookies[seat_cookies.cookie_name(code)].value
        view = seam.view(game, played_of(game, table.state), viewer_of(seat)) if table.state is not None else None
        phases[seat.pk] = view["phase"] if view else "lobby"
    return {"code": code, "cookies": cookies, "display": display_id, "phases": phases}


def leaver(game, state, players) -> int:
    """The seat whose phone leaves in "left-N": the last player with a phone who is not the host
    and is still in the game (Screens.when_gone has something to say), else the last of them."""
    able = [p for p in players if not p.is_host and p.has_phone]
    still = [p for p in able if state.index(p) is not None and game.screens.when_gone(state, state.index(p))]
    return (still or able)[-1].seat_id


LONG_NAMES = ["Bartholomew Ashcroft", "Guinevere Montague", "Oluwaseun Adeyemi-K", "Marguerite Delacroix",
              "Maximilian Oberhaus", "Anastasia Vasquez-L", "Christopher Pennywh", "Wilhelmina Fairfax"]


def long_evening(table, slug: str, *, add: bool = True) -> None:
    """Every person at the table renamed to 20 characters, and (``add``) people added up to eight."""
    from companion.table.games import DISPLAY, default_role, get
    from companion.models import Seat

    players = list(table.seats.exclude(role=DISPLAY.slug))
    for seat, name in zip(players, LONG_NAMES):
        seat.name = name
        seat.save(update_fields=["name"])
    for n in range(len(players), len(LONG_NAMES) if add else 0):
        Seat.objects.create(table=table, name=LONG_NAMES[n], role=default_role(get(slug)), has_phone=False,
                            order=100 + n)


def evening_results(players: list, games: int) -> list[dict]:
    """``games`` finished games of every kind, won in turn by the players (the last ones first)."""
    from companion.table import evening

    kinds = [("fiction", "Fiction", "guessed", "The word was MELON, found with guess 4 after LEMON."),
             ("halftruth", "Half Truth", "most victory points", "Final ranking: Kamila 19 VP, Tony 17 VP, Amy 0 VP."),
             ("lie", "LIE", "last player", "cal called Lie on ana's four fours: there were 4, the bid held.")]
    results: list[dict] = []
    for n in range(games):
        slug, name, how, moment = kinds[n % len(kinds)]
        winner = players[-1 - n % len(players)]
        results.append(evening.entry(results, slug=slug, name=name, winners=[(winner.pk, winner.name)], how=how,
                                     moment=moment))
    return results


if __name__ == "__main__":
    if sys.argv[1:] == ["-"]:
        for line in sys.stdin:
            print(json.dumps(main(*line.split())), flush=True)
    else:
        print(json.dumps(main(sys.argv[1], sys.argv[2])))
