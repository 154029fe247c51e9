"""Resumable blocks, the loop of the long benches (lbr_blocks.py, search_match.py): seeds
FIRST..LAST played one block a seed, each block's row appended to a JSON-lines file as it ends,
so that a run stopped and started again plays only the seeds the file does not hold; and the
blocks read back and pooled.

A row is the block's own result, then ``seconds`` (its wall time), ``load`` (the load average
before and after it: the machine is shared) and ``solves`` (the searching bot's re-solves so
far), the keys the pooling reads besides the bench's own.
"""

from __future__ import annotations

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
    args = sys.argv[1:]
    if args[0] == "--pool":
        print(json.dumps(pool(Path(args[1]))))
    elif args[0] == "--pair" and pair is not None:
        print(json.dumps(pair(Path(args[1]), Path(args[2]))))
    else:
        run(args[0], int(args[1]), int(args[2]), Path(args[3]))
