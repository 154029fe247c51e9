"""describe(): a hand's rank with its badugi cards, category and names."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from .._badugi import lib
from ..cards import DECK, Card
from .evaluator import HandLike, fast_hand_ids
from .html import hand_html
from .naming import english_name, korean_aliases, korean_name


class Category(enum.StrEnum):
    """How many cards the badugi has: 4 badugi (메이드) ... 1 one-card (무탑)."""

    BADUGI = "badugi"
    THREE_CARD = "three-card"
    TWO_CARD = "two-card"
    ONE_CARD = "one-card"


_CATEGORY_OF_SIZE = {
    4: Category.BADUGI,
    3: Category.THREE_CARD,
    2: Category.TWO_CARD,
    1: Category.ONE_CARD,
}


@dataclass(frozen=True)
class Hand:
    """A described hand. ``cards`` is its badugi, highest rank first."""

    rank: int
    cards: tuple[Card, ...]
    dealt: tuple[Card, ...]
    name: str
    name_ko: str
    aliases: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def category(self) -> Category:
        return _CATEGORY_OF_SIZE[len(self.cards)]

    def __str__(self) -> str:
        return self.name

    def _repr_html_(self) -> str:
        """Jupyter's drawing: the cards (the badugi's marked), rank and names, as the web
        pages draw a hand (``hands/html.py``)."""
        return hand_html(self)


@cache
def _names(ranks: tuple[int, ...]) -> tuple[str, str, tuple[str, ...]]:
    return english_name(ranks), korean_name(ranks), korean_aliases(ranks)


def describe(hand: HandLike) -> Hand:
    """Rank, badugi cards, category and names of a hand.

    Where several subsets tie for the badugi, ``cards`` is the one whose sorted ids are lowest.
    """
    ids = fast_hand_ids(hand)
    packed = lib.bf_describe(*ids)
    rank, mask = packed & 0xFFFF, packed >> 16
    ascending = sorted(ids)
    best = tuple(DECK[ascending[i]] for i in (3, 2, 1, 0) if mask >> i & 1)
    name, name_ko, aliases = _names(tuple(card.rank for card in best))
    return Hand(rank, best, tuple(DECK[i] for i in ids), name, name_ko, aliases)
