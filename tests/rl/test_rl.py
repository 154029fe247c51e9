"""The Gymnasium and PettingZoo adapters: their API checkers, the vector env step for step
against a SyncVectorEnv of the single env, and every chip accounted for."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.utils.env_match import data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from pettingzoo.test import api_test

from badugi_fast.game import IllegalActionError, KoreanRules, Rules
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.play import play_hands
from badugi_fast.play.vector.policies import threshold_policy
from badugi_fast.play.vector.spec import CHECK_CALL, EXACT, FOLD, TTADANG
from badugi_fast.rl import BadugiAEC, BadugiEnv, BadugiVectorEnv, aec_env

RULE_SETS = {
    "fixed": Rules(),
    "no-limit": Rules(structure="no-limit", small_bet=10),
    "korean": KoreanRules(ante=10),
}


def test_the_single_env_passes_gymnasiums_checker_with_its_default_arguments() -> None:
    check_env(BadugiEnv())


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_single_env_passes_gymnasiums_checker(name: str) -> None:
    # check_env steps with unmasked samples: the default fallback keeps them playable.
    check_env(BadugiEnv(3, RULE_SETS[name]), skip_render_check=True)


def test_by_default_an_unmasked_action_plays_the_stated_fallback_and_is_flagged() -> None:
    """Check when free, else fold; stand pat when drawing; info["illegal"] says so."""
    env, twin = BadugiEnv(2, Rules(), seat=1), BadugiEnv(2, Rules(), seat=1)
    obs, _ = env.reset(seed=2)
    twin.reset(seed=2)
    fallbacks = {FOLD, CHECK_CALL, 0}
    seen: set[int] = set()
    for _ in range(40):
        mask = obs["action_mask"]
        fallback = 0 if obs["phase"] == 1 else CHECK_CALL if obs["to_call"] == 0 else FOLD
        assert mask[fallback] and not mask[TTADANG]  # no 따당 under casino rules
        got, want = env.step(TTADANG), twin.step(fallback)
        assert got[4].pop("illegal") and not want[4].pop("illegal")
        assert data_equivalence(got, want, exact=True)
        seen.add(fallback)
        obs = got[0]
        if got[2]:
            obs, _ = env.reset()
            twin.reset()
    assert seen == fallbacks  # each branch of the rule was taken


def test_every_adapter_takes_illegal_raise_and_then_refuses_an_unmasked_action() -> None:
    env = BadugiEnv(2, Rules(), illegal="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="table 0: action 22"):
        env.step(TTADANG)
    vector = BadugiVectorEnv(2, 2, Rules(), illegal="raise")
    vector.reset(seed=1)
    with pytest.raises(IllegalActionError, match="action 22"):
        vector.step(np.full(2, TTADANG))
    aec = aec_env(2, illegal="raise")
    aec.reset(seed=1)
    with pytest.raises(IllegalActionError, match="table 0: action 22"):
        aec.step(TTADANG)


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
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    obs, _ = env.reset(seed=2)
    with pytest.raises(TypeError, match="an action is an integer"):
        env.step(1.5)
    with pytest.raises(ValueError, match="not 99"):
        env.step(99)
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


SEEDED = {
    "BadugiEnv": lambda seed: BadugiEnv(2, Rules()).reset(seed=seed),
    "BadugiVectorEnv": lambda seed: BadugiVectorEnv(2, 2, Rules()).reset(seed=seed),
    "aec_env": lambda seed: _aec_reset(seed),
}


def _aec_reset(seed: object) -> dict[str, object]:
    env = aec_env(2)
    env.reset(seed=seed)
    return {agent: env.observe(agent) for agent in env.agents}


@pytest.mark.parametrize("name", SEEDED)
@pytest.mark.parametrize("kind", [np.int64, np.uint64, np.int32, np.uint8])
def test_a_numpy_integer_seed_deals_as_the_same_python_int(name: str, kind: type) -> None:
    assert data_equivalence(SEEDED[name](kind(3)), SEEDED[name](3), exact=True)


BAD_SEEDS = [
    (-1, ValueError, r"seed must be in 0 \.\. 2\*\*64-1, got -1"),
    (2**64, ValueError, r"seed must be in 0 \.\. 2\*\*64-1"),
    (np.int64(-5), ValueError, r"seed must be in 0 \.\. 2\*\*64-1, got -5"),
    (1.5, TypeError, "seed must be an int or None, not float"),
    ("3", TypeError, "seed must be an int or None, not str"),
    (True, TypeError, "seed must be an int or None, not bool"),
    (np.float64(3), TypeError, "seed must be an int or None, not float64"),
]


@pytest.mark.parametrize("name", SEEDED)
@pytest.mark.parametrize(
    ("seed", "error", "message"), BAD_SEEDS, ids=[repr(seed) for seed, _, _ in BAD_SEEDS]
)
def test_a_bad_seed_is_a_value_or_type_error_naming_the_seed(
    name: str, seed: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        SEEDED[name](seed)


def test_the_vector_env_takes_a_seed_per_table_only_as_one_seed_repeated() -> None:
    env = BadugiVectorEnv(2, 2, Rules())
    assert data_equivalence(env.reset(seed=[np.int64(4), 4]), env.reset(seed=4), exact=True)
    assert env.reset(seed=[None, None])[0]["seat"].shape == (2,)  # no seed, as reset() has
    with pytest.raises(ValueError, match="one seed for all its tables"):
        env.reset(seed=[1, 2])
    with pytest.raises(ValueError, match="a list of 2, not 3"):
        env.reset(seed=[4, 4, 4])
    with pytest.raises(TypeError, match="not float"):
        env.reset(seed=[1.0, 1.0])
    with pytest.raises(ValueError, match=r"got -1"):
        env.reset(seed=[-1, -1])


def _play_to_the_end(env: BadugiAEC) -> None:
    while not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))


def test_after_a_pettingzoo_hand_ends_steps_are_refused_clearly_until_reset() -> None:
    env = aec_env(3)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before the first step"):
        env.step(CHECK_CALL)
    env.reset(seed=4)
    _play_to_the_end(env)
    agent = env.agent_selection
    with pytest.raises(ValueError, match=f"{agent}'s hand is over: its only action now is None"):
        env.step(CHECK_CALL)
    for _ in env.agent_iter():  # the dead steps: every agent leaves
        assert env.last()[2]
        env.step(None)
    assert env.agents == []
    for action in (CHECK_CALL, None):
        with pytest.raises(RuntimeError, match="every agent has left: call reset"):
            env.step(action)
    env.reset()
    assert len(env.agents) == 3
    _play_to_the_end(env)  # the next hand plays


def test_the_aec_env_names_its_agents_when_asked_for_another() -> None:
    env = aec_env(2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="the agents are player_0, player_1, not 'player_2'"):
        env.observe("player_2")


def test_the_vector_env_refuses_a_step_before_its_first_reset() -> None:
    env = BadugiVectorEnv(2, 2, Rules(), seat=1)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before the first step"):
        env.step(np.full(2, CHECK_CALL))
