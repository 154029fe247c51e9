"""Long jobs on a Dask LocalCluster of two worker processes (loopback only): the same results, bit
for bit, as the threaded run on this machine for several block sizes and worker counts, after a
worker is killed mid-run, and on a process pool; the first error cancels the rest and surfaces."""

from __future__ import annotations

import _thread
import argparse
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from badugi_fast import draw_odds, equity  # noqa: E402
from badugi_fast._badugi import ffi  # noqa: E402
from badugi_fast._runtime.blocks import block_bounds, exact_column_sums, run_blocks  # noqa: E402
from badugi_fast.cli.cluster import add_distributed_options, dask_executor  # noqa: E402
from badugi_fast.draws.engine import native as draw_engine  # noqa: E402
from badugi_fast.draws.engine.blocks import tally_on  # noqa: E402
from badugi_fast.draws.policies.policy import Policy  # noqa: E402
from badugi_fast.game import Action, IllegalActionError, KoreanRules, Rules  # noqa: E402
from badugi_fast.game.bots import drawer, random_bot, threshold  # noqa: E402
from badugi_fast.play import play_hands, simulate  # noqa: E402
from badugi_fast.play.simulation.blocks import hand_sums_on, play_hands_on  # noqa: E402

BOTS = [drawer, threshold("7", "Q", 3)]
SEED = 20261130


def words(tally: Any) -> bytes:
    """A bf_draw_tally's every count, to compare two tallies whole."""
    return bytes(ffi.buffer(tally))


def one_worker(client: Any) -> Any:
    """An executor on the cluster's first worker alone."""
    first = sorted(client.scheduler_info()["workers"])[0]
    return client.get_executor(pure=False, workers=[first])


@pytest.mark.parametrize("block", [3_001, 16_384, 50_000])
def test_hands_played_on_the_cluster_equal_the_threaded_run_for_any_block_size(
    client: Any, block: int
) -> None:
    expected = play_hands(BOTS, 1_000, 60_000, SEED)
    got = play_hands_on(client, BOTS, 1_000, 60_000, SEED, block=block)
    assert got.dtype == np.int64
    assert np.array_equal(got, expected)


def test_the_sums_are_the_same_on_one_worker_two_workers_threads_and_here(client: Any) -> None:
    rules = KoreanRules()
    expected = exact_column_sums(play_hands(BOTS, 0, 40_000, SEED, rules))
    with ThreadPoolExecutor(3) as threads:
        runs = {
            "two workers": hand_sums_on(client, BOTS, 40_000, SEED, rules, block=7_000),
            "one worker": hand_sums_on(one_worker(client), BOTS, 40_000, SEED, rules, block=9_999),
            "threads": hand_sums_on(threads, BOTS, 40_000, SEED, rules, block=4_096),
            "here": hand_sums_on(None, BOTS, 40_000, SEED, rules, block=25_000),
        }
    assert runs == dict.fromkeys(runs, expected)


def test_the_python_engine_plays_its_blocks_on_the_cluster_too(client: Any) -> None:
    rules = Rules(structure="pot-limit")
    expected = play_hands(BOTS * 2, 0, 300, SEED, rules, engine="python")
    got = play_hands_on(client, BOTS * 2, 0, 300, SEED, rules, engine="python", block=70)
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("block", [100_003, 1 << 16])
def test_equity_trials_on_the_cluster_tally_exactly_as_the_threaded_run(
    client: Any, block: int
) -> None:
    seats = [(0, 5, 10, 15), None, (4, 9, 22, 51)]
    spec = (seats, 2, [Policy(), Policy(break_above=6), Policy()], (3, 2, 1), frozenset({30}), None)
    expected = draw_engine.simulate(draw_engine.Spec(*spec), 300_000, SEED, None, False)
    on_cluster = tally_on(client, *spec, 300_000, SEED, block=block)
    here = tally_on(None, *spec, 300_000, SEED, block=block)
    assert words(on_cluster) == words(expected)
    assert words(here) == words(expected)


