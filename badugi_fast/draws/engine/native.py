"""The C draw engine's marshalling: specs in, exact counts and Monte Carlo tallies out.

Monte Carlo trial t is a pure function of (seed, t) in C, so the trials may be split across
threads (or machines) in any way and give the same tally.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from fractions import Fraction
from math import factorial
from typing import Any

import numpy as np

from ..._badugi import ffi, lib
from ..._runtime import blocks
from ..._runtime.threads import run_in_threads, thread_count
from ...cards import DECK, Card
from ..limits import Limits
from ..policies.kept import caps_for
from ..policies.policy import Policy
from ..results import (
    RANK_SLOTS,
    SIZE_OF_RANK,
    DrawOdds,
    Equity,
    exact_equity,
    odds_from_ranks,
    proportion_stderr,
    sampled_equity,
)

MAX_SEATS: int = lib.BF_MAX_SEATS
# Monte Carlo trials per C call: a trial costs 0.2-5 us (one seat drawing to eight seats), so a
# block lasts 7-160 ms and Ctrl-C stops a run within that (_threads.py); a block's tally costs
# about 10 us to fold into the total.
BLOCK_TRIALS = 1 << 15
# An enumeration estimated at more than this many times max_exact plays is not tried (it would
# stop at max_exact and fall back to Monte Carlo): Knuth's estimate over ESTIMATE_PROBES random
# plays came within 10 % of the true count on the cases measured (tests/test_draws.py allows
# 50 %, as a guard against a broken estimator rather than a bound on its spread).
HOPELESS_FACTOR = 2
ESTIMATE_PROBES = 64
# Plays per block of an exact enumeration: a play costs 0.1-0.3 us with two seats or more, so a
# block lasts well under a second (more where the estimate is low, or a single row of the first
# branching step holds more), and Ctrl-C stops an enumeration of 10**8 plays (20-30 s) between
# blocks. One seat counts its last draw (csrc/draws/one_seat.c), a few ns a play; its blocks
# stay as they were, since the rank probabilities are summed block by block and must not change.
BLOCK_PATHS = 1 << 19


class Spec:
    """A bf_draw_spec, with the policy tables its pointers reach kept alive beside it."""

    def __init__(
        self,
        hands: Sequence[Sequence[int] | None],
        draws: int,
        policies: Sequence[Policy],
        limits: Limits | None,
        dead: frozenset[int],
        first_throw: Sequence[int] | None = None,
    ) -> None:
        spec = ffi.new("bf_draw_spec *")
        spec.seats, spec.draws = len(hands), draws
        spec.first_throw = (
            -1
            if first_throw is None
            else sum(1 << i for i, card in enumerate(hands[0] or ()) if card in first_throw)
        )
        for i, cap in enumerate(caps_for(limits, draws)):
            spec.caps[i] = cap
        self.tables: list[Any] = []
        for seat, (hand, policy) in enumerate(zip(hands, policies, strict=True)):
            if hand is None:
                spec.random_seat[seat] = 1
            else:
                spec.hands[seat][0:4] = list(hand)
            spec.policies[seat].break_above = (
                -1 if policy.break_above is None else policy.break_above
            )
            solved = policy.c_table(limits, draws)
            if solved is not None:
                table = ffi.from_buffer("uint8_t[]", solved.table)
                ties = ffi.from_buffer("uint16_t[]", solved.ties)
                self.tables += [table, ties]
                spec.policies[seat].table, spec.policies[seat].ties = table, ties
        spec.dead = sum(1 << card for card in dead)
        self.c = spec

    def first_throw(self) -> int:
        """Seat 0's first discard, as a mask over its hand's positions."""
        return int(lib.bf_draw_first_throw(self.c)) if self.c.draws else 0


class _DoesNotFit(Exception):
    """An enumeration block passed max_exact plays, or met a draw the stub cannot serve."""


def exact_counts(spec: Spec, max_exact: int) -> Any | None:
    """Run the exact enumeration, or return None when it does not fit in max_exact plays.

    It runs in blocks of the first branching step's rows (bf_draw_enumerate_rows), each about
    BLOCK_PATHS plays by the estimate, on the calling thread: Ctrl-C stops it between blocks
    (_threads.run_in_threads), and the integer counts add up exactly to one call's."""
    if max_exact <= 0:
        return None
    estimate = lib.bf_draw_estimate_paths(spec.c, ESTIMATE_PROBES, 0)
    if estimate > HOPELESS_FACTOR * max_exact:
        return None
    rows = int(lib.bf_draw_branch_rows(spec.c))
    if rows == 0:
        raise ValueError("invalid draw specification")  # validated above; C double-checks
    total = ffi.new("bf_draw_exact *")

    def run(lo: int, hi: int) -> Any:
        part = ffi.new("bf_draw_exact *")
        status = lib.bf_draw_enumerate_rows(spec.c, max_exact - total.paths, lo, hi, part)
        if status in (lib.BF_DRAW_TOO_MANY, lib.BF_DRAW_STUB_SHORT):
            raise _DoesNotFit
        if status != 0:
            raise ValueError("invalid draw specification")
        return part

    def fold(lo: int, hi: int, part: Any) -> None:
        lib.bf_draw_exact_add(total, part)

    per_block = max(1, int(rows * BLOCK_PATHS / max(estimate, 1.0)))
    try:  # one thread: the blocks' rank probabilities add up in the same order every run
        run_in_threads(rows, 1, run, block_rows=per_block, fold=fold)
    except _DoesNotFit:
        return None
    return total


