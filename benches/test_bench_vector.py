"""The batched environment, heads-up fixed limit, in one run: environment steps per second (one
decision at one table) of the C engine (vector.VectorGame) under a uniform random legal-action
policy in numpy, against the batch size B (1 .. 65,536) and threads, beside the Python reference
(vector_reference.VectorGame over Game) and the same decisions taken one at a time on Game; then
hands per second of the drawer as a numpy vector policy in the C engine beside the drawer as a
Python callable in Game (simulate's python engine), the closed C hand loop and pokerkit's
FixedLimitBadugi driven by the same rules. Rates are recorded in extra_info."""

from __future__ import annotations

import random

import numpy as np
import pytest
from _pokerkit_game import play_pokerkit_hands
from _rates import record_rate

from badugi_fast.game import Action, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.game.stream import stream_game
from badugi_fast.play import VectorGame, simulate
from badugi_fast.play.vector.policies import by_seat, random_policy, threshold_policy
from badugi_fast.play.vector.reference import VectorGame as ReferenceGame

C_STEPS = 1 << 19  # table-steps per round for the C engine (at most MAX_CALLS steps)
MAX_CALLS = 4_096
REFERENCE_STEPS = 2_048
VECTOR_HANDS_STEPS = 60  # steps of 4,096 tables for the drawer as a vector policy
PYTHON_HANDS = 500
C_HANDS = 200_000

steps = pytest.mark.benchmark(group="vector: environment steps, random legal actions")
hands = pytest.mark.benchmark(group="vector: hands of the drawer")


def _steps(game: VectorGame | ReferenceGame, count: int) -> int:
    """``count`` steps of ``game`` under the random policy; the hands they ended."""
    policy, obs, ended = random_policy(1), game.observe(), 0
    for _ in range(count):
        obs, _, done, _ = game.step(*policy(obs))
        ended += int(done.sum())
    return ended


@steps
@pytest.mark.parametrize("tables", [1, 64, 1024, 4096, 16384, 65536])
def test_c_engine(benchmark, tables: int) -> None:
    game = VectorGame(tables, 2, Rules(), seed=1, threads=1)
    count = max(min(C_STEPS // tables, MAX_CALLS), 4)
    ended = benchmark.pedantic(_steps, (game, count), rounds=5, warmup_rounds=1)
    assert ended > 0
    record_rate(benchmark, count * tables, "steps")


@steps
@pytest.mark.parametrize("tables", [4096, 65536])
def test_c_engine_two_threads(benchmark, tables: int) -> None:
    game = VectorGame(tables, 2, Rules(), seed=1, threads=2)
    count = max(min(C_STEPS // tables, MAX_CALLS), 4)
    ended = benchmark.pedantic(_steps, (game, count), rounds=5, warmup_rounds=1)
    assert ended > 0
    record_rate(benchmark, count * tables, "steps")


@steps
@pytest.mark.parametrize("tables", [1, 64])
def test_python_reference(benchmark, tables: int) -> None:
    game = ReferenceGame(tables, 2, Rules(), seed=1)
    count = REFERENCE_STEPS // tables
    assert benchmark.pedantic(_steps, (game, count), rounds=3) > 0
    record_rate(benchmark, count * tables, "steps")


def _game_steps(count: int) -> int:
    """The same kind of decisions on Game, one table, a hand after another."""
    rng, start, taken, number = random.Random(1), [200, 200], 0, 0
    game = stream_game(start, Rules(), 1, number)
    while taken < count:
        choice = rng.choice(game.legal_actions())
        if choice.kind == "draw":
            hand = game.hands[game.actor or 0]
            choice = Action.draw([c for c in hand if rng.random() < 0.5])
        game.act(choice)
        taken += 1
        if game.done:
            number += 1
            game = stream_game(start, Rules(), 1, number)
    return number


@steps
def test_game_one_decision_at_a_time(benchmark) -> None:
    assert benchmark.pedantic(_game_steps, (REFERENCE_STEPS,), rounds=3) > 0
    record_rate(benchmark, REFERENCE_STEPS, "steps")


def _drawer_hands(game: VectorGame) -> int:
    """Steps of the drawer as a numpy vector policy; the hands they finished."""
    policy = by_seat([threshold_policy(drawer)] * 2)
    obs, ended = game.reset(), 0
    for _ in range(VECTOR_HANDS_STEPS):
        obs, _, done, _ = game.step(*policy(obs))
        ended += int(done.sum())
    return ended


@hands
def test_drawer_as_a_vector_policy_in_the_c_engine(benchmark) -> None:
    game = VectorGame(4096, 2, Rules(), seed=1, threads=1)
    ended = benchmark.pedantic(_drawer_hands, (game,), rounds=5, warmup_rounds=1)
    assert ended > 4096  # every table finished hands (the same number every round)
    record_rate(benchmark, ended, "hands")


@hands
@pytest.mark.parametrize("engine", ["python", "c"])
def test_drawer_in_simulate(benchmark, engine: str) -> None:
    count = PYTHON_HANDS if engine == "python" else C_HANDS
    result = benchmark.pedantic(
        simulate, ([drawer, drawer], count, 1), {"engine": engine, "threads": 1}, rounds=3
    )
    assert result.engine == engine
    record_rate(benchmark, count, "hands")


@hands
def test_drawer_in_pokerkit(benchmark) -> None:
    won = benchmark.pedantic(play_pokerkit_hands, (PYTHON_HANDS, 2), rounds=3)
    assert sum(won) == 0
    record_rate(benchmark, PYTHON_HANDS, "hands")


def test_the_vector_policy_bench_plays_the_bots_hands() -> None:
    """What the hands bench times is simulate's game: the same chips, hand for hand."""
    game = VectorGame(8, 2, Rules(), seed=1)
    policy = by_seat([threshold_policy(drawer)] * 2)
    obs, won = game.reset(), np.zeros((8, 2), dtype=np.int64)
    for _ in range(VECTOR_HANDS_STEPS):
        obs, _, done, info = game.step(*policy(obs))
        won[done & (info["hand"] == 0)] = info["chips"][done & (info["hand"] == 0)]
    from badugi_fast.play import play_hands

    for t in range(8):
        assert (won[t] == play_hands([drawer, drawer], t << 32, 1, 1, Rules())[0]).all()
