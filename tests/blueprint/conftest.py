"""Shared fixtures of the blueprint's tests: a strategy of random rows over the real game's
information sets (no training needed), which reaches every slot the rules allow; and a short
training run on the smallest deck OpenSpiel solves in seconds (9 cards, no draw), where the
exact exploitability can be measured."""

from __future__ import annotations

from functools import cache
from itertools import product

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, Deck, Trainer
from badugi_fast.blueprint.abstraction import SLOTS, infosets, public_betting, public_draw
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


@cache
def history_classes(abstraction: int) -> dict[int, tuple[int, int]]:
    """Each public index of an abstraction with the classes of draws it reads beyond
    abstraction 1's: (the player's own last draw, the opponent's draw before its last), from
    public_betting and public_draw over every field."""
    mines = range(3 if abstraction >= 2 else 1)
    out = {public_betting(0, n, 0, 0, 0, abstraction=abstraction): (0, 0) for n in range(8)}
    for r, pots in ((1, 4), (2, 8), (3, 16)):
        earliers = range(3 if abstraction == 3 and r >= 2 else 1)
        for p, a, d, m, e, n in product(range(pots), range(3), range(5), mines, earliers,
                                        range(10)):  # fmt: skip
            out[public_betting(r, n, p, a, d, m, abstraction=abstraction, opp_earlier=e)] = (m, e)
        for b, m, now in product(range(5 if r > 1 else 1), mines if r > 1 else [0], range(6)):
            for p, a in product(range(pots), range(3)):
                out[public_draw(r, p, a, b, now, m, abstraction=abstraction)] = (m, 0)
    return out


@pytest.fixture(scope="module")
def blueprint() -> Blueprint:
    return random_blueprint()


@pytest.fixture(scope="module")
def tiny_trainer() -> Trainer:
    """4,000 iterations on the tiny deck, seed 3, batches of 250, one thread."""
    trainer = Trainer(TINY, seed=3, batch=250)
    trainer.run(4000, threads=1)
    return trainer
