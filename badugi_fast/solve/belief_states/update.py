"""One player's belief carried through its public actions: Bayes' rule at a betting action, and
at a draw the transition through the strategy's discards and the cards dealt (C:
csrc/solve/beliefs.c, a subset-sum pass over the kept cards, exact for a belief over the current
hand).

Weights are dense over the 270,725 hands of ``all_hands()`` (lexicographic rows); the C pass
reads them in colex order. ``blocked`` is a card mask of what the player can never hold or be
dealt: the cards outside the deck, and an observer's cards when the belief is the observer's
opponent's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ...blueprint.buckets import hand_buckets
from ...game.actions import View
from ...hands.evaluator import NUM_HANDS
from ...hands.universe import all_hands, colex_indices
from ..lbr.arrays import MASKS, POPCOUNT
from ..lbr.blueprint import BlueprintStrategy
from ..lbr.particles import card_masks
from ..lbr.strategy import HandStrategy, checked_probabilities, deciding

Floats = npt.NDArray[np.float64]


@cache
def colex_of_lex() -> npt.NDArray[np.int64]:
    """The colex index of each hand of ``all_hands()``."""
    return colex_indices(all_hands())


@cache
def hand_masks() -> npt.NDArray[np.uint64]:
    """Each hand of ``all_hands()`` as a card mask."""
    return card_masks(all_hands())


def open_hands(blocked: int) -> npt.NDArray[np.bool_]:
    """The hands holding no blocked card."""
    return (hand_masks() & np.uint64(blocked)) == 0  # type: ignore[no-any-return]


_NO_DEAD = np.zeros(NUM_HANDS, dtype=np.uint64)  # a belief's hands: their own discards unknown
_NO_DEAD.setflags(write=False)


def _asked(strategy: HandStrategy, method: str, spot: View, live: npt.NDArray[np.intp]) -> Any:
    """``strategy.<method>`` for the hands at ``live`` (positions in ``all_hands()``), their own
    discards unknown (a belief is over the current hand alone); the blueprint is told the
    positions, which spares it finding them."""
    hands = all_hands()[live]
    dead = _NO_DEAD[: len(live)]
    if isinstance(strategy, BlueprintStrategy):
        return getattr(strategy, method)(spot, hands, dead, positions=live)
    return getattr(strategy, method)(spot, hands, dead)


def bet(
    weights: Floats, strategy: HandStrategy, spot: View, kind: str, tremble: float = 0.0
) -> Floats:
    """``weights`` times each hand's probability of ``kind`` at ``spot`` (with ``tremble``: of
    that probability mixed with uniform play, ``(1 - tremble) p + tremble / actions``)."""
    strategy = deciding(strategy, spot)
    live = np.flatnonzero(weights > 0)
    kinds = [a.kind for a in spot.legal]
    if isinstance(strategy, BlueprintStrategy) and len(live):
        # the blueprint's rows are its table's (distributions by construction): each hand
        # takes its bucket's probability of the action, without a row per hand
        rows = strategy.bucket_betting(spot, all_hands()[live[0]])
        chosen = rows[:, kinds.index(kind)][hand_buckets()[0][live]]
    else:
        hands = all_hands()[live]
        probs = _asked(strategy, "betting", spot, live)
        chosen = checked_probabilities(probs, "betting", spot, hands, len(kinds))[
            :, kinds.index(kind)
        ]
    if tremble:
        chosen = (1.0 - tremble) * chosen + tremble / len(kinds)
    out = np.zeros_like(weights)
    out[live] = weights[live] * chosen
    return out


def draw(
    weights: Floats,
    strategy: HandStrategy,
    spot: View,
    count: int,
    blocked: int,
    tremble: float = 0.0,
) -> Floats:
    """The weights after throwing ``count`` cards at ``spot``: each hand's chance of throwing
    that many, carried to the hands the throw and the deal make (see the module); with
    ``tremble``, each hand's discards mixed with a uniform choice of the discards allowed."""
    strategy = deciding(strategy, spot)
    # the C pass reads the discards of `count` cards alone: the others cannot lead here (the
    # blueprint gives those columns alone; another strategy's are picked out of its 16)
    if isinstance(strategy, BlueprintStrategy):
        # every hand, the dead at weight 0 (the C pass skips them): reading the blueprint's
        # columns for the whole deck costs less than gathering the live hands' rows
        live = np.arange(NUM_HANDS)
        hands = all_hands()
        probs = strategy.discards(spot, hands, _NO_DEAD, live, count)
        throws = probs
    else:
        live = np.flatnonzero(weights > 0)
        hands = all_hands()[live]
        asked = _asked(strategy, "discards", spot, live)
        probs = checked_probabilities(asked, "discards", spot, hands, MASKS)
        throws = np.ascontiguousarray(probs[:, POPCOUNT == count])
    if tremble:
        allowed = int((POPCOUNT <= spot.legal[0].amount).sum())
        throws *= 1.0 - tremble  # a fresh array either way
        throws += tremble / allowed
    cards = np.ascontiguousarray(hands, dtype=np.uint8)
    chosen = np.ascontiguousarray(weights[live], dtype=np.float64)
    after = np.empty(len(weights))
    status = lib.bf_belief_draw(
        len(live),
        ffi.from_buffer("uint8_t[]", cards),
        ffi.from_buffer("double[]", chosen),
        ffi.from_buffer("double[]", throws),
        count,
        blocked,
        ffi.from_buffer("double[]", after),
    )
    if status == lib.BF_BELIEF_NO_MEMORY:
        raise MemoryError("bf_belief_draw: out of memory")
    if status:  # C checks the probabilities as it reads them; this names the hand
        checked_probabilities(probs, "discards", spot, hands, probs.shape[1], whole_rows=False)
        raise ValueError(f"a draw of {count} cards: too few cards are left to deal them")
    # inclusion-exclusion cancels to a few ulps below 0 where the exact weight is 0
    out: Floats = np.maximum(after[colex_of_lex()], 0.0)
    return out


__all__ = ["bet", "colex_of_lex", "draw", "hand_masks", "open_hands"]
