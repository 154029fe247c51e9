"""Running a long C loop in bounded blocks, across threads, so that Ctrl-C stops it.

Every layer's long loop goes through ``run_in_threads``. The caller hands it the row count, the
threads (from ``thread_count``) and ``work(lo, hi)``, one call of a C function that releases the
GIL over rows ``lo .. hi`` (writing its own rows of an output array, or returning a small
result), and ``block_rows``: how many rows a call may take, chosen so one call lasts well under
a second (about 10-50 ms on a slow core). A result per block (a Monte Carlo tally) goes to
``fold(lo, hi, result)``, called in block order on the calling thread, so memory stays constant
however many blocks a run has. What it guarantees:

- Block bounds depend on ``n``, the thread count and ``block_rows`` only, never on timing, so a
  computation keyed by row (a seeded stream) gives the same result whatever the threads.
- The calling thread regains control between blocks, even with one thread, and waits on the
  worker threads with a timeout (``WAIT_SECONDS``): Python runs its SIGINT handler there, so
  Ctrl-C raises ``KeyboardInterrupt`` within one block's time.
- On ``KeyboardInterrupt`` (or any error, in a worker or the caller) no further block is handed
  out, the worker threads finish the block they are in and are joined, and the exception is
  re-raised: the caller never gets a partial result as if complete (an ``out`` array it passed
  holds whatever rows were done).
- At most ``thread_count``'s ceiling of threads ever run (``max_threads()``, 4 x the usable
  cores), and never more than there are blocks; the pool holds no more than that many idle
  threads between calls.

How each layer uses it: ``evaluate_many`` and ``random_hands`` pass ``block_rows`` (2**20 and
2**18 rows). The draw engine's Monte Carlo is to pass ``fold=`` (each block's tally added into
the total), a loop of heavy rows (a range per row) ``block_rows=1``, and the C hand loop a block
of hands that lasts well under a second; callers that pass neither get DEFAULT_BLOCK_ROWS.

A C loop whose single call can run longer than a second (a block of a loop with unbounded rows,
or an enumeration) must be cut into blocks by its caller (rows ``lo .. hi`` of a stream keyed by
row), or check a cancel flag between its own blocks; this module can only stop between calls.

Runs nest: a block's ``work`` may itself call ``run_in_threads`` (a row of ``equity_matrix`` is a
Monte Carlo run of its own). Only the thread that called the outermost run sees Ctrl-C, so an
inner run also stops between its blocks once the run whose block it is part of has stopped,
raising ``Stopped`` up to that run, which then raises what stopped it.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from typing import TypeVar

from .bounds import Blocks
from .validate import whole

T = TypeVar("T")

# Below this many rows a batch runs on the calling thread: waking a pool thread costs about
# 50-70 us on this project's machines, so two threads only win from about 100k rows (measured:
# README, Benchmarks).
AUTO_THREADS_MIN_ROWS = 1 << 17
_BLOCK_ALIGN = 64  # keeps each thread's output on its own cache lines
BLOCKS_PER_THREAD = 8
THREADS_PER_CORE = 4  # the ceiling of ``threads``: more is never faster for these C loops
# Rows per call of work when the caller does not say: a C hand or a draw trial takes about
# 1-10 us, so a block of this many lasts well under a second.
DEFAULT_BLOCK_ROWS = 1 << 14
WAIT_SECONDS = 0.1  # how often the calling thread wakes while it waits for the workers

# The stop event of the run whose block this thread is working on (None: no run's): an inner run
# started inside that block stops when it is set.
_working_for = threading.local()


class Stopped(Exception):
    """An inner run ended early because the run its block belongs to stopped (Ctrl-C, or an
    error on another thread); that run raises its own exception, never this one."""


def _enclosing_stop() -> threading.Event | None:
    stop: threading.Event | None = getattr(_working_for, "stop", None)
    return stop


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def max_threads() -> int:
    """The most threads a call may ask for: ``THREADS_PER_CORE`` x the usable cores."""
    return THREADS_PER_CORE * available_cores()


def thread_count(threads: int | None, n: int, min_rows: int = AUTO_THREADS_MIN_ROWS) -> int:
    """Threads for n rows: validated when given (1 .. ``max_threads()``), else one below min_rows
    (where a second thread starts to pay for its wake-up), else all cores."""
    if threads is None:
        if n < min_rows:
            return 1
        return min(available_cores(), n // (min_rows // 2))
    count = whole("threads", threads, 1)
    if count > max_threads():
        raise ValueError(
            f"threads must be at most {max_threads()} ({THREADS_PER_CORE} x the"
            f" {available_cores()} cores this process may use), got {count:,}"
        )
    return count


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _submit(workers: int, task: Callable[[], None]) -> list[Future[None]]:
    """``task`` started on ``workers`` threads of the shared pool. A pool too small is shut down
    (its idle threads exit; what it runs finishes) when a larger one replaces it, so idle threads
    never exceed the ceiling. Under the lock: no other call shuts a pool down in between."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < workers:
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool_size = min(max(workers, available_cores()), max_threads())
            _pool = ThreadPoolExecutor(max_workers=_pool_size, thread_name_prefix="badugi")
        return [_pool.submit(task) for _ in range(workers)]


