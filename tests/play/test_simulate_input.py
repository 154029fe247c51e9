"""simulate and play_hands take their counts with one bound each, checked before any hand is
played: hands at most 2**54 (a seed's stream), wherever they start; one hand's standard error
is undefined, never 0."""

from __future__ import annotations

import math

import pytest

from badugi_fast import play
from badugi_fast._runtime.validate import MAX_HANDS
from badugi_fast.game.bots import drawer
from badugi_fast.play import play_hands, simulate

BOTS = [drawer, drawer]
STREAM = "hands must be at most 2\\*\\*54 \\(18,014,398,509,481,984\\), the hands a seed's stream"

ENTRY_POINTS = {
    "simulate": [
        (lambda: simulate(BOTS, hands=2**64, seed=1), ValueError, STREAM),
        (lambda: simulate(BOTS, hands=MAX_HANDS + 1, seed=1), ValueError, STREAM),
        (lambda: simulate(BOTS, hands=0, seed=1), ValueError, "hands must be at least 1"),
        (lambda: simulate(BOTS, hands=10.0, seed=1), TypeError, "hands must be a whole number"),
        (lambda: simulate(BOTS, hands=10, seed=2**64), ValueError, "seed must be in"),
        (lambda: simulate(BOTS, hands=10, seed=1, threads=10**9), ValueError, "threads must be"),
    ],
    "play_hands": [
        (lambda: play_hands(BOTS, 0, 2**64, seed=1), ValueError, STREAM),
        (lambda: play_hands(BOTS, MAX_HANDS - 5, 10, seed=1), ValueError, "run past it"),
        (lambda: play_hands(BOTS, 2**70, 1, seed=1), ValueError, "run past it"),
        (lambda: play_hands(BOTS, -1, 10, seed=1), ValueError, "first_hand must be at least 0"),
        (lambda: play_hands(BOTS, 0, 0, seed=1), ValueError, "hands must be at least 1"),
    ],
}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case for cases in ENTRY_POINTS.values() for case in cases],
    ids=[f"{name}-{i}" for name, cases in ENTRY_POINTS.items() for i in range(len(cases))],
)
def test_every_count_is_bounded_and_checked_before_any_hand(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_the_last_hands_of_the_stream_are_played():
    assert play_hands(BOTS, MAX_HANDS - 3, 3, seed=1).shape == (3, 2)


def test_one_hands_standard_error_is_undefined_not_zero():
    one = simulate(BOTS, hands=1, seed=1)
    assert all(math.isnan(e) for e in one.stderr_per_100)
    assert all(math.isfinite(p) for p in one.profit_per_100)


def test_the_standard_error_is_the_sample_ones():
    won = play_hands(BOTS, 0, 40, seed=3)[:, 0]
    result = simulate(BOTS, hands=40, seed=3)
    expected = 100 * won.std(ddof=1) / math.sqrt(len(won))
    assert result.stderr_per_100[0] == pytest.approx(expected, rel=1e-12)


def test_the_bounded_entry_points_are_the_simulation_ones():
    assert {"simulate", "play_hands"} == set(ENTRY_POINTS) <= set(play.__all__)
