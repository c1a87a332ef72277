"""What one ordinary mid-game move costs in each game, at a table of 6 seats (5 players with
phones and a table display), in one process with SQLite and the in-memory channel layer.

Each game is brought to a typical mid-game state through companion.table.tables, the way a group
plays it; then a seat's ordinary move is posted as its phone posts it (the seat cookie,
HX-Request, the table version), RUNS times:

- fiction: a Guesser's guess (the Lie-brarian shares the clues between guesses)
- halftruth: each player locking in answers (the reader enters the die and the card between questions)
- lie: a bid in turn order (after 8 bids someone calls "Lie!" and a new round's hands are set)
- stub: a Guesser's wrong guess (10 a round)

A fresh table is started whenever the game would end. Per move it records the POST's wall
time (p50, p90), SQL statements, renders and the bytes the sockets send for it (UTF-8: each
group's regions that changed, and the version); before each move it also times
broadcast.push_table alone. Then the bytes a move costs a phone: the mover's htmx answer (less
what the mover's page says it holds, X-Regions-Held, as table.js says it), raw and as sent
(gzipped: the phone asks for it, as browsers do), and what each screen's socket sends, raw as
Daphne sends it and what permessage-deflate would make it (each frame alone, and
with the socket's earlier frames as its dictionary). Production settings (DEBUG off), except
plain-HTTP cookies, the test client's host and no rate limit on moves; static files are
collected into a scratch folder first.

Run from the repo root: python tests/benchmarks/bench_game_push.py (or `make bench`).
"""

from __future__ import annotations

import gzip
import os
import statistics
import sys
import tempfile
import time
import warnings
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
os.environ["SECRET_KEY"] = "bench"
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ["SECURE_COOKIES"] = "0"
os.environ["SEAT_ACTION_RATE"] = "100000/1s"
scratch = tempfile.TemporaryDirectory(prefix="bench-game-push-")  # removed at exit
os.environ["SQLITE_PATH"] = os.path.join(scratch.name, "bench.sqlite3")
os.environ["STATIC_ROOT"] = os.path.join(scratch.name, "static")  # collected below, as production does
for name in ("DEBUG", "DATABASE_URL", "REDIS_URL"):
    os.environ.pop(name, None)
warnings.filterwarnings("ignore", message="No directory at")  # WhiteNoise, before static files are collected

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from companion.live import broadcast, render  # noqa: E402
from counting import renders as counting_renders  # noqa: E402
from companion.table import seats, tables
from companion.table.games import Played, game_of  # noqa: E402
from companion.models import Seat, Table  # noqa: E402
from games.fiction.rules import Clue, honest_clues  # noqa: E402
from games.lie import rules as lie_rules  # noqa: E402

PLAYERS = 5  # with phones; plus one table display: 6 seats
RUNS = 30

Move = tuple[Table, Seat, dict]  # the table, the seat whose phone posts, the move's fields


# -- a table as a group sets it up --------------------------------------------


def sit_down(slug: str) -> tuple[Table, list[Seat]]:
    """The host creates the table, four friends join on their phones, a display joins; start."""
    table, host = tables.create_table(slug, "lena")
    players = [host] + [tables.join_table(table, name) for name in ("gus", "gwen", "ben", "ida")]
    tables.join_table(table, "", as_display=True)
    tables.run(table.code, host.token, tables.StartGame(), version(table))
    return table, players


