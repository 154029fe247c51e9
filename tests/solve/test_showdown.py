"""The C showdown sweep against the pairwise loop of reference.py, with ties and card removal,
on single hands and on suit orbits."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.game import Rules
from badugi_fast.solve import reference
from badugi_fast.solve.problem import last_round
from badugi_fast.solve.showdown import showdown_values

PAYS = np.array([[16.0, 6.0, -4.0], [1.0, 1.0, 1.0], [3.0, -2.0, 5.0]])


def _rows(r):
    return [tuple(int(c) for c in hand) for hand in r.hands]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_sweep_equals_the_pairwise_loop_on_random_ranges(make_range, seed: int) -> None:
    ours, theirs = make_range(seed, 60), make_range(100 + seed, 70)
    problem = last_round([ours, theirs], pot=12, stacks=100, rules=Rules())
    assert not problem.classes.symmetric
    opponent = np.repeat(problem.players[1].weights[:, None], len(PAYS), axis=1)
    got = showdown_values(problem, 0, opponent, PAYS)
    for lane, pay in enumerate(PAYS):
        expected = reference.showdown_values(_rows(ours), _rows(theirs), list(theirs.weights), *pay)
        assert problem.per_hand(0, got[:, lane]) == pytest.approx(expected, abs=1e-9)


def test_the_second_player_sees_the_first_players_weights(make_range) -> None:
    ours, theirs = make_range(7, 40), make_range(8, 50)
    problem = last_round([ours, theirs], pot=12, stacks=100, rules=Rules())
    got = showdown_values(problem, 1, problem.players[0].weights, PAYS[:1])
    expected = reference.showdown_values(_rows(theirs), _rows(ours), list(ours.weights), *PAYS[0])
    assert problem.per_hand(1, got[:, 0]) == pytest.approx(expected, abs=1e-9)


def test_the_suit_orbits_give_the_values_of_the_single_hands() -> None:
    """Symmetric ranges run on orbits; spoiling the symmetry by a tiny weight runs the same
    problem on single hands: the values agree hand by hand."""
    symmetric = last_round(["7-", "A23x, 9-"], pot=12, stacks=100, rules=Rules())
    assert symmetric.classes.symmetric
    spoiled_range = symmetric.players[1].range.weights.copy()
    spoiled_range[0] *= 1 - 1e-12
    from badugi_fast.draws import Range

    spoiled = last_round(
        [
            symmetric.players[0].range,
            Range.from_hands(symmetric.players[1].range.hands, spoiled_range),
        ],
        pot=12,
        stacks=100,
        rules=Rules(),
    )
    assert not spoiled.classes.symmetric
    a = showdown_values(symmetric, 0, symmetric.players[1].weights, PAYS[:1])
    b = showdown_values(spoiled, 0, spoiled.players[1].weights, PAYS[:1])
    assert symmetric.per_hand(0, a[:, 0]) == pytest.approx(spoiled.per_hand(0, b[:, 0]), rel=1e-9)


@pytest.mark.parametrize("ranges", [["7-", "A23x, 9-"], "random"], ids=["orbits", "single hands"])
def test_a_lane_gives_the_same_bits_alone_as_among_thirteen(make_range, ranges) -> None:
    """One lane runs its own path (plain registers), many run in blocks of 8, 4 and 1 lanes:
    every lane's values agree bit for bit."""
    if ranges == "random":
        ranges = [make_range(11, 80), make_range(12, 90)]
    problem = last_round(ranges, pot=12, stacks=100, rules=Rules())
    rng = np.random.default_rng(3)
    opponent = rng.uniform(0.0, 1.0, (problem.rows(1), 13))
    pays = rng.normal(size=(13, 3))
    wide = showdown_values(problem, 0, opponent, pays)
    for lane in range(13):
        alone = showdown_values(problem, 0, opponent[:, lane].copy(), pays[lane : lane + 1])
        assert np.array_equal(alone[:, 0], wide[:, lane])


@pytest.mark.parametrize("player", [2, -1, True, 0.5, None])
def test_a_player_other_than_0_or_1_is_refused_by_name(make_range, player) -> None:
    problem = last_round([make_range(1, 10), make_range(2, 10)], pot=12, stacks=100, rules=Rules())
    with pytest.raises(ValueError, match=r"player is 0 \(the big blind\) or 1"):
        showdown_values(problem, player, problem.players[1].weights, PAYS[:1])


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_weights_or_pays_that_are_not_finite_are_refused_by_name(make_range, bad) -> None:
    problem = last_round([make_range(1, 10), make_range(2, 10)], pot=12, stacks=100, rules=Rules())
    weights = problem.players[1].weights.copy()
    weights[3] = bad
    with pytest.raises(ValueError, match="opponent: every entry is a finite number"):
        showdown_values(problem, 0, weights, PAYS[:1])
    pays = PAYS[:1].copy()
    pays[0, 1] = bad
    with pytest.raises(ValueError, match="pays: every entry is a finite number"):
        showdown_values(problem, 0, problem.players[1].weights, pays)
