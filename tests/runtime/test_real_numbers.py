"""Every argument that is a real number (a share, a fraction of the pot, a threshold) is checked
by one helper (``_runtime.validate.real``): a bool, a string or None is a TypeError naming the
argument, any ``numbers.Real`` is taken (numpy's float32, a Fraction), and the caller's range
refuses NaN."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from badugi_fast._runtime.validate import is_real, real
from badugi_fast.blueprint import load_blueprint
from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer
from badugi_fast.solve import last_round, solve_last_round
from badugi_fast.solve.belief_states import beliefs
from badugi_fast.solve.lbr.play import Table
from badugi_fast.solve.lbr.strategy import ThresholdStrategy
from badugi_fast.solve.resolving import SearchBot

FIXED = Rules(small_bet=2, cap_heads_up=True)
NOT_NUMBERS = [True, np.True_, "0.1", None, [0.1]]


@pytest.mark.parametrize("value", [0, 3, 0.5, np.float32(0.25), np.int8(1), Fraction(1, 3)])
def test_real_numbers_are_taken_as_floats(value):
    assert is_real(value)
    assert real("x", value) == float(value)


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_anything_else_is_a_type_error_naming_the_argument(value):
    assert not is_real(value)
    with pytest.raises(TypeError, match=r"^share is a number, not "):
        real("share", value)


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_the_solver_target_is_a_number(value):
    with pytest.raises(TypeError, match="target is a number"):
        solve_last_round(["8-", "9-"], pot=12, stacks=100, rules=FIXED, target=value)


@pytest.mark.parametrize("value", [math.nan, math.inf, -0.01])
def test_the_solver_target_is_a_finite_fraction_at_least_zero(value):
    with pytest.raises(ValueError, match="target is a fraction of the pot"):
        solve_last_round(["8-", "9-"], pot=12, stacks=100, rules=FIXED, target=value)


def test_a_numpy_or_fraction_target_solves_as_its_float():
    ranges = ["8-", "9-"]
    plain = solve_last_round(ranges, pot=12, stacks=100, rules=FIXED, target=0.5)
    for target in (np.float32(0.5), Fraction(1, 2)):
        other = solve_last_round(ranges, pot=12, stacks=100, rules=FIXED, target=target)
        assert other.iterations == plain.iterations
        assert np.array_equal(other.tables[0], plain.tables[0])


@pytest.mark.parametrize("value", [True, None, np.True_])
def test_a_bet_size_that_is_no_number_is_a_bad_token_of_sizes(value):
    with pytest.raises(ValueError, match="sizes holds pot fractions or 'allin'"):
        last_round(["8-", "9-"], pot=12, stacks=100, rules=Rules(structure="no-limit"),
                   sizes=[value])  # fmt: skip


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_the_beliefs_tremble_is_a_number(value):
    with pytest.raises(TypeError, match="tremble is a number"):
        beliefs(ThresholdStrategy(drawer), "rc/1", table=Table(), tremble=value)


@pytest.mark.parametrize("value", [math.nan, 1.0, -1e-9])
def test_the_beliefs_tremble_is_a_share_below_one(value):
    with pytest.raises(ValueError, match="tremble is a share"):
        beliefs(ThresholdStrategy(drawer), "rc/1", table=Table(), tremble=value)


def test_a_fraction_tremble_trembles_as_its_float():
    strategy = ThresholdStrategy(drawer)
    plain = beliefs(strategy, "rc/2", table=Table(), tremble=1e-3)
    other = beliefs(strategy, "rc/2", table=Table(), tremble=Fraction(1, 1000))
    assert np.array_equal(plain.weights[0], other.weights[0])


@pytest.fixture(scope="module")
def shipped():
    return load_blueprint()


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_the_search_cut_is_a_number(shipped, value):
    with pytest.raises(TypeError, match="cut is a number"):
        SearchBot(shipped, cut=value)


@pytest.mark.parametrize("value", [math.nan, 1.0, -0.1])
def test_the_search_cut_is_a_share_below_one(shipped, value):
    with pytest.raises(ValueError, match="cut is a share of a range"):
        SearchBot(shipped, cut=value)


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_the_blueprint_threshold_is_a_number(shipped, value):
    with pytest.raises(TypeError, match="threshold is a number"):
        shipped.thresholded(value)
