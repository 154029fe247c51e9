"""The default policy's building blocks: best badugi subsets, live outs and cutting caps.

Shared by the drawing model, the policies and the game's bots (which throw through
``cap_discards`` under a cutting limit). The C twin is csrc/badugi_discard.c.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...hands.naming import class_rank

NO_CAP = 4


def is_badugi(cards: Sequence[int]) -> bool:
    return len({c >> 2 for c in cards}) == len(cards) == len({c & 3 for c in cards})


def subset_rank(cards: Sequence[int]) -> int:
    """Rank of a set of cards that is itself a badugi (all suits and ranks different)."""
    return class_rank(tuple(c >> 2 for c in cards))


def tied_best_subsets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every subset of the hand that is a best badugi of it, as sorted ids."""
    ids = sorted(hand)
    for size in (4, 3, 2, 1):
        subsets = [sub for sub in combinations(ids, size) if is_badugi(sub)]
        if subsets:
            best = min(subset_rank(sub) for sub in subsets)
            return [sub for sub in subsets if subset_rank(sub) == best]
    raise AssertionError("a single card is always a badugi")


def min_rank(hand: Sequence[int]) -> int:
    """Rank of the best badugi of any set of cards (of the empty set: past every rank)."""
    return subset_rank(tied_best_subsets(hand)[0]) if hand else 10**6


def live_outs(kept: Sequence[int], known: frozenset[int]) -> int:
    """Unseen cards whose suit and rank differ from every kept card."""
    suits, ranks = {c & 3 for c in kept}, {c >> 2 for c in kept}
    return sum(
        1 for c in range(52) if c not in known and c & 3 not in suits and c >> 2 not in ranks
    )


def choose_kept(
    hand: Sequence[int], known: frozenset[int], previous: frozenset[int] = frozenset()
) -> frozenset[int]:
    """The best subset to keep: most previous kept cards, most live outs, lowest ids."""
    subsets = tied_best_subsets(hand)
    best = min(subsets, key=lambda sub: (-len(previous & set(sub)), -live_outs(sub, known), sub))
    return frozenset(best)


def cap_discards(wanted: Sequence[int], cap: int) -> tuple[int, ...]:
    """At most ``cap`` cards: the highest-ranked first (the higher id among equal ranks)."""
    return tuple(sorted(wanted, key=lambda c: (c >> 2, c), reverse=True)[:cap])


def caps_for(limits: Sequence[int] | None, draws: int) -> list[int]:
    """The cap of each of the remaining ``draws`` draws: the last entries of the limits."""
    if limits is None:
        return [NO_CAP] * draws
    return list(limits[len(limits) - draws :])
