"""Hands dealt from ranges for best_discard's one-pass Monte Carlo (draws/best.py).

Each range seat's hand at trial t is drawn by weight from its live range (the hands that hold
no known player's card and no dead card), the whole deal redrawn while two range seats share a
card, as draws/range_equity.py deals: the deal follows the product of the weights restricted
to deals without a shared card. Random hands and every draw then come from the cards left, in
C. Trials are dealt in chunks of DEAL_CHUNK from a generator keyed by (seed, chunk), so trial t
gets the same hands however the trials are split into blocks or threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
import numpy.typing as npt

from ..._badugi import lib
from ..ranges.range import Range

DEAL_CHUNK = 1024
MAX_REDEALS = lib.BF_RANGE_MAX_TRIES  # the range sampler's limit (csrc/badugi_range.c)
_TAG = 0xBE57_DEA1  # this deal's streams are its own


def live_range(found: Range, known: set[int], number: int) -> Range:
    """The range without the hands holding a known card; an empty one is refused."""
    live = found
    if known:
        blocked = np.isin(found.hands, np.array(sorted(known), dtype=np.uint8)).any(axis=1)
        live = Range.from_hands(found.hands[~blocked], found.weights[~blocked])
    if not len(live):
        raise ValueError(
            f"the range of player {number} ({str(found)[:60]!r}) is empty once the other "
            "players' known cards and the dead cards are removed"
        )
    return live


@dataclass(frozen=True)
class Dealer:
    """The range seats of a table (seat -> its live range) and how to deal them."""

    seats: int
    ranges: dict[int, Range]
    seed: int

    @property
    def mask(self) -> int:
        """The range seats as a seat mask (bf_best_simulate's ``dealt``)."""
        return sum(1 << p for p in self.ranges)

    @property
    def combinations(self) -> int:
        """How many deals of the ranges there are (before removing shared cards)."""
        return prod(len(found) for found in self.ranges.values())

    def placeholders(self) -> dict[int, tuple[int, int, int, int]]:
        """A hand per range seat, no card twice: the spec's stand-ins (C ignores them)."""
        used: set[int] = set()
        chosen = {}
        for p, found in self.ranges.items():
            apart = [row for row in found.hands.tolist() if not used & set(row)]
            if not apart:
                raise ValueError("the ranges leave no deal in which every card is held once")
            a, b, c, d = apart[0]
            chosen[p] = (a, b, c, d)
            used.update(apart[0])
        return chosen

    def rows(self, lo: int, hi: int) -> npt.NDArray[np.uint8]:
        """The dealt hands of trials lo .. hi - 1, as (trials, seats, 4) card ids."""
        first, last = lo // DEAL_CHUNK, (hi - 1) // DEAL_CHUNK
        dealt = np.concatenate([self._chunk(c) for c in range(first, last + 1)])
        start = lo - first * DEAL_CHUNK
        return np.ascontiguousarray(dealt[start : start + hi - lo])

    def _chunk(self, chunk: int) -> npt.NDArray[np.uint8]:
        rng = np.random.default_rng([self.seed, chunk, _TAG])
        dealt = np.zeros((DEAL_CHUNK, self.seats, 4), dtype=np.uint8)
        todo = np.arange(DEAL_CHUNK)
        for _ in range(MAX_REDEALS):
            for p, found in self.ranges.items():
                cdf = np.cumsum(found.weights)
                picks = np.searchsorted(cdf, rng.random(len(todo)) * cdf[-1], side="right")
                dealt[todo, p] = found.hands[np.minimum(picks, len(found) - 1)]
            todo = todo[_shared_card(dealt[todo], list(self.ranges))]
            if not len(todo):
                return dealt
        raise ValueError(
            f"{MAX_REDEALS} deals from the ranges in a row held a card twice: the ranges "
            "(almost) never fit together"
        )


def _shared_card(dealt: npt.NDArray[np.uint8], seats: Sequence[int]) -> npt.NDArray[np.bool_]:
    """Rows in which two range seats hold the same card."""
    if len(seats) < 2:
        return np.zeros(len(dealt), dtype=bool)
    cards = np.sort(dealt[:, seats].reshape(len(dealt), -1), axis=1)
    shared: npt.NDArray[np.bool_] = (np.diff(cards.astype(np.int16), axis=1) == 0).any(axis=1)
    return shared
