"""Generate the starting-hand chart: every dealt hand up to suit symmetry (16,432 classes), its
equity against one to five random opponents with three draws, every seat drawing by one policy.

Each cell is Monte Carlo in C in blocks of 8,192 trials, stopped after the first block whose
stderr is at most 0.002 (65,536 trials at most, which always reaches it); streams are seeded from
(seed, class, opponents) alone, so any cell is recomputed bit for bit on any number of threads,
processes or Dask workers (badugi_fast/draws/chart/chart_file.py has the format). The columns are
played one after another and the file is rewritten after each, holding the columns finished:
``--resume`` keeps those of an existing file and plays the rest.

Usage:
    python tools/gen_chart.py --out badugi_fast/draws/chart.bin --threads 2   # default policy
    python tools/gen_chart.py --out c.bin --policy max-equity --opponents 1   # one column
    python tools/gen_chart.py --out s.bin --sample 40    # a seeded sample, and a projection
    python tools/gen_chart.py --out c.bin --workers 2    # on a local Dask cluster
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from badugi_fast._runtime.blocks import block_bounds, run_blocks
from badugi_fast.cli.cluster import add_distributed_options, dask_executor
from badugi_fast.draws.chart.build import chart_block
from badugi_fast.draws.chart.chart_file import (
    Chart,
    Column,
    Settings,
    decode,
    encode,
    quantized,
    suit_classes,
)

OPPONENTS = (1, 2, 3, 4, 5)
DEFAULT = Settings()
CLASSES_PER_TASK = 128  # a task of 1-10 s on one core: far above a Dask task's overhead


def generate(
    columns: Sequence[Column],
    settings: Settings = DEFAULT,
    *,
    indices: npt.NDArray[np.intp] | None = None,
    executor: Any = None,
    threads: int | None = None,
    progress: bool = False,
    done: Chart | None = None,
    on_column: Callable[[Chart], None] | None = None,
) -> Chart:
    """The chart of ``columns`` over the classes ``indices`` (all by default), quantized as the
    file keeps it. ``executor``: None (``threads`` threads here), any concurrent.futures
    Executor or a Dask Client; the cells are the same on any of them. ``done``: a chart of the
    same classes and settings whose columns are kept instead of played again. ``on_column`` is
    called with the chart so far after each column."""
    representatives, counts = suit_classes()
    chosen = np.arange(len(representatives)) if indices is None else np.asarray(indices)
    contiguous = bool(np.all(np.diff(chosen) == 1)) if len(chosen) else True
    empty = np.empty((len(chosen), 0))
    chart = Chart(
        settings, [], representatives[chosen], counts[chosen].astype(np.uint32),
        empty, empty, empty.astype(np.int64),
    )  # fmt: skip
    with ExitStack() as stack:
        if executor is None and (threads or 1) > 1:
            executor = stack.enter_context(cf.ThreadPoolExecutor(max_workers=threads))
        for column in columns:
            if done is not None and column in done.columns:
                k = done.columns.index(column)
                cells = (done.equity[:, k], done.stderr[:, k], done.trials[:, k])
            else:
                bounds = (
                    block_bounds(int(chosen[0]), len(chosen), CLASSES_PER_TASK)
                    if contiguous and len(chosen)
                    else [(int(i), int(i) + 1) for i in chosen]
                )
                parts = run_blocks(
                    executor, chart_block, (column, settings), bounds, progress=progress,
                    unit="class",
                )  # fmt: skip
                rows = np.concatenate(parts) if parts else np.empty((0, 3))
                cells = quantized(rows[:, 0], rows[:, 1], rows[:, 2], settings.block)
            chart.columns.append(column)
            chart.equity = np.column_stack([chart.equity, cells[0]])
            chart.stderr = np.column_stack([chart.stderr, cells[1]])
            chart.trials = np.column_stack([chart.trials, cells[2]]).astype(np.int64)
            if on_column is not None:
                on_column(chart)
    return chart


def _columns(policies: str, opponents: str) -> list[Column]:
    counts = [int(n) for n in opponents.split(",")]
    if any(not 1 <= n <= 7 for n in counts):
        raise SystemExit("--opponents: counts from 1 to 7, separated by commas")
    return [Column(policy, n) for policy in policies.split(",") for n in counts]


def _write(path: Path, chart: Chart) -> str:
    data = encode(chart)
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the chart file to write")
    parser.add_argument("--policy", default="default", help="policies, comma-separated")
    parser.add_argument("--opponents", default="1,2,3,4,5", help="opponent counts, comma-separated")
    parser.add_argument("--sample", type=int, help="only this many classes, chosen by --seed")
    parser.add_argument("--seed", type=int, default=Settings.seed)
    parser.add_argument("--max-trials", type=int, default=Settings.max_trials)
    parser.add_argument("--block", type=int, default=Settings.block)
    parser.add_argument("--target", type=float, default=Settings.target, help="stderr to stop at")
    parser.add_argument("--threads", type=int, help="threads on this machine (default 1)")
    parser.add_argument("--resume", action="store_true", help="keep the columns --out holds")
    parser.add_argument("--progress", action="store_true", help="a progress bar per column")
    add_distributed_options(parser)
    args = parser.parse_args(argv)
    if args.block < 1 or args.max_trials < args.block or args.max_trials % args.block:
        raise SystemExit("--max-trials must be a positive multiple of --block")
    settings = Settings(args.seed, args.block, args.max_trials, args.target)
    columns = _columns(args.policy, args.opponents)
    representatives, _ = suit_classes()
    indices = None
    if args.sample is not None:
        rng = np.random.default_rng(args.seed)
        indices = np.sort(rng.choice(len(representatives), args.sample, replace=False))
    resume = args.resume and args.out.exists()
    done = decode(args.out.read_bytes(), str(args.out)) if resume else None
    chosen = representatives if indices is None else representatives[indices]
    if done is not None and (done.settings != settings or not np.array_equal(done.hands, chosen)):
        raise SystemExit(f"--resume: {args.out} was made with other settings or classes")
    start = last = time.perf_counter()

    def save(chart: Chart) -> None:
        nonlocal last
        digest = _write(args.out, chart)
        column, now = chart.columns[-1], time.perf_counter()
        took = f"{now - last:.0f} s ({now - start:.0f} s in all)"
        trials = int(chart.trials[:, -1].sum())
        print(f"{column.policy} vs {column.opponents}: {took}, {trials} trials; sha256 {digest}",
              flush=True)  # fmt: skip
        last = now

    with dask_executor(args) as executor:
        chart = generate(
            columns, settings, indices=indices, executor=executor, threads=args.threads,
            progress=args.progress, done=done, on_column=save,
        )  # fmt: skip
    elapsed = time.perf_counter() - start
    print(f"{len(chart.hands)} of {len(representatives)} suit classes in {elapsed:.1f} s")
    print(f"sha256 {hashlib.sha256(encode(chart)).hexdigest()}  {args.out}")
    if args.sample is not None:
        hours = elapsed / max(len(chart.hands), 1) * len(representatives) / 3600
        print(f"projected full run: {hours:.2f} h at this rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
