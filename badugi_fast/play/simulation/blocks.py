"""``simulate`` and ``play_hands`` in blocks of hands, on any executor (_runtime/blocks.py).

Hand h of a seed is dealt from (seed, h) alone, so a block of hands ``lo .. hi - 1`` is
``play_here(bots, lo, hi - lo, seed, ...)`` wherever it runs, and the blocks together are the
one-machine run exactly. That holds while every bot is a pure function of the views it is shown
(the built-in ``ThresholdBot``s are): a bot that keeps state from hand to hand, such as a random
bot drawing from its own generator, would start afresh in every block. Bots, rules and stacks
travel to the workers by pickle; a lambda or a closure is refused with its name.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..._runtime.blocks import (
    Executor,
    block_bounds,
    check_picklable,
    exact_column_sums,
    run_blocks,
)
from ...game.bots import Bot
from ...game.rules import RuleSet
from .local import play_here

# Hands per block (a task): the C loop plays 1.1-1.7 M heads-up hands a second on one core of
# the 2-vCPU machine (README), so a block takes 0.6-1 s heads-up and about 3 s six-handed,
# against a Dask task overhead of a few milliseconds (benches/test_bench_distributed.py): the
# overhead stays under one percent, and 10**7 hands still make ten blocks to share.
BLOCK_HANDS = 1 << 20

Stacks = int | Sequence[int] | None


def hands_block(
    bots: Sequence[Bot],
    seed: int,
    rules: RuleSet | None,
    stacks: Stacks,
    engine: str,
    threads: int | None,
    lo: int,
    hi: int,
) -> npt.NDArray[np.int64]:
    """The task behind ``play_hands_on``: the chips won by each seat in hands lo .. hi - 1."""
    return play_here(bots, lo, hi - lo, seed, rules, stacks=stacks, engine=engine, threads=threads)


def sums_block(
    bots: Sequence[Bot],
    seed: int,
    rules: RuleSet | None,
    stacks: Stacks,
    engine: str,
    threads: int | None,
    lo: int,
    hi: int,
) -> tuple[list[int], list[int]]:
    """The task behind ``hand_sums_on``: each seat's total and sum of squares over hands
    lo .. hi - 1, as exact integers (so only a few numbers travel back)."""
    return exact_column_sums(hands_block(bots, seed, rules, stacks, engine, threads, lo, hi))


def play_hands_on(
    executor: Executor,
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int | None,
    rules: RuleSet | None = None,
    *,
    stacks: Stacks = None,
    engine: str = "auto",
    block: int | None = None,
    progress: bool = False,
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """``play_hands`` in blocks on ``executor``: the same (hands, seats) array, bit for bit."""
    args = _task_args(executor, bots, seed, rules, stacks, engine, threads)
    bounds = block_bounds(first_hand, hands, BLOCK_HANDS if block is None else block)
    parts = run_blocks(executor, hands_block, args, bounds, progress=progress, unit="hand")
    return np.concatenate(parts)


def hand_sums_on(
    executor: Executor,
    bots: Sequence[Bot],
    hands: int,
    seed: int | None,
    rules: RuleSet | None = None,
    *,
    stacks: Stacks = None,
    engine: str = "auto",
    block: int | None = None,
    progress: bool = False,
    threads: int | None = None,
) -> tuple[list[int], list[int]]:
    """Each seat's total and sum of squares over hands 0 .. hands - 1, exactly, in blocks on
    ``executor``: what ``simulate`` needs, whatever the blocks and their order. ``threads``
    serves executor None (blocks played here one after another, each over the threads)."""
    args = _task_args(executor, bots, seed, rules, stacks, engine, threads)
    bounds = block_bounds(0, hands, BLOCK_HANDS if block is None else block)
    parts = run_blocks(executor, sums_block, args, bounds, progress=progress, unit="hand")
    seats = len(bots)
    totals, squares = [0] * seats, [0] * seats
    for part_totals, part_squares in parts:
        totals = [t + p for t, p in zip(totals, part_totals, strict=True)]
        squares = [s + p for s, p in zip(squares, part_squares, strict=True)]
    return totals, squares


def _task_args(
    executor: Executor,
    bots: Sequence[Bot],
    seed: int | None,
    rules: RuleSet | None,
    stacks: Stacks,
    engine: str,
    threads: int | None,
) -> tuple[object, ...]:
    """The arguments every block shares: one seed for all (a random one drawn here, once), and
    one thread per task when an executor spreads the blocks (it supplies the parallelism)."""
    if executor is not None:
        for seat, bot in enumerate(bots):
            check_picklable(f"bot {seat}", bot)
        check_picklable("rules", rules)
    seed = secrets.randbits(64) if seed is None else seed
    threads = threads if executor is None else 1
    return (list(bots), seed, rules, stacks, engine, threads)
