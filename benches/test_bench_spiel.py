"""OpenSpiel's CFR beside ours, same machine, same game: the comparison row of the docs.

The last round between two small ranges (8 and 6 hands, distinct weights: every hand its own
class), fixed limit ``Rules(small_bet=2, cap_heads_up=True)``, pot 12, stacks 40, solved to
0.1 % of the pot: OpenSpiel's C++ CFR+ on the cached tree of ``spiel.last_round_game`` (the
tree built once, outside the timing; its exploitability measured every 10 iterations, as ours
measures between blocks), and ``solve_last_round`` on the same ranges. And OpenSpiel's CFR+
on the registered game "badugi" of a 9-card deck (one betting round), 100 iterations.

    pytest benches/test_bench_spiel.py --benchmark-only
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from badugi_fast import Range  # noqa: E402
from badugi_fast.game import Rules  # noqa: E402
from badugi_fast.solve import solve_last_round  # noqa: E402
from badugi_fast.spiel import last_round_game  # noqa: E402

FIRST = [
    "Ac 2d 3h 4s", "Ac 2d 3h 5s", "Kc Qd Jh Ts", "2c 3d 4h 6s",
    "Ac Ad 2c 2d", "5c 6d 7h 8s", "9c 9d 9h 9s", "Ah 3c 5d 7s",
]  # fmt: skip
SECOND = ["As 2c 3d 4h", "Kd Kc Qh Qs", "3c 4d 5h 6s", "7c 8d 9h Th", "Ad 2h 3c 6s", "4c 5d 6h 7s"]
RANGES = [
    Range.from_hands(FIRST, np.linspace(1.0, 0.3, len(FIRST))),
    Range.from_hands(SECOND, np.linspace(0.9, 0.2, len(SECOND))),
]
SPOT = {"pot": 12, "stacks": 40, "rules": Rules(small_bet=2, cap_heads_up=True)}
TARGET = 1e-3  # of the pot


def _openspiel_cfr_to_target(game: object) -> tuple[int, float]:
    solver = pyspiel.CFRPlusSolver(game)
    iterations = 0
    while True:
        for _ in range(10):
            solver.evaluate_and_update_policy()
        iterations += 10
        found = pyspiel.exploitability(game, solver.average_policy()) / SPOT["pot"]
        if found <= TARGET:
            return iterations, found


@pytest.mark.benchmark(group="last round, 8 x 6 hands, fixed limit, to 0.1 % of the pot")
def test_openspiel_cfr_plus_on_the_last_round_game(benchmark) -> None:
    cached = pyspiel.convert_to_cached_tree(last_round_game(RANGES, **SPOT))
    _openspiel_cfr_to_target(cached)  # the cached tree is filled on the first walk
    iterations, found = benchmark.pedantic(
        _openspiel_cfr_to_target, (cached,), rounds=3, warmup_rounds=0
    )
    assert found <= TARGET
    benchmark.extra_info["iterations"] = iterations


@pytest.mark.benchmark(group="last round, 8 x 6 hands, fixed limit, to 0.1 % of the pot")
def test_solve_last_round_on_the_same_ranges(benchmark) -> None:
    sol = benchmark.pedantic(
        solve_last_round,
        (RANGES,),
        {**SPOT, "target": TARGET, "threads": 1},
        rounds=3,
        warmup_rounds=1,
    )
    assert sol.exploitability_fraction <= TARGET
    benchmark.extra_info["iterations"] = sol.iterations


@pytest.mark.benchmark(group="badugi on a 9-card deck, one betting round: 100 CFR+ iterations")
def test_openspiel_cfr_plus_on_a_small_deck_game(benchmark) -> None:
    game = pyspiel.load_game("badugi", {"ranks": 3, "suits": 3, "draws": 0, "stack": 6})
    cached = pyspiel.convert_to_cached_tree(game)
    pyspiel.CFRPlusSolver(cached).evaluate_and_update_policy()  # fill the cached tree

    def hundred() -> float:
        solver = pyspiel.CFRPlusSolver(cached)
        for _ in range(100):
            solver.evaluate_and_update_policy()
        return float(pyspiel.exploitability(cached, solver.average_policy()))

    found = benchmark.pedantic(hundred, rounds=3, warmup_rounds=0)
    assert found < 0.01
    benchmark.extra_info["exploitability"] = found
