"""Shared fixtures of the solver's tests: small random ranges over low cards (so that ties and
shared cards are common)."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.draws import Range
from badugi_fast.hands.universe import all_hands


def random_range(seed: int, size: int, top_card: int = 20) -> Range:
    """``size`` hands of cards below ``top_card`` with random weights in (0.1, 1)."""
    rng = np.random.default_rng(seed)
    hands = all_hands()
    pool = np.flatnonzero(hands.max(axis=1) < top_card)
    chosen = rng.choice(pool, size, replace=False)
    return Range.from_hands(hands[chosen], rng.uniform(0.1, 1.0, size))


@pytest.fixture
def make_range():
    return random_range
