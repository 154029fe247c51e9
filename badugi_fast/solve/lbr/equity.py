"""The local best response's equity estimates: its hand's share of the pot against a weighted
range of the opponent's hands at a showdown after the draws still to come, both drawing by a
policy (the library's draw engine and range sampling, csrc/draws/engine.c and range.c).

With no draw to come the share is exact: every hand of the range against the hand, weighted.
With draws to come it is a Monte Carlo estimate over ``trials`` deals of the range's hands and
the draws (``bf_range_simulate``); estimates made with the same seed share their deals (common
random numbers), so two discards, or two ranges, are compared on the same cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.threads import run_in_threads
from ...draws.ranges.equity import RANGE_BLOCK_TRIALS
from ...hands.evaluator import evaluate, evaluate_many

Hands = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]


def showdown_share(hand: Sequence[int], hands: Hands, weights: Floats) -> float:
    """The hand's share of the pot against the weighted hands at a showdown now (ties split);
    the weights need not sum to 1, but at least one is positive."""

    mine = evaluate(list(hand))
    theirs = evaluate_many(np.ascontiguousarray(hands, dtype=np.uint8), threads=1)
    share = np.where(theirs > mine, 1.0, np.where(theirs == mine, 0.5, 0.0))
    return float(share @ weights / weights.sum())


@cache
def _pat_table() -> tuple[Any, Any]:
    """A policy table that stands pat with every hand at every draw (zero bytes)."""
    table = ffi.new("uint8_t[]", lib.BF_POLICY_TABLE_LEN)
    policy = ffi.new("bf_policy *", {"break_above": -1})
    policy.table = table
    return policy, table


def stand_pat() -> tuple[Any, Any]:
    """The rollout policy of a player who draws no more (a ``bf_policy`` and its table)."""
    return _pat_table()


def simulated_share(
    hand: Sequence[int],
    hands: Hands,
    weights: Floats,
    *,
    draws: int,
    cap: int,
    dead: int,
    policies: tuple[Any, Any],
    first_throw: int,
    seed: int,
    trials: int,
) -> float:
    """The hand's share against the weighted hands (positive weights) after ``draws`` draws of at
    most ``cap`` cards each, seat 0 (the hand) throwing ``first_throw`` (a mask over its cards
    as given; -1: its policy's choice) first; ``dead`` a bitmask of cards out of play;
    ``policies`` each seat's rollout policy (a (bf_policy, keepalive) pair, or None: the
    default policy)."""
    spec = ffi.new("bf_draw_spec *")
    spec.seats, spec.draws, spec.first_throw = 2, draws, first_throw
    for i in range(draws):
        spec.caps[i] = cap
    spec.hands[0][0:4] = list(hand)
    spec.dead = dead
    for seat, policy in enumerate(policies):
        if policy is None:
            spec.policies[seat].break_above = -1
        else:
            spec.policies[seat] = policy[0][0]
    rows = np.ascontiguousarray(hands, dtype=np.uint8)
    weight = np.ascontiguousarray(weights, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != 4 or not len(rows):
        raise ValueError(f"hands is (n, 4) card ids, n at least 1, not of shape {rows.shape}")
    if weight.shape != (len(rows),):
        raise ValueError(f"weights is one per hand, ({len(rows)},), not {weight.shape}")
    n = len(rows)
    table = ffi.new("bf_range_column[]", n)
    c_hands = ffi.from_buffer("uint8_t[]", rows)
    if lib.bf_range_alias(n, c_hands, ffi.from_buffer("double[]", weight), table) != 0:
        raise ValueError("the range's weights are positive and finite")
    ranges = ffi.new("bf_range[]", lib.BF_MAX_SEATS)
    ranges[1].n, ranges[1].hands, ranges[1].table = n, c_hands, table
    share = played = 0

    def run(lo: int, hi: int) -> tuple[int, int]:
        tally = ffi.new("bf_draw_tally *")
        status = lib.bf_range_simulate(spec, ranges, seed, lo, hi - lo, tally)
        if status != 0:
            raise ValueError(f"the equity estimate failed (draw engine status {status})")
        return int(tally.share[0]), int(tally.trials)

    def fold(lo: int, hi: int, part: tuple[int, int]) -> None:
        nonlocal share, played
        share, played = share + part[0], played + part[1]

    # Trial t depends on (seed, t) alone and the sums are integers: blocks give the one call's
    # figures, and Ctrl-C stops a long estimate between them, as it stops equity.
    run_in_threads(trials, 1, run, block_rows=RANGE_BLOCK_TRIALS, fold=fold)
    return float(share) / float(lib.BF_SHARE_UNIT * played)


__all__ = ["showdown_share", "simulated_share", "stand_pat"]
