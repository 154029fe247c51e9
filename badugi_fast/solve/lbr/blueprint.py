"""The blueprint as the local best response reads it: its table, for many hands at once.

``MixedStrategy`` asks a bot's ``probabilities(view)`` once per hand, which for the blueprint
reads the whole public history again for each of a spot's thousand particles. Here the public
index and the legal slots are read once per spot (from the spot's view holding the first hand:
neither depends on the cards), each hand's bucket comes from its rank through a rank -> bucket
table (the bucket is a function of the best badugi's ranks, which the rank fixes), and only a
draw's cards are found hand by hand, from the C evaluator's best subset as the abstraction
throws them. The probabilities are the
same as ``Blueprint.probabilities`` gives (tests/solve/test_lbr_blueprint.py compares the two).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import lib
from ...cards import DECK
from ...game.actions import View
from ...game.blueprint import Blueprint
from ...game.blueprint.abstraction import PUBLIC, bucket, read_decision
from ...hands.evaluator import evaluate_many
from ...hands.universe import all_hands
from .arrays import MASKS, Floats, Hands, Masks


@cache
def bucket_of_rank() -> npt.NDArray[np.int64]:
    """Each hand rank's bucket (-1: no hand has that rank), from one hand of each rank."""
    hands = all_hands()
    ranks = evaluate_many(hands).astype(np.int64)
    table = np.full(int(ranks.max()) + 1, -1, dtype=np.int64)
    _, first = np.unique(ranks, return_index=True)
    for i in first:
        table[ranks[i]] = bucket([DECK[c] for c in hands[i]])
    return table


@dataclasses.dataclass(frozen=True)
class BlueprintStrategy:
    """``blueprint``'s strategy as a ``HandStrategy`` (see the module)."""

    blueprint: Blueprint

    def _decision(self, spot: View, hand: Any) -> Any:
        view = dataclasses.replace(spot, hand=tuple(DECK[c] for c in hand))
        return read_decision(view, self.blueprint.small_bet, self.blueprint.most_thrown)

    def _rows(self, public: int, hands: Hands) -> npt.NDArray[np.int64]:
        buckets = bucket_of_rank()[evaluate_many(hands).astype(np.int64)]
        return self.blueprint.table[buckets * PUBLIC + public].astype(np.int64)

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        del dead  # the betting buckets read the hand alone
        out = np.zeros((len(hands), len(spot.legal)))
        if not len(hands):
            return out
        decision = self._decision(spot, hands[0])
        slots = sorted(decision.actions)
        kinds = [a.kind for a in spot.legal]
        columns = [kinds.index(decision.actions[s].kind) for s in slots]
        weights = self._rows(decision.infoset % PUBLIC, hands)[:, slots]
        out[:, columns] = _normalised(weights)
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        del dead
        out = np.zeros((len(hands), MASKS))
        if not len(hands):
            return out
        cap = min(self.blueprint.most_thrown, spot.legal[0].amount)
        weights = self._rows(self._decision(spot, hands[0]).infoset % PUBLIC, hands)
        for row, hand in enumerate(hands.tolist()):
            masks, slots = _draw_slots(tuple(hand), cap)
            out[row, masks] += _normalised(weights[row, slots][None, :])[0]
        return out

    def rollout_policy(self) -> Any:
        return None


def _draw_slots(hand: tuple[int, ...], cap: int) -> tuple[list[int], list[int]]:
    """The discard masks of a hand's legal draw slots, and the slots, as read_decision has them
    (``abstraction.thrown``: its best badugi is bf_describe's subset, whose top card is the
    subset's highest id, ids running by rank)."""
    keep = lib.bf_describe(*hand) >> 16
    outside = ~keep & 15
    throws = (0, None if keep == 15 else outside, outside | 1 << (keep.bit_length() - 1))
    chosen = [(m, slot) for slot, m in enumerate(throws) if m is not None and m.bit_count() <= cap]
    return [m for m, _ in chosen], [slot for _, slot in chosen]


def _normalised(weights: npt.NDArray[np.int64]) -> Floats:
    """Rows of table weights as probabilities; an all-zero row (never trained) is uniform."""
    totals = weights.sum(axis=1, keepdims=True)
    uniform = np.full(weights.shape, 1.0 / weights.shape[1])
    return np.where(totals > 0, weights / np.maximum(totals, 1), uniform)


__all__ = ["BlueprintStrategy", "bucket_of_rank"]
