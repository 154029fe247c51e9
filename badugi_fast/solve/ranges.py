"""Ranges as weight vectors over all 270,725 hands, and the hand classes a solve runs on.

A range becomes a dense vector of weights indexed like ``draws``' universe of hands (rows of
ascending ids in lexicographic order). A solve runs on classes of hands: every hand its own
class, or, when both ranges give every hand of a suit orbit (the hands one relabelling of the
four suits turns into each other) the same weight, the orbits themselves: relabelling suits
changes neither a rank nor which hands share cards, so the members of an orbit play alike and
one row stands for all of them (about 24 times fewer rows). That is the only symmetry used, and
only where it is exact.

Card removal needs, for each class, its 14 proper non-empty subsets (4 cards, 6 pairs, 4
triples): their indices in a tally space (0: the empty set) whose entries are subset classes
(single subsets, or their suit orbits), and each subset class's size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from typing import Any

import numpy as np
import numpy.typing as npt

from ..draws import Range, parse_range
from ..hands.evaluator import NUM_HANDS
from ..hands.universe import all_hands, class_of_hands

RangeLike = str | Range | Iterable[Any]
SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)  # 24 relabellings
_SUBSETS = [s for size in (1, 2, 3) for s in combinations(range(4), size)]  # the 14, in order


def to_range(name: str, value: object) -> Range:
    """A Range from text ``parse_range`` reads, a Range, or a sequence of hands (ValueError
    naming ``name`` when it holds no hand)."""
    if isinstance(value, Range):
        found = value
    elif isinstance(value, str):
        found = parse_range(value)
    elif isinstance(value, Mapping):
        raise TypeError(
            f"{name}: a {{hand: weight}} dict is refused (its weights would be dropped); give "
            "Range.from_hands(hands, weights)"
        )
    elif isinstance(value, Iterable):
        found = Range.from_hands(list(value))
    else:
        raise TypeError(f"{name} is range text, a Range or a sequence of hands, not {value!r}")
    if not len(found):
        raise ValueError(f"{name} holds no hand")
    return found


def dense(found: Range) -> npt.NDArray[np.float64]:
    """The range's weight of every hand of the universe (0 outside it)."""
    weights = np.zeros(NUM_HANDS)
    weights[found.positions] = found.weights
    return weights


