"""The Gymnasium and PettingZoo adapters: their API checkers, the vector env step for step
against a SyncVectorEnv of the single env, and every chip accounted for."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.utils.env_match import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from pettingzoo.test import api_test

from badugi_fast.game import IllegalActionError, KoreanRules, Rules, play_hands
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.game.vector.policies import threshold_policy
from badugi_fast.game.vector.spec import CHECK_CALL, EXACT, FOLD, TTADANG
from badugi_fast.rl import BadugiEnv, BadugiVectorEnv, aec_env

RULE_SETS = {
    "fixed": Rules(),
    "no-limit": Rules(structure="no-limit", small_bet=10),
    "korean": KoreanRules(ante=10),
}


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_single_env_passes_gymnasiums_checker(name: str) -> None:
    # check_env steps with unmasked samples: the fallback option keeps them playable.
    check_env(BadugiEnv(3, RULE_SETS[name], illegal="fallback"), skip_render_check=True)


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_aec_env_passes_pettingzoos_api_test(name: str) -> None:
    api_test(aec_env(3, RULE_SETS[name]), num_cycles=300)


def _masked_choice(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    scores = rng.random(masks.shape)
    scores[masks == 0] = -1.0
    return np.argmax(scores, axis=1)


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_vector_env_steps_as_a_sync_vector_env_of_single_envs(name: str) -> None:
    rules, n = RULE_SETS[name], 4
    opponents = [threshold_policy(drawer, rules), threshold_policy(threshold("J"), rules)]
    vector = BadugiVectorEnv(n, 3, rules, opponents, seat=1)
    sync = SyncVectorEnv(
        [lambda i=i: BadugiEnv(3, rules, opponents, seat=1, table=i) for i in range(n)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    assert vector.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"]
    got, want = vector.reset(seed=5), sync.reset(seed=[5] * n)
    assert data_equivalence(got, want, exact=True)
    rng, ended, skipped = np.random.default_rng(0), 0, 0
    for _ in range(60):
        actions = _masked_choice(rng, got[0]["action_mask"])
        got, want = vector.step(actions), sync.step(actions)
        assert data_equivalence(got, want, exact=True)
        ended += int(got[2].sum())
        skipped += int(got[4].get("skipped", np.zeros(1)).sum())
    assert ended >= 2 * n  # hands ended, so the auto-reset path was compared too
    # and hands that ended before the agent's turn (blinds folded to; rare with antes)
    assert skipped > 0 or isinstance(rules, KoreanRules)


def test_the_single_env_accounts_for_every_chip_of_the_stream() -> None:
    """Playing the drawer as the agent, episode rewards plus skipped hands' rewards are the
    drawer's chips in those hands as simulate plays them."""
    rules = Rules()
    env = BadugiEnv(2, rules, threshold_policy(threshold("8", "J"), rules), seat=0)
    agent = threshold_policy(drawer, rules)
    obs, info = env.reset(seed=3)
    hands, total = 0, 0.0
    while hands < 60:
        hands += info["skipped"]
        total += info["skipped_reward"]
        terminated = False
        while not terminated:
            batch = {key: value[None] for key, value in obs.items()}
            obs, reward, terminated, _, step = env.step(int(agent(batch)[0]))
        hands, total = hands + 1, total + reward
        assert step["chips"][0] == reward * 2  # units of the big blind, 2 chips
        assert obs["phase"] == 2 and not obs["action_mask"].any()
        obs, info = env.reset()
    expected = play_hands([drawer, threshold("8", "J")], 0, hands, 3, rules)[:, 0].sum() / 2
    assert total == pytest.approx(expected)


def test_the_adapters_mask_out_the_exact_amount() -> None:
    env = BadugiEnv(2, Rules(structure="no-limit"))
    obs, _ = env.reset(seed=1)
    while obs["phase"] != 0:
        obs, *_ = env.step(0)
    assert obs["action_mask"][CHECK_CALL] and not obs["action_mask"][EXACT]


def test_bad_actions_are_refused_and_finished_hands_need_a_reset() -> None:
    env = BadugiEnv(2, Rules(), seat=1)
    obs, _ = env.reset(seed=2)
    with pytest.raises(TypeError, match="an action is an integer"):
        env.step(1.5)
    with pytest.raises(ValueError, match="not 99"):
        env.step(99)
    with pytest.raises(IllegalActionError, match="table 0: action 22"):
        env.step(TTADANG)
    terminated = False
    while not terminated:  # fold when it costs something, else check; stand pat
        mask = obs["action_mask"]
        obs, _, terminated, _, _ = env.step(
            FOLD if mask[FOLD] else CHECK_CALL if mask[CHECK_CALL] else 0
        )
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    with pytest.raises(ValueError, match="one per other seat"):
        BadugiEnv(3, Rules(), [threshold_policy(drawer)])
    with pytest.raises(ValueError, match=r"seat is 0\.\.1"):
        BadugiVectorEnv(2, 2, Rules(), seat=2)


def test_a_reset_without_a_seed_deals_each_table_its_next_hand() -> None:
    env = BadugiVectorEnv(3, 2, Rules())
    first, _ = env.reset(seed=[8, 8, 8])  # SyncVectorEnv's form, one seed for all tables
    again, info = env.reset()  # hands in play are abandoned: the next ones are dealt
    assert not (first["cards"] == again["cards"]).all()
    assert set(info) >= {"skipped", "skipped_reward"}
    single = BadugiEnv(2, Rules(), table=2)
    single.reset(seed=8)
    obs, _ = single.reset()
    assert (obs["cards"] == again["cards"][2]).all()


def test_the_vector_env_refuses_bad_actions_and_seeds() -> None:
    env = BadugiVectorEnv(2, 2, Rules())
    env.reset(seed=1)
    with pytest.raises(TypeError, match="integer array"):
        env.step(np.array([0.5, 1.0]))
    with pytest.raises(ValueError, match="one seed"):
        env.reset(seed=[1, 2])
    with pytest.raises(ValueError, match=r"seat is 0\.\.1"):
        BadugiEnv(2, Rules(), seat=3)


def test_an_opponent_policy_that_gives_no_action_is_reported() -> None:
    def idle(obs: dict[str, np.ndarray]) -> np.ndarray:
        return np.full(len(obs["seat"]), -1)

    env = BadugiEnv(2, Rules(), idle, seat=0)
    with pytest.raises(RuntimeError, match="gave no action"):
        for seed in range(4):  # the opponent acts first in some hand
            env.reset(seed=seed)
            env.step(CHECK_CALL)
