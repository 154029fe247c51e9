"""Runs nest: a block's work may run blocks of its own (a row of ``equity_matrix`` is a Monte
Carlo run). When the outer run stops, on an error in any thread (or Ctrl-C, which only the
calling thread sees: tests/runtime/test_cancel_long_runs.py), the inner runs stop between their
blocks too, and the outer run raises the error that stopped it."""

from __future__ import annotations

import threading
import time

import pytest

from badugi_fast._runtime.threads import run_in_threads

ENDLESS = 10**9  # inner blocks: the inner run never ends by itself


def _outer_run(calling_thread_role: str, threads: int) -> tuple[int, float]:
    """An outer run of 64-row blocks (four a thread) on ``threads`` threads: the calling
    thread's first block plays ``calling_thread_role`` and the first block a worker takes the
    other role, "inner" (an endless inner run) or "fail" (raises once that inner run has
    started); the others return. Returns the inner blocks done and the seconds the outer run
    took."""
    started = threading.Event()
    lock = threading.Lock()
    roles = {"inner", "fail"}
    other = "fail" if calling_thread_role == "inner" else "inner"
    inner_blocks = 0

    def inner_work(lo: int, hi: int) -> None:
        nonlocal inner_blocks
        inner_blocks += 1
        started.set()
        time.sleep(0.001)

    def outer_work(lo: int, hi: int) -> None:
        calling = threading.current_thread() is threading.main_thread()
        with lock:
            wanted = calling_thread_role if calling else other
            role = wanted if wanted in roles else "done"
            roles.discard(role)
        if role == "inner":
            run_in_threads(ENDLESS, 1, inner_work, block_rows=1)
        elif role == "fail":
            assert started.wait(30)
            raise ValueError("the failing block")
        else:
            time.sleep(0.05)  # leaves blocks for the calling thread, which starts last

    begun = time.monotonic()
    with pytest.raises(ValueError, match="the failing block"):
        run_in_threads(64 * 4 * threads, threads, outer_work, block_rows=64)
    return inner_blocks, time.monotonic() - begun


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("calling_thread_role", ["inner", "fail"])
def test_an_inner_run_stops_with_the_run_its_block_belongs_to(calling_thread_role, threads):
    """The calling thread in the inner run (it stops, and the worker's error is raised) or in
    the failing block (a worker's inner run stops)."""
    inner_blocks, seconds = _outer_run(calling_thread_role, threads)
    assert 1 <= inner_blocks < 10_000 and seconds < 10  # stopped, never run out


def test_a_run_inside_a_finished_block_is_not_stopped():
    """An inner run after the outer run is over sees no enclosing run: it runs in full."""
    rows = []
    run_in_threads(128, 2, lambda lo, hi: rows.append(hi - lo), block_rows=64)
    done = run_in_threads(1000, 1, lambda lo, hi: hi - lo, block_rows=100)
    assert sorted(rows) == [64, 64] and sum(result for _, _, result in done) == 1000
