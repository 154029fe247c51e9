"""``from_policy`` reads only a policy of the game it is given: a policy of the whole badugi
game, of a last round from another pot or ranges, or of other rules is refused by name before
any work (as ``to_policy`` refuses a solution of another game)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as policies  # noqa: E402

import badugi_fast.spiel  # noqa: E402, F401  (registers "badugi")
from badugi_fast.game import KoreanRules, Rules  # noqa: E402
from badugi_fast.spiel import from_policy, last_round_game  # noqa: E402

RANGES = ["Ac 2d 3h 4s, Kc Qd Jh Ts", "As 2c 3d 4h, 7c 8d 9h Th"]
FIXED = dict(pot=12, stacks=40, rules=Rules(small_bet=2, cap_heads_up=True))


@pytest.fixture(scope="module")
def game():
    return last_round_game(RANGES, **FIXED)


def _no_work(*args, **kwargs):
    raise AssertionError("the policy was walked before its game was checked")


def test_a_policy_of_the_whole_badugi_game_is_refused_before_any_work(game, monkeypatch):
    whole = policies.UniformRandomPolicy(pyspiel.load_game("badugi"))
    monkeypatch.setattr(whole, "to_tabular", _no_work)
    monkeypatch.setattr(whole, "action_probabilities", _no_work)
    with pytest.raises(ValueError, match="policy"):
        from_policy(whole, game)


@pytest.mark.parametrize(
    "other",
    [
        dict(FIXED, pot=14),
        dict(FIXED, stacks=6),
    ],
    ids=["pot", "stacks"],
)
def test_a_policy_of_another_last_round_is_refused_not_measured(game, other):
    policy = policies.TabularPolicy(last_round_game(RANGES, **other))
    with pytest.raises(ValueError, match="policy"):
        from_policy(policy, game)


def test_a_policy_of_other_ranges_is_refused(game):
    policy = policies.TabularPolicy(last_round_game(["Ac 2d 3h 4s", RANGES[1]], **FIXED))
    with pytest.raises(ValueError, match="policy"):
        from_policy(policy, game)


def test_a_policy_of_other_rules_is_a_value_error_not_a_key_error(game):
    korean = last_round_game(RANGES, pot=12, stacks=20, rules=KoreanRules(ante=2, max_raises=2))
    with pytest.raises(ValueError, match="policy"):
        from_policy(policies.TabularPolicy(korean), game)


def test_a_policy_of_the_game_itself_is_read(game):
    tables = from_policy(policies.TabularPolicy(game), game)
    assert len(tables) == 2


@pytest.mark.parametrize("solution", [5, None, "solution"])
def test_to_policy_of_what_is_not_a_solution_is_a_type_error_naming_it(game, solution):
    from badugi_fast.spiel import to_policy

    with pytest.raises(TypeError, match="solution"):
        to_policy(solution, game)


def test_a_cpp_policy_of_other_rules_is_refused_naming_policy(game):
    korean = last_round_game(RANGES, pot=12, stacks=20, rules=KoreanRules(ante=2, max_raises=2))
    solver = pyspiel.CFRSolver(pyspiel.convert_to_cached_tree(korean))
    solver.evaluate_and_update_policy()
    with pytest.raises(ValueError, match="policy: at the information state"):
        from_policy(solver.average_policy(), game)
