"""The blueprint as the local best response reads it: its table, for many hands at once.

``MixedStrategy`` asks a bot's ``probabilities(view)`` once per hand, which for the blueprint
reads the whole public history again for each of a spot's thousand particles. Here the public
index and the legal slots are read once per spot (from the spot's view holding the first hand:
neither depends on the cards), and each hand's bucket and what its draw slots throw come from
the abstraction's table of every hand (``hand_buckets``). A spot's rows are read once per
bucket (and, at a draw, per set of legal slots) and handed to its hands, so a spot costs the
same for the whole deck's hands as for a few hundred. The probabilities are the same as
``Blueprint.probabilities`` gives (tests/solve/test_lbr_blueprint.py compares the two).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import numpy.typing as npt

from ...blueprint import Blueprint
from ...blueprint.abstraction import BUCKETS, PUBLIC, SLOTS, read_decision
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

    def _spot(
        self, spot: View, hands: Hands, positions: npt.NDArray[np.intp] | None
    ) -> tuple[Any, npt.NDArray[np.integer]]:
        """The spot's decision (read from its first hand: the public index and the slots do
        not depend on the cards) and each hand's position in ``all_hands()`` (``positions``
        when the caller knows them)."""
        return self._decision(spot, hands[0]), lex_index(hands) if positions is None else positions

    def betting(
        self, spot: View, hands: Hands, dead: Masks, positions: npt.NDArray[np.intp] | None = None
    ) -> Floats:
        del dead  # the betting buckets read the hand alone
        out = np.zeros((len(hands), len(spot.legal)))
        if not len(hands):
            return out
        decision, at = self._spot(spot, hands, positions)
        slots = sorted(decision.actions)
        kinds = [a.kind for a in spot.legal]
        columns = [kinds.index(decision.actions[s].kind) for s in slots]
        legal = np.zeros((BUCKETS, SLOTS), dtype=bool)
        legal[:, slots] = True
        public = decision.infoset % PUBLIC
        per_bucket = self.blueprint.rows(np.arange(BUCKETS) * PUBLIC + public, legal)
        out[:, columns] = per_bucket[hand_buckets()[0][at]][:, slots]
        return out

    def discards(
        self, spot: View, hands: Hands, dead: Masks, positions: npt.NDArray[np.intp] | None = None
    ) -> Floats:
        """Hands are rows of ascending ids (as the particles keep them), so the positions a
        slot throws are the hand's own discard mask."""
        del dead
        if not len(hands):
            return np.zeros((0, MASKS))
        cap = min(self.blueprint.most_thrown, spot.legal[0].amount)
        decision, at = self._spot(spot, hands, positions)
        buckets, thrown = hand_buckets()
        masks = thrown[at].astype(np.int64)
        legal = legal_slots(masks, cap)
        # a row per (bucket, set of legal slots): every pattern of slots with one legal at least
        patterns = 1 << SLOTS
        keys = buckets[at].astype(np.int64) * patterns + legal @ (1 << np.arange(SLOTS))
        which = np.arange(BUCKETS * patterns)
        rules = ((which % patterns)[:, None] >> np.arange(SLOTS)) & 1 == 1
        usable = rules.any(axis=1)
        per_key = np.zeros((len(which), SLOTS))
        infosets = (which[usable] // patterns) * PUBLIC + decision.infoset % PUBLIC
        per_key[usable] = self.blueprint.rows(infosets, rules[usable])
        probabilities = per_key[keys]
        # a hand's slots throw different cards: each (hand, discard) gets one slot at most
        flat = np.arange(len(hands))[:, None] * MASKS + np.maximum(masks, 0)
        out = np.bincount(flat[legal], probabilities[legal], minlength=len(hands) * MASKS)
        found: Floats = np.asarray(out, dtype=np.float64).reshape(len(hands), MASKS)
        return found

    def rollout_policy(self) -> Any:
        return None


__all__ = ["BlueprintStrategy"]
