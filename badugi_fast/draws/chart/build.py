"""The starting-hand chart's cells (its file format: chart_file.py; the generator:
tools/gen_chart.py).

A cell is one suit class (the lowest hand of the class stands for all: a relabelling of suits
changes no play) against ``opponents`` random hands, three draws, every seat drawing by one
policy. It is Monte Carlo in C in blocks of ``block`` trials of the stream seeded by
``class_seed(seed, class, opponents)``, stopped after the first block whose running stderr is at
most ``target`` (at most ``max_trials``). Trial t depends on (seed, t) alone and the tallies are
integers, so a cell is the same bit for bit on any thread, machine or executor, and equals
``equity([hand, None, ...], 3, trials=<its trials>, seed=<its seed>, max_exact=0)``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..engine.native import Spec, equity_from_tally
from ..policies.policy import to_policy
from .chart_file import Column, Settings, suit_classes


def class_seed(seed: int, index: int, opponents: int) -> int:
    return (seed * 1_000_003 + index * 8 + opponents) % 2**64


def play_cell(
    hand: tuple[int, ...], column: Column, settings: Settings, seed: int
) -> tuple[float, float, int]:
    """Equity, stderr and trials of one cell: blocks of the seed's stream until the stderr is
    at most the target (or max_trials are played)."""
    policy = to_policy(column.policy)
    seats = [hand, *[None] * column.opponents]
    spec = Spec(seats, settings.draws, [policy] * len(seats), None, frozenset())
    tally = ffi.new("bf_draw_tally *")
    played = 0
    while True:
        block = min(settings.block, settings.max_trials - played)
        if lib.bf_draw_simulate(spec.c, seed, played, block, tally) != 0:
            raise ValueError("invalid draw specification")
        played += block
        found = equity_from_tally(tally, len(seats))
        assert found.stderr is not None
        if found.stderr[0] <= settings.target or played >= settings.max_trials:
            return found.equity[0], found.stderr[0], played


def chart_block(column: Column, settings: Settings, lo: int, hi: int) -> npt.NDArray[np.float64]:
    """The task: cells of classes lo .. hi - 1 in one column, as rows (equity, stderr, trials).
    Module-level and plain-argument, so it runs on threads, processes or Dask workers."""
    representatives, _ = suit_classes()
    out = np.empty((hi - lo, 3))
    for row, index in enumerate(range(lo, hi)):
        hand = tuple(int(card) for card in representatives[index])
        seed = class_seed(settings.seed, index, column.opponents)
        out[row] = play_cell(hand, column, settings, seed)
    return out
