"""simulate and play_hands with vector policies: played in the batched engine, hand for hand the
chips of the C loop (threshold bots as vector policies) on every rule set, and refused where the
batched engine cannot play the seats."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.game.bots import drawer, random_bot, threshold
from badugi_fast.play import play_hands, simulate
from badugi_fast.play.simulation.blocks import play_hands_on
from badugi_fast.play.vector.policies import random_policy, threshold_policy, vector_policy
from badugi_fast.play.vector.spec import CHECK_CALL

RULE_SETS = {
    "fixed": Rules(),
    "pot": Rules(structure="pot-limit"),
    "half-pot": Rules(structure="half-pot-limit", small_bet=10),
    "no-limit": Rules(structure="no-limit", small_bet=10),
    "antes, no blinds": Rules(ante=1, small_blind=0, big_blind=0),
    "korean": KoreanRules(ante=10),
    "korean-333": KoreanRules(ante=5, chip=5, cutting=(3, 3, 3), cutting_type="in_turn"),
}


@pytest.mark.parametrize("name", RULE_SETS)
def test_vector_policies_play_simulates_hands_for_the_same_chips(name: str) -> None:
    rules = RULE_SETS[name]
    bots = [drawer, threshold("7", "Q", 3), threshold("K", "K", 2)]
    seats = [threshold_policy(bots[0], rules), bots[1], threshold_policy(bots[2], rules)]
    in_c = play_hands(bots, 7, 150, 4, rules)
    assert (play_hands(seats, 7, 150, 4, rules) == in_c).all()
    assert (play_hands(bots, 7, 150, 4, rules, engine="vector") == in_c).all()


def test_simulate_reports_the_batched_engine_and_the_c_loops_figures() -> None:
    in_c = simulate([drawer, drawer], 3000, seed=2)
    batched = simulate([threshold_policy(drawer), drawer], 3000, seed=2)
    assert batched.engine == "vector" and in_c.engine == "c"
    assert batched.profit_per_100 == pytest.approx(in_c.profit_per_100)
    assert batched.stderr_per_100 == pytest.approx(in_c.stderr_per_100)


def test_threshold_policies_travel_to_worker_processes_and_play_the_same_hands() -> None:
    """A ThresholdPolicy pickles as its bot and rule family ( the built-in policies
    go to an executor); the random policy keeps a generator across steps and is refused."""
    round_seat = threshold("9", "K", 3, policy="max-equity")
    korean = KoreanRules(ante=10)
    seats = [threshold_policy(drawer, korean), threshold_policy(round_seat, korean), drawer]
    copied = pickle.loads(pickle.dumps(seats[1]))
    assert copied.bot == round_seat and copied.korean
    expected = play_hands(seats, 3, 400, 8, korean)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        far = play_hands_on(pool, seats, 3, 400, 8, korean, block=150)
        assert simulate(seats, 400, seed=8, rules=korean, executor=pool) == simulate(
            seats, 400, seed=8, rules=korean
        )
        with pytest.raises(TypeError, match=r"random_policy\.<locals>\.act"):
            simulate([random_policy(1), drawer], 100, seed=1, executor=pool)
    assert (far == expected).all()


def test_a_policy_of_ones_own_is_marked_and_played() -> None:
    @vector_policy
    def calling_station(obs: dict[str, np.ndarray]) -> np.ndarray:
        return np.where(obs["phase"] == 1, 0, CHECK_CALL)  # stand pat, check or call

    won = play_hands([calling_station, drawer], 0, 200, 1, Rules())
    assert won.shape == (200, 2) and (won.sum(axis=1) == 0).all()
    assert won[:, 1].sum() > 0  # the drawer beats a calling station that never draws
    result = simulate([random_policy(3), drawer], 500, seed=1)
    assert result.engine == "vector" and result.hands == 500


@pytest.mark.parametrize(
    ("seats", "engine", "match"),
    [
        ([random_policy(1), random_bot(1)], "auto", "seat 1 is a RandomBot"),
        ([random_policy(1), drawer], "c", "not engine='c'"),
        ([random_policy(1), drawer], "python", "not engine='python'"),
        ([random_bot(1), drawer], "vector", "seat 0"),
    ],
)
def test_seats_the_batched_engine_cannot_play_are_refused(
    seats: list[object], engine: str, match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        simulate(seats, 10, seed=1, engine=engine)  # type: ignore[arg-type]
