"""Ranges: heads-up three-draw Monte Carlo equity with both players dealt from ranges, against
the same players given as random hands (None) or known hands in the same run (the target:
ranges at 80 % or more of the trials/s of ``None`` vs ``None``). ``any`` is not benchmarked: a
range of every live hand at one weight is dealt as a random hand, exactly."""

from __future__ import annotations

import time

import pytest
from _rates import record_rate

from badugi_fast import equity
from badugi_fast.draws.ranges.equity import equity_matrix
from badugi_fast.draws.ranges.range import parse_range

TRIALS = 1 << 20
ranges = pytest.mark.benchmark(group="ranges: heads-up 3-draw Monte Carlo, 1 thread")


@ranges
@pytest.mark.parametrize(
    "case", ["None vs None", "known vs known", "8-, A2xx vs K32+", "T- vs 9-", "hand vs 8-"]
)
def test_range_against_range_three_draws(benchmark, case: str) -> None:
    players = {
        "None vs None": [None, None],
        "known vs known": ["As 2d 3c 3h", "Ks Qd 4h 4c"],
        "T- vs 9-": [parse_range("T-"), parse_range("9-")],
        "8-, A2xx vs K32+": [parse_range("8-, A2xx"), parse_range("K32+")],
        "hand vs 8-": ["As 2d 3c 3h", parse_range("8-")],
    }[case]
    result = benchmark.pedantic(
        equity,
        (players, 3),
        {"trials": TRIALS, "seed": 1, "threads": 1, "max_exact": 0},
        rounds=3,
        warmup_rounds=1,
    )
    assert result.trials == TRIALS and sum(result.equity) == pytest.approx(1.0)
    record_rate(benchmark, TRIALS, "trials")


INTERLEAVED_TRIALS = 1 << 17
ALTERNATIONS = 12


def _best_rates(cases: dict[str, list]) -> dict[str, float]:
    """Each case's best trials/s over ALTERNATIONS turns taken in alternation: on a shared host
    the slow minutes hit both sides alike, and the best turn of each is its unhindered rate."""
    best = dict.fromkeys(cases, 0.0)
    for _ in range(ALTERNATIONS):
        for name, players in cases.items():
            start = time.perf_counter()
            equity(players, 3, trials=INTERLEAVED_TRIALS, seed=1, threads=1, max_exact=0)
            best[name] = max(best[name], INTERLEAVED_TRIALS / (time.perf_counter() - start))
    return best


@pytest.mark.benchmark(group="ranges: the target's ratio, interleaved")
def test_ranges_against_random_hands_interleaved(benchmark) -> None:
    """The ratio (``8-, A2xx`` vs ``K32+`` against None vs None) with the two taken in
    turns, recorded as ``ratio`` in extra_info beside each side's best rate."""
    cases = {"None vs None": [None, None], "ranges": [parse_range("8-, A2xx"), parse_range("K32+")]}
    best = benchmark.pedantic(_best_rates, (cases,), rounds=1)
    assert all(rate > 0 for rate in best.values())
    benchmark.extra_info.update({f"{name} trials_per_second": r for name, r in best.items()})
    benchmark.extra_info["ratio"] = best["ranges"] / best["None vs None"]


@pytest.mark.benchmark(group="ranges: exact")
def test_exact_hand_against_a_range_of_200_hands_one_draw(benchmark) -> None:
    villain = parse_range("6-, 0.5:7654..7432")
    assert 200 < len(villain) < 1000
    result = benchmark(equity, ["As 2d 3c 3h", villain], 1)
    assert result.exact and 0 < result.equity[0] < 1


@pytest.mark.benchmark(group="ranges: exact")
def test_equity_matrix_of_golf_and_six_highs_against_seven_highs_one_draw(benchmark) -> None:
    values, errors = benchmark(equity_matrix, "골프, 6탑", "7탑", 1)
    assert len(values) == 264 and (errors == 0).all()
