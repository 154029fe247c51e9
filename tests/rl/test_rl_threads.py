"""The adapters, one thread at a time: while a step or a reset is in progress, a call from another
thread, or from an opponent policy calling back into its env, is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_match import data_equivalence
from support.blocking import Gate, held

from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer
from badugi_fast.play.vector.policies import threshold_policy
from badugi_fast.play.vector.spec import CHECK_CALL
from badugi_fast.rl import BadugiEnv, BadugiVectorEnv, aec_env

ANOTHER = "is being {} by another thread: one object, one thread at a time"


class HeldPolicy:
    """The drawer, waiting at a gate the first time it is asked (then playing on)."""

    def __init__(self, gate: Gate | None = None) -> None:
        self.gate, self.drawer = gate, threshold_policy(drawer, Rules())
        self.call_back: Callable[[], object] | None = None

    def __call__(self, obs: dict[str, np.ndarray]) -> Any:
        if self.gate is not None and not self.gate.opened.is_set():
            self.gate.wait_here()
        if self.call_back is not None:
            self.call_back()
        return self.drawer(obs)


# Seat 1 plays second: hand 0 has the button at seat 0, which acts first heads-up, so the
# opponent's policy runs inside reset.
ENVS: dict[str, Callable[[Any], Any]] = {
    "BadugiEnv": lambda policy: BadugiEnv(2, Rules(), policy, seat=1),
    "BadugiVectorEnv": lambda policy: BadugiVectorEnv(2, 2, Rules(), policy, seat=1),
}


def _checks(env: Any) -> Any:
    return CHECK_CALL if isinstance(env, BadugiEnv) else np.full(2, CHECK_CALL)


@pytest.mark.parametrize("name", ENVS)
def test_a_step_or_reset_while_another_thread_resets_the_env_is_refused(name: str) -> None:
    gate = Gate()
    env = ENVS[name](HeldPolicy(gate))
    with held(lambda: env.reset(seed=3), gate) as reset:
        for call in (lambda: env.step(_checks(env)), lambda: env.reset(), env.reset):
            with pytest.raises(RuntimeError, match=f"{name} {ANOTHER.format('reset')}"):
                call()
    # the held reset went on as if alone
    alone = ENVS[name](HeldPolicy())
    want = alone.reset(seed=3)
    assert data_equivalence(reset[0], want, exact=True)
    assert data_equivalence(env.step(_checks(env)), alone.step(_checks(alone)), exact=True)


@pytest.mark.parametrize("name", ENVS)
def test_an_opponent_policy_calling_back_into_its_env_is_refused(name: str) -> None:
    policy = HeldPolicy()
    env = ENVS[name](policy)
    policy.call_back = lambda: env.step(_checks(env))
    with pytest.raises(RuntimeError, match=f"{name} is being reset already, by this same thread"):
        env.reset(seed=3)
    policy.call_back = None
    alone = ENVS[name](HeldPolicy())
    # and the env is free again
    assert data_equivalence(env.reset(seed=3), alone.reset(seed=3), exact=True)


class HeldAction:
    """One action whose conversion (inside ``step``) waits at a gate."""

    def __init__(self, action: int, gate: Gate) -> None:
        self.action, self.gate = action, gate

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        self.gate.wait_here()
        return np.array(self.action)

    def __int__(self) -> int:
        return self.action


def test_every_call_while_another_thread_steps_the_aec_env_is_refused() -> None:
    env, gate = aec_env(2), Gate()
    env.reset(seed=3)
    with held(lambda: env.step(HeldAction(CHECK_CALL, gate)), gate):
        for call in (
            lambda: env.step(CHECK_CALL),
            lambda: env.observe("player_0"),
            lambda: env.last(),
            lambda: env.reset(),
        ):
            with pytest.raises(RuntimeError, match=f"BadugiAEC {ANOTHER.format('stepped')}"):
                call()
    alone = aec_env(2)
    alone.reset(seed=3)
    alone.step(CHECK_CALL)
    assert alone.agent_selection == env.agent_selection
    for agent in alone.agents:
        assert data_equivalence(env.observe(agent), alone.observe(agent), exact=True)
