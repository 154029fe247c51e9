"""Bad input to the batched engine's Python side, found by review: each gets a clear error
naming the field or the table, never an out-of-bounds read in C, a wrapped number or a hang."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from badugi_fast.draws.chart.lookup import top_percent
from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer
from badugi_fast.play import VectorGame, simulate
from badugi_fast.play.vector.policies import hand_shapes, play, threshold_policy, vector_policy
from badugi_fast.play.vector.spec import NO_ACTION


def _drawing_obs() -> dict[str, np.ndarray]:
    """Observations of tables at the first draw, where the threshold policy reads cards."""
    game = VectorGame(4, 2, Rules(), seed=3)
    obs = game.reset()
    policy = threshold_policy(drawer)
    while not (obs["phase"] == 1).any():
        obs, *_ = game.step(policy(obs))
    return {key: np.array(value) for key, value in obs.items()}


@pytest.mark.parametrize(
    ("key", "bad", "message"),
    [
        ("discards", lambda a: a[:, :2], r"obs\['discards'\] has shape \(4, 52\)"),
        ("cards", lambda a: a[:, :3], r"obs\['cards'\] has shape \(4, 4\)"),
        ("cards", lambda a: a.astype(np.int64) + 300, r"obs\['cards'\] holds values -1\.\.51"),
        ("discards", lambda a: a + 2, r"obs\['discards'\] holds values 0\.\.1"),
        ("discards", lambda a: a - 1, r"obs\['discards'\] holds values 0\.\.1, not -1"),
        ("cutting", lambda a: a + 9, r"obs\['cutting'\] holds values 0\.\.4"),
        ("draws_left", lambda a: a[:2], r"obs\['draws_left'\] has shape \(4,\)"),
    ],
)
def test_the_threshold_policy_checks_what_c_reads(key, bad, message) -> None:
    obs = _drawing_obs()
    obs[key] = bad(obs[key])
    with pytest.raises(ValueError, match=message):
        threshold_policy(drawer)(obs)


def test_a_betting_seat_without_cards_is_named_by_its_table() -> None:
    game = VectorGame(4, 2, Rules(), seed=3)
    obs = {key: np.array(value) for key, value in game.reset().items()}
    assert (obs["phase"] == 0).all()  # every table bets first
    obs["cards"][2] = -1
    with pytest.raises(ValueError, match=r"table 2: obs\['cards'\] holds no hand"):
        threshold_policy(drawer)(obs)


def test_hand_shapes_refuses_ids_that_are_no_card() -> None:
    with pytest.raises(ValueError, match=r"card ids 0\.\.51, not 256\.\.259"):
        hand_shapes(np.array([[256, 257, 258, 259]]))
    assert hand_shapes(np.array([[0, 1, 2, 3]]))[0].tolist() == [1]


def test_a_policy_that_leaves_a_table_waiting_is_an_error_not_a_hang() -> None:
    @vector_policy
    def lazy(obs):
        return np.full(len(obs["seat"]), NO_ACTION)

    with pytest.raises(ValueError, match=r"table 0: the policy gave no action"):
        simulate([lazy, drawer], 10, seed=1)
    with pytest.raises(ValueError, match=r"table 0: the policy gave no action"):
        play(VectorGame(3, 2, Rules(), seed=1), lazy, hands=2)


def test_unsigned_actions_and_amounts_beyond_int64_are_refused_not_wrapped() -> None:
    game = VectorGame(2, 2, Rules(structure="no-limit", small_bet=10), seed=1)
    game.reset()
    with pytest.raises(ValueError, match=r"table 0: actions holds 18446744073709551615"):
        game.step(np.array([2**64 - 1] * 2, dtype=np.uint64))
    with pytest.raises(ValueError, match=r"table 1: amounts holds 9223372036854775813"):
        game.step(np.zeros(2, dtype=np.int64), np.array([0, 2**63 + 5], dtype=np.uint64))


def test_seats_of_the_wrong_shape_are_named() -> None:
    game = VectorGame(3, 2, Rules(), seed=1)
    game.reset()
    with pytest.raises(
        ValueError, match=r"seats is one seat or one per table \(3\), not shape \(2,\)"
    ):
        game.observe([0, 1])


def test_top_percent_takes_a_number_only() -> None:
    with pytest.raises(TypeError, match="not a bool"):
        top_percent(True)
    with pytest.raises(ValueError, match="percent is a number 0 < N <= 100, not 'x'"):
        top_percent("x")
    assert top_percent(Fraction(1)).sum() == top_percent(1.0).sum() == 2_708
