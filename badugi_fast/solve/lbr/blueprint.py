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
from functools import cache
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
        keys, targets = _draw_slots(cap)
        # a row per (bucket, set of legal slots): every pattern of slots with one legal at least
        which = np.arange(BUCKETS * _PATTERNS)
        rules = ((which % _PATTERNS)[:, None] >> np.arange(SLOTS)) & 1 == 1
        usable = rules.any(axis=1)
        per_key = np.zeros((len(which), SLOTS))
        infosets = (which[usable] // _PATTERNS) * PUBLIC + decision.infoset % PUBLIC
        per_key[usable] = self.blueprint.rows(infosets, rules[usable])
        # a hand's slots throw different cards, so each (hand, discard) cell is written once;
        # the slots a hand may not take all write the one spare cell past the end
        thrown = targets[at]
        rows = np.arange(len(hands), dtype=np.int64)[:, None] * MASKS
        flat = np.where(thrown < MASKS, rows + thrown, len(hands) * MASKS)
        out = np.zeros(len(hands) * MASKS + 1)
        out[flat] = per_key[keys[at]]
        found: Floats = out[:-1].reshape(len(hands), MASKS)
        return found

    def rollout_policy(self) -> Any:
        return None


_PATTERNS = 1 << SLOTS  # the sets of a decision's legal draw slots


@cache
def _draw_slots(cap: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every hand of ``all_hands()`` at a draw of at most ``cap`` cards: its key (bucket
    and set of legal slots, the row of the spot's table it reads) and the discard mask each
    slot throws (``MASKS`` where the slot is not legal); read-only."""
    buckets, thrown = hand_buckets()
    legal = legal_slots(thrown, cap)
    keys = buckets.astype(np.int64) * _PATTERNS + legal @ (1 << np.arange(SLOTS))
    targets = np.where(legal, thrown, MASKS).astype(np.int64)
    keys.setflags(write=False)
    targets.setflags(write=False)
    return keys, targets


__all__ = ["BlueprintStrategy"]
