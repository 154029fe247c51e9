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
from ...blueprint.abstraction import BUCKETS, SLOTS
from ...blueprint.buckets import hand_buckets, legal_slots
from ...cards import DECK
from ...game.actions import Phase, View
from ...hands.universe import all_hands, lex_index
from .arrays import MASKS, POPCOUNT, Floats, Hands, Masks, checked_call, draw_cap


@dataclasses.dataclass(frozen=True)
class BlueprintStrategy:
    """``blueprint``'s strategy as a ``HandStrategy`` (see the module)."""

    blueprint: Blueprint

    def _decision(self, spot: View, hand: Any) -> Any:
        view = dataclasses.replace(spot, hand=tuple(DECK[c] for c in hand))
        return self.blueprint.read(view)

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
        spot, hands, _ = checked_call(spot, hands, dead, Phase.BETTING)
        if not len(hands):  # (the betting buckets read the hand alone, not its discards)
            return np.zeros((0, len(spot.legal)))
        at = lex_index(hands) if positions is None else positions
        return self.bucket_betting(spot, hands[0])[hand_buckets()[0][at]]

    def bucket_betting(self, spot: View, hand: Any) -> Floats:
        """The spot's betting row of every bucket, (buckets x legal actions) in the order of
        ``spot.legal``, the decision read with ``hand`` (any hand: the public index and the
        slots do not depend on the cards). ``betting`` hands each hand its bucket's row."""
        decision = self._decision(spot, hand)
        slots = sorted(decision.actions)
        kinds = [a.kind for a in spot.legal]
        columns = [kinds.index(decision.actions[s].kind) for s in slots]
        legal = np.zeros((BUCKETS, SLOTS), dtype=bool)
        legal[:, slots] = True
        per_bucket = self.blueprint.rows(
            self.blueprint.infoset(np.arange(BUCKETS), decision.public), legal
        )
        out = np.zeros((BUCKETS, len(kinds)))
        out[:, columns] = per_bucket[:, slots]
        return out

    def discards(
        self,
        spot: View,
        hands: Hands,
        dead: Masks,
        positions: npt.NDArray[np.intp] | None = None,
        count: int | None = None,
    ) -> Floats:
        """Hands are rows of ascending ids (as the particles keep them), so the positions a
        slot throws are the hand's own discard mask. ``count``: only the columns of the
        discards of that many cards, in ascending order of their masks (what the beliefs'
        draw pass reads), instead of all 16."""
        spot, hands, _ = checked_call(spot, hands, dead, Phase.DRAW)
        width = MASKS if count is None else int((POPCOUNT == count).sum())
        if not len(hands):
            return np.zeros((0, width))
        cap = min(self.blueprint.most_thrown, draw_cap(spot))
        decision, at = self._spot(spot, hands, positions)
        # a row per (bucket, set of legal slots): every pattern of slots with one legal at
        # least; its last column is 0, for the discards no legal slot throws
        which = np.arange(BUCKETS * _PATTERNS)
        rules = ((which % _PATTERNS)[:, None] >> np.arange(SLOTS)) & 1 == 1
        usable = rules.any(axis=1)
        per_key = np.zeros((len(which), SLOTS + 1))
        infosets = self.blueprint.infoset(which[usable] // _PATTERNS, decision.public)
        per_key[usable, :SLOTS] = self.blueprint.rows(infosets, rules[usable])
        if count is not None and hands is all_hands():  # every hand, in its table's order
            # an index, not np.take: take copies a read-only index first (4x slower here)
            found: Floats = per_key.ravel()[_flat_columns(cap, count)]
        else:
            found = per_key[_draw_keys(cap)[at][:, None], _slot_columns(cap, count)[at]]
        return found

    def rollout_policy(self) -> Any:
        return None


_PATTERNS = 1 << SLOTS  # the sets of a decision's legal draw slots


@cache
def _draw_keys(cap: int) -> npt.NDArray[np.int64]:
    """Every hand's key at a draw of at most ``cap`` cards (the order of ``all_hands()``): its
    bucket and set of legal slots, the row of the spot's table it reads. Read-only."""
    buckets, thrown = hand_buckets()
    keys = buckets.astype(np.int64) * _PATTERNS + legal_slots(thrown, cap) @ (1 << np.arange(SLOTS))
    keys.setflags(write=False)
    return keys


@cache
def _slot_columns(cap: int, count: int | None) -> npt.NDArray[np.int8]:
    """For every hand at a draw of at most ``cap`` cards and each discard asked for (all 16
    masks, or those of ``count`` cards in ascending order), the legal slot that throws it, or
    ``SLOTS`` where none does (a hand's slots throw different discards). Read-only."""
    _, thrown = hand_buckets()
    legal = legal_slots(thrown, cap)
    asked = np.arange(MASKS) if count is None else np.flatnonzero(POPCOUNT == count)
    slot_of = np.full((len(thrown), len(asked)), SLOTS, dtype=np.int8)
    for slot in range(SLOTS):
        for column, mask in enumerate(asked):
            slot_of[legal[:, slot] & (thrown[:, slot] == mask), column] = slot
    slot_of.setflags(write=False)
    return slot_of


@cache
def _flat_columns(cap: int, count: int) -> npt.NDArray[np.intp]:
    """``_slot_columns(cap, count)`` for every hand as flat positions in a spot's table of
    ``SLOTS + 1`` columns a key: one index reads a draw's columns for the whole deck, several
    times faster than the two-index gather (in ``intp``, which an index of another type is
    converted to on every call). Read-only."""
    keys = _draw_keys(cap).astype(np.intp)
    flat = keys[:, None] * (SLOTS + 1) + _slot_columns(cap, count)
    flat.setflags(write=False)
    return flat


__all__ = ["BlueprintStrategy"]
