"""A mixed strategy for tests: each hand's probabilities at a spot drawn from a hash of the hand
and the spot's history (so every action and discard has its own, uneven weight), readable for
many hands at once as a ``HandStrategy``."""

from __future__ import annotations

import numpy as np

from badugi_fast.game.actions import ActionKind, View
from badugi_fast.solve.lbr.arrays import MASKS, POPCOUNT

_PUBLIC = {ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.DRAW}


def _noise(spot: View, hands: np.ndarray, columns: int, salt: int) -> np.ndarray:
    acted = sum(e.kind in _PUBLIC for e in spot.history)  # the players' actions so far
    key = np.uint64(acted * 7919 + salt * 104729 + spot.draws_left)
    mixed = np.zeros(len(hands), dtype=np.uint64)
    for k in range(4):
        mixed = mixed * np.uint64(1000003) + hands[:, k].astype(np.uint64) + key
    out = np.empty((len(hands), columns))
    for c in range(columns):
        mixed = (mixed ^ (mixed >> np.uint64(29))) * np.uint64(0xBF58476D1CE4E5B9)
        out[:, c] = 0.1 + (mixed >> np.uint64(11)).astype(np.float64) / 2.0**53
    return out


class HashedStrategy:
    """Uneven mixed probabilities over the legal actions, and over the discards the spot's cap
    allows."""

    def __init__(self, salt: int = 0) -> None:
        self.salt = salt

    def betting(self, spot: View, hands: np.ndarray, dead: np.ndarray) -> np.ndarray:
        raw = _noise(spot, hands, len(spot.legal), self.salt)
        return raw / raw.sum(axis=1, keepdims=True)

    def discards(self, spot: View, hands: np.ndarray, dead: np.ndarray) -> np.ndarray:
        raw = _noise(spot, hands, MASKS, self.salt + 1)
        raw[:, POPCOUNT > spot.legal[0].amount] = 0.0
        return raw / raw.sum(axis=1, keepdims=True)

    def rollout_policy(self) -> None:
        return None
