"""Each performance device with and without it, in one run: the fan-out load against several checkouts.

Usage, from the repo root:
    python tests/benchmarks/ablation.py GAME[,GAME...] NAME=CHECKOUT [NAME=CHECKOUT ...]

Each CHECKOUT is a copy of the app (a git worktree), typically this commit with one device taken
out (docs/performance.md lists the patches). For each game, every checkout serves the same load in
turn, one Daphne process with SQLite and the in-memory layer as `bench_fanout` serves it
(ABLATION_SIZE, default 250x6, or TxSxN for N processes sharing PostgreSQL and Redis; BENCH_SECONDS
of play), and the first checkout runs again last, so
the spread between its two runs shows how much the machine itself moved during the game's turn.
Then the commit floor and the relay floor run once, from the first checkout. One line per run:
    ablate <game> <name> p50_ms= p99_ms= max_ms= cpu_pct= moves= lost= errors=
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_fanout as bench  # noqa: E402


def serve_app(root: Path, game: str, tables: int, seats: int, processes: int) -> tuple[str, int]:
    with contextlib.ExitStack() as stack:
        env = bench.server_env(os.path.join(tempfile.mkdtemp(), "bench.sqlite3"))
        if processes > 1:
            database, redis = stack.enter_context(bench.shared_services())
            env.update(DATABASE_URL=database, REDIS_URL=redis, RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP")
        return _play(root, env, game, tables, seats, processes)


def _play(root: Path, env: dict[str, str], game: str, tables: int, seats: int, processes: int) -> tuple[str, int]:
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        bench.subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=root,
                             env={**env, "PYTHONPATH": str(root)}, check=True)
    results = bench.Results()
    with bench.serve("config.asgi:application", env, processes, root) as (port, pids):
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        with concurrent.futures.ThreadPoolExecutor(4) as pool:  # set-up is not timed: sooner is all
            made = list(pool.map(lambda _: bench.set_up_table(base, game, seats), range(tables)))
        cpu0, wall0 = sum(bench.cpu_seconds(pid) for pid in pids), time.perf_counter()
        asyncio.run(bench.play_app(base, ws_base, made, results))
        cpu = (sum(bench.cpu_seconds(pid) for pid in pids) - cpu0) / (time.perf_counter() - wall0)
    lat, size = results.latencies, int(statistics.median(results.sizes or [4000]))
    return (f"p50_ms={bench.percentile(lat, .5):.1f} p99_ms={bench.percentile(lat, .99):.1f} "
            f"max_ms={max(lat, default=0) * 1000:.1f} cpu_pct={cpu * 100:.0f} moves={len(lat)} "
            f"lost={results.lost} errors={results.errors} push_bytes={size}"), size


def floors(root: Path, tables: int, seats: int, size: int) -> str:
    env = bench.server_env(os.path.join(tempfile.mkdtemp(), "bench.sqlite3"))
    bench.subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=root,
                         env={**env, "PYTHONPATH": str(root)}, check=True)
    relay, committed = bench.Results(), bench.Results()
    with bench.serve("tests.benchmarks.floor:application", env, 1, root) as (port, _):
        asyncio.run(bench.play_relay(f"ws://127.0.0.1:{port}", list(range(tables)), seats, size, relay))
    with bench.serve("tests.benchmarks.floor_commit:application", env, 1, root) as (port, _):
        base = f"http://127.0.0.1:{port}"
        status, text, _ = bench.Phone(base).post("/floor-commit/set-up/", {"n": tables})
        assert status == 200, text
        ids = [int(x) for x in text.split()]
        asyncio.run(bench.play_relay(f"ws://127.0.0.1:{port}", ids, seats, size, committed,
                                     bench.committing(base, ids)))
    return (f"commit_p50_ms={bench.percentile(committed.latencies, .5):.1f} "
            f"commit_p99_ms={bench.percentile(committed.latencies, .99):.1f} "
            f"relay_p99_ms={bench.percentile(relay.latencies, .99):.1f}")


def main() -> None:
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    games = sys.argv[1].split(",")
    checkouts = [(name, Path(path).resolve()) for name, _, path in (a.partition("=") for a in sys.argv[2:])]
    tables, seats, processes = ([int(x) for x in os.environ.get("ABLATION_SIZE", "250x6").split("x")] + [1])[:3]
    for game in games:
        sizes = []
        for name, root in [*checkouts, checkouts[0]]:
            line, size = serve_app(root, game, tables, seats, processes)
            sizes.append(size)
            print(f"ablate {game} {name} {line} at={time.strftime('%H:%M:%S')}", flush=True)
        if processes == 1:  # the floors of several processes are bench_fanout's
            print(f"ablate {game} floors {floors(checkouts[0][1], tables, seats, sizes[0])}", flush=True)


if __name__ == "__main__":
    main()
