"""The search's speed (solve/resolving, solve/belief_states), in the real game under the shipped
blueprint's rules, one thread:

- beliefs: one public action carried through both players' beliefs over all 270,725 hands, a
  betting action (the big blind's call in the third round), the button's last draw (one card)
  and the button's first (two cards, every hand still live: the costliest kind), of the
  blueprint and of the search bot (which names its blueprint there: the same work);
- a re-solve: the last round after a line, beliefs from the deal, the gadget's 32 iterations;
- hands a second of the search bot against the blueprint in ``head_to_head`` (the Python
  engine), its decisions' median and worst time in the benchmark's extra info (after one
  re-solve has built the tables every solve reads: the suit orbits, the buckets).

    pytest benches/test_bench_search.py --benchmark-only
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import pytest

from badugi_fast.blueprint import blueprint_bot, load_blueprint
from badugi_fast.play import head_to_head
from badugi_fast.solve.belief_states import play
from badugi_fast.solve.belief_states.api import advance, start, table_for
from badugi_fast.solve.lbr.blueprint import BlueprintStrategy
from badugi_fast.solve.resolving import SearchBot

LINE = "rc/12/bc/21/bc/01"


@pytest.mark.benchmark(group="search: beliefs, one public action over 270,725 hands")
@pytest.mark.parametrize("action", ["bet", "draw", "first draw"])
@pytest.mark.parametrize("whose", ["blueprint", "search bot"])
def test_beliefs_one_public_action(benchmark, action: str, whose: str) -> None:
    blueprint = load_blueprint()
    table = table_for(blueprint, None, None)
    # the search bot's beliefs before the last round are its blueprint's, asked through it
    strategy = BlueprintStrategy(blueprint) if whose == "blueprint" else SearchBot(blueprint)
    steps = play(table, LINE).steps
    at = {"bet": 9, "draw": 11, "first draw": 3}[action]
    weights, chance = start(table, None), [1.0, 1.0]
    for i in range(at):
        advance(weights, chance, (strategy, strategy), table, steps[i], None, i + 1)

    def one() -> list:
        after = list(weights)
        advance(after, list(chance), (strategy, strategy), table, steps[at], None, at)
        return after

    after = benchmark.pedantic(one, rounds=10, warmup_rounds=1)
    benchmark.extra_info["step"] = f"{steps[at].kind} {steps[at].count}"
    mover = steps[at].seat
    assert after[mover].sum() == pytest.approx(1.0)
    if whose == "search bot":  # before the last round: its blueprint's beliefs exactly
        alone = list(weights)
        blueprint_strategy = BlueprintStrategy(blueprint)
        advance(alone, [1.0, 1.0], (blueprint_strategy,) * 2, table, steps[at], None, at)
        np.testing.assert_array_equal(after[mover], alone[mover])


@pytest.mark.benchmark(group="search: a re-solve of the last round")
@pytest.mark.parametrize("safe", [True, False])
def test_a_resolve_from_the_deal(benchmark, safe: bool) -> None:
    blueprint = load_blueprint()

    def one() -> None:
        SearchBot(blueprint, safe=safe).solve_line(LINE + "/", 0)

    benchmark.pedantic(one, rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="search: hands a second against the blueprint")
def test_search_against_the_blueprint(benchmark) -> None:
    opponent = blueprint_bot()
    bot = SearchBot(opponent.blueprint)
    bot.solve_line(LINE + "/", 0)  # the one-time tables (suit orbits, buckets) built first
    times: list[float] = []

    def timed(view):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        action = bot(view)
        times.append(time.perf_counter() - started)
        return action

    hands = 40
    rules = opponent.blueprint.rules
    benchmark.pedantic(
        head_to_head, ([timed, opponent], hands, rules), {"seed": 1, "engine": "python"},
        rounds=1, warmup_rounds=0,
    )  # fmt: skip
    benchmark.extra_info["hands"] = hands
    benchmark.extra_info["decisions"] = len(times)
    benchmark.extra_info["median_decision_ms"] = 1000 * statistics.median(times)
    benchmark.extra_info["worst_decision_ms"] = 1000 * max(times)
    benchmark.extra_info["solves"] = bot.solves
    assert np.isfinite(benchmark.extra_info["worst_decision_ms"])
