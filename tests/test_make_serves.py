"""`make party` and `make run`, started for real as the README says: the address each prints opens
a page at once, and Ctrl-C stops it.

Each runs in a network namespace of its own (`unshare`), so that what it serves on every
interface reaches nothing outside, and in a copy of the checkout's tracked files, so that the
developer's database and var/ are left alone. The copy uses this test run's virtualenv, whose
install `make -o` keeps make from redoing.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from companion.web.party import answers

SOURCE = Path(__file__).resolve().parents[1]
VENV = Path(sys.prefix)
# A private-range address on an interface of the namespace's own: the laptop's Wi-Fi, for the party.
WIFI, WIFI_IP = "lp0", "10.213.7.1"
# What each target prints once it serves, and the address in it.
ADDRESS = {"party": re.compile(r"^Open (http://\S+)"),
           "run": re.compile(r"Listening on TCP address (\S+)")}


@pytest.fixture(scope="module")
def namespace():
    """Skips (except on CI) where this machine does not let the tests make a network namespace."""
    missing = [tool for tool in ("unshare", "ip", "make", "git") if shutil.which(tool) is None]
    reason = f"needs {', '.join(missing)}" if missing else ""
    if not reason:
        tried = subprocess.run(["unshare", "--net", "--pid", "--fork", "true"], capture_output=True, text=True)
        if tried.returncode:
            reason = f"`unshare --net` is not permitted here (run as root): {tried.stderr.strip()}"
    if reason and not os.environ.get("CI"):
        pytest.skip(reason)
    assert not reason, reason


@pytest.fixture
def checkout(tmp_path) -> Path:
    """The checkout's tracked files as they are now (uncommitted changes too), in a git
    repository of their own, whose status then shows what the command wrote."""
    copy = tmp_path / "checkout"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = SOURCE / name
        if source.exists():  # not deleted in the working tree
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name, follow_symlinks=False)
    me = ["-c", "user.name=Liar's Table tests", "-c", "user.email=tests@localhost"]
    for command in (["init", "-q"], ["add", "-A"], [*me, "commit", "-q", "--no-gpg-sign", "-m", "The checkout"]):
        subprocess.run(["git", *command], cwd=copy, check=True)
    return copy


def start(target: str, checkout: Path) -> dict:
    """Runs `make <target>` in the checkout, in a network and process namespace of its own (every
    process left in it ends with it), and says what happened there."""
    done = subprocess.run(["unshare", "--net", "--pid", "--fork", sys.executable, __file__, target, str(checkout)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_make_party_serves_phones_on_the_address_it_prints(namespace, checkout):
    seen = start("party", checkout)
    said = "\n".join(seen["output"])
    assert seen["url"] == f"http://{WIFI_IP}:{seen['port']}", said
    assert f"Serving on {WIFI} ({WIFI_IP})." in said
    # Fetched once, as soon as it was printed: the address is given only once the server answers.
    assert seen["page"] == 200, f"{seen['error']}\n{said}"
    assert "Liar's Table" in seen["body"]
    assert seen["stylesheet"] == 200, "the collected static files are served"
    assert seen["stopped"], f"Ctrl-C leaves make running\n{said}"
    assert not seen["still_serving"], f"Ctrl-C leaves the server running\n{said}"

    # It ran under umask 000: what it wrote in var/ is the user's alone all the same.
    var = checkout / "var"
    assert mode(var) == mode(var / "static") == 0o700
    assert mode(var / "secret_key") == 0o600
    open_to_others = [str(p.relative_to(var)) for p in var.rglob("*")
                      if mode(p) & 0o002 or (p.is_dir() and mode(p) & 0o077)]
    assert open_to_others == []

    # A fresh clone's `make test` (whose house test counts the folders in companion/) still
    # passes after a party.
    assert written_outside_var_and_the_database(checkout) == []


def test_make_run_serves_this_machine_on_the_address_it_prints(namespace, checkout):
    seen = start("run", checkout)
    said = "\n".join(seen["output"])
    assert seen["url"] == f"http://127.0.0.1:{seen['port']}", said
    assert seen["page"] == 200, f"{seen['error']}\n{said}"
    assert "Liar's Table" in seen["body"]
    assert seen["stylesheet"] == 200
    assert seen["stopped"], f"Ctrl-C leaves make running\n{said}"
    assert not seen["still_serving"], f"Ctrl-C leaves the server running\n{said}"
    assert written_outside_var_and_the_database(checkout) == []


def written_outside_var_and_the_database(checkout: Path) -> list[str]:
    """What a command left in the checkout beside var/, the database and Python's caches."""
    status = subprocess.run(["git", "status", "--porcelain", "--ignored", "--untracked-files=all"],
                            cwd=checkout, capture_output=True, text=True, check=True).stdout
    written = [line[3:] for line in status.splitlines()]
    assert "db.sqlite3" in written, status
    kept = ("var/", "db.sqlite3")
    return sorted(path for path in written if not path.startswith(kept) and "__pycache__/" not in path)


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=15) as response:
        return response.status, response.read().decode()


