"""How long a move takes to reach every other phone at its table, under many tables, against the floor.

A load generator (this process, loopback only, bounded in count and time) opens T tables of S
seats on a real Daphne server as real phones: HTTP for joining and moves, one WebSocket per
seat, which answers the server's presence ping as a phone's page does. Each table makes a move
on average every 5 seconds (exponential gaps, tables independent) for 30 seconds once every
socket is connected. For every move it measures the time from the POST until every other seat
at that table has the update. The same load then runs against a bare Channels consumer that
relays a message of the same size to its table's group: the floor on this machine, served the
same way (same processes, same channel layer). Moves are posted on a connection kept open
between taps, as a browser does.

Each game is played as a group plays it, by its own rules: the generator keeps each table's
game in the rules library (pure Python, as the server does) to know whose turn it is and what
is legal, and the player whose move it is posts it.

- stub (the demo game): the keeper has set the word; a random guesser guesses.
- fiction: the host is the Lie-brarian; guessers take turns to guess, the Lie-brarian shares
  the clues with one lie, starts the second half at halftime.
- halftruth: the reader sets the die, every player locks in answers, the reader reveals.
- lie: everyone sets their hand, bids go round in turn order, and after six bids "Lie!".

A table's set-up (joining, starting, the Lie-brarian's word, LIE's first hands) is not timed;
a game that ends is started again, untimed, as a group would ("again"). Every other move is.

Run from the repo root: python tests/benchmarks/bench_fanout.py
Every size runs BENCH_RUNS times (default 3), the app and the commit floor taking turns (app,
commit floor, app, commit floor, ...), then the relay floor once. A size is judged by the medians:
the median of the runs' p99s against the median of the commit floor's (commit_ratio=), each run's
figures beside them, and what every run lost summed; then a line says whether it meets its targets
(docs/performance.md, "Targets").
BENCH_SIZES (default: each game, the demo game first, at the sizes the targets name: 100x6, 250x6,
250x6x2): [<game>:]<tables>x<seats> on one Daphne process with SQLite and the in-memory layer;
[<game>:]<tables>x<seats>x<n> on n processes behind nginx, sharing a throwaway PostgreSQL and
Redis that the bench starts itself. <game> is stub (the default), fiction, halftruth or lie.
BENCH_SECONDS: length of play.
BENCH_APP: the ASGI application to measure (default config.asgi:application).
BENCH_LOG: a folder to keep each server's log in. BENCH_TRACE: a folder to write, per size and
run, each move's latency by when it was posted (<size>-app-<run>.tsv, <size>-commit-floor-<run>.tsv).
BENCH_PEER: the peer's harness (default ../shared/peer-bgio beside the checkout; 0: leave it out).
With node and the harness there, each run of a Half Truth size on one process is followed by a
run of boardgame.io 0.50.2 under the same load (BENCH_PEER_STORAGE: flatfile, the default, or
memory), and the size is also judged against its medians: p99, and the server's CPU a move.
BENCH_PG_OPTIONS: extra PostgreSQL server options for the two-process sizes, e.g.
"-c synchronous_commit=off" to see what commits cost.
The commit floor (floor_commit) is a POST that commits a row and relays a message of the push's
size, with the app's settings and servers, and nothing else: what a move over HTTP into the
database costs before any game's work; its server's CPU a move is printed beside the app's and,
in the CPU target's line, beside boardgame.io's. BENCH_COMMIT_FLOOR=0 leaves it out (and the
targets measured against it unjudged).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import glob
import http.client
import http.cookiejar
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.fiction import rules as fiction_rules  # noqa: E402  (the rules import no Django)
from games.halftruth import rules as halftruth_rules  # noqa: E402
from games.lie import rules as lie_rules  # noqa: E402

SECONDS = float(os.environ.get("BENCH_SECONDS", 30))
MEAN_GAP = 5.0
WAIT = 5.0  # a seat that has not had the update this long after the POST counts as lost
VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')
# The server's presence ping (companion.live.render.PING) and a page's answer to it: a socket that left
# it unanswered would count as away after PRESENCE_SILENT_SECONDS, and every seat's table would be
# drawn again for it in the middle of the run.
PING = '<span id="ping" hidden hx-swap-oob="true"></span>'
PONG = '{"type":"pong"}'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(db: str) -> dict[str, str]:
    """Production settings (DEBUG off, collected static files), on a throwaway SQLite file."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY="bench", ALLOWED_HOSTS="127.0.0.1",
               SECURE_COOKIES="0", SQLITE_PATH=db, STATIC_ROOT=os.path.join(os.path.dirname(db), "static"),
               SEAT_ACTION_RATE="1000/1s", CODE_MISS_RATE="100000/1m", PYTHONPATH=str(ROOT))
    return env


def wait_for(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port}")


