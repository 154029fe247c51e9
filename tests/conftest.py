"""Shared fixtures: every hand in table (colex) order and the reference oracle's ranks for them."""

from __future__ import annotations

import itertools
import math
import os
from pathlib import Path

import numpy as np
import pytest

from badugi_fast.hands import reference

REPO = Path(__file__).resolve().parents[1]

# Child Pythons (the CLI through real processes, Ctrl-C tests) must test the installed package,
# as pytest does: never let the current folder, a source checkout, shadow it.
os.environ["PYTHONSAFEPATH"] = "1"


def colex_index(ids: np.ndarray) -> np.ndarray:
    """Colex index of rows of ascending ids, a + C(b,2) + C(c,3) + C(d,4)."""
    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(52)], dtype=np.int64)
    return sum(binom[ids[:, k].astype(np.int64), k + 1] for k in range(4))


@pytest.fixture(scope="session")
def all_hands() -> np.ndarray:
    """All 270,725 hands as ascending uint8 ids, row i being the hand with colex index i."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    ordered = np.empty_like(hands)
    ordered[colex_index(hands)] = hands
    return ordered


@pytest.fixture(scope="session")
def reference_ranks(all_hands: np.ndarray) -> np.ndarray:
    """The pure-Python oracle's rank of every hand, in colex order (takes a few seconds)."""
    return np.array([reference.evaluate(row) for row in all_hands.tolist()], dtype=np.uint16)
