"""Shared fixtures of the blueprint trainer's tests: a short run on the smallest deck OpenSpiel
solves in seconds (9 cards, no draw), where the exact exploitability can be measured."""

from __future__ import annotations

import pytest

from badugi_fast.solve.blueprint import Deck, Trainer

TINY = Deck(ranks=3, suits=3, draws=0)


@pytest.fixture(scope="module")
def tiny_trainer() -> Trainer:
    """4,000 iterations on the tiny deck, seed 3, batches of 250, one thread."""
    trainer = Trainer(TINY, seed=3, batch=250)
    trainer.run(4000, threads=1)
    return trainer
