"""The local best response's speed: deals a second against the reference drawer in the real
game (``Rules(small_bet=2, cap_heads_up=True)``, stacks of 100 big blinds, three draws; each
deal played in both seats), with the default settings (1,000 particles, 2,000 deals per
betting estimate, 1,000 per discard), on one thread and on two; and one equity estimate of a
hand against a 1,000-hand range with three draws to come.

    pytest benches/test_bench_lbr.py --benchmark-only
"""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.game import bots
from badugi_fast.solve.lbr import local_best_response
from badugi_fast.solve.lbr.equity import simulated_share

DEALS = 8


@pytest.mark.benchmark(group="lbr: deals against the drawer, real game")
@pytest.mark.parametrize("threads", [1, 2])
def test_local_best_response_against_the_drawer(benchmark, threads: int) -> None:
    found = benchmark.pedantic(
        local_best_response,
        (bots.drawer,),
        {"hands": DEALS, "seed": 1, "threads": threads},
        rounds=3,
        warmup_rounds=0,
    )
    assert found.deals == DEALS and found.lost == 0
    benchmark.extra_info["deals"] = DEALS
    benchmark.extra_info["decisions"] = found.decisions


@pytest.mark.benchmark(group="lbr: one equity estimate, 3 draws to come")
@pytest.mark.parametrize("trials", [1000, 2000])
def test_one_equity_estimate_against_a_thousand_hands(benchmark, trials: int) -> None:
    rng = np.random.default_rng(1)
    mine = [0, 5, 10, 27]  # A-2-3 with a 7 of spades
    cards = np.array([c for c in range(52) if c not in mine])
    hands = np.sort(cards[np.argsort(rng.random((1000, 48)), axis=1)[:, :4]], axis=1)
    share = benchmark(
        simulated_share, mine, hands.astype(np.uint8), np.ones(1000), draws=3, cap=4, dead=0,
        policies=(None, None), first_throw=-1, seed=2, trials=trials,
    )  # fmt: skip
    assert 0.0 < share < 1.0
    benchmark.extra_info["trials"] = trials
