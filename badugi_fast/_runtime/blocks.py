"""Long jobs cut into blocks of indices, run here, on any concurrent.futures executor, or on Dask.

A job over the indices ``start .. start + n - 1`` (hands, trials) is cut into consecutive blocks.
Each block is one task: a module-level function called with plain arguments and the block's
bounds ``(lo, hi)``; it rebuilds its inputs from the job's seed, so its result depends on nothing
else (the C streams are counter-based: hand or trial i comes from (seed, i) alone). The results
come back in block order whatever order they finish in, and the callers merge them exactly
(integer tallies), so the answer is the same for any executor, block size and worker count.

Executors: None runs the blocks here, one after another; any ``concurrent.futures.Executor`` (a
``ProcessPoolExecutor`` works); or a Dask ``distributed.Client``, recognised without importing
Dask (whoever holds a Client has imported it), whose blocks go through Dask's own futures. Dask
reschedules the blocks of a worker that dies, so a lost worker costs time, never a different
answer.
"""

from __future__ import annotations

import concurrent.futures as cf
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from .bounds import Blocks
from .validate import whole

T = TypeVar("T")

Executor = Any  # None, a concurrent.futures.Executor or a distributed.Client
INSTALL_HINT = "pip install 'badugi_fast[distributed]'"


def block_bounds(start: int, n: int, block: int) -> Blocks:
    """Consecutive ``(lo, hi)`` bounds of at most ``block`` indices covering start .. start+n-1."""
    return Blocks(start, n, whole("block", block, 1))


def check_picklable(what: str, value: object) -> None:
    """TypeError naming ``what`` unless ``value`` pickles, as work sent to other processes must.

    The standard pickle is the test, even for Dask (whose cloudpickle would ship a lambda by
    value): a lambda or a closure often carries state (a generator kept across hands) that a block
    on another machine would restart, so it is refused with a clear message instead."""
    try:
        pickle.dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise TypeError(
            f"{what} {value!r} cannot be sent to worker processes ({error}); use a module-level "
            "function or an instance of a module-level class, not a lambda or a closure"
        ) from None


def as_executor(executor: Executor) -> Executor:
    """``executor`` checked: None, a concurrent.futures.Executor, or a Dask Client (used
    through Dask's own futures: its concurrent.futures facade can report a block that finished
    as failed when the worker holding its result dies, where Dask's futures fetch it again)."""
    if executor is None or isinstance(executor, cf.Executor):
        return executor
    if _dask_client(executor):
        return executor
    raise TypeError(
        "executor is None, a concurrent.futures.Executor or a dask distributed.Client, "
        f"not {type(executor).__name__}"
    )


def _dask_client(executor: object) -> bool:
    distributed = sys.modules.get("distributed")
    return distributed is not None and isinstance(executor, distributed.Client)


def run_blocks(
    executor: Executor,
    task: Callable[..., T],
    args: Sequence[object],
    bounds: Sequence[tuple[int, int]],
    *,
    progress: bool = False,
    unit: str = "item",
) -> list[T]:
    """``task(*args, lo, hi)`` for every block, results in block order.

    The first task to raise cancels the ones not yet finished and its error is raised here, as
    it was raised in the task. Ctrl-C cancels them too. ``progress`` shows a tqdm bar of the
    indices done, advanced as each block completes."""
    pool = as_executor(executor)
    bar = progress_bar(sum(hi - lo for lo, hi in bounds), unit) if progress else None
    try:
        if pool is None:
            return [_advance(bar, lo, hi, task(*args, lo, hi)) for lo, hi in bounds]
        return _run_on(pool, task, args, bounds, bar)
    finally:
        if bar is not None:
            bar.close()


def _run_on(
    pool: Executor,
    task: Callable[..., T],
    args: Sequence[object],
    bounds: Sequence[tuple[int, int]],
    bar: Any,
) -> list[T]:
    dask = _dask_client(pool)
    futures: dict[Any, int] = {}
    results: list[Any] = [None] * len(bounds)
    try:
        for i, (lo, hi) in enumerate(bounds):
            if dask:  # pure=False: a block is never taken for another with the same arguments
                futures[pool.submit(task, *args, lo, hi, pure=False)] = i
            else:
                futures[pool.submit(task, *args, lo, hi)] = i
        completed = (
            sys.modules["distributed"].as_completed(list(futures))
            if dask
            else cf.as_completed(futures)
        )
        for future in completed:
            i = futures[future]
            results[i] = _advance(bar, *bounds[i], future.result())
    except BaseException:  # a task's error, or Ctrl-C (even while submitting): stop them all
        for future in futures:
            future.cancel()
        raise
    return results


def _advance(bar: Any, lo: int, hi: int, result: T) -> T:
    if bar is not None:
        bar.update(hi - lo)
    return result


def progress_bar(total: int, unit: str, delay: float = 0.0) -> Any:
    """The library's one progress bar: tqdm on stderr, ``total`` ``unit``s, shown after
    ``delay`` seconds (if the run lasts that long), gone when closed."""
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, unit=unit, unit_scale=True, leave=False, delay=delay)


SQUARE_ROWS = 1 << 14  # rows summed at once: 2**14 terms below 2**44 each stay inside int64
_LOW_BITS = 22


def exact_column_sums(values: npt.NDArray[np.int64]) -> tuple[list[int], list[int]]:
    """The sums and the sums of squares of each column of an int64 array, exactly, as Python
    ints: merged partial sums then equal the sums of the whole, however the rows were split.
    Entries must be below 2**44 in magnitude (chips are capped far below that)."""
    columns = values.shape[1]
    sums, squares = [0] * columns, [0] * columns
    for lo in range(0, len(values), SQUARE_ROWS):
        rows = values[lo : lo + SQUARE_ROWS]
        size = np.abs(rows)
        high, low = size >> _LOW_BITS, size & ((1 << _LOW_BITS) - 1)  # each below 2**22
        parts = (
            rows.sum(axis=0),
            (high * high).sum(axis=0),  # times 2**44
            (high * low).sum(axis=0),  # times 2**23
            (low * low).sum(axis=0),
        )
        for c in range(columns):
            total, hh, hl, ll = (int(part[c]) for part in parts)
            sums[c] += total
            squares[c] += (hh << 2 * _LOW_BITS) + (hl << (_LOW_BITS + 1)) + ll
    return sums, squares