def inside(target: str, checkout: Path) -> dict:
    """In the namespace: the interfaces, then `make <target>` as a host types it, the page at the
    address it prints, and Ctrl-C (to the terminal's whole process group, as a terminal sends it)."""
    commands = [["ip", "link", "set", "lo", "up"]]
    if target == "party":
        # A veth pair (the dummy driver is not in every kernel); only lp0 has an address.
        commands += [["ip", "link", "add", WIFI, "type", "veth", "peer", "name", "lp1"],
                     ["ip", "addr", "add", f"{WIFI_IP}/24", "dev", WIFI],
                     ["ip", "link", "set", WIFI, "up"], ["ip", "link", "set", "lp1", "up"]]
    for command in commands:
        subprocess.run(command, check=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {name: os.environ[name] for name in ("PATH", "HOME", "LANG") if name in os.environ}
    if target == "party":
        os.umask(0)
    # Ctrl-C as at a terminal: a test runner may have started this process with it ignored
    # (pytest-xdist's workers can), and make and Daphne would then inherit that and never stop.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    make = subprocess.Popen(["make", "-o", f"{VENV}/.installed", target, f"VENV={VENV}", f"PORT={port}"],
                            cwd=checkout, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in make.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    seen = {"port": port, "output": [], "url": None, "page": None, "body": "", "stylesheet": None, "error": ""}
    deadline = time.monotonic() + 90
    while seen["url"] is None and time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        if line is None:
            break
        seen["output"].append(line)
        if found := ADDRESS[target].search(line):
            seen["url"] = found.group(1) if found.group(1).startswith("http") else f"http://{found.group(1)}"
    if seen["url"]:
        try:
            seen["page"], seen["body"] = fetch(seen["url"] + "/")
            css = re.search(r'href="(/static/[^"]+\.css)"', seen["body"])
            seen["stylesheet"] = fetch(seen["url"] + css.group(1))[0] if css else None
        except Exception as error:  # noqa: BLE001 - said in the report, which the test shows
            seen["error"] = repr(error)
    os.killpg(make.pid, signal.SIGINT)
    try:
        make.wait(timeout=20)
        seen["stopped"] = True
    except subprocess.TimeoutExpired:
        seen["stopped"] = False
    # The server gets the same Ctrl-C and closes its port as it shuts down, which a machine
    # busy with the rest of the suite can take a few seconds over.
    deadline = time.monotonic() + 15
    while (serving := answers(port)) and time.monotonic() < deadline:
        time.sleep(0.25)
    seen["still_serving"] = serving
    while True:  # what it said on the way out
        try:
            line = lines.get(timeout=2)
        except queue.Empty:
            break
        if line is None:
            break
        seen["output"].append(line)
    return seen


if __name__ == "__main__":
    print(json.dumps(inside(sys.argv[1], Path(sys.argv[2]))))
