"""Shared fixtures of the adapters' tests: a blueprint strategy of random rows (no training
needed) as an opponent the engine plays."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, BlueprintBot
from badugi_fast.blueprint.abstraction import INFOSETS, SLOTS
from badugi_fast.blueprint.strategy import ONE


@pytest.fixture(scope="session")
def blueprint_bot() -> BlueprintBot:
    """Random rows summing to one over the three slots, a tenth of them never reached."""
    rng = np.random.default_rng(5)
    weights = rng.random((INFOSETS, SLOTS)) ** 3
    table = np.floor(weights / weights.sum(axis=1, keepdims=True) * ONE).astype(np.int64)
    table[:, 0] += ONE - table.sum(axis=1)
    table[rng.random(INFOSETS) < 0.1] = 0
    return BlueprintBot(Blueprint(13, 4, 3, 2, 0, 5, table.astype(np.uint16)))
