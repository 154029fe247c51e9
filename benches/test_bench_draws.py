"""Draw mathematics: best_discard for one draw, exact heads-up one-draw equity, and Monte Carlo
heads-up three-draw equity (trials per second per core, and with two threads)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from _rates import record_rate

import badugi_fast

TRIALS = 1 << 20
HEADS_UP = {
    "known vs known": ["As 2d 3c Kc", "5s 6d 7c 8h"],
    "known vs random": ["As 2d 3c Kc", None],
    "random vs random": [None, None],
}

draws = pytest.mark.benchmark(group="draws")


@draws
def test_best_discard_one_draw(benchmark) -> None:
    options = benchmark(badugi_fast.best_discard, "As 2d 3c 3h", 1)
    assert len(options) == 16 and options[0].value == pytest.approx(10 / 48)


@draws
def test_exact_heads_up_one_draw_equity(benchmark) -> None:
    result = benchmark(badugi_fast.equity, ["As 2d 3c Kc", "5s 6d 7c 8h"], 1)
    assert result.exact and result.fractions == [Fraction(4, 44), Fraction(40, 44)]


@draws
def test_exact_three_draw_odds(benchmark) -> None:
    odds = benchmark(badugi_fast.draw_odds, "As 2d 3c 3h", 3)
    assert odds.exact and odds.badugi_fraction == Fraction(2215, 4324)


@pytest.mark.benchmark(group="heads-up 3-draw Monte Carlo")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", list(HEADS_UP))
def test_monte_carlo_heads_up_three_draws(benchmark, case: str, threads: int) -> None:
    result = benchmark.pedantic(
        badugi_fast.equity,
        (HEADS_UP[case], 3),
        {"trials": TRIALS, "seed": 1, "threads": threads, "max_exact": 0},
        rounds=5,
        warmup_rounds=1,
    )
    assert result.trials == TRIALS and sum(result.equity) == pytest.approx(1.0)
    record_rate(benchmark, TRIALS, "trials")
