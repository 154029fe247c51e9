"""The last round as an OpenSpiel game: OpenSpiel as the independent oracle of the solver.

On small ranges (distinct weights, so every hand is its own class), OpenSpiel's exploitability
of our solution equals ours, and ours of OpenSpiel's CFR solution equals OpenSpiel's, to 1e-9
relative: fixed limit, the Korean rules and a no-limit size set each."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as policies  # noqa: E402
from open_spiel.python.algorithms import expected_game_score  # noqa: E402
from open_spiel.python.algorithms import exploitability as spiel_exploitability  # noqa: E402

from badugi_fast import Range  # noqa: E402
from badugi_fast.game import KoreanRules, Rules  # noqa: E402
from badugi_fast.solve import exploitability, solve_last_round  # noqa: E402
from badugi_fast.spiel import from_policy, last_round_game, to_policy  # noqa: E402

FIRST = [
    "Ac 2d 3h 4s", "Ac 2d 3h 5s", "Kc Qd Jh Ts", "2c 3d 4h 6s",
    "Ac Ad 2c 2d", "5c 6d 7h 8s", "9c 9d 9h 9s", "Ah 3c 5d 7s",
]  # fmt: skip
SECOND = ["As 2c 3d 4h", "Kd Kc Qh Qs", "3c 4d 5h 6s", "7c 8d 9h Th", "Ad 2h 3c 6s", "4c 5d 6h 7s"]
RANGES = [
    Range.from_hands(FIRST, np.linspace(1.0, 0.3, len(FIRST))),
    Range.from_hands(SECOND, np.linspace(0.9, 0.2, len(SECOND))),
]
SPOTS = {
    "fixed-limit": dict(pot=12, stacks=40, rules=Rules(small_bet=2, cap_heads_up=True)),
    "korean": dict(pot=12, stacks=20, rules=KoreanRules(ante=2, max_raises=2)),
    "no-limit": dict(
        pot=12, stacks=40, rules=Rules(small_bet=2, structure="no-limit"), sizes=(0.5, 1, "allin")
    ),
}


@pytest.fixture(scope="module", params=list(SPOTS))
def spot(request: pytest.FixtureRequest) -> tuple[object, object]:
    """(the solution after 300 iterations, the game) for each rule set."""
    kwargs = SPOTS[request.param]
    solution = solve_last_round(RANGES, iterations=300, target=0, threads=1, **kwargs)
    return solution, last_round_game(RANGES, **kwargs)


def test_the_game_is_constant_sum_over_the_pot_and_passes_openspiels_checks(
    spot: tuple[object, object],
) -> None:
    _, game = spot
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 12
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_hands_are_dealt_in_proportion_to_their_weights_and_never_share_a_card() -> None:
    game = last_round_game(RANGES, **SPOTS["fixed-limit"])
    hands = [r.hands for r in RANGES]
    weights = [r.weights for r in RANGES]
    state = game.new_initial_state()
    pairs = {}
    for i, p in state.chance_outcomes():
        child = state.child(i)
        for j, q in child.chance_outcomes():
            pairs[i, j] = p * q
    meet = [
        (i, j)
        for i in range(len(hands[0]))
        for j in range(len(hands[1]))
        if not set(hands[0][i]) & set(hands[1][j])
    ]
    assert sorted(pairs) == meet and len(meet) < len(hands[0]) * len(hands[1])
    total = sum(weights[0][i] * weights[1][j] for i, j in meet)
    for (i, j), p in pairs.items():
        assert p == pytest.approx(weights[0][i] * weights[1][j] / total, rel=1e-12)


def test_the_solutions_value_is_what_openspiel_scores_its_policy(
    spot: tuple[object, object],
) -> None:
    """Returns are measured from the start of the round, as LastRoundSolution.value: the pot
    already in belongs to nobody and the two values sum to it."""
    solution, game = spot
    table = to_policy(solution, game)
    values = expected_game_score.policy_value(game.new_initial_state(), [table, table])
    assert values == pytest.approx(list(solution.value), rel=1e-9)
    assert sum(values) == pytest.approx(12, rel=1e-12)


def test_openspiels_exploitability_of_our_solution_equals_ours(
    spot: tuple[object, object],
) -> None:
    solution, game = spot
    theirs = spiel_exploitability.exploitability(game, to_policy(solution, game))
    assert solution.exploitability > 0
    assert theirs == pytest.approx(solution.exploitability, rel=1e-9)


def test_our_exploitability_of_openspiels_cfr_solution_equals_openspiels(
    spot: tuple[object, object],
) -> None:
    _, game = spot
    cached = pyspiel.convert_to_cached_tree(game)
    solver = pyspiel.CFRPlusSolver(cached)
    for _ in range(50):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    theirs = pyspiel.exploitability(cached, average)
    ours = exploitability(game.problem, from_policy(average, game))
    assert theirs > 0
    assert ours.chips == pytest.approx(theirs, rel=1e-9)


def test_a_policy_read_back_is_the_solution_itself() -> None:
    kwargs = SPOTS["no-limit"]
    solution = solve_last_round(RANGES, iterations=100, target=0, threads=1, **kwargs)
    game = last_round_game(RANGES, **kwargs)
    tables = from_policy(to_policy(solution, game), game)
    for player, table in enumerate(tables):
        np.testing.assert_allclose(table, solution.tables[player], rtol=0, atol=1e-12)


def test_uniform_play_has_the_same_exploitability_measured_either_way() -> None:
    game = last_round_game(RANGES, **SPOTS["korean"])
    uniform = policies.UniformRandomPolicy(game)
    theirs = spiel_exploitability.exploitability(game, uniform)
    ours = exploitability(game.problem, from_policy(uniform, game))
    assert ours.chips == pytest.approx(theirs, rel=1e-9)


def test_bad_input_is_refused_naming_the_field() -> None:
    with pytest.raises(ValueError, match="pot"):
        last_round_game(RANGES, pot=-1, stacks=10, rules=Rules())
    with pytest.raises(ValueError, match="sizes"):
        last_round_game(RANGES, pot=4, stacks=10, rules=Rules(structure="no-limit"), sizes=[0])
    with pytest.raises(ValueError, match="ranges"):
        last_round_game(["Ac 2d 3h 4s", "Ac 5d 6h 7s"], pot=4, stacks=10, rules=Rules())
    game = last_round_game(RANGES, **SPOTS["fixed-limit"])
    other = solve_last_round(RANGES, iterations=10, target=0, threads=1, **SPOTS["no-limit"])
    with pytest.raises(ValueError, match="game: made from other"):
        to_policy(other, game)
    with pytest.raises(TypeError, match="policy is an OpenSpiel policy"):
        from_policy({"p0": [1.0]}, game)
    with pytest.raises(TypeError, match="game is what last_round_game made"):
        to_policy(other, pyspiel.load_game("kuhn_poker"))


def test_suit_symmetric_ranges_agree_and_a_policy_splitting_an_orbit_is_refused() -> None:
    """On suit-symmetric ranges the solver plays each suit orbit as one row: OpenSpiel's CFR
    plays its members alike, so the two measures agree; a policy that plays two members of an
    orbit differently cannot be read as a solver strategy and is refused."""
    ranges = ["A234", "KQJT"]  # 24 hands each, one orbit each
    spot = SPOTS["fixed-limit"]
    game = last_round_game(ranges, **spot)
    assert game.problem.classes.symmetric
    cached = pyspiel.convert_to_cached_tree(game)
    solver = pyspiel.CFRPlusSolver(cached)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    theirs = pyspiel.exploitability(cached, solver.average_policy())
    ours = exploitability(game.problem, from_policy(solver.average_policy(), game))
    assert ours.chips == pytest.approx(theirs, rel=1e-9)
    table = to_policy(solve_last_round(ranges, iterations=20, target=0, threads=1, **spot), game)
    key = next(k for k in table.state_lookup if k.startswith("p0 "))
    row = table.action_probability_array[table.state_lookup[key]]
    row[:2] = [1.0, 0.0] if row[0] != 1.0 else [0.0, 1.0]  # unlike the orbit's other hands
    with pytest.raises(ValueError, match="suit orbit alike"):
        from_policy(table, game)