def version(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


def state(table: Table) -> Played:
    return Played.from_dict(Table.objects.values_list("state", flat=True).get(pk=table.pk))


def act(table: Table, seat: Seat, **move) -> None:
    """A move the benchmark makes without timing it (the moves between the measured ones)."""
    tables.run(table.code, seat.token, tables.Play(move), version(table))


# -- each game's ordinary moves, from a mid-game state -----------------------------


FICTION_SECRET = "melon"
FICTION_GUESSES = ("ghost", "plumb", "crane", "sight", "brick", "flute", "wound", "pasty", "dwarf", "jumpy")


def one_lie(guess: str) -> list[str]:
    clues = [clue.value for clue in honest_clues(FICTION_SECRET, guess)]
    clues[0] = Clue.CHECK.value if clues[0] == Clue.CROSS.value else Clue.CROSS.value
    return clues


def fiction() -> Iterator[Move]:
    """The host is the Lie-brarian; one row is on the board. Ten guesses in two halves, then over."""
    table, (librarian, *guessers) = sit_down("fiction")
    act(table, librarian, type="choose_secret", word=FICTION_SECRET, hint="l")
    act(table, librarian, type="start_first_half")
    for turn, word in enumerate(FICTION_GUESSES):
        if turn:  # the first guess is part of the set-up
            yield table, guessers[turn % len(guessers)], {"type": "guess", "word": word}
        else:
            act(table, guessers[0], type="guess", word=word)
        act(table, librarian, type="share_clues", clues=one_lie(word))
        phase = state(table).rules["phase"]
        if phase == "halftime":
            act(table, librarian, type="start_second_half")
        elif phase == "over":
            return


def reader(table: Table, players: list[Seat]) -> Seat:
    """Half Truth's reader for this question: it enters the die and the card's answers."""
    now = state(table)
    return next(seat for seat in players if seat.pk == now.seat(now.rules["reader"]))


def halftruth() -> Iterator[Move]:
    """Two questions answered; then every question: the die, five lock-ins, the card."""
    table, players = sit_down("halftruth")
    for question in range(100):
        act(table, reader(table, players), type="set_die", face="ONE")
        for n, seat in enumerate(players):
            move = {"type": "lock_in", "letters": list(("A", "B", "AB", "C", "ACE")[n])}
            if question < 2:
                act(table, seat, **move)
            else:
                yield table, seat, move
        act(table, reader(table, players), type="reveal", correct=["A", "B", "D"])
        if state(table).rules["phase"] == "over":
            return


def lie() -> Iterator[Move]:
    """One round played; then every round: hands set, 8 bids in turn order, "Lie!"."""
    table, players = sit_down("lie")
    for round_ in range(100):
        game = lie_rules.from_dict(state(table).rules)
        if game.outcome is not None:
            return
        for seat in game.in_game:  # a hand spread over the faces, as dealt cards would be
            act(table, players[seat], type="set_hand", faces=[(seat + i) % 6 + 1 for i in range(game.cards[seat])])
        for bid in range(9):
            game = lie_rules.from_dict(state(table).rules)
            bidder = players[game.turn]
            if bid == 8:
                act(table, bidder, type="challenge")
                break
            higher = game.current_bid.next_higher() if game.current_bid else lie_rules.Bid(1, 2)
            move = {"type": "bid", "quantity": higher.quantity, "face": higher.face}
            if round_ == 0:
                act(table, bidder, **move)
            else:
                yield table, bidder, move


def stub() -> Iterator[Move]:
    """The keeper has written the word and three guesses are in; ten more, then the round ends."""
    table, (keeper, *guessers) = sit_down("stub")
    act(table, keeper, type="set_secret", word="lantern")
    for n in range(13):
        move = {"type": "guess", "word": f"word{'abcdefghijklm'[n]}x"}
        if n < 3:
            act(table, guessers[n % len(guessers)], **move)
        else:
            yield table, guessers[n % len(guessers)], move


# -- measuring -----------------------------------------------------------------


pushed_bytes = 0
phone_bytes = [0, 0, 0]  # what every socket sends its phone for a move: raw, each frame deflated, deflated in a stream
_send = broadcast._send
_has: dict[str, dict[str, str]] = {}  # per group: the region digests its sockets last sent
_streams: dict[str, zlib._Compress] = {}  # per group: its sockets' deflate stream, as permessage-deflate keeps it
_members: dict[str, int] = {}  # per group: the screens that listen on it


def deflated(frame: bytes, stream=None) -> int:
    """A frame's size as permessage-deflate (RFC 7692) sends it: raw deflate, flushed, without the
    flush's last four bytes. ``stream``: a compressor kept from the socket's earlier frames (its
    default); without one, each frame alone (``no_context_takeover``)."""
    stream = stream or zlib.compressobj(wbits=-15)
    return len(stream.compress(frame) + stream.flush(zlib.Z_SYNC_FLUSH)) - 4


def counting_send(*messages: tuple[str, dict], wait: bool = False) -> None:
    """Counts what the sockets send their phones: each group's changed regions and the version,
    once a group (pushed_bytes) and once a screen that listens on it (phone_bytes)."""
    global pushed_bytes
    for group, message in messages:
        if "regions" in message:
            frame = render.joined(message, _has.get(group)).encode()
            _has[group] = render.digests(message)
            screens = _members.get(group, 0)
            pushed_bytes += len(frame)
            phone_bytes[0] += len(frame) * screens
            phone_bytes[1] += deflated(frame) * screens
            phone_bytes[2] += deflated(frame, _streams.setdefault(group, zlib.compressobj(wbits=-15))) * screens
    _send(*messages, wait=wait)


def listening(table: Table) -> dict[str, int]:
    """How many of the table's screens listen on each group."""
    game = game_of(table)
    return Counter(broadcast.group_of(game, table.pk, seat) for seat in table.seats.all() if not seat.removed)


# One request handler for every phone, as a server has one: a Client's own handler loads the
# middleware again for each new phone, and WhiteNoise's lists every static file as it loads,
# which a fresh table's phones would count as part of its moves.
HANDLER = Client().handler


def phone_for(seat: Seat, phones: dict[int, Client]) -> Client:
    if seat.pk not in phones:
        phone, cookie = Client(), HttpResponse()
        phone.handler = HANDLER
        seats.remember(cookie, seat)
        phone.cookies.update(cookie.cookies)
        phones[seat.pk] = phone
    return phones[seat.pk]


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def p90(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=10)[-1] * 1000


def measure(slug: str, play) -> str:
    global pushed_bytes
    phones: dict[int, Client] = {}
    moves_made = play()
    posts, pushes, queries, renders, sizes = [], [], [], [], []
    screens_raw, screens_alone, screens_stream, answers, answers_sent = [], [], [], [], []
    while len(posts) < RUNS:
        made = next(moves_made, None)
        if made is None:  # the game would end: a fresh table
            moves_made = play()
            continue
        table, seat, move = made
        _members.clear()
        _members.update(listening(table))
        start = time.perf_counter()
        broadcast.push_table(table.pk)
        pushes.append(time.perf_counter() - start)
        phone = phone_for(seat, phones)
        data = {"version": version(table), **move}
        # The mover's page holds its screen as every push left it, and says so, as table.js does.
        shown = "-".join(f"{name}.{digest}" for name, digest, _ in render.live_update(table, seat)["regions"])
        pushed_bytes, phone_bytes[:] = 0, [0, 0, 0]
        with CaptureQueriesContext(connection) as counted, counting_renders() as drawn:
            start = time.perf_counter()
            answer = phone.post(f"/t/{table.code}/move/", data, HTTP_HX_REQUEST="true", HTTP_X_REGIONS_HELD=shown,
                                HTTP_ACCEPT_ENCODING="gzip, deflate, br")  # as a phone's browser asks
            posts.append(time.perf_counter() - start)
        assert answer.status_code == 200, (slug, move, answer.status_code, answer.content[:500])
        queries.append(len(counted.captured_queries))
        renders.append(drawn.n)
        sizes.append(pushed_bytes)
        screens = sum(_members.values())
        screens_raw.append(phone_bytes[0] / screens)
        screens_alone.append(phone_bytes[1] / screens)
        screens_stream.append(phone_bytes[2] / screens)
        answers_sent.append(len(answer.content))
        gzipped = answer.get("Content-Encoding") == "gzip"
        answers.append(len(gzip.decompress(answer.content) if gzipped else answer.content))
    median = statistics.median
    return (f"game {slug} seats={PLAYERS + 1} move_p50_ms={p50(posts):.1f} move_p90_ms={p90(posts):.1f} "
            f"push_p50_ms={p50(pushes):.1f} sql={median(queries):.0f} renders={median(renders):.0f} "
            f"push_bytes={median(sizes):.0f}\n"
            f"  bytes {slug} answer_bytes={median(answers):.0f} answer_gzip_bytes={median(answers_sent):.0f} "
            f"phone_bytes={median(screens_raw):.0f} phone_deflate_bytes={median(screens_alone):.0f} "
            f"phone_deflate_stream_bytes={median(screens_stream):.0f}")


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the manifest {% static %} reads
    broadcast._send = counting_send
    print(f"Game push: one ordinary mid-game move per game, {PLAYERS} players with phones and a display, "
          f"SQLite, in-memory layer, production settings, {RUNS} moves each (medians unless p90).\n"
          "Bytes a move: the mover's htmx answer (answer_bytes; answer_gzip_bytes as GZipMiddleware sends it, "
          "the phone asking for gzip); and a screen's socket, the mean over the table's six: phone_bytes is what "
          "Daphne sends (it does not compress frames), phone_deflate_bytes what permessage-deflate would make them "
          "one frame alone, phone_deflate_stream_bytes with the socket's earlier frames kept as its dictionary "
          "(its default)")
    for slug, play in (("fiction", fiction), ("halftruth", halftruth), ("lie", lie), ("stub", stub)):
        print(measure(slug, play), flush=True)


if __name__ == "__main__":
    main()
