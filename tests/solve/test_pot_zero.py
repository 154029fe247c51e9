"""A pot of 0 holds no target (the target is a fraction of the pot): without ``iterations`` the
solve is refused by name at once instead of running for ever; with them it runs."""

from __future__ import annotations

import pytest

from badugi_fast.game import Rules
from badugi_fast.solve import solve_last_round

FIXED = Rules(small_bet=2, cap_heads_up=True)


def _never_called(done: int, fraction: float) -> None:
    raise AssertionError(f"the solve started: {done} iterations, fraction {fraction}")


def test_a_pot_of_zero_without_iterations_is_refused_naming_pot_before_any_iteration() -> None:
    with pytest.raises(ValueError, match="pot"):
        solve_last_round(["8-", "9-"], pot=0, stacks=20, rules=FIXED, progress=_never_called)


def test_a_pot_of_zero_with_iterations_runs_them() -> None:
    sol = solve_last_round(["8-", "9-"], pot=0, stacks=20, rules=FIXED, iterations=20)
    assert sol.iterations == 20
