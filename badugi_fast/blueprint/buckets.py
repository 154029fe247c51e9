"""The abstraction of every hand at once: each hand's bucket and what each of its draw slots
throws, read from the C abstraction the trainer and the C engines use (``bf_bp_hand``).

Readers that look at many hands of one spot (the local best response, the ranges a line of
play reaches) index these arrays by a hand's position in ``all_hands()`` instead of reading
the hand's best badugi again for each decision.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from ..hands.evaluator import NUM_HANDS
from ..hands.universe import all_hands
from .abstraction import SLOTS


@cache
def hand_buckets() -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """Every hand's bucket, and the positions each draw slot throws (bit i: the hand's i-th
    card in ascending ids; -1: no such slot, as the keep slot of a four-card badugi), both in
    the order of ``all_hands()``; read-only."""
    cards = np.ascontiguousarray(all_hands(), dtype=np.uint8)
    buckets = np.empty(NUM_HANDS, dtype=np.int16)
    thrown = np.empty((NUM_HANDS, SLOTS), dtype=np.int8)
    done = lib.bf_bp_hands(
        ffi.from_buffer("uint8_t[]", cards),
        NUM_HANDS,
        ffi.from_buffer("int16_t[]", buckets),
        ffi.from_buffer("int8_t[]", thrown),
    )
    if done != NUM_HANDS:  # never: the universe holds hands only
        raise RuntimeError(f"bf_bp_hands stopped at row {done}")
    buckets.setflags(write=False)
    thrown.setflags(write=False)
    return buckets, thrown


def slot_sizes(thrown: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The cards each draw slot of ``thrown`` (rows as ``hand_buckets`` gives them) throws;
    0 where there is no such slot."""
    sizes: npt.NDArray[np.int64] = _SIZES[np.maximum(thrown, 0)]
    return sizes


def legal_slots(thrown: npt.NDArray[np.integer], cap: int) -> npt.NDArray[np.bool_]:
    """The draw slots a decision may take: those that exist and throw at most ``cap`` cards
    (what the rules let the seat draw; stand pat always qualifies)."""
    return (thrown >= 0) & (slot_sizes(thrown) <= cap)


_SIZES = np.array([bin(m).count("1") for m in range(16)], dtype=np.int64)  # by thrown mask

__all__ = ["hand_buckets", "legal_slots", "slot_sizes"]