def thread_blocks(n: int, nthreads: int, block_rows: int, align: int = _BLOCK_ALIGN) -> Blocks:
    """The blocks covering range(n): about BLOCKS_PER_THREAD per thread when several run (so a
    slow thread takes fewer), never more than ``block_rows`` rows each, a multiple of ``align``
    (rows of output a C loop writes: a cache line's; 1 for rows that are whole jobs)."""
    nthreads = min(nthreads, max(1, n // align))
    if nthreads == 1 and n <= block_rows:
        return Blocks(0, n, max(n, 1))
    step = block_rows if nthreads == 1 else min(block_rows, -(-n // (nthreads * BLOCKS_PER_THREAD)))
    return Blocks(0, n, max(-(-step // align) * align, align))


def run_in_threads(
    n: int,
    nthreads: int,
    work: Callable[[int, int], T],
    *,
    block_rows: int = DEFAULT_BLOCK_ROWS,
    fold: Callable[[int, int, T], None] | None = None,
    align: int = _BLOCK_ALIGN,
) -> list[tuple[int, int, T]]:
    """Call work(lo, hi) over consecutive blocks covering range(n); returns (lo, hi, result) per
    block, in order. Blocks hold at most ``block_rows`` rows (see the module's docstring).

    With ``fold``, each block's result goes to ``fold(lo, hi, result)`` instead, in block order
    and on the calling thread, and the list returned is empty: memory stays constant however
    many blocks there are (a Monte Carlo tally folded into a total).

    With several threads, the threads (the calling one included) take blocks from a shared
    counter until none is left: a thread that wakes late, or a core the hypervisor slows, simply
    takes fewer. Block bounds do not depend on timing, so neither do the results. ``align``:
    as ``thread_blocks``.
    """
    blocks = thread_blocks(n, nthreads, block_rows, align)
    collected: list[tuple[int, int, T]] = []
    sink = fold or (lambda lo, hi, result: collected.append((lo, hi, result)))
    if len(blocks) <= 1:  # one block, or none when n is 0: work is still called once
        sink(0, n, work(0, n))
    else:
        _run_blocks(blocks, min(nthreads, len(blocks)), work, sink)
    return collected


def _run_blocks(
    blocks: Blocks,
    nthreads: int,
    work: Callable[[int, int], T],
    sink: Callable[[int, int, T], None],
) -> None:
    done: dict[int, T] = {}  # results not yet handed to sink (dict stores are atomic)
    folded = 0  # the next block for sink
    next_block = itertools.count()  # next() on a count is atomic under the GIL
    stop = threading.Event()
    enclosing = _enclosing_stop()  # this run is part of a block of that run

    def drain(fold_between: bool) -> None:
        for i in iter(next_block.__next__, None):
            if enclosing is not None and enclosing.is_set():
                stop.set()
                raise Stopped("the enclosing run stopped")
            if i >= len(blocks) or stop.is_set():
                return
            outer, _working_for.stop = _enclosing_stop(), stop
            try:
                done[i] = work(*blocks[i])
            except BaseException:
                stop.set()  # the other threads take no further block
                raise
            finally:
                _working_for.stop = outer
            if fold_between:
                fold_ready()

    def fold_ready() -> None:
        nonlocal folded
        while folded in done:
            sink(*blocks[folded], done.pop(folded))
            folded += 1

    futures: list[Future[None]] = []
    try:
        if nthreads > 1:
            futures = _submit(nthreads - 1, lambda: drain(False))
        drain(True)
        _wait_all(futures, fold_ready)
        fold_ready()
    except BaseException as error:
        stop.set()
        _join(futures)
        if isinstance(error, Stopped) and not (enclosing is not None and enclosing.is_set()):
            _raise_the_cause(futures)  # an inner run stopped because this run did
        raise


def _raise_the_cause(futures: list[Future[None]]) -> None:
    """Raise the first worker's error that stopped the run, if a worker had one."""
    cause = next((e for e in map(_error_of, futures) if e is not None), None)
    if cause is not None:
        raise cause from None


def _error_of(future: Future[None]) -> BaseException | None:
    """A finished worker's exception, unless it only stopped because its run did."""
    error = future.exception(timeout=0) if future.done() else None
    return None if isinstance(error, Stopped) else error


def _wait_all(futures: list[Future[None]], between: Callable[[], None]) -> None:
    """Wait for every worker, waking every WAIT_SECONDS (to run ``between`` and let a signal
    handler run); a worker's exception is raised here."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=WAIT_SECONDS, return_when=FIRST_EXCEPTION)
        for future in done:
            future.result()
        between()


def _join(futures: list[Future[None]]) -> None:
    """Wait for the workers to finish their current block (they take no new one), keeping the
    exception already on its way out; a second Ctrl-C here leaves them to finish on their own."""
    pending = set(futures)
    while pending:
        _, pending = wait(pending, timeout=WAIT_SECONDS)
