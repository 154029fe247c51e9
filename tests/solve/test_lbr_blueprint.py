"""The local best response reads the blueprint from its table for a spot's hands at once, and
reads exactly what the blueprint bot states hand by hand."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, BlueprintBot
from badugi_fast.blueprint.abstraction import INFOSETS, SLOTS
from badugi_fast.blueprint.strategy import ONE
from badugi_fast.game import Phase, bots
from badugi_fast.solve.lbr import MixedStrategy, Table, public_view, strategy_of
from badugi_fast.solve.lbr.arrays import POPCOUNT
from badugi_fast.solve.lbr.blueprint import BlueprintStrategy
from badugi_fast.solve.lbr.particles import mask_of


def _random_blueprint(seed: int) -> Blueprint:
    """Random rows, a tenth never reached (all zero: played uniformly)."""
    rng = np.random.default_rng(seed)
    weights = rng.random((INFOSETS, SLOTS)) ** 3
    table = np.floor(weights / weights.sum(axis=1, keepdims=True) * ONE).astype(np.int64)
    table[:, 0] += ONE - table.sum(axis=1)
    table[rng.random(INFOSETS) < 0.1] = 0
    return Blueprint(13, 4, 3, 2, 1, seed, table.astype(np.uint16))


@pytest.fixture(scope="module")
def blueprint() -> Blueprint:
    return _random_blueprint(7)


def test_the_blueprint_bot_is_read_from_its_table(blueprint: Blueprint) -> None:
    strategy = strategy_of(BlueprintBot(blueprint))
    assert isinstance(strategy, BlueprintStrategy) and strategy.blueprint is blueprint


def test_every_spot_reads_as_the_bot_states_it_hand_by_hand(blueprint: Blueprint) -> None:
    """At each decision of random hands, for the seat's own hand and 40 others, the table
    reading equals ``MixedStrategy`` over ``Blueprint.probabilities``, betting and draws."""
    fast, slow = BlueprintStrategy(blueprint), MixedStrategy(blueprint.probabilities)
    table, chooser = Table(), bots.random_bot(3)
    rng = np.random.default_rng(2)
    checked = {Phase.BETTING: 0, Phase.DRAW: 0}
    for deal in range(12):
        game = table.new_game(11, deal)
        while not table.over(game):
            actor = game.actor
            assert actor is not None
            view = table.view(game, actor)
            spot = public_view(view)
            seen = {int(c) for e in view.history for c in e.cards} | {int(c) for c in view.hand}
            free = np.array([c for c in range(52) if c not in seen], dtype=np.uint8)
            others = np.sort(np.array([rng.choice(free, 4, replace=False) for _ in range(40)]), 1)
            own = np.array([sorted(int(c) for c in view.hand)], dtype=np.uint8)
            hands = np.concatenate([own, others]).astype(np.uint8)
            dead = np.full(len(hands), mask_of(view.dead), dtype=np.uint64)
            read = fast.discards if view.phase is Phase.DRAW else fast.betting
            stated = slow.discards if view.phase is Phase.DRAW else slow.betting
            np.testing.assert_allclose(read(spot, hands, dead), stated(spot, hands, dead))
            if view.phase is Phase.DRAW:  # the columns of one count alone, as beliefs read
                every = read(spot, hands, dead)
                for count in range(5):
                    np.testing.assert_array_equal(
                        fast.discards(spot, hands, dead, count=count),
                        every[:, POPCOUNT == count],
                    )
            checked[view.phase] += 1
            game.act(chooser(view))
    assert checked[Phase.BETTING] > 50 and checked[Phase.DRAW] > 20
