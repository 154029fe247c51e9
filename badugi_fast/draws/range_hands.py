"""Every four-card hand once, in the order ranges use: the universe a range's weights index.

Hands are rows of ascending card ids, the rows sorted lexicographically (the order of
``itertools.combinations(range(52), 4)``). The class (rank) of every hand is computed once with
``evaluate_many`` and cached, so every range element is a vectorized numpy selection.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..hands.evaluator import NUM_HANDS, NUM_RANKS, evaluate_many

__all__ = [
    "all_hands",
    "class_counts",
    "class_of_hands",
    "lex_index",
]


@cache
def all_hands() -> npt.NDArray[np.uint8]:
    """The 270,725 hands, (N, 4) uint8, ids ascending in a row, rows in lexicographic order."""
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    hands.setflags(write=False)
    return hands


@cache
def class_of_hands() -> npt.NDArray[np.uint16]:
    """The rank (1 = best .. 1092) of every hand of ``all_hands()``."""
    ranks = evaluate_many(all_hands())
    ranks.setflags(write=False)
    return ranks


@cache
def class_counts() -> npt.NDArray[np.int64]:
    """How many of the 270,725 hands fall in each class (index = rank; index 0 unused)."""
    counts = np.bincount(class_of_hands(), minlength=NUM_RANKS + 1)
    counts.setflags(write=False)
    return counts


@cache
def _colex_to_lex() -> npt.NDArray[np.int32]:
    hands = all_hands().astype(np.int64)
    colex = _colex(hands)
    table = np.empty(NUM_HANDS, dtype=np.int32)
    table[colex] = np.arange(NUM_HANDS, dtype=np.int32)
    return table


def _colex(sorted_rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    a, b, c, d = (sorted_rows[:, i] for i in range(4))
    index = (
        a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
    )
    return np.asarray(index, dtype=np.int64)


def lex_index(rows: npt.NDArray[np.integer]) -> npt.NDArray[np.int32]:
    """The position in ``all_hands()`` of each row of four distinct ids 0..51 (any order)."""
    r = np.asarray(rows, dtype=np.int64).reshape(-1, 4)
    a, b, c, d = r[:, 0], r[:, 1], r[:, 2], r[:, 3]
    # A sorting network on the columns: five compare-exchanges, several times np.sort's speed.
    a, b = np.minimum(a, b), np.maximum(a, b)
    c, d = np.minimum(c, d), np.maximum(c, d)
    a, c = np.minimum(a, c), np.maximum(a, c)
    b, d = np.minimum(b, d), np.maximum(b, d)
    b, c = np.minimum(b, c), np.maximum(b, c)
    return _colex_to_lex()[_colex(np.stack([a, b, c, d], axis=1))]
