"""Blocks on a Dask LocalCluster of two worker processes (one thread each, loopback only): the cost
of one task, the cost of one block of heads-up hands (the block size is chosen from the two), and
simulate's hands on two workers against one, timed in interleaved pairs on the same cluster
(started before any timing) since the shared host drifts.

The 10**7-hand measurement of the README runs outside pytest:
``python benches/test_bench_distributed.py --hands 10000000 --pairs 5``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from badugi_fast._runtime.blocks import block_bounds, run_blocks  # noqa: E402
from badugi_fast.game.bots import drawer, threshold  # noqa: E402
from badugi_fast.play import play_hands  # noqa: E402
from badugi_fast.play.simulation.blocks import BLOCK_HANDS, hand_sums_on  # noqa: E402

BOTS = [drawer, threshold("7", "Q", 3)]
SEED = 14
TASKS = 200  # empty tasks per overhead measurement
HANDS = 1 << 21  # in blocks of BLOCK: two blocks per worker
BLOCK = 1 << 19
CHECK_HANDS = 1 << 15  # with --benchmark-disable (CI) the benches only check their results


def empty_task(lo: int, hi: int) -> int:
    return hi - lo


def local_cluster() -> Any:
    return distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with local_cluster() as cluster, distributed.Client(cluster) as connected:
        run_blocks(connected, empty_task, (), block_bounds(0, 8, 1))  # workers warm
        yield connected


def on_workers(client: Any, workers: int) -> Any:
    """The cluster itself, or an executor restricted to its first worker."""
    if workers == 2:
        return client
    first = sorted(client.scheduler_info()["workers"])[0]
    return client.get_executor(pure=False, workers=[first])


def test_task_overhead(benchmark: Any, client: Any) -> None:
    """Round trip of an empty task through the scheduler: the floor under any block."""
    benchmark.group = "distributed: per-task overhead"
    done = benchmark.pedantic(
        run_blocks, (client, empty_task, (), block_bounds(0, TASKS, 1)), rounds=5
    )
    assert done == [1] * TASKS
    if benchmark.stats:
        benchmark.extra_info["ms_per_task"] = benchmark.stats.stats.median / TASKS * 1e3
        benchmark.extra_info["tasks_per_second"] = TASKS / benchmark.stats.stats.median


def test_one_block_of_hands(benchmark: Any, client: Any) -> None:
    """One block of BLOCK_HANDS heads-up hands on one worker: should take 0.5 s or more, so the
    task overhead above stays below one percent of it."""
    benchmark.group = "distributed: one block"
    hands = CHECK_HANDS if benchmark.disabled else BLOCK_HANDS
    executor = on_workers(client, 1)
    sums = benchmark.pedantic(hand_sums_on, (executor, BOTS, hands, SEED), rounds=3)
    assert sum(sums[0]) == 0  # chips move between the seats, never out
    benchmark.extra_info["hands_per_block"] = hands


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_hands_on_workers(benchmark: Any, client: Any, workers: int) -> None:
    benchmark.group = f"distributed: {HANDS:,} heads-up hands"
    sums = benchmark.pedantic(
        hand_sums_on, (on_workers(client, workers), BOTS, HANDS, SEED), rounds=3
    )
    assert sum(sums[0]) == 0
    benchmark.extra_info["hands_per_call"] = HANDS


def interleaved_pairs(
    client: Any, hands: int, pairs: int, block: int = BLOCK_HANDS
) -> tuple[list[float], list[float]]:
    """Seconds for one worker and for two, alternating, so drift hits both alike."""
    one: list[float] = []
    two: list[float] = []
    expected = None
    for _ in range(pairs):
        for workers, times in ((1, one), (2, two)):
            start = time.perf_counter()
            sums = hand_sums_on(on_workers(client, workers), BOTS, hands, SEED, block=block)
            times.append(time.perf_counter() - start)
            assert expected is None or sums == expected  # the same hands on any worker count
            expected = sums
    return one, two


def test_two_workers_against_one_in_interleaved_pairs(benchmark: Any, client: Any) -> None:
    benchmark.group = "distributed: 2 workers / 1, interleaved pairs"
    hands, pairs = (CHECK_HANDS, 1) if benchmark.disabled else (HANDS, 5)
    one, two = benchmark.pedantic(interleaved_pairs, (client, hands, pairs, BLOCK), rounds=1)
    ratios = [a / b for a, b in zip(one, two, strict=True)]
    benchmark.extra_info["speedup_median_of_pairs"] = statistics.median(ratios)
    assert min(ratios) > 0


def _main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--tasks", type=int, default=1_000)
    args = parser.parse_args()
    with local_cluster() as cluster, distributed.Client(cluster) as client:
        run_blocks(client, empty_task, (), block_bounds(0, 8, 1))
        start = time.perf_counter()
        run_blocks(client, empty_task, (), block_bounds(0, args.tasks, 1))
        per_task = (time.perf_counter() - start) / args.tasks
        print(f"empty tasks: {per_task * 1e3:.2f} ms each, {1 / per_task:,.0f} a second")
        start = time.perf_counter()
        play_hands(BOTS, 0, BLOCK_HANDS, SEED, threads=1)  # the cost of one block, here
        block = time.perf_counter() - start
        print(f"one block of {BLOCK_HANDS:,} heads-up hands here, one thread: {block:.2f} s")
        one, two = interleaved_pairs(client, args.hands, args.pairs)
    ratios = [a / b for a, b in zip(one, two, strict=True)]
    print(
        f"{args.hands:,} heads-up hands: 1 worker {statistics.median(one):.2f} s, 2 workers "
        f"{statistics.median(two):.2f} s (medians of {args.pairs} pairs); 2/1 speedup median "
        f"{statistics.median(ratios):.2f}x, min {min(ratios):.2f}x, max {max(ratios):.2f}x"
    )


if __name__ == "__main__":
    _main()
