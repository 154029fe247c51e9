"""``head_to_head``: two bots heads-up as duplicate pairs, in bb/100 with a 95 % interval.

Each deal is played twice with the seats swapped: hand h of the seed's stream with the bots in
seats (0, 1), then the same hand h with them in seats (1, 0). Every engine deals hand h from
(seed, h) alone and puts the button on seat h % 2, so in the second play each bot holds the
cards, the position and the random bits (``View.stream``: keyed by the seat) the other held in
the first: the luck of the deal falls on both alike and most of it cancels in the pair's sum.
A pair's result is the first bot's chips over its two plays; the bots' chips in one hand sum to
zero, so a bot against itself gives 0 in every pair, exactly, and swapping the two bots negates
every pair. The interval is the normal one over the pairs (independent: each pair is its own
deal), mean ± 1.96 standard errors, from exact integer sums.

The Python engine plays a deal's two plays back to back, a block of one deal (the C loop and the
batched engine play many deals a call): hand h's public states recur in its second play, so a
bot that keeps work per public state (the search's beliefs) finds the first play's still kept.
The deals, and so the result, are the same either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import nan, sqrt

import numpy as np
import numpy.typing as npt

from ..._runtime.blocks import exact_column_sums
from ..._runtime.validate import whole
from ...game.bots import Bot
from ...game.rules import RuleSet
from .local import check_play, choose_engine, play_checked

Z_95 = 1.959963984540054  # the two-sided 95 % quantile of the normal distribution
BLOCK_PAIRS = 1 << 16  # deals per block: two plays' per-hand results stay a few MB


@dataclass(frozen=True)
class HeadToHead:
    """The first bot's result against the second: ``bb_per_100`` (big blinds, or the rules'
    unit, per 100 hands), ``interval`` its 95 % interval, ``stderr_per_100`` its standard error,
    over ``hands`` hands (``pairs`` deals played twice each); ``engine`` that played them."""

    bb_per_100: float
    interval: tuple[float, float]
    stderr_per_100: float
    hands: int
    pairs: int
    big_blind: int
    engine: str

    @classmethod
    def of_sums(
        cls, chips_sum: int, squares: int, pairs: int, unit: int, engine: str
    ) -> HeadToHead:
        """The result from the exact sum of the pairs' chips and of their squares."""
        mean = chips_sum / pairs  # chips a pair, two hands
        stderr = (
            sqrt(max(pairs * squares - chips_sum * chips_sum, 0) / (pairs * pairs * (pairs - 1)))
            if pairs > 1
            else nan
        )
        per_100 = 100 / (2 * unit)  # a pair is two hands
        value, error = mean * per_100, stderr * per_100
        return cls(
            value, (value - Z_95 * error, value + Z_95 * error), error, 2 * pairs, pairs, unit,
            engine,
        )  # fmt: skip

    @classmethod
    def of_pairs(cls, pairs: npt.ArrayLike, unit: int, engine: str) -> HeadToHead:
        """The result from each pair's chips (the first bot's over a deal's two plays), as
        engines other than ``play_hands`` give them (``VectorGame``, say)."""
        chips = np.asarray(pairs, dtype=np.int64).reshape(-1, 1)
        (chips_sum,), (squares,) = exact_column_sums(chips)
        return cls.of_sums(chips_sum, squares, len(chips), unit, engine)


def head_to_head(
    bots: Sequence[Bot],
    hands: int = 100_000,
    rules: RuleSet | None = None,
    *,
    seed: int | None = 0,
    stacks: int | Sequence[int] | None = None,
    engine: str = "auto",
    threads: int | None = None,
) -> HeadToHead:
    """``bots[0]`` against ``bots[1]`` over ``hands`` hands (an even number: ``hands // 2``
    deals, each played with the seats one way and then swapped), in ``rules`` (default
    ``Rules()``), each hand from ``stacks`` (default 100 big blinds); ``seed`` picks the deals
    (None: a random one), ``engine`` and ``threads`` as ``simulate`` takes them (the C loop
    whenever both bots have a C form). The result is the first bot's, the second's negated."""
    if len(bots) != 2:
        raise ValueError(f"head_to_head plays two bots, not {len(bots)}")
    total = whole("hands", hands, 2)
    if total % 2:
        raise ValueError(f"hands is an even number (each deal is played twice), not {total}")
    pairs = total // 2
    first, second = list(bots), [bots[1], bots[0]]
    seed, _, rules, start = check_play(first, 0, pairs, seed, rules, stacks, engine)
    swapped = [start[1], start[0]]  # each bot keeps its own stack in its other seat
    check_play(second, 0, pairs, seed, rules, swapped, engine)
    played_by = choose_engine(bots, rules, engine)
    block_pairs = 1 if played_by == "python" else BLOCK_PAIRS
    chips_sum = squares = 0
    for lo in range(0, pairs, block_pairs):  # checked once above, not per block
        n = min(block_pairs, pairs - lo)
        one = play_checked(first, lo, n, seed, rules, start, played_by, threads)
        other = play_checked(second, lo, n, seed, rules, swapped, played_by, threads)
        pair = one[:, :1] + other[:, 1:]  # the first bot's chips, seat 0 then seat 1
        (block_sum,), (block_squares,) = exact_column_sums(pair)
        chips_sum, squares = chips_sum + block_sum, squares + block_squares
    return HeadToHead.of_sums(chips_sum, squares, pairs, rules.unit, played_by)


__all__ = ["HeadToHead", "head_to_head"]
