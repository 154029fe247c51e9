"""The starting-hand chart shipped with the package (``chart.bin``, made by tools/gen_chart.py):
every dealt hand's equity against one to five random opponents with three draws to come, every
seat drawing by the default policy (or, in the ``max-equity`` columns, by that table), Monte
Carlo with a stderr of at most 0.002 per cell.

``starting_hand_equity`` reads one cell; ``best_starting_hands`` lists the best classes of a
column; ``top_percent`` is what the range language's ``top N%`` selects: the fewest hands, taken
in chart order (heads-up equity, default policy; equal equity by lower ids, i.e. earlier in
``all_hands()``), that cover at least N % of the 270,725 hands.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib.resources import files
from itertools import permutations

import numpy as np
import numpy.typing as npt

from ..._runtime.validate import whole
from ...cards import CardLike, format_cards, hand_ids
from ...hands.evaluator import NUM_HANDS, evaluate
from ...hands.naming import class_ranks, english_name, korean_name
from ...hands.universe import lex_index
from .chart_file import Chart, Column, class_of_hand, decode

__all__ = [
    "ChartRow",
    "best_starting_hands",
    "hand_equities",
    "starting_hand_equity",
    "top_percent",
]

CHART_FILE = "chart.bin"
# The sha256 of the chart.bin shipped (tools/gen_chart.py's output; its header names its columns).
CHART_SHA256 = "6d790d45548e79a549fd67d662dcb7b21d3b3af235de2bffc98573f8ea187f9e"
ORDER_COLUMN = Column("default", 1)  # what ``top N%`` ranks hands by


@dataclass(frozen=True)
class ChartRow:
    """One suit class of the chart: its lowest hand, how many hands it holds, and its cell."""

    hand: str
    hands: int
    equity: float
    stderr: float
    name: str
    name_ko: str


@cache
def load_chart() -> Chart:
    """The shipped chart, read once."""
    data = files("badugi_fast.draws.chart").joinpath(CHART_FILE).read_bytes()
    if hashlib.sha256(data).hexdigest() != CHART_SHA256:  # 1 ms: a damaged install says so
        raise ValueError(f"badugi_fast/draws/{CHART_FILE} is not the chart this version pins")
    return decode(data, f"badugi_fast/draws/{CHART_FILE}")


def _column(opponents: object, policy: str) -> int:
    opponents = whole("opponents", opponents, 1)
    chart = load_chart()
    wanted = Column(policy, opponents)
    if wanted not in chart.columns:
        held = ", ".join(f"{c.opponents} ({c.policy})" for c in chart.columns)
        raise ValueError(
            f"the starting-hand chart has no column for {opponents} opponent(s) drawing by "
            f"the {policy!r} policy; it holds opponents {held}"
        )
    return chart.columns.index(wanted)


@cache
def _class_lex() -> npt.NDArray[np.int32]:
    """Each chart class's lowest hand as its position in all_hands() (ascending)."""
    return lex_index(load_chart().hands)


def _class_index(ids: tuple[int, ...]) -> int:
    """The chart row of a hand's suit class: the lowest hand of the class, found by search."""
    cards = np.array(ids, dtype=np.int64)
    relabelled = [(cards & ~3) | np.array(order)[cards & 3] for order in permutations(range(4))]
    lowest = int(lex_index(np.array(relabelled)).min())
    return int(np.searchsorted(_class_lex(), lowest))


def starting_hand_equity(
    hand: str | Iterable[CardLike], opponents: int = 1, *, policy: str = "default"
) -> float:
    """The dealt hand's equity against ``opponents`` random hands with three draws to come,
    every seat drawing by ``policy``, read from the shipped chart (stderr at most 0.002).
    ValueError when the chart holds no such column (its message lists the columns it holds)."""
    ids = hand_ids(hand)
    k = _column(opponents, policy)
    return float(load_chart().equity[_class_index(tuple(ids)), k])


@cache
def hand_equities(opponents: int = 1, policy: str = "default") -> npt.NDArray[np.float64]:
    """Every hand's chart cell, in ``all_hands()`` order: its equity against ``opponents``
    random hands, every seat drawing by ``policy`` (what ``starting_hand_equity`` reads, for
    all 270,725 hands at once; read-only)."""
    k = _column(opponents, policy)
    row_of_class = np.searchsorted(_class_lex(), class_of_hand())
    equity: npt.NDArray[np.float64] = load_chart().equity[row_of_class, k]
    equity.setflags(write=False)
    return equity


@cache
def _hand_order() -> npt.NDArray[np.intp]:
    """Every hand's position in all_hands(), in chart order: heads-up default-policy equity,
    best first, equal equity by lower position."""
    equity = hand_equities(ORDER_COLUMN.opponents, ORDER_COLUMN.policy)
    order = np.lexsort((np.arange(NUM_HANDS), -equity))
    order.setflags(write=False)
    return order


def top_percent(percent: Fraction | float | str) -> npt.NDArray[np.bool_]:
    """A mask over all_hands(): the fewest hands in chart order that cover at least
    ``percent`` % of the 270,725 (0 < percent <= 100)."""
    if isinstance(percent, bool):
        raise TypeError("percent is a number, not a bool")
    try:
        share = Fraction(percent)
    except (TypeError, ValueError):
        raise ValueError(f"percent is a number 0 < N <= 100, not {percent!r}") from None
    if not 0 < share <= 100:
        raise ValueError(f"top N% takes 0 < N <= 100, got {percent}")
    count = math.ceil(share * NUM_HANDS / 100)
    mask = np.zeros(NUM_HANDS, dtype=bool)
    mask[_hand_order()[:count]] = True
    return mask


def best_starting_hands(
    opponents: int = 1, top: int = 20, *, policy: str = "default"
) -> list[ChartRow]:
    """The ``top`` best suit classes of a column, best first (equal equity: lower hand first)."""
    top = whole("top", top, 1)
    k = _column(opponents, policy)
    chart = load_chart()
    order = np.lexsort((_class_lex(), -chart.equity[:, k]))[:top]
    rows = []
    for i in order.tolist():
        ids = [int(c) for c in chart.hands[i]]
        ranks = class_ranks(evaluate(ids))
        cell = float(chart.equity[i, k]), float(chart.stderr[i, k])
        names = english_name(ranks), korean_name(ranks)
        rows.append(ChartRow(format_cards(ids), int(chart.counts[i]), *cell, *names))
    return rows
