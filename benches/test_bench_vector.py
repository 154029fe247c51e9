"""The batched environment's Python reference (VectorGame over Game), heads-up fixed limit: the
baseline the C batched engine will be measured against. Environment steps (one decision at one
table) per second with a uniform random legal-action policy, at several batch sizes, beside
the same decisions taken one at a time on ``Game``; and whole hands of the drawer as a vector
policy beside simulate's engines (Game with the bot as a Python callable, and the C loop)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from _rates import record_rate

from badugi_fast.game import Action, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.game.simulate import simulate
from badugi_fast.game.vector import VectorGame, deal
from badugi_fast.game.vector_policies import by_seat, play, random_policy, threshold_policy

STEPS = 4_096  # table-steps per round for the reference
HANDS = 512

steps = pytest.mark.benchmark(group="vector: environment steps, random legal actions")
hands = pytest.mark.benchmark(group="vector: hands of the drawer")


def _vector_steps(tables: int) -> int:
    game, policy = VectorGame(tables, 2, Rules(), seed=1), random_policy(1)
    obs, done = game.reset(), 0
    for _ in range(STEPS // tables):
        actions, amounts = policy(obs)
        obs, _, ended, _ = game.step(actions, amounts)
        done += int(ended.sum())
    return done


@steps
@pytest.mark.parametrize("tables", [1, 64, 1024])
def test_vector_game_reference(benchmark, tables: int) -> None:
    ended = benchmark.pedantic(_vector_steps, (tables,), rounds=3)
    assert ended > 0
    record_rate(benchmark, STEPS // tables * tables, "steps")


def _game_steps(count: int) -> int:
    """The same kind of decisions on Game, one table, a hand after another."""
    rng, start, taken, number = random.Random(1), [200, 200], 0, 0
    game = deal(start, Rules(), 1, number)
    while taken < count:
        choice = rng.choice(game.legal_actions())
        if choice.kind == "draw":
            hand = game.hands[game.actor or 0]
            choice = Action.draw([c for c in hand if rng.random() < 0.5])
        game.act(choice)
        taken += 1
        if game.done:
            number += 1
            game = deal(start, Rules(), 1, number)
    return number


@steps
def test_game_one_decision_at_a_time(benchmark) -> None:
    assert benchmark.pedantic(_game_steps, (STEPS,), rounds=3) > 0
    record_rate(benchmark, STEPS, "steps")


@hands
def test_drawer_as_a_vector_policy(benchmark) -> None:
    policy = by_seat([threshold_policy(drawer)] * 2)
    won = benchmark.pedantic(
        lambda: play(VectorGame(HANDS // 4, 2, Rules(), seed=1), policy, 4), rounds=3
    )
    assert np.all(won.sum(axis=2) == 0)
    record_rate(benchmark, HANDS, "hands")


@hands
@pytest.mark.parametrize("engine", ["python", "c"])
def test_drawer_in_simulate(benchmark, engine: str) -> None:
    result = benchmark.pedantic(
        simulate, ([drawer, drawer], HANDS, 1), {"engine": engine, "threads": None}, rounds=3
    )
    assert result.engine == engine
    record_rate(benchmark, HANDS, "hands")
