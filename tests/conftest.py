"""Shared fixtures: every hand in table (colex) order and the reference oracle's ranks for them."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support.oracles import colex_index

from badugi_fast.hands import reference

# Child Pythons (the CLI through real processes, Ctrl-C tests) must test the installed package,
# as pytest does: never let the current folder, a source checkout, shadow it.
os.environ["PYTHONSAFEPATH"] = "1"


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


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A Dask LocalCluster of two worker processes, one thread each, on the loopback only."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected
