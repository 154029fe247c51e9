"""best_discard in C: every allowed first discard in one pass (csrc/badugi_draw_best.c).

Exact where an option's plays fit in ``max_exact`` (all opponents known): one C call per option,
which counts seat 0's last draw in a tight loop when the other seats stand pat at it. Monte
Carlo for the rest, with common random numbers: a trial shuffles the stub once, gives every
seat a fixed part of it, plays the opponents once and meets every option with that play; range
opponents get a hand per trial from draws/best_deal.py, the same for every option. This deals
as the draw engine does while no reshuffle can happen (``bf_best_fits``: e.g. heads-up with
three draws, 12 + 16 cards of a 44-card stub); otherwise (a full table, heavy dead cards)
best_discard falls back to the draw engine option by option (draws/api.py), which is also the
reference the tests compare this path with.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, factorial
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.threads import run_in_threads, thread_count
from ..engine.native import ESTIMATE_PROBES, HOPELESS_FACTOR, Spec, progress_bar
from ..results import Equity, exact_equity, sampled_equity
from .deal import Dealer

TOP_UPS = 4  # rounds of more trials after the pilot, until every option meets the target
# Trials per C call: a trial of 16 options costs about 2-4 us, so a block lasts about 10-20 ms
# (Ctrl-C stops between blocks); its tally (16 x 25 words) folds in as one numpy addition.
BLOCK_TRIALS = 1 << 12
PROGRESS_DELAY = 1.0  # seconds before a progress bar shows: only longer runs get one
_WORDS = ffi.sizeof("bf_best_tally") // 8
_SHARE = ffi.offsetof("bf_best_tally", "share") // 8
_SQUARE = ffi.offsetof("bf_best_tally", "share_sq") // 8
_WINS = ffi.offsetof("bf_best_tally", "wins") // 8


class Sampling(NamedTuple):
    """How best_discard samples: trials per option at most, the seed, and the stderr target."""

    trials: int
    seed: int
    threads: int | None
    progress: bool
    target_stderr: float | None  # None: exactly ``trials`` for every option
    pilot: int  # trials every option plays before the target decides how many more


def fits(spec: Spec, dealer: Dealer | None = None) -> bool:
    """True when the Monte Carlo parts fit in the stub (no reshuffle can happen)."""
    return bool(lib.bf_best_fits(spec.c, 0 if dealer is None else dealer.mask) == 1)


def others_stand_pat(spec: Spec) -> bool:
    """True when every seat but seat 0 is a known hand its policy keeps at every draw to come
    (then seat 0's last draw is always counted in C's tight loop)."""
    one = ffi.new("bf_draw_spec *")
    one.seats, one.first_throw, one.dead = 1, -1, spec.c.dead
    draws = spec.c.draws
    for p in range(1, spec.c.seats):
        if spec.c.random_seat[p]:
            return False
        one.hands[0] = spec.c.hands[p]
        one.policies[0] = spec.c.policies[p]
        for left in range(1, draws + 1):  # the first throw with `left` draws to come
            one.draws, one.caps[0] = left, spec.c.caps[draws - left]
            if lib.bf_draw_first_throw(one) != 0:
                return False
    return True


def exact_options(
    spec: Spec, masks: Sequence[int], max_exact: int, **stated: Any
) -> list[Equity | None]:
    """Each option's exact equity, or None where its plays would pass ``max_exact``
    (``stated``: the draws, policy and limits each result records)."""
    if max_exact <= 0:
        return [None] * len(masks)
    stub = 52 - 4 * spec.c.seats - bin(spec.c.dead).count("1")
    probes = 1 if spec.c.draws == 1 else ESTIMATE_PROBES  # one draw: every probe is the count
    out = _new_unzeroed("bf_best_exact[]", len(masks))  # C overwrites each option it counts
    done = []
    for i, mask in enumerate(masks):
        spec.c.first_throw = mask
        estimate = lib.bf_draw_estimate_paths(spec.c, probes, 0)
        spec.c.first_throw = -1
        if estimate > HOPELESS_FACTOR * max_exact:
            continue
        status = lib.bf_best_enumerate(spec.c, mask, max_exact, out + i)
        if status in (lib.BF_DRAW_TOO_MANY, lib.BF_DRAW_STUB_SHORT):
            continue
        if status != 0:
            raise ValueError("invalid draw specification")  # validated in Python; C re-checks
        done.append(i)
    found: list[Equity | None] = [None] * len(masks)
    if not done:
        return found
    words = np.frombuffer(ffi.buffer(out), dtype=np.uint64).reshape(len(masks), -1)
    seats = spec.c.seats
    shares = _probabilities(_counts(words, "share", seats, done), stub, lib.BF_SHARE_UNIT)
    wins = _probabilities(_counts(words, "wins", seats, done), stub)
    for row, i in enumerate(done):
        found[i] = exact_equity(shares[row], wins[row], int(out[i].paths), **stated)
    return found


_new_unzeroed = ffi.new_allocator(should_clear_after_alloc=False)
_FACTORIAL = [factorial(n) for n in range(53)]


def cheap_options(spec: Spec, masks: Sequence[int], max_exact: int, deals: int) -> list[int]:
    """The options whose plays, over every one of ``deals`` deals of the ranges, fit in
    ``max_exact`` by the estimate (of the spec's stand-in hands)."""
    cheap = []
    for i, mask in enumerate(masks):
        spec.c.first_throw = mask
        estimate = lib.bf_draw_estimate_paths(spec.c, ESTIMATE_PROBES, 0)
        spec.c.first_throw = -1
        if 0 <= deals * estimate <= max_exact:
            cheap.append(i)
    return cheap


def _field(
    words: npt.NDArray[np.uint64], name: str, seats: int, rows: list[int]
) -> npt.NDArray[np.uint64]:
    """A [seats][dealt] field of bf_best_exact, for the given rows of words."""
    start = ffi.offsetof("bf_best_exact", name) // 8
    end = start + lib.BF_MAX_SEATS * lib.BF_MAX_DEALT
    return words[rows, start:end].reshape(len(rows), lib.BF_MAX_SEATS, lib.BF_MAX_DEALT)[:, :seats]


def _counts(
    words: npt.NDArray[np.uint64], name: str, seats: int, rows: list[int]
) -> list[list[dict[int, int]]]:
    """Each row's and seat's nonzero 128-bit counts of a field (share or wins), by cards
    dealt."""
    high = _field(words, f"{name}_hi", seats, rows)
    low = _field(words, f"{name}_lo", seats, rows)
    found: list[list[dict[int, int]]] = [[{} for _ in range(seats)] for _ in rows]
    for row, p, m in zip(*np.nonzero(high | low), strict=True):
        found[row][p][int(m)] = int(high[row, p, m]) << 64 | int(low[row, p, m])
    return found


def _probabilities(
    counts: list[list[dict[int, int]]], stub: int, unit: int = 1
) -> list[list[Fraction]]:
    return [[_probability(seat, stub, unit) for seat in row] for row in counts]


def _probability(counts: dict[int, int], stub: int, unit: int = 1) -> Fraction:
    """sum over m of count_m (U - m)! / U!, over one common denominator U! / (U - M)!."""
    if not counts:
        return Fraction(0)
    most = max(counts)
    numerator = sum(count * _FACTORIAL[stub - m] // _FACTORIAL[stub - most]
                    for m, count in counts.items())  # fmt: skip
    return Fraction(numerator, _FACTORIAL[stub] // _FACTORIAL[stub - most] * unit)


def sampled_options(
    spec: Spec,
    masks: Sequence[int],
    sampling: Sampling,
    dealer: Dealer | None = None,
    **stated: Any,
) -> list[Equity]:
    """Each option's Monte Carlo equity on common random numbers (``fits(spec, dealer)``
    holds; ``dealer`` deals the range seats): a pilot of ``sampling.pilot`` trials, then for
    each option as many more trials of the same stream as its spread asks for (at most
    ``sampling.trials``), or exactly ``trials`` each."""
    n = len(masks)
    total = np.zeros((n, _WORDS), dtype=np.uint64)
    first = (
        sampling.trials if sampling.target_stderr is None else min(sampling.pilot, sampling.trials)
    )
    bar = progress_bar(first, delay=PROGRESS_DELAY) if sampling.progress else None
    try:
        _simulate(spec, masks, [first] * n, 0, sampling, total, bar, dealer)
        if sampling.target_stderr is None:
            return _equities(total, spec.c.seats, stated)
        played = [first] * n
        for _ in range(TOP_UPS):  # each option's spread says how many trials it needs in all
            spread = [(e.stderr or [0.0])[0] for e in _equities(total, spec.c.seats, stated)]
            needed = [
                min(sampling.trials, max(m, ceil(m * (s / sampling.target_stderr) ** 2)))
                for m, s in zip(played, spread, strict=True)
            ]
            if needed == played:
                break
            if bar is not None:
                bar.total = max(needed)
            _simulate(spec, masks, needed, max(played), sampling, total, bar, dealer, played)
            played = needed
    finally:
        if bar is not None:
            bar.close()
    return _equities(total, spec.c.seats, stated)


def _simulate(
    spec: Spec,
    masks: Sequence[int],
    limits: Sequence[int],
    start: int,
    sampling: Sampling,
    total: npt.NDArray[np.uint64],
    bar: Any,
    dealer: Dealer | None,
    played: Sequence[int] = (),
) -> None:
    """Trials start .. max(limits) - 1 into total: option i plays those from played[i]
    (default: start) up to limits[i]. A trial's numbers depend on its index only, so an
    option topped up later meets the same cards as the others did."""
    n = len(masks)
    begin = min(played) if played else start
    trials = max(limits) - begin
    c_masks = ffi.new("uint8_t[]", list(masks))
    c_limits = ffi.new("uint64_t[]", list(limits))
    c_starts = ffi.new("uint64_t[]", list(played) if played else [start] * n)
    start = begin

    def run(lo: int, hi: int) -> npt.NDArray[np.uint64]:
        out = ffi.new("bf_best_tally[]", n)
        rows, mask = ffi.NULL, 0
        if dealer is not None:
            dealt = dealer.rows(start + lo, start + hi)
            rows, mask = ffi.from_buffer("uint8_t[]", dealt), dealer.mask
        status = lib.bf_best_simulate(
            spec.c, n, c_masks, c_starts, c_limits, sampling.seed, start + lo, hi - lo, rows,
            mask, out,
        )  # fmt: skip
        if status != 0:
            raise ValueError("invalid draw specification")  # fits() was checked first
        return np.frombuffer(ffi.buffer(out), dtype=np.uint64).reshape(n, _WORDS).copy()

    def fold(lo: int, hi: int, part: npt.NDArray[np.uint64]) -> None:
        total[...] += part
        if bar is not None:
            bar.update(hi - lo)

    nthreads = thread_count(sampling.threads, trials * n)
    run_in_threads(trials, nthreads, run, block_rows=BLOCK_TRIALS, fold=fold)


def _equities(total: npt.NDArray[np.uint64], seats: int, stated: dict[str, Any]) -> list[Equity]:
    unit = lib.BF_SHARE_UNIT
    found = []
    for row in total:
        shares = (row[_SHARE : _SHARE + seats].astype(np.float64) / unit).tolist()
        squares = (row[_SQUARE : _SQUARE + seats].astype(np.float64) / unit**2).tolist()
        wins = row[_WINS : _WINS + seats].astype(np.float64).tolist()
        found.append(sampled_equity(shares, squares, wins, int(row[0]), **stated))
    return found
