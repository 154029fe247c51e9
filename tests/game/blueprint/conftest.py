"""Shared fixtures of the blueprint's tests: a strategy of random rows over the real game's
information sets (no training needed), which reaches every slot the rules allow."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.game.blueprint import Blueprint
from badugi_fast.game.blueprint.abstraction import INFOSETS, SLOTS
from badugi_fast.game.blueprint.strategy import ONE


def random_blueprint(seed: int = 0, ranks: int = 13, suits: int = 4) -> Blueprint:
    """Random rows over all three slots (illegal ones too: the lookup must drop them), a tenth
    of them never reached (all zero)."""
    rng = np.random.default_rng(seed)
    weights = rng.random((INFOSETS, SLOTS)) ** 3
    table = np.floor(weights / weights.sum(axis=1, keepdims=True) * ONE).astype(np.int64)
    table[:, 0] += ONE - table.sum(axis=1)
    table[rng.random(INFOSETS) < 0.1] = 0
    return Blueprint(ranks, suits, 3, 2, 123, seed, table.astype(np.uint16))


@pytest.fixture(scope="module")
def blueprint() -> Blueprint:
    return random_blueprint()
