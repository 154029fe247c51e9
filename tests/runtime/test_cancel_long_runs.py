"""Ctrl-C stops the long runs: Monte Carlo draw odds and equity of 10**12
trials (against a range too), simulations of a billion hands (deep stacks too), and ``badugi
equity ... --trials 1000000000000``. A child process is sent SIGINT about 1.5 s into the run
and must raise KeyboardInterrupt within a few seconds (the CLI: exit 130), its worker threads
stopped, no result returned. The blocks that make this possible never change a result: the
last tests run the same seed in blocks of other sizes and thread counts and get the same
numbers.

Exact enumeration runs in blocks of its first branching step (``bf_draw_enumerate_rows``), so
the exact equity of two seats over 3 * 10**8 plays (a minute, played one by one), stops at
Ctrl-C as well; its blocks add up to the same fractions. (One seat's exact draw odds count
their last draw and finish within a second: csrc/draws/one_seat.c.)
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from support.interrupt import MAX_DELAY, REPORT, ctrl_c_on, interrupt

from badugi_fast.draws import draw_odds, equity
from badugi_fast.draws.engine import native as _engine
from badugi_fast.draws.ranges import equity as range_equity
from badugi_fast.draws.ranges.range import parse_range
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.play import play_hands
from badugi_fast.play.simulation import local as simulate_module

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")

SECONDS_BEFORE_SIGINT = 1.5

CHILD = """
import sys, threading, time
import numpy as np
import badugi_fast as bf
from badugi_fast.draws import draw_odds, equity, equity_matrix
from badugi_fast.solve import local_best_response
from badugi_fast.solve.lbr.equity import simulated_share
from badugi_fast.draws.ranges.range import parse_range
from badugi_fast.game.bots import drawer
from badugi_fast.play import simulate
{report}
threads = int(sys.argv[1])
print("started", flush=True)
started = time.monotonic()
try:
    result = {call}
    print("finished", result)
except KeyboardInterrupt:
    report(started)