def _fraction(hi: Any, lo: Any, stub: int) -> Fraction:
    """Sum over m of count_m * (U - m)! / U!: the exact probability from counts by cards dealt."""
    total = Fraction(0)
    for m in range(lib.BF_MAX_DEALT):
        count = hi[m] << 64 | lo[m]
        if count:
            total += Fraction(count * factorial(stub - m), factorial(stub))
    return total


def simulate(
    spec: Spec,
    trials: int,
    seed: int | None,
    threads: int | None,
    progress: bool,
    start: int = 0,
    total: Any = None,
) -> Any:
    """Monte Carlo trials start .. start + trials - 1 in C across threads, in blocks of
    BLOCK_TRIALS (each block's tally folded into ``total`` as it comes, so memory stays
    constant and Ctrl-C stops the run between blocks), added to ``total`` (a new tally when
    None), which is returned."""
    seed = secrets.randbits(64) if seed is None else seed
    total = ffi.new("bf_draw_tally *") if total is None else total
    nthreads = thread_count(threads, trials)
    bar = progress_bar(trials) if progress else None

    def run(lo: int, hi: int) -> Any:
        tally = ffi.new("bf_draw_tally *")
        if lib.bf_draw_simulate(spec.c, seed, start + lo, hi - lo, tally) != 0:
            raise ValueError("invalid draw specification")
        return tally

    def fold(lo: int, hi: int, tally: Any) -> None:
        _add_tally(total, tally)
        if bar is not None:
            bar.update(hi - lo)

    try:
        run_in_threads(trials, nthreads, run, block_rows=BLOCK_TRIALS, fold=fold)
    finally:
        if bar is not None:
            bar.close()
    return total


def progress_bar(total: int, unit: str = "trial", delay: float = 0.0) -> Any:
    """The runtime's progress bar, counting trials unless told otherwise."""
    return blocks.progress_bar(total, unit, delay)


def _add_tally(total: Any, part: Any) -> None:
    total.trials += part.trials
    for p in range(MAX_SEATS):
        total.share[p] += part.share[p]
        total.share_sq[p] += part.share_sq[p]
        total.wins[p] += part.wins[p]
        total.ties[p] += part.ties[p]
    ranks = np.frombuffer(ffi.buffer(total.ranks), dtype=np.uint64)
    ranks += np.frombuffer(ffi.buffer(part.ranks), dtype=np.uint64)


def thrown_cards(ids: Sequence[int], mask: int) -> tuple[Card, ...]:
    return tuple(DECK[card] for i, card in enumerate(ids) if mask >> i & 1)


def odds_from_exact(exact: Any, discard: tuple[Card, ...], stub: int) -> DrawOdds:
    ranks = np.array(ffi.unpack(exact.ranks, RANK_SLOTS), dtype=np.float64)
    fraction = _fraction(exact.size_hi[4], exact.size_lo[4], stub)
    return odds_from_ranks(
        ranks, discard, exact=True, badugi_fraction=fraction, paths=int(exact.paths)
    )


def odds_from_tally(tally: Any, discard: tuple[Card, ...]) -> DrawOdds:
    n = int(tally.trials)
    ranks = np.frombuffer(ffi.buffer(tally.ranks), dtype=np.uint64).astype(np.float64) / n
    p = float(ranks[SIZE_OF_RANK == 4].sum())
    return odds_from_ranks(ranks, discard, exact=False, stderr=proportion_stderr(p, n), trials=n)


def equity_from_exact(exact: Any, seats: int, stub: int) -> Equity:
    unit = lib.BF_SHARE_UNIT
    shares = [_fraction(exact.share_hi[p], exact.share_lo[p], stub) / unit for p in range(seats)]
    wins = [_fraction(exact.wins_hi[p], exact.wins_lo[p], stub) for p in range(seats)]
    return exact_equity(shares, wins, int(exact.paths))


def equity_from_tally(tally: Any, seats: int) -> Equity:
    unit = lib.BF_SHARE_UNIT
    return sampled_equity(
        [tally.share[p] / unit for p in range(seats)],
        [tally.share_sq[p] / unit**2 for p in range(seats)],
        [tally.wins[p] for p in range(seats)],
        int(tally.trials),
    )