def test_a_worker_killed_mid_run_changes_nothing_but_time(client: Any) -> None:
    expected = exact_column_sums(play_hands(BOTS, 0, 120_000, SEED))
    before = set(client.scheduler_info()["workers"])
    result: dict[str, Any] = {}
    job = threading.Thread(
        target=lambda: result.update(sums=hand_sums_on(client, BOTS, 120_000, SEED, block=4_000))
    )
    job.start()
    busy: list[str] = []
    while not busy:  # a worker with blocks in hand
        busy = [worker for worker, tasks in client.processing().items() if tasks]
        time.sleep(0.005)
    # The process dies abruptly (no goodbye to the scheduler), just after answering this call.
    client.run(lambda: threading.Timer(0.05, os._exit, (1,)).start(), workers=[busy[0]])
    killed_during_the_run = job.is_alive()
    job.join(timeout=120)
    assert killed_during_the_run
    assert result["sums"] == expected
    client.wait_for_workers(2, timeout=60)  # the nanny brings up a new worker process ...
    assert busy[0] in before and busy[0] not in client.scheduler_info()["workers"]  # ... anew


def touch_then_fail(folder: str, bad: int, lo: int, hi: int) -> int:
    """A task that leaves a mark when it starts, and fails on block ``bad``."""
    Path(folder, str(lo)).touch()
    if lo == bad:
        raise ValueError(f"bad input found late, in block {lo}")
    time.sleep(0.25)
    return lo


def test_a_failing_task_cancels_the_rest_and_surfaces_its_own_error(
    client: Any, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="bad input found late, in block 1"):
        run_blocks(client, touch_then_fail, (str(tmp_path), 1), block_bounds(0, 40, 1))
    time.sleep(1.5)  # time for a dozen more blocks, had they not been cancelled
    assert len(list(tmp_path.iterdir())) < 20
    assert not any(client.processing().values())


def test_a_bot_that_cannot_travel_is_named(client: Any) -> None:
    with pytest.raises(TypeError, match=r"bot 1 <function .*<lambda>.* cannot be sent"):
        hand_sums_on(client, [drawer, lambda view: view.legal[0]], 1_000, SEED)


def test_the_random_bot_plays_alike_on_any_worker_and_block_size(client: Any) -> None:
    """Its numbers come from the hand's stream (View.stream), not from state kept across hands."""
    bots = [random_bot(1), drawer, random_bot(2)]
    expected = play_hands(bots, 5, 600, SEED)
    assert np.array_equal(play_hands_on(client, bots, 5, 600, SEED, block=70), expected)
    assert np.array_equal(play_hands_on(client, bots, 5, 600, SEED, block=600), expected)
    assert np.array_equal(play_hands(bots, 105, 500, SEED), expected[100:])  # any first hand


def test_a_process_pool_plays_hands_and_trials_exactly_too() -> None:
    first_throw = (0, 15)  # seat 0 throws these first; later draws by its policy
    spec = ([(0, 5, 10, 15), None], 3, [Policy(break_above=7)] * 2, None, frozenset(), first_throw)
    expected_tally = draw_engine.simulate(draw_engine.Spec(*spec), 50_000, SEED, None, False)
    expected_hands = play_hands(BOTS, 0, 30_000, SEED)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        tally = tally_on(pool, *spec, 50_000, SEED, block=9_000)
        hands = play_hands_on(pool, BOTS, 0, 30_000, SEED, block=8_000)
    assert words(tally) == words(expected_tally)
    assert np.array_equal(hands, expected_hands)


def _options(*argv: str) -> Any:
    parser = argparse.ArgumentParser(prog="badugi simulate")
    add_distributed_options(parser)
    return parser.parse_args(argv)


def test_without_options_the_command_runs_here_and_never_loads_dask() -> None:
    with dask_executor(_options()) as executor:
        assert executor is None


def test_scheduler_connects_to_a_running_cluster(client: Any) -> None:
    address = client.scheduler.address
    with dask_executor(_options("--scheduler", address)) as executor:
        assert executor.scheduler.address == address
        assert hand_sums_on(executor, BOTS, 5_000, SEED, block=2_000) == hand_sums_on(
            None, BOTS, 5_000, SEED
        )


def test_workers_starts_a_local_cluster_of_processes_and_shuts_it_down() -> None:
    with dask_executor(_options("--workers", "1")) as executor:
        workers = executor.scheduler_info()["workers"].values()
        assert [w["nthreads"] for w in workers] == [1]
        assert all(w["host"] == "127.0.0.1" for w in workers)
        cluster = executor.cluster
    assert cluster.status.name == "closed"


def test_workers_and_scheduler_are_one_or_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _options("--workers", "2", "--scheduler", "tcp://127.0.0.1:8786")
    assert "not allowed with argument" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"--workers must be 1 \.\. [0-9]+ .*, got 0"):
        dask_executor(_options("--workers", "0")).__enter__()


def test_without_dask_workers_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(SystemExit) as stop, dask_executor(_options("--workers", "2")):
        pass
    assert stop.value.code == 2
    assert "pip install 'badugi_fast[distributed]'" in capsys.readouterr().err


