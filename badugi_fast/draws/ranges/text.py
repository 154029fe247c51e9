"""Reading one element of a range's text into the hands it selects (a mask over the universe).

The forms, tried in this order (see ``parse_range`` for the whole language):
- ``any`` / ``random`` / ``*``;
- ``top N%``: the fewest hands in starting-hand chart order (heads-up equity with three draws,
  default policy; equal equity by lower ids) covering at least N % of the 270,725 (chart.py);
- badugi rank strings, ranks from high to low: ``8765``, ``8765-`` (that class and every better
  one), ``K32+`` (that class and every worse one), ``T987..8765`` (every class between, either
  order), ``8-`` / ``8+`` (every four-card class with that top card or better / or worse, and for
  ``+`` every smaller size), ``1:8`` for a one-card class;
- suit-free patterns of four characters with ``x`` for any card: ``A23x``, ``A2xx``;
- an explicit hand: ``As 2d 3c Kh``;
- any name ``lookup_name`` knows: ``7메이드``, ``A23 베이스``, ``골프``, ``6탑``, ``무탑``.
A hand belongs to a class element by the class of the whole four-card hand.

Every pattern here matches in time linear in the text: no two parts of one pattern can take the
same characters (a number is digits with an optional fraction, or a fraction alone, not
``[0-9]*[.]?[0-9]+``, whose two runs of digits can split a run of n digits n ways, and fail in
n**2 steps). An element is at most ``MAX_HAND_TEXT`` characters, as a hand's text is: no form
needs more.
"""

from __future__ import annotations

import re
from itertools import permutations

import numpy as np
import numpy.typing as npt

from ...cards import looks_like_cards, parse_cards
from ...errors import InvalidHandError
from ...hands.evaluator import NUM_RANKS
from ...hands.naming import class_rank, class_ranks, lookup_name, size_of_rank
from ...hands.universe import all_hands, class_of_hands, colex_index
from ..chart.lookup import top_percent

RANK_CHARS = "A23456789TJQK"
_RANK = f"[{RANK_CHARS}]"
_CLASS = f"(?:1:{_RANK}|{_RANK}{{2,4}})"
_CLASS_EXPR = re.compile(f"({_CLASS})(?:(-|\\+)|\\.\\.({_CLASS}))?")
_TOP_RANK = re.compile(f"({_RANK})(-|\\+)")
_PATTERN = re.compile(f"[{RANK_CHARS}X]{{4}}")
NUMBER = r"(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)"  # 12, 12.5 or .5: one way to read each
_TOP_PERCENT = re.compile(f"TOP\\s*({NUMBER})\\s*%")
_ANY = ("ANY", "RANDOM", "*")

Mask = npt.NDArray[np.bool_]


class ElementError(ValueError):
    """What is wrong with one element; ``parse_range`` adds the element and its position."""


def element_mask(text: str) -> Mask | int:
    """The hands the element selects: a mask over the universe, or for an explicit hand its
    position (its weight and ``!`` are read by the caller, which bounds its length)."""
    upper = re.sub(r"\s+", " ", text.strip()).upper()
    if upper in _ANY:
        return np.ones(len(all_hands()), dtype=bool)
    top = _TOP_PERCENT.fullmatch(upper)
    if top:
        try:
            return top_percent(top.group(1))
        except ValueError as error:
            raise ElementError(str(error)) from None
    compact = upper.replace(" ", "")
    ranks = _rank_interval(compact)
    if ranks is not None:
        low, high = ranks
        classes = class_of_hands()
        return (classes >= low) & (classes <= high)
    if _PATTERN.fullmatch(compact) and "X" in compact:
        return _pattern_mask(compact)
    hand = _explicit_hand(text)
    if hand is not None:  # a position, not a mask: a canonical text may hold 270,725 hands
        return _position(hand)
    try:
        named = lookup_name(text)
    except ValueError:
        raise ElementError("not a hand, a class, a pattern or a hand name") from None
    return np.isin(class_of_hands(), np.array(named, dtype=np.uint16))


def _class_of_text(text: str) -> int:
    """The rank of a class written as a badugi rank string (``8765``, ``75A``, ``1:8``)."""
    letters = text[2:] if text.startswith("1:") else text
    ranks = [RANK_CHARS.index(c) for c in letters]
    if len(set(ranks)) != len(ranks):
        raise ElementError(f"the class {text!r} repeats a rank")
    return class_rank(tuple(ranks))


def _rank_interval(text: str) -> tuple[int, int] | None:
    """The ranks (best, worst) a rank-string element covers, or None if it is not one."""
    single = _TOP_RANK.fullmatch(text)
    if single:
        top = RANK_CHARS.index(single.group(1))
        if top < 3:
            raise ElementError(f"no four-card badugi has top card {single.group(1)}")
        if single.group(2) == "-":  # the worst four-card class with this top card
            return 1, class_rank((top - 3, top - 2, top - 1, top))
        return class_rank((0, 1, 2, top)), NUM_RANKS  # its best, and everything worse
    match = _CLASS_EXPR.fullmatch(text)
    if not match:
        return None
    rank = _class_of_text(match.group(1))
    if match.group(2) == "-":
        return 1, rank
    if match.group(2) == "+":
        return rank, NUM_RANKS
    if match.group(3):
        other = _class_of_text(match.group(3))
        return min(rank, other), max(rank, other)
    return rank, rank


def _pattern_mask(pattern: str) -> Mask:
    """Hands holding the pattern's ranks in cards of different suits, the rest any cards."""
    hands = all_hands()
    ranks, suits = hands >> 2, hands & 3
    named = [(i, RANK_CHARS.index(c)) for i, c in enumerate(pattern) if c != "X"]
    mask = np.zeros(len(hands), dtype=bool)
    for order in permutations(range(4), len(named)):
        ok = np.ones(len(hands), dtype=bool)
        for (_, rank), column in zip(named, order, strict=True):
            ok &= ranks[:, column] == rank
        for i, first in enumerate(order):
            for second in order[i + 1 :]:
                ok &= suits[:, first] != suits[:, second]
        mask |= ok
    return mask


def _position(hand: list[int]) -> int:
    """A hand's position in ``all_hands()`` (lexicographic order) without numpy: the order of
    52 - 1 - id reversed, so the last colex index less the colex index of the mirrored ids."""
    return len(all_hands()) - 1 - colex_index([51 - card for card in hand])


def _explicit_hand(text: str) -> list[int] | None:
    try:
        cards = [int(card) for card in parse_cards(text)]
    except InvalidHandError as error:
        if looks_like_cards(text):  # a mistyped hand: name its bad card, not every form
            raise ElementError(str(error)) from None
        return None
    if len(cards) != 4:
        raise ElementError(f"a hand is four cards, got {len(cards)}")
    if len(set(cards)) != 4:
        raise ElementError("the hand repeats a card")
    return cards


def class_element(rank: int) -> str:
    """A class written as the element that selects it: ``8765``, ``75A``, ``1:8``."""
    text = "".join(RANK_CHARS[r] for r in reversed(class_ranks(rank)))
    return f"1:{text}" if size_of_rank(rank) == 1 else text
