"""Equity against ranges: each player a known hand, ``None`` (a random hand) or a range.

Hands are dealt from each range by weight with card removal: the deal of all range seats
follows the product of their weights restricted to deals in which no card is held twice (the
whole deal is redrawn in C on a clash), random hands then come from the cards left, and every
player draws by the policy. Exact over every combination of the ranges' hands when that fits in
``max_exact`` plays, else Monte Carlo in C over threads, reproducible for a seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.blocks import Executor, block_bounds, check_picklable, run_blocks
from ..._runtime.threads import run_in_threads, thread_count
from ...cards import CardLike
from ...hands.universe import all_hands
from ..checks import (
    Holding,
    card_set,
    check_apart,
    check_draws,
    check_run,
    trials_or,
)
from ..engine.native import (
    BLOCK_PATHS,
    ESTIMATE_PROBES,
    HOPELESS_FACTOR,
    MAX_SEATS,
    Spec,
    _add_tally,
    equity_from_tally,
)
from ..limits import Limits, LimitsLike, check_limits
from ..policies.policy import Policy, PolicyLike, to_policy
from ..results import Equity, EquityMatrix
from .range import Range, parse_range

__all__ = ["equity_matrix", "ranged_equity"]

DEFAULT_TRIALS = 1_000_000  # as equity's
DEFAULT_DRAWS = 3  # as equity's: a dealt hand in triple draw

MATRIX_TRIALS = 10_000  # Monte Carlo trials per hand of the first range
MATRIX_MAX_EXACT = 10**6  # plays per hand of the first range before Monte Carlo
# Rows of equity_matrix per task on an executor: a row costs 5-50 ms (10,000 trials, or an
# exact enumeration), so a task takes 0.3-3 s, well above a Dask task's few milliseconds.
MATRIX_BLOCK_ROWS = 64
_MIX = 0x9E3779B97F4A7C15  # spreads the per-row seeds of equity_matrix
# Monte Carlo trials per C call: half the draw engine's BLOCK_TRIALS, as a trial deals from the
# ranges again until no card is held twice (up to BF_RANGE_MAX_TRIES deals, about 20 us when the
# ranges almost never fit; 0.3-1 us a trial otherwise), so a block stays well under a second
# (Ctrl-C stops between blocks) and its Python cost (~30 us) stays below 1 % of it.
RANGE_BLOCK_TRIALS = 1 << 14
_SCAN_ROWS = 256  # rows of a range looked at a time for a first deal


@dataclass
class _Ranges:
    """The bf_range array for C, and the numpy arrays it points into (kept alive here)."""

    c_ranges: Any
    keepalive: list[Any]


def _c_ranges(ranges: Sequence[Range | None], with_weights: bool) -> _Ranges:
    c_ranges = ffi.new("bf_range[]", MAX_SEATS)
    keepalive: list[Any] = []
    for p, found in enumerate(ranges):
        if found is None:
            continue
        n = len(found)
        hands = np.ascontiguousarray(found.hands)
        weights = np.ascontiguousarray(found.weights)
        table = ffi.new("bf_range_column[]", n)
        c_hands = ffi.from_buffer("uint8_t[]", hands)
        c_weights = ffi.from_buffer("double[]", weights)
        if lib.bf_range_alias(n, c_hands, c_weights, table) != 0:
            raise ValueError("range weights are positive and finite")
        c_ranges[p].n, c_ranges[p].hands, c_ranges[p].table = n, c_hands, table
        c_ranges[p].uniform = bool((weights == 1.0).all())  # the same deals, a smaller read
        c_ranges[p].weights = c_weights if with_weights else ffi.NULL
        keepalive += [hands, weights, table, c_hands, c_weights]
    return _Ranges(c_ranges, keepalive)


def _without_cards(found: Range, cards: frozenset[int]) -> Range:
    if not cards:
        return found
    blocked = np.isin(found.hands, np.array(sorted(cards), dtype=np.uint8)).any(axis=1)
    return Range(found.positions[~blocked], found.weights[~blocked])


def _known_cards(seats: Sequence[Holding], dead: frozenset[int]) -> set[int]:
    known = set(dead)
    for seat in seats:
        if isinstance(seat, tuple):
            known.update(seat)
    return known


def _live_ranges(seats: Sequence[Holding], dead: frozenset[int]) -> list[Range | None]:
    """Each range without the hands that hold a known player's card or a dead card."""
    known = _known_cards(seats, dead)
    live: list[Range | None] = []
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, Range):
            live.append(None)
            continue
        left = _without_cards(seat, frozenset(known))
        if not len(left):
            raise ValueError(
                f"the range of player {number} ({str(seat)[:60]!r}) is empty once the other "
                "players' known cards and the dead cards are removed"
            )
        live.append(left)
    return live


