"""The starting-hand chart's contents and file format, and the suit classes its rows stand for
(how its cells are computed: build.py; the generator: tools/gen_chart.py).

The file (little-endian): ``b"BFCHART2"``; uint32 classes, uint8 columns, uint32 block, uint32
max_trials, float64 target, uint64 seed, uint8 draws; per column a 16-byte policy name
(ASCII, NUL-padded) and a uint8 opponent count; then per class its 4 ids (ascending), a uint32
count of the hands in the class, and per column a uint16 equity (x 65535), a uint16 stderr
(x 2**20) and a uint16 count of blocks played.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Any

import numpy as np
import numpy.typing as npt

from ...hands.universe import all_hands, lex_index

MAGIC = b"BFCHART2"
DRAWS = 3
SEED = 20261130
BLOCK = 1 << 13  # trials a block: the stopping rule looks at the stderr after each
MAX_TRIALS = 1 << 16  # a share in [0, 1] has variance <= 1/4: stderr <= 0.5 / 256 < 0.002
TARGET = 0.002
EQUITY_SCALE = 65535
STDERR_SCALE = 1 << 20  # a stderr up to 0.0625 (a short test run), in steps of 1e-6
NAME_BYTES = 16
_HEADER = struct.Struct("<IBIIdQB")
_COLUMN = struct.Struct(f"<{NAME_BYTES}sB")


@dataclass(frozen=True)
class Column:
    """One column of the chart: every seat draws by ``policy``; ``opponents`` random hands."""

    policy: str
    opponents: int


@dataclass(frozen=True)
class Settings:
    """How every cell is played: its stream's seed, block size, stopping rule and draws."""

    seed: int = SEED
    block: int = BLOCK
    max_trials: int = MAX_TRIALS
    target: float = TARGET
    draws: int = DRAWS


@dataclass
class Chart:
    """A chart's contents: the classes (lowest hand, hand count) and per column and class the
    equity, its stderr and the trials played, as the file stores them."""

    settings: Settings
    columns: list[Column]
    hands: npt.NDArray[np.uint8]  # (classes, 4)
    counts: npt.NDArray[np.uint32]
    equity: npt.NDArray[np.float64]  # (classes, columns)
    stderr: npt.NDArray[np.float64]
    trials: npt.NDArray[np.int64]


@lru_cache(maxsize=1)
def class_of_hand() -> npt.NDArray[np.int64]:
    """For every hand (in all_hands order), the lex index of the lowest hand of its suit class."""
    hands = all_hands().astype(np.int64)
    lowest = np.full(len(hands), len(hands), dtype=np.int64)
    for order in permutations(range(4)):
        relabelled = (hands & ~3) | np.array(order)[hands & 3]
        lowest = np.minimum(lowest, lex_index(relabelled))
    return lowest


@lru_cache(maxsize=1)
def suit_classes() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The lowest hand of each suit class (rows ascending) and how many hands the class holds."""
    representatives, counts = np.unique(class_of_hand(), return_counts=True)
    return all_hands()[representatives], counts


def encode(chart: Chart) -> bytes:
    s = chart.settings
    header = MAGIC + _HEADER.pack(
        len(chart.hands), len(chart.columns), s.block, s.max_trials, s.target, s.seed, s.draws
    )
    for column in chart.columns:
        header += _COLUMN.pack(column.policy.encode("ascii"), column.opponents)
    rows = np.zeros(len(chart.hands), dtype=_row_dtype(len(chart.columns)))
    rows["ids"], rows["count"] = chart.hands, chart.counts
    rows["cells"][:, :, 0] = np.rint(np.clip(chart.equity, 0, 1) * EQUITY_SCALE)
    rows["cells"][:, :, 1] = np.rint(np.clip(chart.stderr * STDERR_SCALE, 0, 65535))
    rows["cells"][:, :, 2] = chart.trials // s.block
    return header + rows.tobytes()


def decode(data: bytes, source: str = "chart") -> Chart:
    """The chart in ``data``; ValueError naming ``source`` when it is not a whole chart file."""
    fixed = len(MAGIC) + _HEADER.size
    if data[: len(MAGIC)] != MAGIC or len(data) < fixed:
        raise ValueError(f"{source} is not a starting-hand chart (no {MAGIC!r} header)")
    classes, ncolumns, block, max_trials, target, seed, draws = _HEADER.unpack_from(data, 8)
    columns = []
    for i in range(ncolumns):
        name, opponents = _COLUMN.unpack_from(data, fixed + i * _COLUMN.size)
        columns.append(Column(name.rstrip(b"\0").decode("ascii"), opponents))
    start = fixed + ncolumns * _COLUMN.size
    dtype = _row_dtype(ncolumns)
    if len(data) != start + classes * dtype.itemsize:
        raise ValueError(f"{source} is cut short or too long for {classes} classes")
    rows = np.frombuffer(data, dtype=dtype, offset=start)
    cells = rows["cells"].astype(np.float64)
    return Chart(
        Settings(seed, block, max_trials, target, draws),
        columns,
        rows["ids"].copy(),
        rows["count"].astype(np.uint32),
        cells[:, :, 0] / EQUITY_SCALE,
        cells[:, :, 1] / STDERR_SCALE,
        rows["cells"][:, :, 2].astype(np.int64) * block,
    )


def quantized(equity: Any, stderr: Any, trials: Any, block: int) -> tuple[Any, Any, Any]:
    """Cells as the file keeps them (what a reader gets back)."""
    return (
        np.rint(np.clip(equity, 0, 1) * EQUITY_SCALE) / EQUITY_SCALE,
        np.rint(np.clip(np.asarray(stderr) * STDERR_SCALE, 0, 65535)) / STDERR_SCALE,
        np.asarray(trials, dtype=np.int64) // block * block,
    )


def _row_dtype(ncolumns: int) -> np.dtype[Any]:
    return np.dtype([("ids", "u1", 4), ("count", "<u4"), ("cells", "<u2", (ncolumns, 3))])
