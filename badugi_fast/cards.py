"""Cards: the id encoding, the Card type, and reading cards and hands from text.

Card id = 4 * rank + suit, rank A=0, 2=1, ..., K=12 (ace low), suit c=0, d=1, h=2, s=3.
Card text is a rank (A 2-9 T/10 J Q K, any case) and a suit (c d h s, or a symbol such as
♣♦♥♠ ♧♢♡♤ ◇), in either order: ``As``, ``A♠``, ``♠A``, ``10h``, ``♡10``.
"""

from __future__ import annotations

import operator
import re
import string
from collections.abc import Iterable, Mapping, Sized
from itertools import islice
from typing import SupportsIndex

from ._runtime.validate import is_whole
from .errors import InvalidHandError, shown

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
HAND_SIZE = 4
# The longest text read as one hand (or one card): four cards take at most 16 characters ("10♠️"
# is four), the rest is room for separators. Longer text is refused before it is read, so a
# 100 MB string costs nothing; the C reader (csrc/eval/text.c, HAND_TEXT_MAX) leaves lines of
# more bytes than this to the Python reader, so both draw the line at the same place.
MAX_HAND_TEXT = 256

_RANK_SPELLINGS: dict[str, int] = {"10": 9}
for _rank, _char in enumerate(RANK_CHARS):
    _RANK_SPELLINGS[_char] = _RANK_SPELLINGS[_char.lower()] = _rank
_SUIT_SPELLINGS: dict[str, int] = {
    spelling: suit
    for suit, spellings in enumerate(("cC♣♧", "dD♦♢◇◆", "hH♥♡", "sS♠♤"))
    for spelling in spellings
}
# Every one-card token, rank first or suit first: the fast path of hand parsing is a dict lookup.
_TOKENS: dict[str, int] = {}
for _r_text, _rank in _RANK_SPELLINGS.items():
    for _s_text, _suit in _SUIT_SPELLINGS.items():
        _TOKENS[_r_text + _s_text] = _TOKENS[_s_text + _r_text] = 4 * _rank + _suit

_SEPARATORS = re.compile(r"[\s,]+")
_VARIATION_SELECTOR = "\ufe0f"  # follows suit symbols typed as emoji ("♠️")
# Cards as typed, typos included (looks_like_cards): a card-shaped token is a rank and a suit-like
# character (a suit, or a letter that is not a rank: "Kx"), either order, run together or not; a
# short token is one to three letters, digits or suits ("Xx", "1c", "4").
_RANK_TEXT = "|".join(sorted(_RANK_SPELLINGS, key=len, reverse=True))
_SUIT_LIKE = "".join(sorted({*_SUIT_SPELLINGS, *string.ascii_letters} - set(_RANK_SPELLINGS)))
_CARD_SHAPED = re.compile(f"(?:(?:{_RANK_TEXT})[{_SUIT_LIKE}]|[{_SUIT_LIKE}](?:{_RANK_TEXT}))+")
_SHORT = re.compile(f"[0-9A-Za-z{''.join(_SUIT_SPELLINGS)}]{{1,3}}")


class Card(int):
    """A card: an ``int`` (its id) that prints as text. ``Card("As") == Card(3) == 3``."""

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        return DECK[card_id(card)]

    @property
    def rank(self) -> int:
        """0 for an ace ... 12 for a king."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) & 3

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``A♠``."""
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (int(self),)


CardLike = Card | SupportsIndex | str

DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))


def _read_rank(text: str, i: int) -> tuple[int | None, int]:
    if text.startswith("10", i):
        return 9, i + 2
    rank = _RANK_SPELLINGS.get(text[i])
    return rank, i + 1


def _read_card(text: str, i: int) -> tuple[int | None, int]:
    """The card starting at text[i] and the position after it, or (None, i)."""
    rank, j = _read_rank(text, i)
    if rank is not None and j < len(text) and text[j] in _SUIT_SPELLINGS:
        return 4 * rank + _SUIT_SPELLINGS[text[j]], j + 1
    suit = _SUIT_SPELLINGS.get(text[i])
    if suit is not None and i + 1 < len(text):
        rank, j = _read_rank(text, i + 1)
        if rank is not None:
            return 4 * rank + suit, j
    return None, i


def parse_cards(text: str) -> list[Card]:
    """Every card in ``text``: separated by spaces or commas, or run together (``As2d3h4c``)."""
    if not isinstance(text, str):
        raise TypeError(f"card text must be a str, not {type(text).__name__}")
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.replace(_VARIATION_SELECTOR, "")):
        i = 0
        while i < len(chunk):
            card, i_next = _read_card(chunk, i)
            if card is None:
                where = "" if i == 0 else f" in {shown(chunk)}"
                raise InvalidHandError(f"unknown card {shown(chunk[i:])}{where}", token=chunk[i:])
            cards.append(DECK[card])
            i = i_next
    return cards


def looks_like_cards(text: str) -> bool:
    """Whether ``text`` is meant as cards, readable or not (``"As 2d 3c Kx"``, ``"As 2d Xx"``):
    only short or card-shaped tokens, at least one card-shaped. No hand name is; range text can
    be ("2x3x"), so a caller asks only about text that the range reader refused too."""
    tokens = [t for t in _SEPARATORS.split(text.replace(_VARIATION_SELECTOR, "")) if t]
    return any(_CARD_SHAPED.fullmatch(t) for t in tokens) and all(
        _CARD_SHAPED.fullmatch(t) or _SHORT.fullmatch(t) for t in tokens
    )


