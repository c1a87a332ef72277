"""The fan-out bench's verdict: a size's medians over its runs and the targets it is judged by."""

import bench_fanout as bench
import pytest


def run(p99_ms: float, lost: int = 0) -> bench.Results:
    """A run of 100 moves whose p99 (the slowest of the hundred) is ``p99_ms``."""
    return bench.Results(latencies=[0.001] * 99 + [p99_ms / 1000], lost=lost)


def test_a_size_is_judged_by_the_median_p99_against_the_median_commit_floor():
    figures = bench.Figures.of([run(30), run(10), run(20)], [run(10), run(20), run(5)])

    assert figures.p99_runs == [30, 10, 20]
    assert figures.commit_p99_runs == [10, 20, 5]
    assert (figures.p99, figures.commit_p99) == (20, 10)
    # the ratio of the medians, not the median of each run's ratio (3, 0.5 and 4: 3)
    assert figures.commit_ratio == 2


def test_what_any_run_lost_counts():
    figures = bench.Figures.of([run(10), run(10, lost=2), run(10, lost=1)], [run(10)] * 3)

    assert figures.lost == 3


@pytest.mark.parametrize(("size", "app", "commit", "met"), [
    ((100, 6, 1), 20, 10, True),
    ((100, 6, 1), 21, 10, False),
    ((250, 6, 2), 20, 10, True),
    ((250, 6, 2), 21, 10, False),
    ((250, 6, 1), 99, 10, True),  # ten times the commit floor, and under 100 ms
    ((250, 6, 1), 100, 90, False),
    ((1, 4, 1), 500, 10, True),  # no target but nothing lost
])
def test_each_size_meets_its_own_targets(size, app, commit, met):
    judged = bench.targets(*size, bench.Figures.of([run(app)], [run(commit)]))

    assert bench.verdict(judged) == ("met" if met else "missed")


def test_a_size_that_loses_a_move_misses_whatever_its_times():
    judged = bench.targets(100, 6, 1, bench.Figures.of([run(10, lost=1)], [run(10)]))

    assert bench.verdict(judged) == "missed"


def test_a_size_with_a_run_that_timed_no_move_is_not_met():
    judged = bench.targets(1, 4, 1, bench.Figures.of([run(10), bench.Results(), run(10)], [run(10)] * 3))

    assert bench.verdict(judged) == "missed"


def test_a_ratio_target_without_the_commit_floor_is_not_judged():
    judged = bench.targets(100, 6, 1, bench.Figures.of([run(10)], []))

    assert bench.verdict(judged) == "not judged"


LINE = ("bgio storage=flatfile size=100x6 p50=2.6 p90=9.1 p99=29.8 max=60.2 lost=0 cpu_s=4.20 moves=600 errors=0 "
        "over5s=1 cpu_pct=8 window_s=52.1 gen_cpu_pct=5 bytes=1500 rss_kib_socket=20 connect_s=1.2 connect_cpu_s=0.4")


def test_the_peers_line_is_read_in_the_apps_units_and_counts_lost_as_the_app_does():
    peer = bench.PeerRun.parse(LINE)

    assert (peer.p50, peer.p99, peer.moves, peer.errors) == (2.6, 29.8, 600, 0)
    assert peer.cpu_ms_a_move == 7.0  # 4.2 s over 600 moves
    assert peer.lost == 1  # came after 5 s: the app's bench would have counted it lost


def with_cpu(p99_ms: float, cpu_s: float) -> bench.Results:
    results = run(p99_ms)
    results.cpu_s = cpu_s
    return results


@pytest.mark.parametrize(("app_p99", "app_cpu_s", "met"), [
    (29.8, 1.4, True),  # as fast as boardgame.io at p99, twice its CPU a move (14 ms against 7)
    (30.0, 1.4, False),  # slower at p99
    (20.0, 1.41, False),  # more than twice its CPU a move
])
def test_a_size_with_the_peer_beside_it_is_judged_against_its_medians(app_p99, app_cpu_s, met):
    peers = [bench.PeerRun.parse(LINE.replace("over5s=1", "over5s=0"))] * 3
    figures = bench.Figures.of([with_cpu(app_p99, app_cpu_s)], [], peers)

    judged = bench.targets(250, 6, 1, figures)  # no commit-floor target there, and 100 ms holds

    assert figures.cpu_ms_a_move == app_cpu_s * 1000 / 100
    assert bench.verdict(judged) == ("met" if met else "missed")


def test_the_commit_floors_cpu_a_move_is_its_runs_median_and_named_beside_the_peers():
    peers = [bench.PeerRun.parse(LINE.replace("over5s=1", "over5s=0"))] * 3
    floors = [with_cpu(10, cpu_s) for cpu_s in (0.9, 1.1, 2.0)]  # 100 moves each: 9, 11 and 20 ms
    figures = bench.Figures.of([with_cpu(20.0, 1.4)], floors, peers)

    judged = dict(bench.targets(100, 6, 1, figures))

    assert figures.commit_cpu_ms_a_move == 11.0
    assert any("the commit floor's alone 11.00 ms, 1.57x" in what for what in judged)


def test_without_the_commit_floor_the_cpu_target_names_no_floor():
    peers = [bench.PeerRun.parse(LINE.replace("over5s=1", "over5s=0"))] * 3
    figures = bench.Figures.of([with_cpu(20.0, 1.4)], [], peers)

    judged = dict(bench.targets(100, 6, 1, figures))

    assert not any("commit floor's alone" in what for what in judged)
    assert any(what.startswith("server CPU a move within 2x") for what in judged)
