"""The array shapes a ``HandStrategy`` reads and answers in (strategy.py says what each holds),
and the check of what a caller hands it."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...errors import InvalidHandError
from ...game.actions import Phase, View
from ...hands.universe import all_hands

MASKS = 16  # discards of a four-card hand, as masks over its sorted cards
Floats = npt.NDArray[np.float64]
Hands = npt.NDArray[np.uint8]
Masks = npt.NDArray[np.uint64]
POPCOUNT = np.array([bin(m).count("1") for m in range(MASKS)], dtype=np.int64)

CARDS = 52


def checked_hands(hands: object, dead: object) -> tuple[Hands, Masks]:
    """``hands`` as (n, 4) uint8 card ids 0..51, ascending in each row, and ``dead`` as (n,)
    uint64 card masks, or a TypeError or ValueError naming what is wrong (an
    ``InvalidHandError`` with ``row`` and ``hand`` for a bad hand). A strategy reads a row of a
    table per hand, and C reads four bytes a hand: a negative id would read another hand's
    row, an id past 51 or a row of three cards past the end. (The evaluator's reader takes
    text and leaves duplicates to C; a strategy's rows must be ids and ascending besides.)"""
    if hands is all_hands():  # the universe itself, checked once by construction
        cards: Hands = all_hands()
    else:
        given = _integers("hands", hands)
        if given.ndim != 2 or given.shape[1] != 4:
            raise InvalidHandError(
                f"hands is an (n, 4) array of card ids, not of shape {given.shape}"
            )
        if len(given):
            low, high = int(given.min()), int(given.max())
            if low < 0 or high >= CARDS:
                row = int(np.flatnonzero(((given < 0) | (given >= CARDS)).any(axis=1))[0])
                raise _hand_error(given, row, f"card ids are 0 .. {CARDS - 1}")
            unsorted = np.flatnonzero((np.diff(given.astype(np.int16), axis=1) <= 0).any(axis=1))
            if len(unsorted):
                raise _hand_error(given, int(unsorted[0]), "four different card ids, ascending")
        cards = np.ascontiguousarray(given, dtype=np.uint8)
    masks = _integers("dead", dead)
    if masks.shape != (len(cards),):
        raise ValueError(f"dead is one card mask a hand, ({len(cards)},), not {masks.shape}")
    if len(masks):
        outside = (masks < 0) | (masks >= 1 << CARDS)
        if outside.any():
            row = int(np.flatnonzero(outside)[0])
            raise ValueError(
                f"dead {row} is {int(masks[row])}: dead holds masks of {CARDS} cards "
                f"(0 .. 2**{CARDS} - 1)"
            )
    return cards, np.asarray(masks, dtype=np.uint64)


def _hand_error(given: npt.NDArray[np.integer], row: int, why: str) -> InvalidHandError:
    hand = given[row].tolist()
    return InvalidHandError(f"hand {row} is {hand}: {why}", row=row, hand=hand)


def _integers(name: str, values: object) -> npt.NDArray[np.integer]:
    """``values`` as an integer array (TypeError for floats, bools and objects; ValueError
    naming a whole number past 64 bits, which numpy keeps as an object)."""
    array = np.asarray(values)
    if array.dtype == object and array.size:
        items = array.ravel().tolist()
        big = next((v for v in items if type(v) is int and not -(1 << 63) <= v < 1 << 64), None)
        if big is not None:
            raise ValueError(f"{name} holds {big}: past a 64-bit integer")
    if array.dtype.kind not in "iu":
        raise TypeError(f"{name} is an array of integers, not of {array.dtype}")
    return array


def checked_call(
    spot: object, hands: object, dead: object, phase: Phase
) -> tuple[View, Hands, Masks]:
    """A strategy's arguments checked: ``spot`` a ``View`` of a ``phase`` decision (a betting
    row read at a draw would be another decision's), and ``checked_hands``."""
    if not isinstance(spot, View):
        raise TypeError(f"a spot is a View, not {type(spot).__name__}")
    if spot.phase is not phase:
        raise ValueError(f"a {phase.value} decision's spot, not a {spot.phase.value} one")
    return (spot, *checked_hands(hands, dead))


def draw_cap(spot: View) -> int:
    """The most cards the spot's draw may throw."""
    if spot.phase is not Phase.DRAW or len(spot.legal) != 1:
        raise ValueError("a draw spot has exactly one legal action, the draw")
    return spot.legal[0].amount


__all__ = [
    "MASKS",
    "POPCOUNT",
    "Floats",
    "Hands",
    "Masks",
    "checked_call",
    "checked_hands",
    "draw_cap",
]
