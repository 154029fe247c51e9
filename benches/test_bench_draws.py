"""Draw mathematics: best_discard, exact heads-up one-draw equity, Monte Carlo heads-up three-draw
equity (trials per second per core, and with two threads), and the optimal-draw solver: solving
a policy, a table decision, best_discard against a known hand (the
targets: three draws in 100 ms with every stderr <= 0.003; one draw against a pat hand exact),
and the slowest exact three-draw odds of one hand (target: at most 1 s on one core)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from _rates import record_rate

import badugi_fast
from badugi_fast._badugi import ffi, lib
from badugi_fast.cards import hand_ids
from badugi_fast.draws import api as draws_api
from badugi_fast.draws.policies import optimal
from badugi_fast.hands.universe import colex_index

TRIALS = 1 << 20
HEADS_UP = {
    "known vs known": ["As 2d 3c Kc", "5s 6d 7c 8h"],
    "known vs random": ["As 2d 3c Kc", None],
    "random vs random": [None, None],
}

draws = pytest.mark.benchmark(group="draws")


@draws
def test_best_discard_one_draw(benchmark) -> None:
    options = benchmark(badugi_fast.best_discard, "As 2d 3c 3h", 1, objective="max-badugi")
    assert len(options) == 16 and options[0].value == pytest.approx(10 / 48)


optimal_group = pytest.mark.benchmark(group="optimal draws")


@optimal_group
def test_solve_max_badugi_three_draws(benchmark) -> None:
    """Generation: all 270,725 hands, three levels (what optimal_policy costs)."""
    utility = optimal.utility_of("max-badugi")
    solved = benchmark.pedantic(
        optimal.solve, (utility, 3, optimal.NO_LIMITS), rounds=3, warmup_rounds=1
    )
    assert solved.values[3][colex_index(hand_ids("As 2d 3c 3h"))] == pytest.approx(6965 / 13824)


@optimal_group
def test_solve_max_equity_all_draws(benchmark) -> None:
    """Generation: max-equity's three solves (u_1, u_2, u_3) and the default's forward passes."""
    solved = benchmark.pedantic(
        optimal.named.__wrapped__, ("max-equity", optimal.NO_LIMITS), rounds=3, warmup_rounds=1
    )
    assert solved.draws == 3


@optimal_group
def test_table_decision_from_python(benchmark) -> None:
    solved = optimal.named("max-badugi", optimal.NO_LIMITS)
    policy = ffi.new("bf_policy *")
    table = ffi.from_buffer("uint8_t[]", solved.table)
    ties = ffi.from_buffer("uint16_t[]", solved.ties)
    policy.break_above, policy.table, policy.ties = -1, table, ties
    hand = bytes(hand_ids("As 2d 3c 3h"))
    thrown = benchmark(lib.bf_policy_table_throw, policy, hand, 0, 0, 3, 4)
    assert thrown == 1 << 3  # the 3h


@optimal_group
def test_best_discard_three_draws_against_a_known_hand(benchmark) -> None:
    options = benchmark.pedantic(
        badugi_fast.best_discard,
        ("Kc 2d 3h 4s", 3),
        {"opponents": ["8s 7d 6c 5h"], "seed": 1, "threads": 1},
        rounds=10,
        warmup_rounds=1,
    )
    assert [str(c) for c in options[0].discard] == ["Kc"]
    assert all(o.stderr is None or o.stderr <= 0.003 for o in options)


@optimal_group
def test_best_discard_one_draw_against_a_pat_hand_exact(benchmark) -> None:
    options = benchmark.pedantic(
        badugi_fast.best_discard,
        ("As 2d 3c Kh", 1),
        {"opponents": ["8s 7d 6c 5h"], "threads": 1, "max_exact": 10**6},
        rounds=50,
        warmup_rounds=5,
    )
    assert all(o.exact for o in options) and [str(c) for c in options[0].discard] == ["Kh"]


@optimal_group
def test_best_discard_three_draws_option_by_option(benchmark, monkeypatch) -> None:
    """The same question played option by option by the draw engine (the path before the
    one-pass C entry point, kept as its reference): the ratio in the README."""
    monkeypatch.setattr(draws_api, "_options_in_one_pass", draws_api._options_one_by_one)
    options = benchmark.pedantic(
        badugi_fast.best_discard,
        ("Kc 2d 3h 4s", 3),
        {"opponents": ["8s 7d 6c 5h"], "seed": 1, "threads": 1},
        rounds=3,
        warmup_rounds=1,
    )
    assert [str(c) for c in options[0].discard] == ["Kc"]


@optimal_group
def test_best_discard_one_draw_against_a_pat_hand_option_by_option(benchmark, monkeypatch) -> None:
    monkeypatch.setattr(draws_api, "_options_in_one_pass", draws_api._options_one_by_one)
    options = benchmark.pedantic(
        badugi_fast.best_discard,
        ("As 2d 3c Kh", 1),
        {"opponents": ["8s 7d 6c 5h"], "threads": 1, "max_exact": 10**6},
        rounds=3,
        warmup_rounds=1,
    )
    assert all(o.exact for o in options) and [str(c) for c in options[0].discard] == ["Kh"]


@optimal_group
def test_exact_three_draw_odds_by_a_table(benchmark) -> None:
    odds = benchmark(badugi_fast.draw_odds, "As 2d 3c 3h", 3, policy="max-badugi")
    assert odds.badugi_fraction == Fraction(2215, 4324)


@draws
def test_exact_heads_up_one_draw_equity(benchmark) -> None:
    result = benchmark(badugi_fast.equity, ["As 2d 3c Kc", "5s 6d 7c 8h"], 1)
    assert result.exact and result.fractions == [Fraction(4, 44), Fraction(40, 44)]


@draws
def test_exact_three_draw_odds(benchmark) -> None:
    odds = benchmark(badugi_fast.draw_odds, "As 2d 3c 3h", 3)
    assert odds.exact and odds.badugi_fraction == Fraction(2215, 4324)


@pytest.mark.benchmark(group="exact draw odds")
@pytest.mark.parametrize(
    ("hand", "plays"), [("5h 5d Ac Ah", 84_667_930), ("3c Qd Qh Qs", 89_583_792)]
)
def test_exact_three_draw_odds_of_a_slow_hand(benchmark, hand: str, plays: int) -> None:
    """Issue 33: the hand the issue timed (11-13 s when every play was played) and the most
    plays among the exact hands sampled, one core: target at most 1 s."""
    odds = benchmark.pedantic(
        badugi_fast.draw_odds, (hand, 3), {"threads": 1}, rounds=5, warmup_rounds=1
    )
    assert odds.exact and odds.paths == plays
    benchmark.extra_info["plays"] = plays


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
