"""A pure-Python Badugi evaluator written from the rules alone: the oracle for the tests.

It never reads the C table: it tries every subset of the hand, largest first, keeps those whose
suits and ranks are all different, and picks the one whose ranks, read from the highest down, are
lowest. Classes are numbered by sorting all 1,092 of them in the same order. Slow by design.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import DECK, Card, hand_ids
from .evaluator import HandLike

__all__ = ["best_badugi", "evaluate"]


def _class_numbers() -> dict[tuple[int, ...], int]:
    classes = [
        tuple(sorted(ranks, reverse=True))
        for size in (4, 3, 2, 1)
        for ranks in combinations(range(13), size)
    ]
    classes.sort(key=lambda ranks: (-len(ranks), ranks))  # more cards first, then lowest ranks
    return {ranks: number for number, ranks in enumerate(classes, start=1)}


_CLASS_NUMBER = _class_numbers()


def _is_badugi(cards: tuple[int, ...]) -> bool:
    return len({c >> 2 for c in cards}) == len(cards) and len({c & 3 for c in cards}) == len(cards)


def best_badugi(hand: HandLike) -> tuple[Card, ...]:
    """The hand's badugi, highest rank first; among tied subsets, the lowest sorted card ids."""
    ids = sorted(hand_ids(hand))
    for size in (4, 3, 2, 1):
        candidates = [sub for sub in combinations(ids, size) if _is_badugi(sub)]
        if candidates:
            best = min(
                candidates, key=lambda sub: (sorted((c >> 2 for c in sub), reverse=True), sub)
            )
            return tuple(DECK[c] for c in sorted(best, reverse=True))
    raise AssertionError("every card alone is a badugi")


def evaluate(hand: HandLike) -> int:
    """Rank of the hand: 1 (A-2-3-4 badugi) ... 1092 (four kings), as badugi_fast.evaluate."""
    return _CLASS_NUMBER[tuple(card.rank for card in best_badugi(hand))]
