"""Whole hands between two (and six) drawer bots: the C hand loop behind simulate on one and two
threads, the same hands played by engine.Game, and pokerkit's FixedLimitBadugi driven by the
same rules (the pure-Python engine a user would otherwise pick). Hands per second are recorded
in extra_info."""

from __future__ import annotations

import pytest
from _pokerkit_game import play_pokerkit_hands
from _rates import record_rate

from badugi_fast.game.bots import drawer
from badugi_fast.game.simulate import simulate

C_HANDS = 200_000
PYTHON_HANDS = 500

games = pytest.mark.benchmark(group="simulate: hands of drawer bots")


@games
@pytest.mark.parametrize("seats", [2, 6])
@pytest.mark.parametrize("threads", [1, 2])
def test_c_hand_loop(benchmark, seats: int, threads: int) -> None:
    result = benchmark.pedantic(
        simulate,
        ([drawer] * seats, C_HANDS, 1),
        {"engine": "c", "threads": threads},
        rounds=5,
        warmup_rounds=1,
    )
    assert result.engine == "c" and sum(result.profit_per_100) == pytest.approx(0, abs=1e-6)
    record_rate(benchmark, C_HANDS, "hands")


@games
@pytest.mark.parametrize("seats", [2, 6])
def test_python_engine(benchmark, seats: int) -> None:
    result = benchmark.pedantic(
        simulate, ([drawer] * seats, PYTHON_HANDS, 1), {"engine": "python"}, rounds=3
    )
    assert result.engine == "python" and sum(result.profit_per_100) == pytest.approx(0, abs=1e-6)
    record_rate(benchmark, PYTHON_HANDS, "hands")


@games
@pytest.mark.parametrize("seats", [2, 6])
def test_pokerkit_engine(benchmark, seats: int) -> None:
    won = benchmark.pedantic(play_pokerkit_hands, (PYTHON_HANDS, seats), rounds=3)
    assert len(won) == seats and sum(won) == 0  # chips conserved: every hand played out
    record_rate(benchmark, PYTHON_HANDS, "hands")