def _as_random(
    seats: Sequence[Holding], live: Sequence[Range | None], dead: frozenset[int]
) -> list[Holding]:
    """Seats whose live range is every hand the known and dead cards leave, all at one weight,
    become random hands: the same deal exactly, without a table to sample."""
    unseen = 52 - len(_known_cards(seats, dead))
    return [
        None
        if found is not None and len(found) == comb(unseen, 4) and len(set(found.weights)) == 1
        else seat
        for seat, found in zip(seats, live, strict=True)
    ]


def _first_deal(seats: Sequence[Holding], live: Sequence[Range | None]) -> list[Any] | None:
    """Hands for the spec: known ones, None, and for ranges a first hand apart from the rest."""
    used = {card for seat in seats if isinstance(seat, tuple) for card in seat}
    deal: list[Any] = []
    for seat, found in zip(seats, live, strict=True):
        if found is None:
            deal.append(seat)
            continue
        taken = np.array(sorted(used), dtype=np.uint8)
        for lo in range(0, len(found), _SCAN_ROWS):  # the first hand apart: usually near the top
            rows = all_hands()[found.positions[lo : lo + _SCAN_ROWS]]
            apart = np.flatnonzero(~np.isin(rows, taken).any(axis=1))
            if len(apart):
                break
        else:
            return None
        first = tuple(int(card) for card in rows[apart[0]])
        used.update(first)
        deal.append(first)
    return deal


def _exact(spec: Any, live: Sequence[Range | None], max_exact: int, n: int) -> Equity | None:
    combos = float(np.prod([len(r) for r in live if r is not None]))
    estimate = lib.bf_draw_estimate_paths(spec, ESTIMATE_PROBES, 0)
    if max_exact <= 0 or estimate < 0 or combos * estimate > HOPELESS_FACTOR * max_exact:
        return None
    ranges = _c_ranges(live, with_weights=True)
    sums = ffi.new("bf_range_sums *")
    # Blocks of the first range's hands, about BLOCK_PATHS plays each, in order on this thread
    # (each adds to the sums the last one left, so they are one call's to the bit): Ctrl-C
    # stops a long enumeration between them, as it stops the draw engine's.
    rows = next(len(r) for r in live if r is not None)
    per_block = max(1, int(rows * BLOCK_PATHS / max(combos * estimate, 1.0)))

    def run(lo: int, hi: int) -> None:
        status = lib.bf_range_enumerate_rows(spec, ranges.c_ranges, max_exact, lo, hi, sums)
        if status in (lib.BF_DRAW_TOO_MANY, lib.BF_DRAW_STUB_SHORT):
            raise _DoesNotFit
        _raise_for(status)

    try:
        run_in_threads(rows, 1, run, block_rows=per_block)
    except _DoesNotFit:
        return None
    if sums.weight_sum == 0.0:
        _raise_for(lib.BF_RANGE_EMPTY)
    equity = [sums.share[p] / sums.weight_sum for p in range(n)]
    wins = [sums.win[p] / sums.weight_sum for p in range(n)]
    ties = [e - w for e, w in zip(equity, wins, strict=True)]
    return Equity(equity, wins, ties, exact=True, paths=int(sums.paths))


class _DoesNotFit(Exception):
    """A block passed max_exact plays, or met a draw the stub cannot serve."""


def _raise_for(status: int) -> None:
    if status == lib.BF_RANGE_EMPTY:
        raise ValueError("the ranges leave no deal in which every card is held once")
    if status == lib.BF_RANGE_NO_DEAL:
        raise ValueError(
            f"{lib.BF_RANGE_MAX_TRIES} deals from the ranges in a row held a card twice: the "
            "ranges (almost) never fit together"
        )
    if status != 0:
        raise ValueError("invalid draw specification")  # validated in Python; C double-checks


def _simulate(
    spec: Any,
    live: Sequence[Range | None],
    trials: int,
    seed: int,
    threads: int | None,
) -> Any:
    ranges = _c_ranges(live, with_weights=False)

    def run(lo: int, hi: int) -> Any:
        tally = ffi.new("bf_draw_tally *")
        _raise_for(lib.bf_range_simulate(spec, ranges.c_ranges, seed, lo, hi - lo, tally))
        return tally

    total = ffi.new("bf_draw_tally *")

    def fold(lo: int, hi: int, tally: Any) -> None:  # each block's tally as it comes
        _add_tally(total, tally)

    nthreads = thread_count(threads, trials)
    run_in_threads(trials, nthreads, run, block_rows=RANGE_BLOCK_TRIALS, fold=fold)
    return total