def start(app: str, env: dict[str, str], root: Path = ROOT) -> tuple[subprocess.Popen, int]:
    port = free_port()
    log = open(os.path.join(os.environ["BENCH_LOG"], f"{port}.log"), "w") if os.environ.get("BENCH_LOG") else None
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app],
                            cwd=root, env={**env, "PYTHONPATH": str(root)}, stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)
    try:
        wait_for(port)
    except RuntimeError:
        proc.kill()
        raise
    return proc, port


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS"))
    return int(line.split()[1])


class Phone:
    """One person's browser: a cookie jar, the CSRF token, and the table version it last saw."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.version = 0
        self.conn: http.client.HTTPConnection | None = None

    def move(self, path: str, data: dict) -> int:
        """A move as a browser posts it: on a connection kept open between taps."""
        body = urllib.parse.urlencode(data, doseq=True)
        headers = {"X-CSRFToken": self.cookie("csrftoken"), "HX-Request": "true", "Cookie": self.cookies(),
                   "Content-Type": "application/x-www-form-urlencoded"}
        for attempt in (1, 2):  # the server may have closed an idle connection
            if self.conn is None:
                self.conn = http.client.HTTPConnection(urllib.parse.urlsplit(self.base).netloc, timeout=30)
            try:
                self.conn.request("POST", path, body, headers)
                response = self.conn.getresponse()
                text = response.read().decode()
                break
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        seen = VERSION.findall(text)
        if seen:
            self.version = int(seen[-1])
        return response.status

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def cookies(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            text = response.read().decode()
        seen = VERSION.findall(text)
        if seen:
            self.version = int(seen[-1])
        return text

    def post(self, path: str, data: dict) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={
            "X-CSRFToken": self.cookie("csrftoken"), "HX-Request": "true"})
        try:
            with self.opener.open(request, timeout=30) as response:
                text = response.read().decode()
                status, url = response.status, response.url
        except urllib.error.HTTPError as error:
            text, status, url = error.read().decode(), error.code, ""
        seen = VERSION.findall(text)
        if seen:
            self.version = int(seen[-1])
        return status, text, url


Step = tuple[int, dict]  # the seat (in joining order, the host first) whose phone posts, and the move


class Stub:
    """Secret Keeper: the keeper (the host) sets the word; then a random guesser guesses."""

    setup = {"seconds": "180"}  # longer than the play, so the round does not end on its own

    def __init__(self, seats: int, rng: random.Random):
        self.seats, self.rng, self.secret = seats, rng, False

    def under_way(self) -> bool:
        return self.secret

    def next(self) -> Step | None:
        if not self.secret:
            return 0, {"type": "set_secret", "word": "lantern"}
        word = "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
        return self.rng.randrange(1, self.seats), {"type": "guess", "word": word}

    def made(self, step: Step) -> None:
        self.secret = True


class Fiction:
    """The host is the Lie-brarian (the default role), every other seat a Guesser."""

    setup: dict = {}
    SECRET, HINT = "melon", "l"
    GUESSES = ("ghost", "plumb", "crane", "sight", "brick", "flute", "wound", "pasty", "dwarf", "jumpy")

    def __init__(self, seats: int, rng: random.Random):
        self.seats, self.state = seats, fiction_rules.new_game()

    def side(self, seat: int, move: dict) -> str | None:
        if move["type"] == "start_second_half":
            return None  # the table's move, made on the host's phone
        return "librarian" if seat == 0 else "guessers"

    def under_way(self) -> bool:
        return self.state.phase == "guessing"

    def next(self) -> Step | None:
        state = self.state
        if state.secret is None:
            return 0, {"type": "choose_secret", "word": self.SECRET, "hint": self.HINT}
        if state.phase == "setup":
            return 0, {"type": "start_first_half"}
        if state.phase == "guessing":
            turn = len(state.turns)
            return 1 + turn % (self.seats - 1), {"type": "guess", "word": self.GUESSES[turn % len(self.GUESSES)]}
        if state.phase == "deceiving":  # the honest clues with the first one turned into a lie
            clues = [clue.value for clue in state.turns[-1].honest]
            clues[0] = "✓" if clues[0] == "✗" else "✗"
            return 0, {"type": "share_clues", "clues": clues}
        if state.phase == "halftime":
            return 0, {"type": "start_second_half"}
        return None

    def made(self, step: Step) -> None:
        seat, move = step
        self.state = fiction_rules.apply(self.state, self.side(seat, move), move)


class HalfTruth:
    """The reader (it changes every question) sets the die, everyone locks in, the reader reveals."""

    setup: dict = {}
    PICKS = (["A"], ["B"], ["A", "B"], ["C"], ["A", "C", "E"], ["D"])
    FACES = ("ONE", "TWO", "AMPED", "THREE", "HALF_LIE", "FOUR")

    def __init__(self, seats: int, rng: random.Random):
        self.state = halftruth_rules.new_game([f"player{n}" for n in range(seats)])

    def under_way(self) -> bool:
        return True

    def next(self) -> Step | None:
        state = self.state
        phase = state.phase.value
        if phase == "roll":
            return state.reader, {"type": "set_die", "face": self.FACES[len(state.history) % len(self.FACES)]}
        if phase == "pick":
            seat = next(n for n, picked in enumerate(state.picks) if picked is None and state.answering(n))
            return seat, {"type": "lock_in", "letters": self.PICKS[seat % len(self.PICKS)]}
        if phase == "reveal":
            return state.reader, {"type": "reveal", "correct": ["A", "B", "D"]}
        return None

    def made(self, step: Step) -> None:
        seat, move = step
        self.state = halftruth_rules.apply(self.state, seat, move)


class Lie:
    """Hands spread over the faces as dealt cards would be; bids in turn order; "Lie!" after six."""

    setup: dict = {}

    def __init__(self, seats: int, rng: random.Random):
        self.state = lie_rules.new_game([f"player{n}" for n in range(seats)])

    def under_way(self) -> bool:
        return self.state.phase == lie_rules.Phase.BIDDING

    def next(self) -> Step | None:
        state = self.state
        if state.phase == lie_rules.Phase.SETTING_HANDS:
            seat = next(n for n in state.in_game if state.hands[n] is None)
            return seat, {"type": "set_hand", "faces": [(seat + i) % 6 + 1 for i in range(state.cards[seat])]}
        if state.phase == lie_rules.Phase.BIDDING:
            if len(state.calls) >= 6:
                return state.turn, {"type": "challenge"}
            bid = state.current_bid.next_higher() if state.current_bid else lie_rules.Bid(1, 2)
            return state.turn, {"type": "bid", "quantity": bid.quantity, "face": bid.face}
        return None

    def made(self, step: Step) -> None:
        seat, move = step
        self.state = lie_rules.apply(self.state, seat, move)


GAMES = {"stub": Stub, "fiction": Fiction, "halftruth": HalfTruth, "lie": Lie}


@dataclass
class Table:
    code: str
    phones: list[Phone]
    play: Stub | Fiction | HalfTruth | Lie
    version: int = 0
    sockets: list = field(default_factory=list)

    def post(self, seat: int, path: str, data: dict) -> int:
        """A phone's POST at the table's current version (one table's posts are made one at a time)."""
        phone = self.phones[seat]
        phone.version = self.version
        status = phone.move(f"/t/{self.code}/{path}/", {"version": self.version, **data})
        self.version = max(self.version, phone.version)
        return status

    def begin(self) -> None:
        """Untimed: the game's first moves, until it is under way (the word chosen, hands set)."""
        while not self.play.under_way():
            step = self.play.next()
            assert step is not None and self.post(step[0], "move", step[1]) == 200, (self.code, step)
            self.play.made(step)

    def again(self) -> None:
        """Untimed: the game ended; the host starts another with the same seats, as a group would."""
        for action in ("again", "start"):
            assert self.post(0, f"host/{action}", {}) == 200, (self.code, action)
        self.play = type(self.play)(len(self.phones), random.Random(self.code))
        self.begin()


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    started: list[float] = field(default_factory=list)  # each latency's move, when it was posted
    lost: int = 0
    errors: int = 0
    sizes: list[int] = field(default_factory=list)
    cpu_s: float = 0.0  # the server's CPU seconds over the measured window (connect, quiet, play, close)

    @property
    def cpu_ms_a_move(self) -> float:
        return self.cpu_s * 1000 / len(self.latencies) if self.latencies else float("nan")


def set_up_table(base: str, game: str, seats: int) -> Table:
    host = Phone(base)
    host.get("/")
    _, _, url = host.post(f"/new/{game}/", {"name": "host"})
    code = url.rstrip("/").rsplit("/", 1)[1]
    phones = [host]
    for n in range(seats - 1):
        phone = Phone(base)
        phone.get(f"/t/{code}/")
        phone.post(f"/t/{code}/join/", {"name": f"guest{n}"})
        phones.append(phone)
    host.get(f"/t/{code}/")
    table = Table(code, phones, GAMES[game](seats, random.Random(code)), host.version)
    if table.play.setup:
        assert table.post(0, "host/setup", table.play.setup) == 200, code
    assert table.post(0, "host/start", {}) == 200, code
    table.begin()
    return table


async def listen(ws, arrivals: dict, key: tuple, results: Results, pattern: re.Pattern) -> None:
    try:
        async for message in ws:
            if message == PING:  # not a move's update: neither timed nor counted in the sizes
                await ws.send(PONG)
                continue
            now = time.perf_counter()
            results.sizes.append(len(message))
            for found in pattern.findall(message):
                arrivals.setdefault((*key[:1], found), {}).setdefault(key[1], now)
    except websockets.ConnectionClosed:
        pass


async def play_app(base: str, ws_base: str, tables: list[Table], results: Results) -> None:
    # A thread for every table that may be posting at once: asyncio's own pool has 6 on this
    # machine, and moves queued there for a free thread, timed as the server's.
    asyncio.get_running_loop().set_default_executor(concurrent.futures.ThreadPoolExecutor(len(tables)))
    arrivals: dict = {}
    listeners = []
    for t, table in enumerate(tables):
        for s, phone in enumerate(table.phones):
            ws = await websockets.connect(f"{ws_base}/ws/t/{table.code}/", max_size=None, additional_headers={
                "Cookie": phone.cookies(), "Origin": base})
            table.sockets.append(ws)
            listeners.append(asyncio.create_task(listen(ws, arrivals, (t, s), results, VERSION)))
    await asyncio.sleep(1)
    results.sizes.clear()

    async def mover(t: int, table: Table) -> None:
        end = time.perf_counter() + SECONDS
        rng = random.Random(t)
        while True:
            await asyncio.sleep(rng.expovariate(1 / MEAN_GAP))
            if time.perf_counter() > end:
                return
            step = table.play.next()
            while step is None:
                await asyncio.to_thread(table.again)
                step = table.play.next()
            seat, move = step
            started = time.perf_counter()
            status = await asyncio.to_thread(table.post, seat, "move", move)
            if status != 200:
                results.errors += 1
                continue
            table.play.made(step)
            await settle(arrivals, (t, str(table.version)), started, len(table.phones), seat, results)

    await asyncio.gather(*(mover(t, table) for t, table in enumerate(tables)))
    for table in tables:
        for ws in table.sockets:
            await ws.close()
    for task in listeners:
        task.cancel()


async def settle(arrivals: dict, key: tuple, started: float, seats: int, mover: int, results: Results) -> None:
    deadline = started + WAIT
    others = set(range(seats)) - {mover}
    while time.perf_counter() < deadline and not others <= set(arrivals.get(key, {})):
        await asyncio.sleep(0.002)
    got = arrivals.get(key, {})
    missing = others - set(got)
    results.lost += len(missing)
    if got and not missing:
        results.latencies.append(max(got[s] for s in others) - started)
        results.started.append(started)


async def play_relay(ws_base: str, tables: list[int], seats: int, size: int, results: Results,
                     post: Callable | None = None) -> None:
    """The floors' load: a socket per seat at /floor/<table>/, each table moving as the app's do.
    A move is a message of ``size`` sent on the mover's socket, or with ``post`` (a function of the
    table, the tag and the size, run on a thread; it answers the HTTP status) a POST instead."""
    if post is not None:
        asyncio.get_running_loop().set_default_executor(concurrent.futures.ThreadPoolExecutor(len(tables)))
    arrivals: dict = {}
    pattern = re.compile(r"^m(\d+-\d+)")
    sockets: list[list] = []
    listeners = []
    for t, table in enumerate(tables):
        row = []
        for s in range(seats):
            ws = await websockets.connect(f"{ws_base}/floor/{table}/", max_size=None)
            row.append(ws)
            listeners.append(asyncio.create_task(listen(ws, arrivals, (t, s), results, pattern)))
        sockets.append(row)
    await asyncio.sleep(1)

    async def mover(t: int) -> None:
        end = time.perf_counter() + SECONDS
        rng = random.Random(t)
        n = 0
        while True:
            await asyncio.sleep(rng.expovariate(1 / MEAN_GAP))
            if time.perf_counter() > end:
                return
            n += 1
            s = rng.randrange(1, seats)
            started = time.perf_counter()
            tag = f"{t}-{n}"
            if post is None:
                await sockets[t][s].send(f"m{tag} " + "x" * max(0, size - len(tag) - 2))
            elif await asyncio.to_thread(post, tables[t], tag, size) != 200:
                results.errors += 1
                continue
            await settle(arrivals, (t, tag), started, seats, s, results)

    await asyncio.gather(*(mover(t) for t in range(len(tables))))
    for row in sockets:
        for ws in row:
            await ws.close()
    for task in listeners:
        task.cancel()


def committing(base: str, tables: list[int]) -> Callable[[int, str, int], int]:
    """floor_commit's move for play_relay: a POST for the table, on that table's kept-open connection."""
    phones = {table: Phone(base) for table in tables}
    return lambda table, tag, size: phones[table].move(f"/floor-commit/{table}/move/", {"tag": tag, "size": size})


def percentile(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


@contextlib.contextmanager
def shared_services():
    """A throwaway PostgreSQL and Redis on loopback for the sizes served by several processes."""
    pg_bin = max(glob.glob("/usr/lib/postgresql/*/bin"), default=None)
    if pg_bin is None or not shutil.which("redis-server") or not shutil.which("nginx"):
        raise RuntimeError("needs PostgreSQL, redis-server and nginx (apt-get install postgresql redis-server nginx)")
    folder = tempfile.mkdtemp(prefix="bench-pg-")
    root = os.geteuid() == 0
    if root:  # PostgreSQL refuses to run as root
        shutil.chown(folder, "postgres", "postgres")

    def as_postgres(command: str) -> None:
        argv = ["su", "postgres", "-s", "/bin/sh", "-c", command] if root else ["sh", "-c", command]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    pg_port, redis_port = free_port(), free_port()
    as_postgres(f"{pg_bin}/initdb -D {folder}/data -A trust -U postgres")
    as_postgres(f"{pg_bin}/pg_ctl -D {folder}/data -l {folder}/log -w "
                f"-o '-c listen_addresses=127.0.0.1 -p {pg_port} -k {folder} {os.environ.get('BENCH_PG_OPTIONS', '')}' start")
    redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(redis_port), "--save", "",
                              "--appendonly", "no"], stdout=subprocess.DEVNULL)
    try:
        as_postgres(f"{pg_bin}/createdb -h 127.0.0.1 -p {pg_port} -U postgres bench")
        yield f"postgres://postgres@127.0.0.1:{pg_port}/bench", f"redis://127.0.0.1:{redis_port}/0"
    finally:
        redis.kill()
        as_postgres(f"{pg_bin}/pg_ctl -D {folder}/data -m immediate stop")


