"""The block mechanism (badugi_fast/_blocks.py) on this process and on thread and process pools:
blocks cover the job exactly, results come back in block order whatever order they finish in,
the first error cancels the rest and is raised as it was, and partial sums merge exactly."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast._runtime import blocks
from badugi_fast._runtime.blocks import (
    as_executor,
    block_bounds,
    check_picklable,
    exact_column_sums,
    run_blocks,
)


def span(tag: str, lo: int, hi: int) -> tuple[str, int, int]:
    """A task that reports its block (module level, so that it pickles)."""
    return tag, lo, hi


def slower_first(lo: int, hi: int) -> int:
    """A task whose early blocks finish last."""
    time.sleep(0.02 * max(0, 5 - lo))
    return lo * 1000 + hi


RAN: list[int] = []  # the blocks fail_at has begun, in this process


def fail_at(bad: int, lo: int, hi: int) -> int:
    RAN.append(lo)
    if lo == bad:
        raise ValueError(f"bad input found late, in block {lo}")
    time.sleep(0.05)
    return lo


def interrupt_at(bad: int, lo: int, hi: int) -> int:
    if lo == bad:
        raise KeyboardInterrupt
    time.sleep(0.05)
    return lo


def pid(lo: int, hi: int) -> int:
    time.sleep(0.05)
    return os.getpid()


@pytest.mark.parametrize(
    ("start", "n", "block", "expected"),
    [
        (0, 10, 4, [(0, 4), (4, 8), (8, 10)]),
        (5, 6, 3, [(5, 8), (8, 11)]),
        (7, 3, 100, [(7, 10)]),
        (0, 1, 1, [(0, 1)]),
    ],
)
def test_blocks_cover_the_indices_once_in_order(
    start: int, n: int, block: int, expected: list[tuple[int, int]]
) -> None:
    assert block_bounds(start, n, block) == expected


@pytest.mark.parametrize(("block", "error"), [(0, ValueError), (-3, ValueError), (2.5, TypeError)])
def test_a_block_size_is_a_positive_whole_number(block: object, error: type) -> None:
    with pytest.raises(error, match="block"):
        block_bounds(0, 10, block)  # type: ignore[arg-type]


def test_an_executor_of_another_kind_is_refused_with_its_type() -> None:
    with pytest.raises(TypeError, match=r"executor is None, a concurrent\.futures\.Executor"):
        as_executor("tcp://127.0.0.1:8786")


def test_a_lambda_or_a_closure_is_refused_by_name() -> None:
    def closure(view: object) -> None:
        return None

    check_picklable("bot 0", span)  # a module-level function travels
    with pytest.raises(TypeError, match=r"bot 1 <function .*<lambda> at .*cannot be sent"):
        check_picklable("bot 1", lambda view: None)
    with pytest.raises(TypeError, match=r"policy <function .*closure.*not a lambda or a closure"):
        check_picklable("policy", closure)


@pytest.mark.parametrize("workers", [None, 1, 3])
def test_results_come_back_in_block_order(workers: int | None) -> None:
    bounds = block_bounds(0, 11, 2)
    if workers is None:
        assert run_blocks(None, span, ("x",), bounds) == [("x", lo, hi) for lo, hi in bounds]
        return
    with ThreadPoolExecutor(workers) as pool:
        got = run_blocks(pool, slower_first, (), bounds)
    assert got == [lo * 1000 + hi for lo, hi in bounds]


def test_the_first_error_cancels_the_blocks_not_started_and_is_raised_as_it_was() -> None:
    RAN.clear()
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="late, in block 0"):
        run_blocks(pool, fail_at, (0,), block_bounds(0, 40, 1))
    assert 1 <= len(RAN) < 5  # the pool has shut down: what never ran was cancelled


def test_ctrl_c_in_a_block_cancels_the_rest() -> None:
    bounds = block_bounds(0, 30, 1)
    with ThreadPoolExecutor(1) as pool, pytest.raises(KeyboardInterrupt):
        run_blocks(pool, interrupt_at, (0,), bounds)


def test_a_process_pool_runs_the_blocks_in_other_processes() -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        pids = run_blocks(pool, pid, (), block_bounds(0, 8, 1))
        with pytest.raises(ValueError, match="in block 3"):
            run_blocks(pool, fail_at, (3,), block_bounds(0, 8, 1))
    assert os.getpid() not in pids


def test_the_progress_bar_advances_by_each_finished_block(monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[int] = []

    class Bar:
        def __init__(self, total: int, unit: str) -> None:
            steps.append(total)

        def update(self, n: int) -> None:
            steps.append(n)

        def close(self) -> None:
            steps.append(-1)

    assert run_blocks(None, span, ("p",), [(0, 3)], progress=True)  # the real bar, quietly
    monkeypatch.setattr(blocks, "progress_bar", Bar)
    run_blocks(None, span, ("p",), block_bounds(0, 9, 4), progress=True, unit="hand")
    assert steps == [9, 4, 4, 1, -1]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(1 << 43) + 1, (1 << 43) - 1), min_size=1, max_size=200),
    st.integers(1, 3),
)
def test_column_sums_and_squares_are_exact(values: list[int], columns: int) -> None:
    rows = np.array(values[: len(values) // columns * columns] or values[:1] * columns)
    table = rows.reshape(-1, columns).astype(np.int64)
    sums, squares = exact_column_sums(table)
    assert sums == [sum(int(v) for v in table[:, c]) for c in range(columns)]
    assert squares == [sum(int(v) ** 2 for v in table[:, c]) for c in range(columns)]


def test_column_sums_of_parts_add_up_to_the_sums_of_the_whole() -> None:
    table = np.random.default_rng(3).integers(-(10**9), 10**9, size=(50_000, 2), dtype=np.int64)
    whole_sums = exact_column_sums(table)
    parts = [exact_column_sums(table[lo : lo + 7_777]) for lo in range(0, len(table), 7_777)]
    assert whole_sums == tuple(
        [sum(part[k][c] for part in parts) for c in range(2)] for k in range(2)
    )
