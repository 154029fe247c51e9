"""Splitting a batch of rows across threads for C loops that release the GIL."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from ._validate import whole

T = TypeVar("T")

# Below this many rows a batch runs on the calling thread: waking a pool thread costs about
# 50-70 us on this project's machines, so two threads only win from about 100k rows (measured:
# README, Benchmarks).
AUTO_THREADS_MIN_ROWS = 1 << 17
_CHUNK_ALIGN = 64  # keeps each thread's output on its own cache lines
CHUNKS_PER_THREAD = 8


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def thread_count(threads: int | None, n: int, min_rows: int = AUTO_THREADS_MIN_ROWS) -> int:
    """Threads for n rows: validated when given, else one below min_rows (where a second thread
    starts to pay for its wake-up), else all cores."""
    if threads is None:
        if n < min_rows:
            return 1
        return min(available_cores(), n // (min_rows // 2))
    return whole("threads", threads, 1)


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
    """Call work(lo, hi) over consecutive chunks covering range(n); returns (lo, hi, result) per
    chunk, in order.

    With several threads the range is cut into about CHUNKS_PER_THREAD chunks per thread, which
    the threads (the calling one included) take from a shared counter until none is left: a
    thread that wakes late, or a core the hypervisor slows, simply takes fewer. Chunk bounds do
    not depend on timing, so neither do the results.
    """
    nthreads = min(nthreads, max(1, n // _CHUNK_ALIGN))
    if nthreads == 1:
        return [(0, n, work(0, n))]
    step = max(-(-n // (nthreads * CHUNKS_PER_THREAD) // _CHUNK_ALIGN) * _CHUNK_ALIGN, _CHUNK_ALIGN)
    bounds = [(lo, min(lo + step, n)) for lo in range(0, n, step)]
    results: list[T | None] = [None] * len(bounds)
    next_chunk = itertools.count()  # next() on a count is atomic under the GIL

    def drain() -> None:
        for i in iter(next_chunk.__next__, None):
            if i >= len(bounds):
                return
            results[i] = work(*bounds[i])

    futures = [_executor(nthreads).submit(drain) for _ in range(nthreads - 1)]
    drain()
    for future in futures:
        future.result()
    return [(lo, hi, result) for (lo, hi), result in zip(bounds, results, strict=True)]  # type: ignore[misc]
