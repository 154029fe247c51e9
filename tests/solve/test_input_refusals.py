"""Input the solver cannot use is refused by name (a bet size past any float, a weighted dict
given as a range), and a solution survives pickling and deep copying with the same
strategies and values."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from badugi_fast.game import Rules
from badugi_fast.solve import last_round, solve_last_round

NO_LIMIT = Rules(structure="no-limit")
FIXED = Rules(small_bet=2, cap_heads_up=True)


@pytest.mark.parametrize("size", [1e308, 1.7e308])
def test_a_bet_size_no_float_can_multiply_by_the_pot_is_a_value_error_naming_sizes(size):
    with pytest.raises(ValueError, match="sizes"):
        last_round(["8-", "9-"], pot=12, stacks=100, rules=NO_LIMIT, sizes=[size])


def test_a_large_but_finite_bet_size_is_still_an_all_in():
    big = last_round(["8-", "9-"], pot=12, stacks=100, rules=NO_LIMIT, sizes=[1e300])
    allin = last_round(["8-", "9-"], pot=12, stacks=100, rules=NO_LIMIT, sizes=["allin"])
    assert big.tree.nodes == allin.tree.nodes


def test_a_weighted_dict_as_a_range_is_refused_rather_than_its_weights_dropped():
    weighted = {"Ac 2d 3h 4s": 1.0, "Kc Qd Jh Ts": 0.1}
    with pytest.raises(TypeError, match=r"ranges\[0\].*dict"):
        solve_last_round([weighted, "9-"], pot=12, stacks=20, rules=FIXED, iterations=1)


@pytest.fixture(scope="module")
def solution():
    sol = solve_last_round(["8-", "9-"], pot=12, stacks=20, rules=FIXED, iterations=30, threads=1)
    sol.best_response(0)  # a cache entry holding the problem too
    return sol


@pytest.mark.parametrize(
    "copier", [lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy], ids=["pickle", "deepcopy"]
)
def test_a_solution_round_trips_with_equal_strategies_and_values(solution, copier):
    again = copier(solution)
    assert again.value == solution.value
    assert again.exploitability == solution.exploitability
    for history in ([], ["check"], ["bet"]):
        np.testing.assert_array_equal(again.strategy(history), solution.strategy(history))
    for player in (0, 1):
        np.testing.assert_array_equal(again.hand_values(player), solution.hand_values(player))
        assert again.best_response(player).value == solution.best_response(player).value
