"""Instructions a move costs in each checkout, counted by callgrind: the same count however busy
the machine is, so two builds compare on a machine too noisy for their p99s to.

Usage, from the repo root (needs valgrind):
    python tests/benchmarks/instructions.py [GAME[,GAME...] [NAME=CHECKOUT ...]]

With no arguments: every game and the commit floor on this checkout (this=.), as the table in
docs/performance.md is made. GAME is fiction, halftruth, lie, stub or floor (the commit floor:
floor_commit's POST that locks a row, writes it, commits and relays a message of a push's size).

For each game and checkout it plays bench_game_push's game twice under callgrind, to 5 and to 25
of its ordinary moves (posted as a phone posts them, with the moves between them that the game
needs: Half Truth's die and reveal, LIE's hands and "Lie!"; a fresh table where a game ends
first, as in Fiction and the demo game), then with the first of those moves' table pushed 5 and
25 times; the difference over the 20 is what one move or push costs, set-up and start-up taken
out (start-up runs uncounted, which is quicker). The process is set up as the server's is (config.asgi). Sends go nowhere: what the sockets
do is not counted. The commit floor draws nothing, so it has a move and no push (push_minstr=-).
One line per checkout:
    instructions <game> <name> move_minstr= push_minstr=
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

FEW, MANY = 5, 25
GAMES = ("fiction", "halftruth", "lie", "stub", "floor")
PUSH_BYTES = 4000  # the floor's message: about a game's push


def child(game: str, what: str, moves: int) -> None:
    sys.path.insert(0, str(Path.cwd() / "tests" / "benchmarks"))
    import bench_game_push as bench
    from django.core.management import call_command

    import config.asgi  # noqa: F401  (as a server runs: its collector settings)

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the manifest {% static %} reads
    bench.broadcast._send = lambda *messages, wait=False: None
    # Started: callgrind counts from here on (counted() turns it on), so the start-up that every
    # count would subtract anyway runs at the speed of an uncounted valgrind.
    print("ready", flush=True)
    sys.stdin.readline()
    if game == "floor":
        return floor_child(bench, moves)
    phones: dict = {}
    made = getattr(bench, game)()
    if what == "push":  # the first move's table, as it stands before the move
        table, _, _ = next(made)
        for _ in range(moves):
            bench.broadcast.push_table(table.pk)
        return
    for _ in range(moves):
        step = next(made, None)
        while step is None:  # the game would end: a fresh table, as bench_game_push starts one
            made = getattr(bench, game)()
            step = next(made, None)
        table, seat, move = step
        answer = bench.phone_for(seat, phones).post(
            f"/t/{table.code}/move/", {"version": bench.version(table), **move}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content[:300]


def floor_child(bench, moves: int) -> None:
    """The commit floor's moves, posted on one table as bench_fanout posts them."""
    import floor_commit  # noqa: F401  (its views answer every request from here on)
    from django.test import Client

    phone = Client()
    answer = phone.post("/floor-commit/set-up/", {"n": 1})
    assert answer.status_code == 200, answer.content[:300]
    table = int(answer.content)
    for n in range(moves):
        answer = phone.post(f"/floor-commit/{table}/move/", {"tag": f"0-{n}", "size": PUSH_BYTES})
        assert answer.status_code == 200, answer.content[:300]


def counted(root: str, game: str, what: str, moves: int) -> int:
    child = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=/dev/null",
         sys.executable, str(Path(__file__).resolve()), "--child", game, what, str(moves)],
        cwd=root, env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": root},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in child.stdout:
        if line == "ready\n":
            subprocess.run(["callgrind_control", "--instr=on", str(child.pid)], check=True, capture_output=True)
            break
    _, err = child.communicate("go\n")
    if child.returncode:
        raise SystemExit(f"{game} {what} in {root} failed:\n{err[-3000:]}")
    return int(re.search(r"refs:\s*([\d,]+)", err).group(1).replace(",", ""))


def per_move(root: str, game: str, what: str) -> float:
    return (counted(root, game, what, MANY) - counted(root, game, what, FEW)) / (MANY - FEW) / 1e6


def main(games: str = ",".join(GAMES), *checkouts: str) -> None:
    for game in games.split(","):
        if game not in GAMES:
            raise SystemExit(f"no game {game!r} (one of {', '.join(GAMES)})")
        for name, root in (checkout.split("=", 1) for checkout in checkouts or ("this=.",)):
            root = str(Path(root).resolve())
            push = "-" if game == "floor" else f"{per_move(root, game, 'push'):.1f}"
            print(f"instructions {game} {name} move_minstr={per_move(root, game, 'move'):.1f} "
                  f"push_minstr={push}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(*sys.argv[1:])
