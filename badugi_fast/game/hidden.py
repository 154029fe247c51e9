"""Cards never shown: ``HiddenCard`` (``??``), and the checks of the cards a seat shows at
showdown in place of its unknown ones (``Game``'s ``reveal``: state.py's docstring says how a
showdown with unknown hands goes)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..cards import DECK, Card, CardLike, hand_cards
from .actions import IllegalActionError
from .table import seat_set

HIDDEN = "??"  # a card never shown, as PHH writes it


class HiddenCard(Card):
    """A card never shown: dealt, thrown and drawn like any other, but it prints as ``??`` and
    has no rank. Its id (52 and up) is its place among the unknown cards of a hand, never one of
    the 52 (``evaluate`` refuses it)."""

    __slots__ = ()

    def __new__(cls, index: int) -> HiddenCard:
        if cls is HiddenCard and type(index) is int and 0 <= index < len(_HIDDEN_CARDS):
            return _HIDDEN_CARDS[index]  # one object each (an imported hand holds a dozen)
        return int.__new__(cls, len(DECK) + index)

    def __str__(self) -> str:
        return HIDDEN

    @property
    def symbol(self) -> str:
        return HIDDEN

    def __repr__(self) -> str:
        return f"HiddenCard({int(self) - len(DECK)})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return HiddenCard, (int(self) - len(DECK),)


# The unknown cards of a stacked deck, made once: every Game shares them as it shares DECK's
# cards (a card is an immutable int; the collector need not walk a hand's own copies).
_HIDDEN_CARDS: tuple[HiddenCard, ...] = ()
_HIDDEN_CARDS = tuple(HiddenCard(index) for index in range(2 * len(DECK)))


def check_reveal(
    reveal: Mapping[int, Sequence[CardLike]] | None, seats: int
) -> dict[int, tuple[Card, ...]]:
    """``reveal`` checked: seats of the table, each with four distinct cards, no card twice."""
    if reveal is None:
        return {}
    if not isinstance(reveal, Mapping):
        raise TypeError(f"reveal maps seats to the cards they show, not {type(reveal).__name__}")
    shown = {seat: hand_cards(cards) for seat, cards in reveal.items()}
    seat_set("reveal", shown, seats)
    cards = [card for hand in shown.values() for card in hand]
    if len(set(cards)) != len(cards):
        raise ValueError(f"reveal shows a card twice: {' '.join(map(str, cards))}")
    return shown


def check_shown(seat: int, cards: Iterable[Card], shows: tuple[Card, ...]) -> None:
    """A seat that shows ``shows`` at showdown can end with no other known card."""
    other = [str(c) for c in cards if type(c) is Card and c not in shows]
    if other:
        shown = " ".join(map(str, shows))
        raise IllegalActionError(f"seat {seat} would hold {' '.join(other)}, not in its "
                                 f"shown hand {shown}")  # fmt: skip


__all__ = ["HIDDEN", "HiddenCard", "check_reveal", "check_shown"]
