"""Instructions a move costs in each checkout, counted by callgrind: the same count however busy
the machine is, so two builds compare on a machine too noisy for their p99s to.

Usage, from the repo root (needs valgrind):
    python tests/benchmarks/instructions.py GAME[,GAME...] NAME=CHECKOUT [NAME=CHECKOUT ...]

For each game and checkout it plays bench_game_push's game twice under callgrind, to 5 and to 25
of its ordinary moves (posted as a phone posts them, with the moves between them that the game
needs: Half Truth's die and reveal, LIE's hands and "Lie!"), then with the first of those moves'
table pushed 5 and 25 times; the difference over the 20 is what one move or push costs, set-up
and start-up taken out. Sends go nowhere: what the sockets do is not counted.
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


def child(game: str, what: str, moves: int) -> None:
    sys.path.insert(0, str(Path.cwd() / "tests" / "benchmarks"))
    import bench_game_push as bench
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    bench.broadcast._send = lambda *messages, wait=False: None
    phones: dict = {}
    made = getattr(bench, game)()
    if what == "push":  # the first move's table, as it stands before the move
        table, _, _ = next(made)
        for _ in range(moves):
            bench.broadcast.push_table(table.pk)
        return
    for _ in range(moves):
        table, seat, move = next(made)
        answer = bench.phone_for(seat, phones).post(
            f"/t/{table.code}/move/", {"version": bench.version(table), **move}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content[:300]


def counted(root: str, game: str, what: str, moves: int) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, str(Path(__file__).resolve()), "--child", game, what, str(moves)],
        cwd=root, env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": root},
        capture_output=True, text=True, check=True)
    return int(re.search(r"refs:\s*([\d,]+)", run.stderr).group(1).replace(",", ""))


def per_move(root: str, game: str, what: str) -> float:
    return (counted(root, game, what, MANY) - counted(root, game, what, FEW)) / (MANY - FEW) / 1e6


def main(games: str, *checkouts: str) -> None:
    for game in games.split(","):
        for name, root in (checkout.split("=", 1) for checkout in checkouts):
            root = str(Path(root).resolve())
            print(f"instructions {game} {name} move_minstr={per_move(root, game, 'move'):.1f} "
                  f"push_minstr={per_move(root, game, 'push'):.1f}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(*sys.argv[1:])
