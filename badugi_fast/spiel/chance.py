"""The chance outcomes of the OpenSpiel game's tree: sets of the deck's cards by colexicographic
index, where a draw's cards come from (the stub, then a reshuffle of the discards), and the
reshuffle hook through which ``Game`` deals the cards an outcome chose."""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from ..cards import Card


def colex(positions: Sequence[int]) -> int:
    """The colexicographic index of a set of distinct positions."""
    return sum(comb(p, i + 1) for i, p in enumerate(sorted(positions)))


def uncolex(index: int, size: int) -> list[int]:
    """The set of ``size`` positions whose colexicographic index is ``index`` (ascending)."""
    positions = []
    for i in range(size, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= index:
            p += 1
        positions.append(p)
        index -= comb(p, i)
    return positions[::-1]


@functools.cache
def subsets(n: int, size: int) -> npt.NDArray[np.uint8]:
    """Every set of ``size`` positions of ``n``, in colexicographic order: row i has index i."""
    rows = sorted(combinations(range(n), size), key=lambda s: s[::-1])
    return np.array(rows, dtype=np.uint8).reshape(len(rows), size)


class _Stacker:
    """``Game``'s reshuffle hook: puts the cards the chance outcome chose on top of the new stub
    (the last card is dealt first). One for the module, its queue one per thread: a reshuffle
    happens inside the one ``act`` that set the queue just before, on the same thread."""

    def __init__(self) -> None:
        self._local = threading.local()

    @property
    def queue(self) -> list[tuple[Card, ...]]:
        queue: list[tuple[Card, ...]] = getattr(self._local, "queue", [])
        return queue

    @queue.setter
    def queue(self, cards: list[tuple[Card, ...]]) -> None:
        self._local.queue = cards

    def __call__(self, cards: list[Card]) -> None:
        if not self.queue:
            raise RuntimeError("the game reshuffled where the tree did not expect it")
        top = self.queue.pop(0)
        rest = [c for c in cards if c not in top]
        if len(rest) + len(top) != len(cards):
            raise RuntimeError("a chosen card is not among the discards reshuffled")
        cards[:] = sorted(rest) + list(reversed(top))


STACKER = _Stacker()


@dataclass(frozen=True)
class Exchange:
    """A draw chosen and not yet dealt: ``seat`` throws ``thrown``."""

    seat: int
    thrown: tuple[Card, ...]


@dataclass(frozen=True)
class Dealing:
    """Where the pending exchanges' cards come from, after those already chosen: the stub left
    and the discards a reshuffle would take, and the cards to deal from the present stub and
    from each reshuffle, in order."""

    stub: tuple[Card, ...]
    discards: tuple[Card, ...]
    segments: tuple[tuple[Card, ...], ...] = ((),)

    def sources(self, k: int) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
        """(cards dealt for certain, the cards a random part comes from, its size)."""
        if len(self.stub) >= k:
            return (), self.stub, k
        return self.stub, self.discards, k - len(self.stub)

    def deal(self, exchange: Exchange, chosen: tuple[Card, ...]) -> Dealing:
        k = len(exchange.thrown)
        if len(self.stub) >= k:
            segments = (*self.segments[:-1], self.segments[-1] + chosen)
            stub = tuple(c for c in self.stub if c not in chosen)
            discards = self.discards
        else:  # the stub's last cards, then a reshuffle of the discards
            segments = (*self.segments[:-1], self.segments[-1] + self.stub, chosen)
            stub = tuple(c for c in self.discards if c not in chosen)
            discards = ()
        return Dealing(stub, tuple(sorted(discards + exchange.thrown)), segments)
