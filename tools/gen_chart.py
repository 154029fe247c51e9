"""Generate the starting-hand chart: every dealt hand up to suit symmetry, with its equity
against one to five random opponents, three draws to come, every player drawing by the default
policy (Monte Carlo in C, ``TRIALS`` trials per class and opponent count: stderr <= 0.002).

Hands that differ only by a relabelling of suits play alike, so one representative per suit
class is simulated (the lowest hand of the class, ids ascending, rows in lexicographic order).
Trial streams are seeded from (seed, class, opponents) alone, so any subset of the classes is
recomputed bit for bit, on any number of threads or machines.

The file (little-endian): the magic ``b"BFCHART1"``, uint32 classes, uint8 opponent counts,
uint32 trials, then per class 4 uint8 ids, a uint32 count of hands in the class, and for each
opponent count a uint16 equity (x 65535) and a uint16 stderr (x 2**24). Its sha256 is printed.

The full run is hours on a 2-core machine (``--sample`` measures the rate and prints the
projection). ``top N%`` in the range language reads this chart once it ships.

Usage:
    python tools/gen_chart.py --out chart.bin                  # every class (hours)
    python tools/gen_chart.py --sample 40 --out sample.bin     # a seeded sample, and a projection
"""

from __future__ import annotations

import argparse
import hashlib
import struct
import sys
import time
from itertools import permutations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from badugi_fast import equity
from badugi_fast.draws.range_hands import all_hands, lex_index

MAGIC = b"BFCHART1"
OPPONENTS = (1, 2, 3, 4, 5)
TRIALS = 1 << 16  # a share in [0, 1] has variance <= 1/4: stderr <= 0.5 / 256 < 0.002
DRAWS = 3
SEED = 20261130
EQUITY_SCALE = 65535
STDERR_SCALE = 1 << 24


def suit_classes() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The lowest hand of each suit class (rows ascending) and how many hands the class holds."""
    hands = all_hands().astype(np.int64)
    lowest = np.full(len(hands), len(hands), dtype=np.int64)
    for order in permutations(range(4)):
        relabelled = (hands & ~3) | np.array(order)[hands & 3]
        lowest = np.minimum(lowest, lex_index(relabelled))
    representatives, counts = np.unique(lowest, return_counts=True)
    return all_hands()[representatives], counts


def class_seed(seed: int, index: int, opponents: int) -> int:
    return (seed * 1_000_003 + index * 8 + opponents) % 2**64


def chart_rows(
    representatives: npt.NDArray[np.uint8],
    indices: npt.NDArray[np.intp],
    trials: int = TRIALS,
    seed: int = SEED,
    threads: int | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Equity and stderr of the classes ``indices``, (len, 5) each, against 1..5 opponents."""
    shape = (len(indices), len(OPPONENTS))
    values, errors = np.empty(shape), np.empty(shape)
    for row, index in enumerate(indices.tolist()):
        hand = [int(card) for card in representatives[index]]
        for column, opponents in enumerate(OPPONENTS):
            found = equity(
                [hand, *[None] * opponents], DRAWS, trials=trials, max_exact=0,
                seed=class_seed(seed, index, opponents), threads=threads,
            )  # fmt: skip
            assert found.stderr is not None
            values[row, column], errors[row, column] = found.equity[0], found.stderr[0]
    return values, errors


def encode(
    representatives: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.int64],
    values: npt.NDArray[np.float64],
    errors: npt.NDArray[np.float64],
    trials: int,
) -> bytes:
    header = MAGIC + struct.pack("<IBI", len(representatives), len(OPPONENTS), trials)
    rows = np.zeros(
        len(representatives),
        dtype=[("ids", "u1", 4), ("count", "<u4"), ("cells", "<u2", (len(OPPONENTS), 2))],
    )
    rows["ids"], rows["count"] = representatives, counts
    rows["cells"][:, :, 0] = np.rint(np.clip(values, 0, 1) * EQUITY_SCALE)
    rows["cells"][:, :, 1] = np.rint(np.clip(errors * STDERR_SCALE, 0, 65535))
    return header + rows.tobytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sample", type=int, help="only this many classes, chosen by --seed")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--threads", type=int)
    args = parser.parse_args(argv)
    representatives, counts = suit_classes()
    indices = np.arange(len(representatives))
    if args.sample is not None:
        rng = np.random.default_rng(args.seed)
        indices = np.sort(rng.choice(len(representatives), args.sample, replace=False))
    start = time.perf_counter()
    values, errors = chart_rows(representatives, indices, args.trials, args.seed, args.threads)
    elapsed = time.perf_counter() - start
    data = encode(representatives[indices], counts[indices], values, errors, args.trials)
    args.out.write_bytes(data)
    print(f"{len(indices)} of {len(representatives)} suit classes in {elapsed:.1f} s")
    print(f"sha256 {hashlib.sha256(data).hexdigest()}  {args.out}")
    if args.sample is not None:
        hours = elapsed / len(indices) * len(representatives) / 3600
        print(f"projected full run: {hours:.1f} h at this rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
