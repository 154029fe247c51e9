"""Every four-card hand once, in the two orders the library uses.

Hands are rows of ascending card ids. Lexicographic order (``all_hands``: the order of
``itertools.combinations(range(52), 4)``) is the universe a range's weights index; colex order
(``colex_hands``: hand a < b < c < d at index a + C(b, 2) + C(c, 3) + C(d, 4)) is the order of
the C rank table and of the solved policy tables. The class (rank) of every hand is computed
once with ``evaluate_many`` and cached, so every range element is a vectorized numpy selection.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from .evaluator import NUM_HANDS, NUM_RANKS, evaluate_many

__all__ = [
    "all_hands",
    "class_counts",
    "class_of_hands",
    "colex_hands",
    "colex_index",
    "colex_indices",
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
def colex_hands() -> npt.NDArray[np.uint8]:
    """The 270,725 hands, (N, 4) uint8, ids ascending in a row, row i the hand of colex index i."""
    hands = np.empty((NUM_HANDS, 4), dtype=np.uint8)
    hands[colex_indices(all_hands())] = all_hands()
    hands.setflags(write=False)
    return hands


def colex_index(hand: Sequence[int]) -> int:
    """The colex index of one hand (four distinct ids, any order): a + C(b, 2) + C(c, 3) + C(d, 4)
    for its ids sorted a < b < c < d."""
    a, b, c, d = sorted(hand)
    return a + comb(b, 2) + comb(c, 3) + comb(d, 4)


def colex_indices(sorted_rows: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The colex index of each row of four ascending ids."""
    rows = np.asarray(sorted_rows, dtype=np.int64).reshape(-1, 4)
    a, b, c, d = (rows[:, i] for i in range(4))
    index = (
        a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24
    )
    return np.asarray(index, dtype=np.int64)


@cache
def _colex_to_lex() -> npt.NDArray[np.int32]:
    table = np.empty(NUM_HANDS, dtype=np.int32)
    table[colex_indices(all_hands())] = np.arange(NUM_HANDS, dtype=np.int32)
    return table


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
    return _colex_to_lex()[colex_indices(np.stack([a, b, c, d], axis=1))]
