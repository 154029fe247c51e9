"""The solution bot (``solve.bots.solution``) in the C hand loop: heads-up hands between two
solution bots (the drawer before the last round and where the table does not cover a
decision), beside the same hands between two drawers, and a duplicate head-to-head of the
solution bot against the drawer. Hands per second, and the table's last-round decisions per
second (counted once, outside the clock, from the hands' traces), go to extra_info."""

from __future__ import annotations

import pytest
from _rates import record_rate

from badugi_fast.game import Rules
from badugi_fast.game.actions import ActionKind as K
from badugi_fast.game.bots import drawer
from badugi_fast.play.simulation import head_to_head, simulate
from badugi_fast.play.simulation.local import trace_in_c
from badugi_fast.solve import solve_last_round
from badugi_fast.solve.bots import solution

HEADS_UP = Rules(small_bet=2, cap_heads_up=True)
C_HANDS = 200_000
COUNTED = 2_000  # hands traced to count the table's decisions a hand
group = pytest.mark.benchmark(group="simulate: the solution bot in the C loop")


@pytest.fixture(scope="module")
def bot():
    sol = solve_last_round(["any", "any"], pot=4, stacks=38, rules=HEADS_UP, target=5e-3)
    return solution(sol, otherwise=drawer)


def _table_decisions(bots) -> float:
    """Last-round decisions a hand the table covers: both seats play by it, the tree holds
    every legal action and the range every hand, so every last-round action of a hand that
    reaches the solution's pot is the table's."""
    covered = 0
    pot = bots[0].sol.pot
    for number in range(COUNTED):
        actions, _ = trace_in_c(bots, number, 1, HEADS_UP, stacks=40)
        draws = [i for i, a in enumerate(actions) if a.kind is K.DRAW]
        if len(draws) < 6:  # over before the last round
            continue
        before, last = actions[: draws[-1] + 1], actions[draws[-1] + 1 :]
        if sum(a.amount for a in before if a.kind is not K.DRAW) == pot:
            covered += sum(a.kind is not K.WIN for a in last)
    return covered / COUNTED


@group
@pytest.mark.parametrize("who", ["solution bots", "drawers"])
def test_c_loop_heads_up(benchmark, bot, who: str) -> None:
    bots = [bot, bot] if who == "solution bots" else [drawer, drawer]
    result = benchmark.pedantic(
        simulate,
        (bots, C_HANDS, 1, HEADS_UP),
        {"engine": "c", "threads": 1, "stacks": 40},
        rounds=5,
        warmup_rounds=1,
    )
    assert result.engine == "c" and sum(result.profit_per_100) == pytest.approx(0, abs=1e-6)
    record_rate(benchmark, C_HANDS, "hands")
    if who == "solution bots":
        record_rate(benchmark, round(C_HANDS * _table_decisions(bots)), "table_decisions")


@group
def test_duplicate_head_to_head(benchmark, bot) -> None:
    result = benchmark.pedantic(
        head_to_head,
        ([bot, drawer], C_HANDS, HEADS_UP),
        {"seed": 1, "threads": 1, "stacks": 40},
        rounds=3,
        warmup_rounds=1,
    )
    assert result.engine == "c" and result.interval[0] <= result.bb_per_100 <= result.interval[1]
    record_rate(benchmark, C_HANDS, "hands")
    benchmark.extra_info["bb_per_100"] = result.bb_per_100
    benchmark.extra_info["interval"] = list(result.interval)