@contextlib.contextmanager
def serve(app: str, env: dict[str, str], processes: int, root: Path = ROOT):
    """Daphne processes for ``app`` in the checkout at ``root``; several sit behind nginx
    (config/nginx.conf) at one address."""
    procs = [start(app, env, root) for _ in range(processes)]
    nginx = None
    try:
        if processes == 1:
            yield procs[0][1], [procs[0][0].pid]
            return
        folder, port = tempfile.mkdtemp(prefix="bench-nginx-"), free_port()
        upstream = " ".join(f"server 127.0.0.1:{p};" for _, p in procs)
        conf = (ROOT / "config" / "nginx.conf").read_text()
        conf = conf.replace("@VAR@", folder).replace("@PORT@", str(port)).replace("@UPSTREAM@", upstream)
        Path(folder, "nginx.conf").write_text(conf)
        nginx = subprocess.Popen(["nginx", "-c", f"{folder}/nginx.conf", "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(port)
        yield port, [proc.pid for proc, _ in procs]
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait()
        for proc, _ in procs:
            proc.kill()
            proc.wait()


@dataclass
class Figures:
    """A size's figures over its runs: each run's p99 (and its commit floor's), their medians, and
    what every run lost. The app's p99 is judged against the median commit floor's."""

    p50: float
    p99: float
    p99_runs: list[float]
    commit_p99: float | None
    commit_p99_runs: list[float]
    commit_ratio: float | None
    lost: int
    errors: int
    moves_runs: list[int]
    commit_p50: float | None = None
    cpu_ms_a_move: float = float("nan")
    commit_cpu_ms_a_move: float = float("nan")
    peer: Peer | None = None

    @classmethod
    def of(cls, apps: list[Results], commits: list[Results], peers: list[PeerRun] = ()) -> Figures:
        p99_runs = [percentile(app.latencies, .99) for app in apps]
        commit_runs = [percentile(run.latencies, .99) for run in commits]
        p99 = statistics.median(p99_runs)
        commit = statistics.median(commit_runs) if commit_runs else None
        return cls(p50=statistics.median(percentile(app.latencies, .5) for app in apps), p99=p99,
                   p99_runs=p99_runs, commit_p99=commit, commit_p99_runs=commit_runs,
                   commit_ratio=p99 / commit if commit else None,
                   lost=sum(app.lost for app in apps), errors=sum(app.errors for app in apps),
                   moves_runs=[len(app.latencies) for app in apps],
                   commit_p50=statistics.median(percentile(run.latencies, .5) for run in commits) if commits else None,
                   cpu_ms_a_move=statistics.median(app.cpu_ms_a_move for app in apps),
                   commit_cpu_ms_a_move=statistics.median(run.cpu_ms_a_move for run in commits) if commits
                   else float("nan"),
                   peer=Peer.of(peers) if peers else None)


# -- the peer: boardgame.io under the same load ------------------------------------------------
# The shared harness (../shared/peer-bgio, README there) plays the app's Half Truth load, move for
# move and gap for gap, against boardgame.io on one Node process. Each run of a Half Truth size on
# one process is followed by one of the peer's, so the two take turns as the app and its floor do.
PEER = Path(os.environ.get("BENCH_PEER", ROOT.parent / "shared" / "peer-bgio"))
# FlatFile writes every move, as the app commits every move; BENCH_PEER_STORAGE=memory for its InMemory.
PEER_STORAGE = os.environ.get("BENCH_PEER_STORAGE", "flatfile")


@dataclass
class PeerRun:
    """One run of the peer: its one line (``run.sh``), in the app's units."""

    p50: float
    p99: float
    moves: int
    lost: int
    errors: int
    cpu_s: float

    @property
    def cpu_ms_a_move(self) -> float:
        return self.cpu_s * 1000 / self.moves if self.moves else float("nan")

    @classmethod
    def parse(cls, line: str) -> PeerRun:
        got = dict(part.split("=", 1) for part in line.split() if "=" in part)
        # its own lost counts after 10 s; the app counts a seat lost after 5 s
        return cls(p50=float(got["p50"]), p99=float(got["p99"]), moves=int(got["moves"]),
                   lost=int(got["lost"]) + int(got.get("over5s", 0)), errors=int(got["errors"]),
                   cpu_s=float(got["cpu_s"]))


@dataclass
class Peer:
    """The peer's medians over its runs."""

    p50: float
    p99: float
    p99_runs: list[float]
    cpu_ms_a_move: float
    lost: int

    @classmethod
    def of(cls, runs: list[PeerRun]) -> Peer:
        return cls(p50=statistics.median(r.p50 for r in runs), p99=statistics.median(r.p99 for r in runs),
                   p99_runs=[r.p99 for r in runs], cpu_ms_a_move=statistics.median(r.cpu_ms_a_move for r in runs),
                   lost=sum(r.lost for r in runs))


def peer_harness() -> Path | None:
    """A copy of the peer's harness with its packages installed (under var/, as the shared one is
    read-only), or None without node or the harness (the bench then says so and goes on)."""
    if os.environ.get("BENCH_PEER") == "0" or shutil.which("node") is None or not (PEER / "run.sh").exists():
        return None
    copy = ROOT / "var" / "peer-bgio"
    if not (copy / "node_modules" / "boardgame.io").is_dir():
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(PEER, copy)
        for path in copy.rglob("*"):
            path.chmod(path.stat().st_mode | 0o200)
        copy.chmod(0o755)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=copy, check=True)
    return copy


def play_peer_once(harness: Path, tables: int, seats: int) -> PeerRun:
    done = subprocess.run(["bash", str(harness / "run.sh"), f"{tables}x{seats}", PEER_STORAGE], cwd=harness,
                          env={**os.environ, "BENCH_SECONDS": str(SECONDS)}, capture_output=True, text=True,
                          check=True)
    return PeerRun.parse(done.stdout.strip().splitlines()[-1])


def targets(tables: int, seats: int, processes: int, figures: Figures) -> list[tuple[str, bool | None]]:
    """What the size is judged by (docs/performance.md, "Targets"): each target with whether it is
    met (None: not measured in this run)."""
    judged: list[tuple[str, bool | None]] = []
    if (tables, seats, processes) in ((100, 6, 1), (250, 6, 2)):
        ratio = figures.commit_ratio
        judged.append((f"p99 within 2x the commit floor (commit_ratio={'-' if ratio is None else f'{ratio:.2f}'})",
                       None if ratio is None else ratio <= 2))
    if (tables, seats, processes) in ((100, 6, 1), (250, 6, 2)) and figures.commit_p50 is not None:
        ratio = figures.p50 / figures.commit_p50
        judged.append((f"p50 within 1.5x the commit floor's ({ratio:.2f}x)", ratio <= 1.5))
    if (tables, seats, processes) == (250, 6, 1):
        judged.append((f"p99 under 100 ms (p99_ms={figures.p99:.1f})", figures.p99 < 100))
    if figures.peer is not None:
        peer = figures.peer
        judged.append((f"p99 at or under boardgame.io's ({figures.p99:.1f} against {peer.p99:.1f} ms)",
                       figures.p99 <= peer.p99))
        cpu = figures.cpu_ms_a_move / peer.cpu_ms_a_move
        # The floor's own CPU beside the peer's, when the floor ran: what no drawing can take away.
        floor = "" if figures.commit_p99 is None else (
            f"; the commit floor's alone {figures.commit_cpu_ms_a_move:.2f} ms, "
            f"{figures.commit_cpu_ms_a_move / peer.cpu_ms_a_move:.2f}x")
        judged.append((f"server CPU a move within 2x boardgame.io's ({figures.cpu_ms_a_move:.2f} against "
                       f"{peer.cpu_ms_a_move:.2f} ms, {cpu:.2f}x{floor})", cpu <= 2))
    judged.append((f"nothing lost (lost={figures.lost} errors={figures.errors})", figures.lost == figures.errors == 0))
    # a run that timed no move has no p99: it shows nothing, and a size is not met on nothing
    judged.append((f"moves timed in every run ({runs_of(figures.moves_runs, 0)})", 0 not in figures.moves_runs))
    return judged


def verdict(judged: list[tuple[str, bool | None]]) -> str:
    if any(met is False for _, met in judged):
        return "missed"
    return "met" if all(met for _, met in judged) else "not judged"


def play_app_once(env: dict[str, str], game: str, tables: int, seats: int, processes: int) -> tuple[Results, str]:
    """One run of the app: the tables set up (untimed), then the play. Answers the results and
    what the server used."""
    app = Results()
    with serve(os.environ.get("BENCH_APP", "config.asgi:application"), env, processes) as (port, pids):
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        with concurrent.futures.ThreadPoolExecutor(4) as pool:  # set-up is not timed: sooner is all
            made = list(pool.map(lambda _: set_up_table(base, game, seats), range(tables)))
        cpu0, wall0, own0 = sum(cpu_seconds(pid) for pid in pids), time.perf_counter(), time.process_time()
        asyncio.run(play_app(base, ws_base, made, app))
        wall = time.perf_counter() - wall0
        app.cpu_s = sum(cpu_seconds(pid) for pid in pids) - cpu0
        cpu, own = app.cpu_s / wall, (time.process_time() - own0) / wall
        rss = sum(rss_kib(pid) for pid in pids)
    return app, (f"server CPU {cpu * 100:.0f}% of a core, {app.cpu_ms_a_move:.2f} ms a move, "
                 f"{rss / (tables * seats):.0f} KiB a socket; load generator CPU {own * 100:.0f}%")


def play_commit_floor_once(env: dict[str, str], tables: int, seats: int, processes: int, size: int) -> Results:
    """One run of the commit floor, its server's CPU measured over the play as the app's is: what
    a move costs on this stack (an HTTP POST, a committed row, a relay) before any game's work."""
    committed = Results()
    with serve("tests.benchmarks.floor_commit:application", env, processes) as (port, pids):
        base = f"http://127.0.0.1:{port}"
        status, text, _ = Phone(base).post("/floor-commit/set-up/", {"n": tables})
        assert status == 200, text
        ids = [int(x) for x in text.split()]
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        asyncio.run(play_relay(f"ws://127.0.0.1:{port}", ids, seats, size, committed, committing(base, ids)))
        committed.cpu_s = sum(cpu_seconds(pid) for pid in pids) - cpu0
    return committed


def runs_of(values: list[float], digits: int = 1) -> str:
    return "/".join(f"{value:.{digits}f}" for value in values)


def run(name: str, game: str, tables: int, seats: int, processes: int, runs: int = 1) -> bool | None:
    """A size: the app and the commit floor taking turns, ``runs`` times each, then the relay floor
    once. Prints each run, the size's medians and its targets; answers whether it met them."""
    with_commit = os.environ.get("BENCH_COMMIT_FLOOR", "1") != "0"
    apps: list[Results] = []
    commits: list[Results] = []
    peers: list[PeerRun] = []
    harness = peer_harness() if game == "halftruth" and processes == 1 else None
    if game == "halftruth" and processes == 1 and harness is None:
        print(f"  {name}: no boardgame.io beside it (needs node and {PEER})", flush=True)
    with contextlib.ExitStack() as stack:
        folder = tempfile.mkdtemp()
        env = server_env(os.path.join(folder, "bench.sqlite3"))
        if processes > 1:
            database, redis = stack.enter_context(shared_services())
            env.update(DATABASE_URL=database, REDIS_URL=redis, RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP")
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
        for n in range(1, runs + 1):
            app, used = play_app_once(env, game, tables, seats, processes)
            apps.append(app)
            size = int(statistics.median(app.sizes)) if app.sizes else 4000
            print(f"  {name} run {n}: {len(app.latencies)} moves; app p50 {percentile(app.latencies, .5):.1f} ms, "
                  f"p99 {percentile(app.latencies, .99):.1f} ms, max {max(app.latencies, default=0) * 1000:.1f} ms, "
                  f"lost {app.lost}, errors {app.errors}; push {size} bytes; {used} "
                  f"({time.strftime('%H:%M:%S')})", flush=True)
            if with_commit:
                committed = play_commit_floor_once(env, tables, seats, processes, size)
                commits.append(committed)
                print(f"  {name} run {n} commit floor: {len(committed.latencies)} moves; "
                      f"p50 {percentile(committed.latencies, .5):.1f} ms, p99 {percentile(committed.latencies, .99):.1f} ms, "
                      f"lost {committed.lost}, errors {committed.errors}; server CPU {committed.cpu_ms_a_move:.2f} ms "
                      f"a move ({time.strftime('%H:%M:%S')})", flush=True)
            if harness is not None:
                peer = play_peer_once(harness, tables, seats)
                peers.append(peer)
                print(f"  {name} run {n} boardgame.io ({PEER_STORAGE}): {peer.moves} moves; p50 {peer.p50:.1f} ms, "
                      f"p99 {peer.p99:.1f} ms, lost {peer.lost}, errors {peer.errors}; "
                      f"server CPU {peer.cpu_ms_a_move:.2f} ms a move ({time.strftime('%H:%M:%S')})", flush=True)
            if os.environ.get("BENCH_TRACE"):
                for kind, results in (("app", app), ("commit-floor", commits[-1] if with_commit else None)):
                    if results is not None and results.started:
                        trace(os.path.join(os.environ["BENCH_TRACE"], f"{name.replace(':', '-')}-{kind}-{n}.tsv"),
                              results)
        size = int(statistics.median(s for app in apps for s in app.sizes)) if any(app.sizes for app in apps) else 4000
        floor = Results()
        with serve("tests.benchmarks.floor:application", env, processes) as (port, _):
            asyncio.run(play_relay(f"ws://127.0.0.1:{port}", list(range(tables)), seats, size, floor))
    figures = Figures.of(apps, commits, peers)
    f99 = percentile(floor.latencies, .99)
    print(f"  {name} relay floor: p50 {percentile(floor.latencies, .5):.1f} ms, p99 {f99:.1f} ms, lost {floor.lost}")
    if figures.commit_p99 is not None:
        against_commit = (f"commit_p99_ms={figures.commit_p99:.1f} commit_ratio={figures.commit_ratio:.2f} "
                          f"p99_runs_ms={runs_of(figures.p99_runs)} commit_p99_runs_ms={runs_of(figures.commit_p99_runs)} "
                          f"commit_ratio_runs={runs_of([a / c for a, c in zip(figures.p99_runs, figures.commit_p99_runs)], 2)} "
                          f"commit_cpu_ms_a_move={figures.commit_cpu_ms_a_move:.2f} ")
    else:
        against_commit = f"p99_runs_ms={runs_of(figures.p99_runs)} "
    floor_lost = floor.lost + sum(c.lost for c in commits)
    print(f"bench {name} tables={tables} seats={seats} runs={runs} p50_ms={figures.p50:.1f} p99_ms={figures.p99:.1f} "
          f"{against_commit}floor_p99_ms={f99:.1f} ratio={figures.p99 / f99:.1f} lost={figures.lost} "
          f"errors={figures.errors} floor_lost={floor_lost} cpu_ms_a_move={figures.cpu_ms_a_move:.2f}"
          + ("" if figures.peer is None else
             f" bgio_p50_ms={figures.peer.p50:.1f} bgio_p99_ms={figures.peer.p99:.1f} "
             f"bgio_p99_runs_ms={runs_of(figures.peer.p99_runs)} bgio_cpu_ms_a_move={figures.peer.cpu_ms_a_move:.2f} "
             f"bgio_lost={figures.peer.lost}"))
    judged = targets(tables, seats, processes, figures)
    met = verdict(judged)
    print(f"target {name} {met}: " + "; ".join(f"{what}: {'-' if ok is None else 'met' if ok else 'MISSED'}"
                                               for what, ok in judged), flush=True)
    return {"met": True, "missed": False}.get(met)


def trace(path: str, results: Results) -> None:
    """Each move's latency by when it was posted, in seconds from the first: whether the slowest
    moves are spread through the play or bunched in a few seconds."""
    first = min(results.started)
    with open(path, "w") as out:
        out.write("posted_s\tlatency_ms\n")
        for started, latency in sorted(zip(results.started, results.latencies)):
            out.write(f"{started - first:.3f}\t{latency * 1000:.1f}\n")


SIZES = ("100x6", "250x6", "250x6x2")  # the sizes the targets name
RUNS = int(os.environ.get("BENCH_RUNS", 3))


def main() -> None:
    default = ",".join(f"{game}:{size}" for game in ("stub", "fiction", "halftruth", "lie") for size in SIZES)
    sizes = []
    for name in os.environ.get("BENCH_SIZES", default).split(","):
        game, _, size = name.rpartition(":")
        if (game or "stub") not in GAMES:
            raise SystemExit(f"BENCH_SIZES: no game {game!r} (one of {', '.join(GAMES)})")
        sizes.append((name, game or "stub", *([int(x) for x in size.split("x")] + [1])[:3]))
    print(f"Fan-out: a move every {MEAN_GAP:.0f} s a table, {SECONDS:.0f} s of play, {RUNS} runs a size (the app "
          "and the commit floor taking turns; each size judged by the medians). <tables>x<seats> is one Daphne "
          "process with SQLite and the in-memory layer; <tables>x<seats>x<n> is n processes behind nginx sharing "
          "PostgreSQL and Redis. A name without a game is the demo game (stub)", flush=True)
    verdicts = {name: run(name, game, tables, seats, processes, RUNS) for name, game, tables, seats, processes in sizes}
    missed = [name for name, met in verdicts.items() if met is False]
    unjudged = [name for name, met in verdicts.items() if met is None]
    print(f"targets: met at {sum(met is True for met in verdicts.values())} of {len(verdicts)} sizes"
          + (f"; missed at {', '.join(missed)}" if missed else "")
          + (f"; not judged at {', '.join(unjudged)} (no commit floor)" if unjudged else ""))


if __name__ == "__main__":
    main()