def _colex(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Colex index of rows of ascending ids (1 to 4 columns)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for k in range(rows.shape[1]):
        column = rows[:, k]
        term = np.ones_like(column)
        for j in range(k + 1):
            term = term * (column - j)
        index += term // int(np.prod(np.arange(1, k + 2)))
    return index


def _canonical(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The least colex index over the 24 suit relabellings of each row (the orbit's key)."""
    best = np.full(len(rows), np.iinfo(np.int64).max)
    for perm in SUIT_PERMUTATIONS:
        image = np.sort(4 * (rows // 4) + perm[rows % 4], axis=1)
        best = np.minimum(best, _colex(image))
    return best


@dataclass(frozen=True)
class Classes:
    """The classes of a universe of hands: ``of_hand[h]`` the class of hand h (lexicographic
    position), ``rank``, ``members`` and ``subsets`` (14 tally indices) per class, and
    ``inv_members`` per tally entry."""

    symmetric: bool
    of_hand: npt.NDArray[np.int32]
    rank: npt.NDArray[np.uint16]
    members: npt.NDArray[np.float64]
    subsets: npt.NDArray[np.uint16]
    inv_members: npt.NDArray[np.float64]


def _subset_rows(hands: npt.NDArray[np.int64]) -> list[npt.NDArray[np.int64]]:
    return [hands[:, list(s)] for s in _SUBSETS]


@cache
def hand_classes(symmetric: bool) -> Classes:
    """Every hand its own class (False), or the suit orbits (True), ordered by rank."""
    hands = all_hands().astype(np.int64)
    ranks = class_of_hands()
    subsets = _subset_rows(hands)
    offsets = {1: 1, 2: 1 + 52, 3: 1 + 52 + 1326}
    if not symmetric:
        order = np.lexsort((np.arange(NUM_HANDS), ranks))
        of_hand = np.empty(NUM_HANDS, dtype=np.int32)
        of_hand[order] = np.arange(NUM_HANDS, dtype=np.int32)
        tallies = np.stack([offsets[s.shape[1]] + _colex(s) for s in subsets], axis=1)
        return Classes(
            False,
            of_hand,
            ranks[order].astype(np.uint16),
            np.ones(NUM_HANDS),
            tallies[order].astype(np.uint16),
            np.ones(1 + 52 + 1326 + 22100),
        )
    key = _canonical(hands)
    orbit_keys, orbit_of_hand, sizes = np.unique(key, return_inverse=True, return_counts=True)
    first = np.zeros(len(orbit_keys), dtype=np.int64)
    first[orbit_of_hand[::-1]] = np.arange(NUM_HANDS)[::-1]  # a representative of each orbit
    order = np.lexsort((orbit_keys, ranks[first]))
    class_of_orbit = np.empty(len(orbit_keys), dtype=np.int32)
    class_of_orbit[order] = np.arange(len(orbit_keys), dtype=np.int32)
    # the tally space: the orbits of single cards, pairs and triples, each with its size
    inv = [np.ones(1)]
    columns: list[npt.NDArray[np.int64]] = [np.zeros(0, dtype=np.int64)] * len(_SUBSETS)
    start = 1
    for size in (1, 2, 3):
        every = np.array(list(combinations(range(52), size)), dtype=np.int64)
        sub_keys, sub_sizes = np.unique(_canonical(every), return_counts=True)
        inv.append(1.0 / sub_sizes)
        for k, s in enumerate(_SUBSETS):
            if len(s) == size:
                rows = subsets[k][first[order]]
                columns[k] = start + np.searchsorted(sub_keys, _canonical(rows))
        start += len(sub_keys)
    return Classes(
        True,
        class_of_orbit[orbit_of_hand].astype(np.int32),
        ranks[first[order]].astype(np.uint16),
        sizes[order].astype(np.float64),
        np.stack(columns, axis=1).astype(np.uint16),
        np.concatenate(inv),
    )


@cache
def _orbit_representatives() -> npt.NDArray[np.intp]:
    """For each hand, one hand of its suit orbit, the same for the whole orbit."""
    of_hand = hand_classes(True).of_hand
    first = np.zeros(int(of_hand.max()) + 1, dtype=np.intp)
    first[of_hand[::-1]] = np.arange(NUM_HANDS)[::-1]
    out: npt.NDArray[np.intp] = first[of_hand]
    out.setflags(write=False)
    return out


def is_symmetric(weights: npt.NDArray[np.float64]) -> bool:
    """True when every suit orbit's hands carry one weight (each its orbit's chosen hand's)."""
    return bool(np.array_equal(weights, weights[_orbit_representatives()]))


@dataclass(frozen=True)
class Player:
    """One player's range on a universe of classes: ``range`` as given, ``classes`` (class ids
    ascending), ``weights`` per member of each, ``row_of_hand`` (the row of each of the range's
    hands, in the order of ``range.hands``)."""

    range: Range
    classes: npt.NDArray[np.int32]
    weights: npt.NDArray[np.float64]
    row_of_hand: npt.NDArray[np.int64]


def players(found: Sequence[Range]) -> tuple[Classes, tuple[Player, Player]]:
    """Both players on the orbits when both ranges are suit-symmetric, else on single hands."""
    vectors = [dense(r) for r in found]
    symmetric = all(is_symmetric(v) for v in vectors)
    classes = hand_classes(symmetric)
    made = []
    for r, vector in zip(found, vectors, strict=True):
        of_range = classes.of_hand[r.positions]
        # np.unique without its sort: class ids are small integers
        present = np.zeros(len(classes.rank), dtype=bool)
        present[of_range] = True
        ids = np.flatnonzero(present)
        rows = (np.cumsum(present) - 1)[of_range]
        first = np.zeros(len(ids), dtype=np.int64)
        first[rows[::-1]] = r.positions[::-1]
        made.append(Player(r, ids.astype(np.int32), vector[first], rows.astype(np.int64)))
    return classes, (made[0], made[1])


__all__ = ["Classes", "Player", "RangeLike", "dense", "hand_classes", "players", "to_range"]
