"""A bot with no C form (the search bot, a solution bot over a Python bot) as the opponent of
the Gymnasium adapters: asked with its views of the engine's hand in play, replayed by the
reference, its actions turned back into the engine's indices."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.blueprint import blueprint_bot
from badugi_fast.game import Rules
from badugi_fast.game.bots import random_bot
from badugi_fast.rl import BadugiEnv, BadugiVectorEnv
from badugi_fast.solve import search, solve_last_round
from badugi_fast.solve.bots import solution


class Recording:
    """A bot that says it has no C form, playing the random bot and keeping its views."""

    def __init__(self) -> None:
        self.inner = random_bot(5)
        self.views = []

    def __call__(self, view):
        self.views.append(view)
        return self.inner(view)

    def c_seat_form(self):
        return None


def _play(env, hands, seed):
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    rewards = []
    for _ in range(hands):
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, _, _ = env.step(int(rng.choice(legal)))
        rewards.append(reward)
        obs, _ = env.reset()
    return rewards


def test_a_bot_read_by_its_views_plays_the_engines_hands():
    rules = Rules(small_bet=2, cap_heads_up=True)
    bot = Recording()
    env = BadugiEnv(2, rules, bot, seat=0)
    first = _play(env, 20, seed=3)
    assert bot.views and all(v.legal for v in bot.views)
    again = _play(BadugiEnv(2, rules, Recording(), seat=0), 20, seed=3)
    assert first == again  # the random bot's coins are the view's stream: the same hands


def test_the_search_bot_is_an_opponent_of_the_vector_env():
    bot = search()
    rules = bot.blueprint.rules
    env = BadugiVectorEnv(2, 2, rules, bot, seat=1)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(60):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in obs["action_mask"]]
        obs, _, terminated, _, _ = env.step(np.array(actions))
        ended += int(terminated.sum())
    assert ended > 0


def test_a_view_bot_is_checked_for_the_game_and_never_beside_engine_seats():
    with pytest.raises(ValueError, match="trained for"):
        BadugiEnv(2, Rules(small_bet=4), search(), seat=0)
    sol = solve_last_round(["8-", "any"], pot=12, stacks=100, rules=Rules(small_bet=2))
    over_python = solution(sol, before=Recording(), otherwise=Recording())
    with pytest.raises(ValueError, match="engine plays itself"):
        BadugiEnv(3, Rules(small_bet=2), [over_python, blueprint_bot()], seat=0)
