"""The blueprint as the adapters' opponent: the engine plays its seat in C, the same chips as
``simulate`` hand for hand, and a game it was not trained for is refused as the env is made."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_match import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from badugi_fast.blueprint import BlueprintBot
from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer
from badugi_fast.play import play_hands
from badugi_fast.play.vector.policies import threshold_policy
from badugi_fast.rl import BadugiEnv, BadugiVectorEnv

RULES = Rules(small_bet=2, cap_heads_up=True)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_single_env_plays_the_blueprint_opponent_as_simulate_does(
    blueprint_bot: BlueprintBot, seat: int
) -> None:
    """The agent plays the drawer; its rewards, skipped hands included, are the drawer's chips
    against the blueprint in the same hands of the stream."""
    env = BadugiEnv(2, RULES, blueprint_bot, seat=seat)
    agent = threshold_policy(drawer, RULES)
    obs, info = env.reset(seed=3)
    hands, total = 0, 0.0
    while hands < 150:
        hands += info["skipped"]
        total += info["skipped_reward"]
        terminated = False
        while not terminated:
            batch = {key: value[None] for key, value in obs.items()}
            assert batch["seat"][0] == seat  # the blueprint's seat is never asked
            obs, reward, terminated, _, _ = env.step(int(agent(batch)[0]))
        hands, total = hands + 1, total + reward
        obs, info = env.reset()
    seats: list[object] = [blueprint_bot, blueprint_bot]
    seats[seat] = drawer
    expected = play_hands(seats, 0, hands, 3, RULES, engine="c")[:, seat].sum() / 2
    assert total == pytest.approx(expected)


def test_the_vector_env_with_the_blueprint_steps_as_a_sync_vector_env(
    blueprint_bot: BlueprintBot,
) -> None:
    n = 4
    vector = BadugiVectorEnv(n, 2, RULES, blueprint_bot, seat=1)
    sync = SyncVectorEnv(
        [lambda i=i: BadugiEnv(2, RULES, blueprint_bot, seat=1, table=i) for i in range(n)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    got, want = vector.reset(seed=5), sync.reset(seed=[5] * n)
    assert data_equivalence(got, want, exact=True)
    rng, ended = np.random.default_rng(0), 0
    for _ in range(80):
        masks = got[0]["action_mask"]
        actions = np.argmax(np.where(masks > 0, rng.random(masks.shape), -1.0), axis=1)
        got, want = vector.step(actions), sync.step(actions)
        assert data_equivalence(got, want, exact=True)
        ended += int(got[2].sum())
    assert ended >= n


def test_a_blueprint_opponent_in_another_game_is_refused_as_the_env_is_made(
    blueprint_bot: BlueprintBot,
) -> None:
    with pytest.raises(ValueError, match="trained for Rules"):
        BadugiEnv(2, Rules(), blueprint_bot)
    with pytest.raises(ValueError, match="heads-up"):
        BadugiVectorEnv(2, 3, RULES, blueprint_bot)
    with pytest.raises(ValueError, match="at least 48 chips"):
        BadugiEnv(2, RULES, [blueprint_bot], stacks=40)


def test_a_threshold_bot_opponent_plays_as_its_vector_policy() -> None:
    as_bot, as_policy = BadugiEnv(2, RULES, drawer), BadugiEnv(2, RULES)
    got, want = as_bot.reset(seed=1), as_policy.reset(seed=1)
    for _ in range(40):
        assert data_equivalence(got[0], want[0], exact=True)
        action = int(np.flatnonzero(got[0]["action_mask"])[0])
        got, want = as_bot.step(action)[:1], as_policy.step(action)[:1]
        if got[0]["phase"] == 2:
            got, want = as_bot.reset(), as_policy.reset()
