"""The Monte Carlo of ``equity`` in blocks of trials, on any executor (see ../_blocks.py).

Trial t of a seed depends on (seed, t) alone (``bf_draw_simulate`` is counter-based), and the
tally is integer counts, so the blocks' tallies add up to the one-machine tally exactly, in any
order. A block rebuilds the C draw specification from plain arguments on its worker: the cffi
struct itself does not travel. Exact enumerations and Python policies stay on this machine.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.blocks import Executor, block_bounds, check_picklable, run_blocks
from ..limits import Limits
from ..policies.policy import Policy
from .native import Spec

# Trials per block (a task): a trial costs 0.4-1.6 us on one core of the 2-vCPU machine (two to
# three seats, two or three draws), so a block takes about 1-3 s against a Dask task overhead
# of a few milliseconds (benches/test_bench_distributed.py).
BLOCK_TRIALS = 1 << 21

# Every field of bf_draw_tally is a uint64_t: a tally travels as one uint64 array and adds
# elementwise, wrapping exactly as the C sums do.
TALLY_WORDS = ffi.sizeof("bf_draw_tally") // 8
assert ffi.sizeof("bf_draw_tally") == 8 * TALLY_WORDS

Seats = Sequence[Sequence[int] | None]


def tally_block(
    seats: Seats,
    draws: int,
    policies: Sequence[Policy],
    caps: Limits | None,
    dead: frozenset[int],
    first: Sequence[int] | None,
    seed: int,
    lo: int,
    hi: int,
) -> npt.NDArray[np.uint64]:
    """The task: trials lo .. hi - 1 of the seed's stream, as the words of a bf_draw_tally."""
    spec = Spec(seats, draws, policies, caps, dead, first)
    tally = ffi.new("bf_draw_tally *")
    if lib.bf_draw_simulate(spec.c, seed, lo, hi - lo, tally) != 0:
        raise ValueError("invalid draw specification")
    return np.frombuffer(ffi.buffer(tally), dtype=np.uint64).copy()


def tally_on(
    executor: Executor,
    seats: Seats,
    draws: int,
    policies: Sequence[Policy],
    caps: Limits | None,
    dead: frozenset[int],
    first: Sequence[int] | None,
    trials: int,
    seed: int | None,
    *,
    block: int | None = None,
    progress: bool = False,
) -> Any:
    """The bf_draw_tally of trials 0 .. trials - 1 of ``Spec(seats, draws, policies, caps, dead,
    first)``, played in blocks on ``executor``: the same counts, bit for bit, as the threaded
    run of the same seed (None: one random seed for all)."""
    if executor is not None:
        for seat, policy in enumerate(policies):
            check_picklable(f"seat {seat}'s policy", policy)
    seed = secrets.randbits(64) if seed is None else seed
    hands = [None if s is None else tuple(s) for s in seats]
    args = (hands, draws, list(policies), caps, dead, None if first is None else tuple(first), seed)
    bounds = block_bounds(0, trials, BLOCK_TRIALS if block is None else block)
    total = np.zeros(TALLY_WORDS, dtype=np.uint64)
    for part in run_blocks(executor, tally_block, args, bounds, progress=progress, unit="trial"):
        total += part  # uint64 addition wraps as C's does; integer sums: any order, same total
    tally = ffi.new("bf_draw_tally *")
    ffi.memmove(tally, total.tobytes(), ffi.sizeof("bf_draw_tally"))
    return tally