class DrawsOutOfTurn:
    """A bot of one's own that asks for cards when it should bet: bad input found late."""

    def __call__(self, view: Any) -> Action:
        return Action.draw([])


def test_a_bot_error_in_a_block_reaches_the_caller_as_it_was_raised(client: Any) -> None:
    with pytest.raises(IllegalActionError, match=r"hand \d+, bot 1"):
        play_hands_on(client, [drawer, DrawsOutOfTurn()], 0, 400, SEED, engine="python", block=50)


def test_ctrl_c_cancels_the_blocks_on_the_cluster(client: Any, tmp_path: Path) -> None:
    # a process started in the background by a shell without job control ignores SIGINT, and
    # interrupt_main then does nothing: Python's own handler for the test, as a terminal has it
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Timer(0.5, _thread.interrupt_main).start()  # Ctrl-C, half a second in
        with pytest.raises(KeyboardInterrupt):
            run_blocks(client, touch_then_fail, (str(tmp_path), -1), block_bounds(0, 40, 1))
    finally:
        signal.signal(signal.SIGINT, previous)
    time.sleep(1.5)  # time for a dozen more blocks, had they not been cancelled
    assert len(list(tmp_path.iterdir())) < 20
    assert not any(client.processing().values())


@pytest.mark.parametrize("rules", [None, KoreanRules()], ids=["casino", "korean"])
def test_simulate_on_the_cluster_is_the_threaded_simulate_bit_for_bit(
    client: Any, rules: Any
) -> None:
    expected = simulate(BOTS * 2, 50_000, SEED, rules, threads=2)
    assert simulate(BOTS * 2, 50_000, SEED, rules, executor=client) == expected
    assert simulate(BOTS * 2, 50_000, SEED, rules, executor=one_worker(client)) == expected


def test_play_hands_on_the_cluster_is_the_threaded_play_hands(client: Any) -> None:
    expected = play_hands(BOTS, 123, 20_000, SEED)
    assert np.array_equal(play_hands(BOTS, 123, 20_000, SEED, executor=client), expected)


def test_simulate_refuses_an_executor_of_another_kind_and_a_bot_that_cannot_travel() -> None:
    with pytest.raises(TypeError, match="executor is None"):
        simulate(BOTS, 100, SEED, executor="tcp://127.0.0.1:8786")
    with ThreadPoolExecutor(2) as threads, pytest.raises(TypeError, match="bot 1 <function"):
        simulate([drawer, lambda view: view.legal[0]], 100, SEED, executor=threads)


@pytest.mark.parametrize("policy", [None, "max-badugi"])
def test_equity_on_the_cluster_is_the_threaded_equity_bit_for_bit(client: Any, policy: Any) -> None:
    hands = ["As 2d 3h 5c", None, "Kc 9d 8h 4s"]
    expected = equity(hands, 2, policy=policy, trials=200_000, seed=SEED)
    assert equity(hands, 2, policy=policy, trials=200_000, seed=SEED, executor=client) == expected


@pytest.mark.parametrize("policy", [None, "max-badugi"])
def test_draw_odds_on_the_cluster_are_the_threaded_odds_bit_for_bit(
    client: Any, policy: Any
) -> None:
    run = {"policy": policy, "dead": "Kd", "max_exact": 0, "trials": 150_000, "seed": SEED}
    expected = draw_odds("As 2d 3c 3h", 3, **run)
    found = draw_odds("As 2d 3c 3h", 3, executor=client, **run)
    assert (found.badugi, found.sizes, found.stderr) == (
        expected.badugi,
        expected.sizes,
        expected.stderr,
    )
    assert np.array_equal(found.ranks, expected.ranks)
    exact = draw_odds("As 2d 3c 3h", 1, executor=client)  # exact: worked out here
    assert exact.exact and exact.badugi_fraction == draw_odds("As 2d 3c 3h", 1).badugi_fraction
    with pytest.raises(TypeError, match="executor is None"):
        draw_odds("As 2d 3c 3h", 1, executor=4)


def test_an_exact_equity_is_worked_out_here_whatever_the_executor(client: Any) -> None:
    hands = ["As 2d 3h 5c", "Kc 9d 8h 4s"]
    assert equity(hands, 1, executor=client) == equity(hands, 1)


def test_equity_refuses_an_executor_of_another_kind_before_any_work() -> None:
    with pytest.raises(TypeError, match="executor is None"):
        equity(["As 2d 3h 5c", "Kc 9d 8h 4s"], 1, executor=4)
