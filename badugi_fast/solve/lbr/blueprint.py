"""The blueprint as the local best response reads it: its table, for many hands at once.

``MixedStrategy`` asks a bot's ``probabilities(view)`` once per hand, which for the blueprint
reads the whole public history again for each of a spot's thousand particles. Here the public
index and the legal slots are read once per spot (from the spot's view holding the first hand:
neither depends on the cards), and each hand's bucket and what its draw slots throw come from
the abstraction's table of every hand (``hand_buckets``). The probabilities are the same as
``Blueprint.probabilities`` gives (tests/solve/test_lbr_blueprint.py compares the two).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import numpy.typing as npt

from ...blueprint import Blueprint
from ...blueprint.abstraction import PUBLIC, SLOTS, read_decision
from ...blueprint.buckets import hand_buckets, legal_slots
from ...cards import DECK
from ...game.actions import View
from ...hands.universe import lex_index
from .arrays import MASKS, Floats, Hands, Masks


@dataclasses.dataclass(frozen=True)
class BlueprintStrategy:
    """``blueprint``'s strategy as a ``HandStrategy`` (see the module)."""

    blueprint: Blueprint

    def _decision(self, spot: View, hand: Any) -> Any:
        view = dataclasses.replace(spot, hand=tuple(DECK[c] for c in hand))
        return read_decision(view, self.blueprint.small_bet, self.blueprint.most_thrown)

    def _spot(self, spot: View, hands: Hands) -> tuple[Any, npt.NDArray[np.int32]]:
        """The spot's decision (read from its first hand: the public index and the slots do
        not depend on the cards) and each hand's position in ``all_hands()``."""
        return self._decision(spot, hands[0]), lex_index(hands)

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        del dead  # the betting buckets read the hand alone
        out = np.zeros((len(hands), len(spot.legal)))
        if not len(hands):
            return out
        decision, at = self._spot(spot, hands)
        slots = sorted(decision.actions)
        kinds = [a.kind for a in spot.legal]
        columns = [kinds.index(decision.actions[s].kind) for s in slots]
        legal = np.zeros((len(hands), SLOTS), dtype=bool)
        legal[:, slots] = True
        infosets = hand_buckets()[0][at].astype(np.int64) * PUBLIC + decision.infoset % PUBLIC
        out[:, columns] = self.blueprint.rows(infosets, legal)[:, slots]
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        """Hands are rows of ascending ids (as the particles keep them), so the positions a
        slot throws are the hand's own discard mask."""
        del dead
        out = np.zeros((len(hands), MASKS))
        if not len(hands):
            return out
        cap = min(self.blueprint.most_thrown, spot.legal[0].amount)
        decision, at = self._spot(spot, hands)
        buckets, thrown = hand_buckets()
        masks = thrown[at].astype(np.int64)
        legal = legal_slots(masks, cap)
        infosets = buckets[at].astype(np.int64) * PUBLIC + decision.infoset % PUBLIC
        probabilities = self.blueprint.rows(infosets, legal)
        for slot in range(SLOTS):  # a hand's slots throw different cards
            rows = np.flatnonzero(legal[:, slot])
            out[rows, masks[rows, slot]] += probabilities[rows, slot]
        return out

    def rollout_policy(self) -> Any:
        return None


__all__ = ["BlueprintStrategy"]
