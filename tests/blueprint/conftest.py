"""Shared fixtures of the blueprint's tests: a strategy of random rows over the real game's
information sets (no training needed), which reaches every slot the rules allow; and a short
training run on the smallest deck OpenSpiel solves in seconds (9 cards, no draw), where the
exact exploitability can be measured."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, Deck, Trainer
from badugi_fast.blueprint.abstraction import SLOTS, infosets
from badugi_fast.blueprint.strategy import ONE

TINY = Deck(ranks=3, suits=3, draws=0)


def random_blueprint(
    seed: int = 0, ranks: int = 13, suits: int = 4, abstraction: int = 1
) -> Blueprint:
    """Random rows over all three slots (illegal ones too: the lookup must drop them), a tenth
    of them never reached (all zero)."""
    rng = np.random.default_rng(seed)
    rows = infosets(abstraction)
    weights = rng.random((rows, SLOTS)) ** 3
    table = np.floor(weights / weights.sum(axis=1, keepdims=True) * ONE).astype(np.int64)
    table[:, 0] += ONE - table.sum(axis=1)
    table[rng.random(rows) < 0.1] = 0
    return Blueprint(ranks, suits, 3, 2, 123, seed, table.astype(np.uint16), abstraction)


@pytest.fixture(scope="module")
def blueprint() -> Blueprint:
    return random_blueprint()


@pytest.fixture(scope="module")
def tiny_trainer() -> Trainer:
    """4,000 iterations on the tiny deck, seed 3, batches of 250, one thread."""
    trainer = Trainer(TINY, seed=3, batch=250)
    trainer.run(4000, threads=1)
    return trainer