"""

LONG_CALLS = {
    "draw_odds": 'draw_odds("As 2d 3c Kc", draws=3, max_exact=0, trials=10**12, seed=1, '
    "threads=threads)",
    "equity": 'equity(["As 2d 3c Kc", None], max_exact=0, trials=10**12, seed=1, threads=threads)',
    "range equity": 'equity(["As 2d 3c Kc", parse_range("A234")], max_exact=0, trials=10**12, '
    "seed=1, threads=threads)",
    # 3 * 10**8 plays, exact (about a minute): the enumeration's blocks, whatever ``threads``
    "exact equity": 'equity(["As 2d 3d 4d", "Ks Kd 2h 3c"], draws=2, max_exact=10**9, '
    "threads=threads)",
    # 7.5 * 10**7 plays against two ranges, exact (about 13 s): blocks of the first range's hands
    "exact range equity": 'equity(["Kc 2d 3h 4s", "A23", "J-"], draws=1, max_exact=10**9, '
    "threads=threads)",
    # rows in threads, each its own Monte Carlo run: the inner runs stop with the outer one
    "equity matrix": 'equity_matrix("A23", "KQJ", 3, trials=10**12, seed=1, max_exact=0, '
    "threads=threads)",
    # the local best response's equity estimate, alone and inside a deal on this thread
    "lbr estimate": "simulated_share([3, 5, 8, 10], np.array([[16, 21, 26, 31]], dtype=np.uint8), "
    "np.ones(1), draws=3, cap=4, dead=0, policies=(None, None), first_throw=-1, seed=1, "
    "trials=10**12)",
    "local best response": "local_best_response(drawer, hands=1, trials=10**9, threads=1)",
    # deals on threads: the deals not started are cancelled, the one running stops its estimate
    "local best response, threads": "local_best_response(drawer, hands=4, trials=10**9, threads=2)",
    "simulate": "simulate([drawer, drawer], hands=10**9, seed=1, threads=threads)",
    # 5 * 10**6 big blinds deep, a hand where both bots hold a badugi lasts milliseconds:
    # blocks of a few hands, not thousands
    "deep simulate": "simulate([drawer, drawer], hands=10**9, seed=1, stacks=10**7, "
    "threads=threads)",
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_ctrl_c_stops_a_long_run_with_its_threads_and_no_result(name, threads):
    delay, words = interrupt(
        textwrap.dedent(CHILD).format(report=REPORT, call=LONG_CALLS[name]),
        threads,
        SECONDS_BEFORE_SIGINT,
    )
    assert words[0] == "interrupted", words  # not "finished": no result came back
    assert delay < MAX_DELAY
    busy, workers = float(words[1]), int(words[2])
    assert busy < 0.25, "a worker kept running after the interrupt"
    assert workers < 2 * threads + 2


def test_ctrl_c_stops_the_cli_equity_of_a_trillion_trials():
    command = [sys.executable, "-m", "badugi_fast.cli", "equity", "As 2d 3c Kc", "random"]
    child = subprocess.Popen(
        [*command, "--trials", "1000000000000", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_on,
    )
    try:
        time.sleep(SECONDS_BEFORE_SIGINT + 1.0)  # the interpreter and the library start first
        assert child.poll() is None, child.communicate()
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, errors = child.communicate(timeout=120)
        delay = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130, errors
    assert delay < MAX_DELAY
    assert "equity" not in out  # no partial answer printed as if complete


@pytest.mark.parametrize("threads", [1, 2])
def test_monte_carlo_blocks_never_change_a_result(monkeypatch, threads):
    """Trial t depends on (seed, t) only and the tallies are integers: blocks of 128 or
    2**15 trials (and one or two threads) give the same numbers."""
    villain = parse_range("A2xx")

    def runs() -> tuple[object, ...]:
        return (
            odds_numbers(threads),
            equity(["As 2d 7c Kc", None, None], max_exact=0, trials=30_000, seed=5,
                   threads=threads),
            equity(["As 2d 7c Kc", villain], max_exact=0, trials=30_000, seed=5, threads=threads),
        )  # fmt: skip

    default = runs()
    monkeypatch.setattr(_engine, "BLOCK_TRIALS", 100)  # rounded up to 128 rows
    monkeypatch.setattr(range_equity, "RANGE_BLOCK_TRIALS", 100)
    assert runs() == default
    assert odds_numbers(1) == default[0]


def test_exact_blocks_never_change_a_result(monkeypatch):
    """An enumeration cut into blocks of a few rows gives the same fractions and plays."""

    def runs() -> tuple[object, ...]:
        odds = draw_odds("As 2d 3c 3h", 3)
        ranked = draw_odds("As 2d 7c Kh", 2, policy="max-badugi")
        shares = equity(["As 2d 3c Kc", "5s 6d 7c 7h"], 2)
        return (odds.badugi_fraction, odds.paths, odds.sizes, ranked.badugi_fraction,
                ranked.paths, shares.fractions, shares.paths)  # fmt: skip

    default = runs()
    monkeypatch.setattr(_engine, "BLOCK_PATHS", 1_000)
    again = runs()
    assert again[:2] == default[:2] and again[3:] == default[3:]
    assert again[2] == pytest.approx(default[2], abs=1e-12)  # float sums, grouped otherwise


def odds_numbers(threads: int) -> tuple[object, ...]:
    odds = draw_odds("As 2d 7c Kc", max_exact=0, trials=30_000, seed=5, threads=threads)
    return odds.badugi, odds.sizes, odds.ranks.tobytes(), odds.stderr, odds.trials


@pytest.mark.parametrize("threads", [1, 2])
def test_hand_loop_blocks_never_change_a_result(monkeypatch, threads):
    bots = [drawer, threshold("J", "K"), drawer]
    default = play_hands(bots, 7, 5_000, seed=3, threads=threads, engine="c")
    monkeypatch.setattr(simulate_module, "C_BLOCK_HANDS", 100)
    assert np.array_equal(play_hands(bots, 7, 5_000, seed=3, threads=threads, engine="c"), default)
    deep = play_hands(bots, 0, 2_000, seed=3, stacks=40_000, engine="c", threads=threads)
    monkeypatch.setattr(simulate_module, "DEEP_BETS", 10)  # blocks of 100 // 2,000 = 1 hand
    again = play_hands(bots, 0, 2_000, seed=3, stacks=40_000, engine="c", threads=threads)
    assert np.array_equal(again, deep)


def test_deep_stacks_take_smaller_blocks_of_hands():
    block = simulate_module._block_hands
    rules = simulate_module.check_rules(None)  # the casino default: a big blind of 2
    assert block(rules, [200, 200]) == simulate_module.C_BLOCK_HANDS
    deeper = 20 * simulate_module.DEEP_BETS * rules.unit
    assert block(rules, [200, deeper]) == simulate_module.C_BLOCK_HANDS // 20
    assert block(rules, [2**40, 2**40]) == 1
