"""Independent oracles written for the tests, apart from the library's own code."""

from __future__ import annotations

import math

import numpy as np


def colex_index(ids: np.ndarray) -> np.ndarray:
    """Colex index of rows of ascending ids, a + C(b,2) + C(c,3) + C(d,4), by a binomial table."""
    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(52)], dtype=np.int64)
    return sum(binom[ids[:, k].astype(np.int64), k + 1] for k in range(4))
