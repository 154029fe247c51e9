"""Fixtures for the benchmarks: every contender gets the same seeded hands.

Run with ``pytest benches --benchmark-only`` (benches/ is outside the default testpaths).
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest
from _baseline import build_baseline, random_hands

import badugi_fast
import badugi_fast.hands.reference

BIG = 1 << 22  # rows for the batch contenders
SAMPLE = 2_000  # hands for the per-hand Python contenders (reference, pokerkit)


@pytest.fixture(scope="session")
def hands_2_22() -> npt.NDArray[np.uint8]:
    hands = random_hands(BIG)
    hands.flags.writeable = False  # shared by every benchmark: no contender may change it
    return hands


@pytest.fixture(scope="session")
def sample_ids(hands_2_22: npt.NDArray[np.uint8]) -> list[tuple[int, ...]]:
    """The first SAMPLE rows of hands_2_22 as tuples of Python ints."""
    return [tuple(row) for row in hands_2_22[:SAMPLE].tolist()]


@pytest.fixture(scope="session")
def sample_text(sample_ids: list[tuple[int, ...]]) -> list[str]:
    return [badugi_fast.format_cards(ids) for ids in sample_ids]


@pytest.fixture(scope="session")
def sample_ranks(sample_ids: list[tuple[int, ...]]) -> list[int]:
    """Ranks of the sample from the pure-Python oracle, which never reads the C table."""
    return [badugi_fast.hands.reference.evaluate(ids) for ids in sample_ids]


@pytest.fixture(scope="session")
def ranks_2_22(
    hands_2_22: npt.NDArray[np.uint8], sample_ranks: list[int]
) -> npt.NDArray[np.uint16]:
    """Expected ranks of hands_2_22, spot-checked against the oracle on the sample rows."""
    ranks = badugi_fast.evaluate_many(hands_2_22, threads=1)
    assert ranks[:SAMPLE].tolist() == sample_ranks
    assert 1 <= ranks.min() and ranks.max() <= badugi_fast.NUM_RANKS
    return ranks


@pytest.fixture(scope="session")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The plain scalar loop (see _baseline.py), compiled once per session into a tmp dir."""
    return build_baseline(tmp_path_factory.mktemp("baseline"))


@pytest.fixture(scope="session")
def pokerkit_sample(sample_text: list[str]) -> list[tuple[object, ...]]:
    """The sample as pokerkit Cards, parsed once so the benchmark times only hand evaluation.

    Our card text ("As 2d 3h 4c") is also pokerkit's, so the ids map through format_cards.
    """
    pokerkit = pytest.importorskip("pokerkit")
    return [tuple(pokerkit.Card.parse(text)) for text in sample_text]