def ranged_equity(
    seats: Sequence[Holding],
    draws: int,
    dead: frozenset[int],
    policies: Sequence[Policy],
    caps: Limits | None,
    trials: int | None,
    seed: int | None,
    max_exact: int,
    threads: int | None,
    first: Sequence[int] | None = None,
) -> Equity:
    """``equity`` when some players are ranges (the other arguments checked by the caller):
    exact over every combination of the ranges' hands when it fits, else Monte Carlo."""
    check_apart([s if isinstance(s, tuple) else None for s in seats], dead)
    if not all(policy.in_c for policy in policies):
        raise ValueError("equity against ranges runs in C: use a policy the C engine plays")
    if 52 - len(dead) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    live = _live_ranges(seats, dead)
    deal = _first_deal(seats, live)
    if deal is None:
        raise ValueError("the ranges leave no deal in which every card is held once")
    spec = Spec(deal, draws, policies, caps, dead, first)
    if all(seat is not None for seat in seats):
        found = _exact(spec.c, live, max_exact, len(seats))
        if found is not None:
            return found
    sampled = _as_random(seats, live, dead)
    if any(seat is None and found is not None for seat, found in zip(sampled, live, strict=True)):
        live = [f if isinstance(s, Range) else None for s, f in zip(sampled, live, strict=True)]
        deal = _first_deal(sampled, live)
        assert deal is not None  # fewer ranges to fit than before
        spec = Spec(deal, draws, policies, caps, dead, first)
    n = trials_or(trials, DEFAULT_TRIALS)
    seed = secrets.randbits(64) if seed is None else seed
    return equity_from_tally(_simulate(spec.c, live, n, seed, threads), len(seats))


def equity_matrix(
    range_a: Range | str,
    range_b: Range | str,
    draws: int = DEFAULT_DRAWS,
    *,
    trials: int = MATRIX_TRIALS,
    seed: int | None = None,
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: LimitsLike = None,
    threads: int | None = None,
    max_exact: int = MATRIX_MAX_EXACT,
    executor: Executor = None,
) -> EquityMatrix:
    """The equity of each hand of ``range_a`` (in ``range_a.hands`` order, without the hands
    holding a dead card) heads-up against ``range_b`` with ``draws`` draws to come (default 3,
    as ``equity``), and its stderr, as an ``EquityMatrix`` (``.equity``, ``.stderr``; it unpacks
    as a pair). The stderr is 0 where exact: at most
    ``max_exact`` plays for the hand, else ``trials`` Monte Carlo trials). A hand that every
    hand of ``range_b`` holds a card of gets NaN; a range the dead cards leave empty is a
    ValueError, as in ``equity``. Reproducible for a ``seed`` whatever ``threads``.
    ``executor``: None (this machine's threads), any concurrent.futures Executor or a Dask
    Client; the rows go out in blocks of MATRIX_BLOCK_ROWS, each row seeded by its index, so the
    arrays are the same bit for bit on any executor."""
    first, second = parse_range(range_a), parse_range(range_b)  # type: ignore[arg-type]
    draws = check_draws(draws)
    dead_ids = card_set(dead, "dead cards")
    for number, given in enumerate((first, second), start=1):  # as equity refuses them
        if not len(_without_cards(given, dead_ids)):
            raise ValueError(
                f"the range of player {number} ({str(given)[:60]!r}) is empty once the dead"
                " cards are removed"
            )
    first = _without_cards(first, dead_ids)
    check_run(seed, threads, max_exact, trials)
    trials = trials_or(trials, MATRIX_TRIALS)
    chosen, caps = to_policy(policy), check_limits(limits)
    base = secrets.randbits(64) if seed is None else seed
    rows = [(a, b, c, d) for a, b, c, d in first.hands.tolist()]
    args = (rows, second, draws, dead_ids, chosen, caps, trials, base, max_exact)
    if executor is not None:
        check_picklable("the policy", chosen)
        bounds = block_bounds(0, len(rows), MATRIX_BLOCK_ROWS) if rows else []
        parts = run_blocks(executor, matrix_rows, args, bounds, unit="hand")
        if not parts:
            return EquityMatrix(np.full(0, np.nan), np.full(0, np.nan))
        return EquityMatrix(
            np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
        )
    equity, stderr = np.full(len(rows), np.nan), np.full(len(rows), np.nan)

    def one(lo: int, hi: int) -> None:
        equity[lo:hi], stderr[lo:hi] = matrix_rows(*args, lo, hi)

    run_in_threads(len(rows), thread_count(threads, len(rows), min_rows=2), one)
    return EquityMatrix(equity, stderr)


def matrix_rows(
    rows: Sequence[tuple[int, int, int, int]],
    second: Range,
    draws: int,
    dead_ids: frozenset[int],
    chosen: Policy,
    caps: Limits | None,
    trials: int,
    base: int,
    max_exact: int,
    lo: int,
    hi: int,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Rows lo .. hi - 1 of equity_matrix (a task: module-level, plain arguments): row i is
    seeded by (base, i) alone, so any split gives the same rows."""
    equity, stderr = np.full(hi - lo, np.nan), np.full(hi - lo, np.nan)
    for i in range(lo, hi):
        if not len(_without_cards(second, frozenset(rows[i]) | dead_ids)):
            continue  # every hand of the second range holds one of this hand's cards
        found = ranged_equity(
            [rows[i], second], draws, dead_ids, [chosen, chosen], caps, trials,
            (base + i * _MIX) % 2**64, max_exact, 1,
        )  # fmt: skip
        equity[i - lo] = found.equity[0]
        stderr[i - lo] = 0.0 if found.exact else (found.stderr or [0.0])[0]
    return equity, stderr
