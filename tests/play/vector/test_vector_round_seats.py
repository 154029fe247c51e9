"""The batched engine with seats it plays itself (``VectorGame(bots=...)``): a solution bot over
ThresholdBots plays the same chips as ``Game`` hand for hand, the other seats played by vector
policies; an uncovered decision is a ValueError naming the table."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer, random_bot
from badugi_fast.play.simulation.api import play_hands
from badugi_fast.play.vector import VectorGame
from badugi_fast.play.vector.policies import by_seat, play, threshold_policy
from badugi_fast.solve import solve_last_round
from badugi_fast.solve.bots import solution

HEADS_UP = Rules(small_bet=2, cap_heads_up=True)


@pytest.fixture(scope="module")
def sol():
    return solve_last_round(
        ["any", "any"], pot=4, stacks=38, rules=HEADS_UP, target=0, iterations=20
    )


@pytest.mark.parametrize("seat", [0, 1])
def test_the_batched_engine_plays_the_solution_bot_to_the_same_chips_as_game(sol, seat) -> None:
    bots = [drawer, drawer]
    bots[seat] = solution(sol, otherwise=drawer)
    in_game = play_hands(bots, 0, 80, 5, HEADS_UP, stacks=40, engine="python")
    batched = play_hands(bots, 0, 80, 5, HEADS_UP, stacks=40, engine="vector")
    assert (batched == in_game).all()
    assert (play_hands(bots, 0, 3000, 5, HEADS_UP, stacks=40, engine="vector") == play_hands(
        bots, 0, 3000, 5, HEADS_UP, stacks=40, engine="c"
    )).all()  # fmt: skip


def test_a_vector_game_with_a_solution_seat_steps_only_the_callers_seats(sol) -> None:
    game = VectorGame(
        64, 2, HEADS_UP, seed=2, stacks=40, bots=[None, solution(sol, otherwise=drawer)]
    )
    obs = game.reset()
    assert (obs["seat"][obs["action_mask"].any(axis=1)] == 0).all()
    won = play(game, by_seat([threshold_policy(drawer, HEADS_UP)] * 2), 5)
    assert (won.sum(axis=2) == 0).all()
    with pytest.raises(ValueError, match="replays hands the caller played"):
        game.finished_game(0)


def test_an_uncovered_decision_stops_the_step_with_a_value_error_naming_the_table(sol) -> None:
    game = VectorGame(32, 2, HEADS_UP, seed=2, stacks=40, bots=[solution(sol), None])
    policy = threshold_policy(drawer, HEADS_UP)
    with pytest.raises(ValueError, match=r"table \d+: hand \d+, seat 0, last round: .*cover"):
        play(game, by_seat([policy, policy]), 20)


def test_bad_seats_for_the_engine_are_value_errors(sol) -> None:
    with pytest.raises(ValueError, match="one entry per seat"):
        VectorGame(4, 2, HEADS_UP, bots=[None])
    with pytest.raises(ValueError, match="caller"):
        VectorGame(4, 2, HEADS_UP, bots=[drawer, solution(sol, otherwise=drawer)])
    with pytest.raises(ValueError, match="RandomBot"):
        VectorGame(4, 2, HEADS_UP, bots=[random_bot(1), None])
    with pytest.raises(ValueError, match="round seat"):
        play_hands([solution(sol)] * 2, 0, 4, 1, HEADS_UP, engine="vector")
    assert np.all(play_hands([solution(sol, otherwise=drawer), drawer], 0, 4, 1, HEADS_UP,
                             engine="vector").sum(axis=1) == 0)  # fmt: skip
