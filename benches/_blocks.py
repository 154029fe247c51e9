"""Resumable blocks, the loop of the long benches (lbr_blocks.py, search_match.py): seeds
FIRST..LAST played one block a seed, each block's row appended to a JSON-lines file as it ends,
so that a run stopped and started again plays only the seeds the file does not hold; and the
blocks read back and pooled.

A row is the block's own result, then ``seconds`` (its wall time), ``load`` (the load average
before and after it: the machine is shared) and ``solves`` (the searching bot's re-solves so
far), the keys the pooling reads besides the bench's own.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Row = dict[str, Any]


def read_rows(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.open()]


def play_blocks(
    first: int, last: int, out: Path, block: Callable[[int], Row], solves: Callable[[], int]
) -> None:
    """``block(seed)`` for each seed FIRST..LAST not yet in ``out``, its row appended to
    ``out`` as it ends (see the module)."""
    done = {row["seed"] for row in read_rows(out)} if out.exists() else set()
    for seed in range(first, last + 1):
        if seed in done:
            continue
        load, started = os.getloadavg()[0], time.time()
        row = block(seed) | {
            "seconds": time.time() - started, "load": [load, os.getloadavg()[0]],
            "solves": solves(),
        }  # fmt: skip
        with out.open("a") as file:
            file.write(json.dumps(row) + "\n")


# Student's t, 95 % two-sided, by degrees of freedom
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}  # fmt: skip


def t95(freedom: int) -> float:
    """Student's t for a 95 % interval with ``freedom`` degrees of freedom (1 or more), that of
    the nearest tabled count at most it: an interval at least as wide as the exact one."""
    return _T95[max(k for k in _T95 if k <= freedom)]


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def pooled_error(errors: list[float]) -> float:
    """The error of the mean of independent blocks, from each block's error."""
    return math.sqrt(sum(e**2 for e in errors)) / len(errors)


def costs(rows: list[Row]) -> Row:
    """What the blocks cost: their seconds in all, and the lowest and highest load seen."""
    return {
        "seconds": sum(r["seconds"] for r in rows),
        "load": [min(r["load"][0] for r in rows), max(max(r["load"]) for r in rows)],
    }


def command_line(
    run: Callable[[str, int, int, Path], None],
    pool: Callable[[Path], Row],
    pair: Callable[[Path, Path], Row] | None = None,
) -> None:
    """``NAME FIRST LAST FILE`` plays the blocks, ``--pool FILE`` prints them pooled and, where
    the bench pairs runs, ``--pair A B`` the two files paired (as JSON)."""
    main = sys.modules["__main__"]
    parser = argparse.ArgumentParser(
        description=(main.__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--pool", metavar="FILE", type=Path, help="print the blocks pooled")
    if pair is not None:
        group.add_argument("--pair", nargs=2, metavar=("A", "B"), type=Path, help="A - B paired")
    group.add_argument("--run", nargs=4, metavar=("NAME", "FIRST", "LAST", "FILE"))
    argv = sys.argv[1:]
    if argv and not argv[0].startswith("-"):  # the documented short form: NAME FIRST LAST FILE
        argv = ["--run", *argv]
    args = parser.parse_args(argv)
    if args.pool is not None:
        print(json.dumps(pool(args.pool)))
    elif getattr(args, "pair", None) is not None:
        assert pair is not None
        print(json.dumps(pair(*args.pair)))
    else:
        name, first, last, file = args.run
        try:
            seeds = int(first), int(last)
        except ValueError:
            parser.error(f"FIRST and LAST must be whole numbers, not {first!r} and {last!r}")
        run(name, *seeds, Path(file))