def card_id(card: CardLike) -> int:
    """The id (0..51) of a Card, an int id or one card's text; raises on anything else.

    An id is an integer: an int (bools too, as in numpy), a numpy integer or a Card, or any
    object with ``__index__`` (the protocol of lossless integers). Floats, Fractions, Decimals,
    float arrays and objects with only ``__int__`` are a TypeError, never truncated.
    """
    if isinstance(card, str):
        _check_text_length(card, "card")
        cards = parse_cards(card)
        if len(cards) != 1:
            raise InvalidHandError(f"expected one card, got {shown(card)}", token=card)
        return int(cards[0])
    try:
        value = operator.index(card)
    except TypeError:
        raise TypeError(
            f"a card is a str, an int id or a Card, not {type(card).__name__}: {shown(card)}"
        ) from None
    if not 0 <= value < 52:
        raise InvalidHandError(f"card id {shown(value)} is outside 0..51", token=card)
    return value


def _check_text_length(text: str, what: str) -> None:
    if len(text) > MAX_HAND_TEXT:
        raise InvalidHandError(
            f"a {what}'s text is at most {MAX_HAND_TEXT} characters, got {len(text):,}:"
            f" {shown(text[:100])}",
            token=text[:MAX_HAND_TEXT],
        )


def hand_ids(hand: str | Iterable[CardLike]) -> tuple[int, int, int, int]:
    """The four distinct card ids of a hand given as text or as a sequence of cards."""
    if isinstance(hand, str):
        _check_text_length(hand, "hand")
        tokens = hand.split()
        if len(tokens) == HAND_SIZE:  # fast path: "As 2d 3h 4c"
            try:
                a, b, c, d = (_TOKENS[token] for token in tokens)
            except KeyError:
                pass
            else:
                if len({a, b, c, d}) == HAND_SIZE:
                    return a, b, c, d
        ids = [int(card) for card in parse_cards(hand)]
    else:
        if isinstance(hand, Mapping):  # its keys would be read as the cards
            raise TypeError(
                f"a hand is a str or a sequence of cards, not a {type(hand).__name__}"
                " (its keys would be read as the cards)"
            )
        try:
            items = list(islice(hand, HAND_SIZE + 1))  # an endless iterator is not read to its end
        except TypeError:
            raise TypeError(
                f"a hand is a str or a sequence of cards, not {type(hand).__name__}"
            ) from None
        if len(items) != HAND_SIZE:
            sized = isinstance(hand, Sized)
            count = (
                len(hand)
                if isinstance(hand, Sized)
                else len(items)
                if len(items) < HAND_SIZE
                else "5 or more"
            )
            raise InvalidHandError(
                f"a hand has 4 cards, got {count}: {shown(hand if sized else items)}"
            )
        ids = [card_id(item) for item in items]
    return _check_hand(ids, hand)


def _check_hand(ids: list[int], hand: object) -> tuple[int, int, int, int]:
    if len(ids) != HAND_SIZE:
        raise InvalidHandError(f"a hand has 4 cards, got {len(ids)}: {shown(hand)}")
    seen: set[int] = set()
    for card in ids:
        if card in seen:
            raise InvalidHandError(
                f"duplicate card {DECK[card]} in {shown(hand)}", token=DECK[card]
            )
        seen.add(card)
    a, b, c, d = ids
    return a, b, c, d


def hand_cards(hand: str | Iterable[CardLike]) -> tuple[Card, ...]:
    """The four cards of a hand, as Card objects, in the order given."""
    return tuple(DECK[i] for i in hand_ids(hand))


def format_cards(cards: Iterable[CardLike]) -> str:
    """Cards as space-separated text, e.g. ``"As 2d 3h 4c"``; ``cards`` is a sequence of cards
    (one str is refused: its letters are not cards; ``parse_cards`` reads text)."""
    if isinstance(cards, str):
        raise TypeError(
            f"format_cards takes a sequence of cards, not one str ({shown(cards)});"
            " parse_cards(text) reads cards from text"
        )
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(
            f"format_cards takes a sequence of cards, not {type(cards).__name__}"
        ) from None
    return " ".join(str(Card(card)) for card in items)


def parse_rank(rank: str | int) -> int:
    """A rank as 0 (ace) .. 12 (king), from text (``"A"``, ``"8"``, ``"T"``, ``"10"``, ``"k"``)
    or a face value 1 (ace) .. 13 (king)."""
    if isinstance(rank, bool):
        raise TypeError("a rank is text like '8' or a face value 1..13, not a bool")
    if is_whole(rank):
        face = operator.index(rank)  # type: ignore[arg-type]
        if not 1 <= face <= 13:
            raise ValueError(f"a face value is 1 (ace) .. 13 (king), got {shown(face)}")
        return face - 1
    if isinstance(rank, str):
        text = rank.strip()
        if text == "1":
            return 0
        if text in _RANK_SPELLINGS:
            return _RANK_SPELLINGS[text]
        raise ValueError(f"unknown rank {shown(rank)}; use A 2-9 T/10 J Q K")
    raise TypeError(f"a rank is text like '8' or a face value 1..13, not {type(rank).__name__}")
