"""The local best response's equity estimate (solve/lbr/equity.py): its hands are (n, 4) with a
weight each, refused by name otherwise, and its trials in blocks (so that Ctrl-C stops a long
estimate, tests/runtime/test_cancel_long_runs.py) give the one call's figure."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.solve.lbr.equity import simulated_share

HAND = [3, 5, 8, 10]  # As 2d 3c 3h
RANGE = np.array([[16, 21, 26, 31], [17, 22, 27, 48], [0, 1, 2, 7]], dtype=np.uint8)


def _share(hands, weights, trials=1000):
    return simulated_share(
        HAND, hands, weights, draws=2, cap=4, dead=0, policies=(None, None), first_throw=-1,
        seed=7, trials=trials,
    )  # fmt: skip


def test_the_estimate_in_blocks_is_the_one_calls_to_the_last_bit():
    """Pinned from the single C call it was before (commit 72b8506): 100,001 trials, seven
    blocks."""
    assert _share(RANGE, np.array([1.0, 2.0, 0.5]), trials=100_001) == 0.37181128188718116


@pytest.mark.parametrize(
    "hands",
    [RANGE[0], RANGE[:, :3], RANGE.reshape(3, 2, 2), np.zeros((0, 4), dtype=np.uint8)],
    ids=["one hand flat", "three cards", "three axes", "no hand"],
)
def test_hands_that_are_not_n_by_4_are_refused_by_name(hands):
    with pytest.raises(ValueError, match=r"hands is \(n, 4\) card ids"):
        _share(hands, np.ones(max(len(hands), 1)))


def test_weights_that_are_not_one_per_hand_are_refused_by_name():
    with pytest.raises(ValueError, match=r"weights is one per hand, \(3,\)"):
        _share(RANGE, np.ones(2))
