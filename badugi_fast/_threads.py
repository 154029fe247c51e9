"""Splitting a batch of rows across threads for C loops that release the GIL."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

# Below this many rows a batch runs on the calling thread: waking a pool thread costs about
# 50-70 us on this project's machines, so two threads only win from about 100k rows (measured:
# README, Benchmarks).
AUTO_THREADS_MIN_ROWS = 1 << 17
_CHUNK_ALIGN = 64  # keeps each thread's output on its own cache lines


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def thread_count(threads: int | None, n: int) -> int:
    """Threads for n rows: validated when given, else one below the threshold, else all cores."""
    if threads is None:
        if n < AUTO_THREADS_MIN_ROWS:
            return 1
        return min(available_cores(), n // (AUTO_THREADS_MIN_ROWS // 2))
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    return threads


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor(workers: int) -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None or _pool._max_workers < workers:
            _pool = ThreadPoolExecutor(
                max_workers=max(workers, available_cores()), thread_name_prefix="badugi"
            )
        return _pool


def run_in_chunks(n: int, nthreads: int, work: Callable[[int, int], T]) -> list[tuple[int, int, T]]:
    """Call work(lo, hi) over consecutive chunks of range(n), one per thread, in order.

    Returns (lo, hi, result) per chunk. The calling thread takes the first chunk itself: one pool
    wake-up fewer.
    """
    nthreads = min(nthreads, max(1, n // _CHUNK_ALIGN))
    step = -(-n // nthreads // _CHUNK_ALIGN) * _CHUNK_ALIGN if nthreads > 1 else n
    bounds = [(lo, min(lo + step, n)) for lo in range(0, n, step)] or [(0, 0)]
    futures = [_executor(nthreads).submit(work, lo, hi) for lo, hi in bounds[1:]]
    first = work(*bounds[0])
    results = [first, *(future.result() for future in futures)]
    return [(lo, hi, result) for (lo, hi), result in zip(bounds, results, strict=True)]
