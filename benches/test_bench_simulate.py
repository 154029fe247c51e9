"""Whole hands between two (and six) drawer bots: the C hand loop behind simulate on one and two
threads, the same hands played by engine.Game, and pokerkit's FixedLimitBadugi driven by the
same rules (the pure-Python engine a user would otherwise pick). Then the drawer drawing by the
max-equity table against drawers in the C loop, and a policy-table bot's draw decision from a
View in Python beside the default drawer's. Hands (decisions) per second are recorded in
extra_info."""

from __future__ import annotations

import pytest
from _pokerkit_game import play_pokerkit_hands
from _rates import record_rate

from badugi_fast.cards import DECK
from badugi_fast.game.actions import Action, ActionKind, Phase, View
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.play import simulate

C_HANDS = 200_000
PYTHON_HANDS = 500

games = pytest.mark.benchmark(group="simulate: hands of drawer bots")
tables = pytest.mark.benchmark(group="simulate: table-policy bots")
EQUITY = threshold("9", "K", 3, policy="max-equity")  # the drawer, drawing by max-equity


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


@tables
@pytest.mark.parametrize("seats", [2, 6])
def test_c_hand_loop_table_bots(benchmark, seats: int) -> None:
    """Half the seats draw by the max-equity table, half are drawers (1 thread)."""
    bots = [EQUITY, drawer] * (seats // 2)
    EQUITY.table()  # solved once, before the clock
    result = benchmark.pedantic(
        simulate, (bots, C_HANDS, 1), {"engine": "c", "threads": 1}, rounds=5, warmup_rounds=1
    )
    assert result.engine == "c" and sum(result.profit_per_100) == pytest.approx(0, abs=1e-6)
    record_rate(benchmark, C_HANDS, "hands")


def _draw_view() -> View:
    hand = tuple(DECK[c] for c in (0, 5, 10, 49))  # A-2-3 of three suits and a king: a draw
    legal = (Action(ActionKind.DRAW, 4),)
    return View(0, hand, Phase.DRAW, 3, (98, 98), 4, 0, (False, False), legal, (), frozenset())


@tables
@pytest.mark.parametrize("bot", ["max-equity", "default"])
def test_bot_draw_decision_from_python(benchmark, bot: str) -> None:
    """One draw decision of a ThresholdBot called with a View (as Game calls it)."""
    player = EQUITY if bot == "max-equity" else drawer
    view = _draw_view()
    action = benchmark(player, view)
    assert action.kind == ActionKind.DRAW and len(action.cards) == 1
    record_rate(benchmark, 1, "decisions")
