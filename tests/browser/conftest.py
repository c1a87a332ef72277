"""Browser fixtures: Debian's Chromium as several phones, and real Daphne servers to talk to.

With DATABASE_URL and REDIS_URL set (CI's second pass), two Daphne processes share
PostgreSQL and Redis and the phones are spread across them; otherwise one process
runs on a throwaway SQLite file with the in-memory channel layer.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Debian's Chromium, as the brief fixes it. CHROMIUM names another build of it to drive instead:
# docs/maintaining.md measures Debian's chromium-headless-shell beside it.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1280, "height": 720}}  # the table display


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Every test in this folder drives Chromium: marked `browser` here, before the root conftest
    orders the browser tests last, so a file without its own mark runs in its place all the same."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)
    if os.path.exists(CHROMIUM) or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}: apt-get install chromium")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env: dict[str, str], log: Path | None = None):
        self.env = env
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.log = log  # a file for the server's log, read by tests (a pipe nobody reads fills up)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "--no-server-name", "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE if self.log is None else self.log.open("ab"),
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.process.stderr.read() if self.log is None else self.log.read_bytes()
                raise RuntimeError(f"daphne exited: {tail.decode()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/", timeout=1)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("daphne did not answer within 30 s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                # Daphne waits up to 10 s for sockets still open to close; a test's server has
                # nothing to keep.
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()


# What every browser test's server runs with, but where its database and static files are.
SITE = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "SECRET_KEY": "browser-test-secret",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_COOKIES": "0",
}


@pytest.fixture(scope="session")
def site_files(tmp_path_factory) -> dict[str, Path]:
    """A migrated SQLite database and the collected static files, made once a worker: a server of a
    test's own starts from a copy of the database (``fresh_database``) and serves these files, instead
    of migrating and collecting afresh (seconds each, for every such server)."""
    tmp = tmp_path_factory.mktemp("site-files")
    files = {"database": tmp / "migrated.sqlite3", "static": tmp / "static"}
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SITE, STATIC_ROOT=str(files["static"]), SQLITE_PATH=str(files["database"]))
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    # The database is copied as one file: whatever migrating left in SQLite's write-ahead log goes in.
    with sqlite3.connect(files["database"]) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    yield files
    shutil.rmtree(tmp, ignore_errors=True)


def fresh_database(site_files: dict[str, Path], path: Path) -> str:
    """A copy of the migrated database at ``path``, for a server of its own: its SQLITE_PATH."""
    shutil.copyfile(site_files["database"], path)
    return str(path)


@pytest.fixture(scope="session")
def servers(tmp_path_factory, site_files):
    """One Daphne (SQLite, in-memory layer) or two sharing PostgreSQL and Redis."""
    tmp = tmp_path_factory.mktemp("site")
    env = {
        **os.environ,
        **SITE,
        "STATIC_ROOT": str(site_files["static"]),
        "CODE_MISS_RATE": "600/m",
        # Scripted phones tap far faster than people, and a whole LIE game may make one seat tap
        # more than 20 times in a 10 s window. The seat limit has its own test (test_faults).
        "SEAT_ACTION_RATE": "100/10s",
        # One server serves every test: its scripted phones open pages and sit down far more often
        # than people do. These limits have their own tests (tests/companion/test_stranger.py).
        "JOIN_RATE": "600/m", "JOIN_PHONE_RATE": "600/m", "PAGE_RATE": "600/m", "PAGE_PHONE_RATE": "600/m",
    }
    shared = bool(os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"))
    if os.environ.get("DATABASE_URL"):
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    else:
        env["SQLITE_PATH"] = fresh_database(site_files, tmp / "db.sqlite3")
    started = [Server(env) for _ in range(2 if shared else 1)]
    for server in started:
        server.start()
    yield started
    for server in started:
        server.stop()
    shutil.rmtree(tmp, ignore_errors=True)


class CuttableProxy:
    """A TCP relay in front of a server whose connections a test can cut and restore,
    as a phone's network would drop (tunnel, lift, Wi-Fi hand-over), or stall without a word
    (``flowing`` cleared: nothing passes either way and no connection closes; once it is set
    again, what was sent meanwhile arrives), as a phone's does off the Wi-Fi."""

    def __init__(self, target_port: int):
        self.flowing = threading.Event()
        self.flowing.set()
        self.target_port = target_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self.flowing.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self) -> None:
        self.up = False
        with self.lock:
            for s in self.open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
            self.open = []

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.flowing.set()
        self.cut()
        self.listener.close()


@pytest.fixture
def phones(browser):
    """Open phones (browser contexts of their own: own cookies, own sockets)."""
    contexts = []

    def open_phone():
        context = browser.new_context(**PHONE)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture(autouse=True)
def no_policy_violations(request):
    """Every page of every browser test runs under the Content-Security-Policy: nothing it blocks."""
    if "browser" not in request.keywords:
        yield
        return
    browser = request.getfixturevalue("browser")
    blocked: list[str] = []
    original = browser.new_context

    def new_context(*args, **kwargs):
        context = original(*args, **kwargs)
        context.on("console", lambda m: blocked.append(f"{m.location}: {m.text}") if "Content Security Policy" in m.text else None)
        return context

    browser.new_context = new_context
    try:
        yield
    finally:
        browser.new_context = original
    assert not blocked, blocked
