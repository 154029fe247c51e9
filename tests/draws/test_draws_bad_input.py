"""Every public entry point of the draws layer refuses bad input before any work, with a short
ValueError or TypeError naming the argument: a wrong type, a value out of range, and an
oversize value (trials past 2**53 or 2**64, a seed or an exact budget past 2**64, text past its
bound), each checked the same way wherever the quantity is taken."""

from __future__ import annotations

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import draws
from badugi_fast._runtime.validate import MAX_TRIALS

HAND = "As 2d 3c Kh"
AS_KEYS = {"As": 1, "2d": 1, "3c": 1, "Kh": 1}  # its keys are a hand: never read as one
SHORT_MESSAGE = 300
TOO_MANY_TRIALS = "trials must be at most 2\\*\\*53"
ONE_TRIAL = "trials must be at least 2 \\(one trial has no standard error\\), got 1"


def _odds(**kwargs):
    return lambda: bf.draw_odds(HAND, 3, **kwargs)


def _equity(**kwargs):
    return lambda: bf.equity([HAND, None], 3, **kwargs)


def _best(**kwargs):
    return lambda: bf.best_discard(HAND, 3, **kwargs)


def _matrix(**kwargs):
    return lambda: bf.equity_matrix("8-", "9-", 1, **kwargs)


ENTRY_POINTS = {
    "draw_odds": [
        (_odds(trials=2**64), ValueError, TOO_MANY_TRIALS),
        (_odds(trials=MAX_TRIALS + 1), ValueError, TOO_MANY_TRIALS),
        (_odds(trials=1), ValueError, ONE_TRIAL),
        (_odds(trials=1, max_exact=10**9), ValueError, ONE_TRIAL),  # though the answer is exact
        (_odds(trials=1e6), TypeError, "trials must be a whole number, not float"),
        (_odds(max_exact=2**64), ValueError, "max_exact must be in 0 .. 2\\*\\*64-1"),
        (_odds(seed=2**64), ValueError, "seed must be in 0 .. 2\\*\\*64-1"),
        (lambda: bf.draw_odds(AS_KEYS), TypeError, "not a dict"),
    ],
    "equity": [
        (_equity(trials=2**64), ValueError, TOO_MANY_TRIALS),
        (_equity(trials=1), ValueError, ONE_TRIAL),
        (_equity(trials="1000"), TypeError, "trials must be a whole number, not str"),
        (_equity(max_exact=-1), ValueError, "max_exact must be in"),
        (lambda: bf.equity([AS_KEYS, None]), TypeError, "not a dict"),
        (lambda: bf.equity({HAND: 1, "Kc Kd Kh Ks": 2}), TypeError, "a list of hands"),
        (lambda: bf.equity([HAND, "8" * 10**6]), ValueError, "at most 256 characters"),
    ],
    "best_discard": [
        (_best(trials=2**64, max_exact=0), ValueError, TOO_MANY_TRIALS),
        (_best(trials=1, opponents=[None]), ValueError, ONE_TRIAL),
        (_best(trials=True), TypeError, "trials must be a whole number, not bool"),
        (_best(max_exact=2**64), ValueError, "max_exact must be in"),
        (lambda: bf.best_discard(AS_KEYS), TypeError, "not a dict"),
        (_best(opponents=[AS_KEYS]), TypeError, "not a dict"),
    ],
    "equity_matrix": [
        (_matrix(trials=2**64), ValueError, TOO_MANY_TRIALS),
        (_matrix(trials=1), ValueError, ONE_TRIAL),
        (_matrix(max_exact=2**64), ValueError, "max_exact must be in"),
        (_matrix(seed=-1), ValueError, "seed must be in"),
        (lambda: bf.equity_matrix("8-", "골프", 1, dead="As Ad Ah Ac"), ValueError, "is empty"),
        (lambda: bf.equity_matrix("8" * 10**6, "9-"), ValueError, "at most 256 characters"),
    ],
    "optimal_policy": [
        (lambda: bf.optimal_policy(["1"] * 1092, 1), TypeError, "is '1', not a real number"),
        (lambda: bf.optimal_policy([1j] * 1092, 1), TypeError, "not a real number"),
        (lambda: bf.optimal_policy([2.0] * 1092, 1), ValueError, "no spread"),
        (lambda: bf.optimal_policy(np.arange(1092.0), 2**64), ValueError, "draws must be"),
    ],
    "parse_range": [
        (lambda: bf.parse_range(8), TypeError, "range text must be a str"),
        (lambda: bf.parse_range("8" * 10**6), ValueError, "at most 256 characters"),
        (lambda: bf.parse_range("8-," * 2**23), ValueError, "at most 16,777,216 characters"),
    ],
    "Range": [
        (lambda: bf.Range.from_hands([HAND], "0.5"), TypeError, "not str"),
        (lambda: bf.Range.from_hands([HAND], [0.5, 0.5]), ValueError, "one per hand"),
        (lambda: bf.Range.from_hands(np.zeros((1, 4))), TypeError, "integer card ids"),
        (lambda: bf.Range.from_hands([AS_KEYS]), TypeError, "not a dict"),
        (lambda: bf.Range.from_vector(np.ones(5)), ValueError, "one per hand"),
        (lambda: bf.Range.from_vector(np.full(270_725, 2.0)), ValueError, "weights are 0 to 1"),
    ],
    "break_above": [
        (lambda: bf.break_above(None), TypeError, "NoneType"),
        (lambda: bf.break_above(14), ValueError, "1 \\(ace\\) .. 13"),
        (lambda: bf.break_above("8" * 10**6), ValueError, "unknown rank"),
    ],
}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case for cases in ENTRY_POINTS.values() for case in cases],
    ids=[f"{name}-{i}" for name, cases in ENTRY_POINTS.items() for i in range(len(cases))],
)
def test_every_entry_point_refuses_bad_input_with_a_short_clear_message(call, error, message):
    with pytest.raises(error, match=message) as info:
        call()
    assert isinstance(info.value, error)
    assert len(str(info.value)) < SHORT_MESSAGE, str(info.value)[:SHORT_MESSAGE]


def test_every_public_function_of_the_draws_layer_is_in_the_table():
    public = {name for name in draws.__all__ if callable(getattr(draws, name))}
    public -= {"DiscardOption", "DrawOdds", "Equity", "InvalidRangeError", "Policy"}  # types
    assert public == set(ENTRY_POINTS)
