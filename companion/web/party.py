"""`make party`: serve tables to the phones on this Wi-Fi from a laptop, in one command.

It serves as production does (DEBUG off, a secret key, collected static files), with SQLite and
the in-memory channel layer, on every interface, and gives phones the laptop's local-network
address in the join link and QR code, whatever address the host's own browser uses.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

import qrcode

from companion.web import network, private

ROOT = Path(__file__).resolve().parents[2]  # the checkout: manage.py, and the var/ it ignores
VAR = ROOT / "var"
# What stops a party: Ctrl-C, a `kill`, the terminal closing. Each is passed on to the server.
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def secret_key(var: Path) -> str:
    """The party's secret key: made once and kept, so seats survive a restart of the party."""
    path = var / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, private.FILE)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(50))
    private.tighten(path, private.FILE)  # one copied in, or written by hand, is kept as private
    return path.read_text().strip()


def environment(base: Mapping[str, str], address: network.Address | None, port: int, var: Path) -> dict[str, str]:
    """The server's settings for a party; what the host has set already is kept. Makes ``var``,
    where its secret key and static files are kept, and the static files' folder the user's
    alone (the database too: companion.web.private)."""
    private.folder(var)
    env = dict(base)
    env["DEBUG"] = "0"
    if not env.get("SECRET_KEY"):
        env["SECRET_KEY"] = secret_key(var)
    env.setdefault("SECURE_COOKIES", "0")  # plain HTTP on the local network
    if "STATIC_ROOT" not in env:
        env["STATIC_ROOT"] = str(private.folder(var / "static"))
    if not env.get("PUBLIC_URL") and address is not None:
        env["PUBLIC_URL"] = f"http://{address.ip}:{port}"
    hosts = [*filter(None, env.get("ALLOWED_HOSTS", "").split(",")), "localhost", "127.0.0.1"]
    if env.get("PUBLIC_URL"):
        hosts.insert(0, urlsplit(env["PUBLIC_URL"]).hostname or "")
    env["ALLOWED_HOSTS"] = ",".join(dict.fromkeys(h for h in hosts if h))
    return env


def terminal_qr(url: str) -> str:
    """The URL as a QR code drawn with block characters, for the host to show a phone."""
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.make(fit=True)
    rows = code.get_matrix()
    # Two rows of modules a line, drawn for a dark terminal: the light modules are the blocks.
    blocks = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
    lines = []
    for top, bottom in zip(rows[::2], [*rows[1::2], [False] * len(rows[0])]):
        lines.append("".join(blocks[(a, b)] for a, b in zip(top, bottom)))
    return "\n".join(lines)


def banner(env: Mapping[str, str], address: network.Address | None, found: dict[str, list[str]], port: int) -> str:
    url = env.get("PUBLIC_URL") or f"http://127.0.0.1:{port}"
    lines = ["", "Liar's Table is ready for a party.", ""]
    if address is None and not env.get("PUBLIC_URL"):
        # A code for 127.0.0.1 would open each phone's own self: no code, and no word of scanning.
        lines += ["No local-network address found on this machine (is it on Wi-Fi?).",
                  "Phones cannot reach it until it is; this machine can open the address below.", "",
                  f"Open {url} on this machine.", ""]
    else:
        lines += [f"Open {url} (or scan this code with a phone on the same Wi-Fi):", "", terminal_qr(url), ""]
    if address is not None:
        lines.append(f"Serving on {address.interface} ({address.ip}).")
    rest = [a for a in network.candidates(found) if a != address]
    if rest:
        lines.append("Also here: " + ", ".join(f"{a.interface} ({a.ip})" for a in rest) + ".")
    skipped = network.passed_over(found)
    if skipped:
        lines.append("Left out: " + ", ".join(f"{a.interface} ({a.ip}, {why})" for a, why in skipped) + ".")
    if rest or skipped:
        lines.append("To serve on one of these: make party PARTY_INTERFACE=<name>")
    lines += ["Ctrl-C stops the party; tables are kept for next time.", ""]
    return "\n".join(lines)


def answers(port: int) -> bool:
    """Whether a server on this machine accepts connections on ``port``."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def exit_status(returncode: int) -> int:
    """A child's return code as a shell reports it: 128 and the signal's number if one stopped it."""
    return returncode if returncode >= 0 else 128 - returncode


def serve(env: Mapping[str, str], port: int, ready: Callable[[], None]) -> int:
    """Prepares the database and the static files, then runs Daphne on every interface and calls
    ``ready`` once it answers. Returns Daphne's exit status, once it stops or is stopped.

    Daphne runs in a process group of its own, so that a stop reaches it once, from here: Ctrl-C
    and a `kill` of the party alike. Everything is written with the user's umask tightened, so
    that what collectstatic makes in var/static is the user's alone too."""
    told: list[int] = []
    handlers = {stop: signal.signal(stop, lambda number, frame: told.append(number)) for stop in STOPS}
    umask = private.umask()
    try:
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput", "-v", "0"]):
            done = subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, umask=umask)
            if done.returncode or told:
                return exit_status(done.returncode or -told[0])
        daphne = subprocess.Popen(
            [sys.executable, "-m", "daphne", "--no-server-name", "-b", "0.0.0.0", "-p", str(port),
             "config.asgi:application"], cwd=ROOT, env=env, umask=umask, process_group=0)
        waiting = True
        while daphne.poll() is None:
            if told:
                daphne.send_signal(told.pop(0))
            if waiting and answers(port):
                waiting = False
                ready()
            time.sleep(0.1)
        return exit_status(daphne.returncode)
    finally:
        for stop, handler in handlers.items():
            signal.signal(stop, handler)


def main(argv: list[str] | None = None, found: dict[str, list[str]] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make party", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--interface", default=os.environ.get("PARTY_INTERFACE", ""),
                        help="the interface name or address phones reach this machine at")
    parser.add_argument("--dry-run", action="store_true", help="print the address and QR code; serve nothing")
    args = parser.parse_args(argv)
    found = network.interfaces() if found is None else found
    try:
        address = network.choose(found, args.interface)
    except LookupError as error:
        print(error, file=sys.stderr)
        return 2
    env = environment(os.environ, address, args.port, VAR)
    text = banner(env, address, found, args.port)
    if args.dry_run:
        print(text, flush=True)
        return 0
    # Said once the server answers: an address printed sooner would fail the first phone to open it.
    return serve(env, args.port, lambda: print(text, flush=True))


if __name__ == "__main__":
    sys.exit(main())
