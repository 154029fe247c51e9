"""``aec_env(...)``: every seat of one table as a PettingZoo AEC environment."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .._runtime.exclusive import Guard, one_thread
from .._runtime.validate import check_seed
from ..game import RuleSet
from ..play.vector.engine import VectorGame
from ..play.vector.spec import Obs
from ._common import action_space, check_action, observation_space, row, step_info, without_exact


class BadugiAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Agents ``player_0`` .. ``player_{seats-1}`` sit at seats 0 .. seats-1; one hand is one
    episode (the button moves one seat a hand). Each agent observes vector_spec's observation
    from its seat (its ``action_mask`` empty unless it is to act; EXACT never offered); rewards
    come at the hand's end, every agent's result in units, when all agents terminate. Hands
    follow the seed's stream: ``reset(seed=s)`` deals hand 0 of table ``table``, each later
    ``reset()`` the next hand (``seed``: a whole number 0 .. 2**64-1, Python's or numpy's).

    Once the hand ends, every agent is terminated: each steps ``None`` (PettingZoo's dead
    step, as ``agent_iter``'s loop does) and leaves; a step after that, or any other action of
    a terminated agent, is refused (RuntimeError, ValueError) until ``reset()``. ``illegal``:
    what an action outside the agent's ``action_mask`` does. "fallback" (the default, so that
    code stepping any action of the space plays on): the agent checks when that is free, else
    folds, and stands pat when drawing; its ``infos[agent]["illegal"]`` is True. "raise":
    IllegalActionError, and nothing moves.

    One thread at a time: a ``step``, ``reset`` or ``observe`` while another is in progress
    (from another thread, or a callback into the env from inside one) raises RuntimeError and
    changes nothing; give each thread its own env (``_runtime.exclusive`` says why)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "name": "badugi_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        seats: int = 2,
        rules: RuleSet | None = None,
        *,
        stacks: int | list[int] | None = None,
        table: int = 0,
        illegal: str = "fallback",
    ) -> None:
        super().__init__()
        self._guard = Guard(type(self).__name__)
        self._settings: dict[str, Any] = {
            "stacks": stacks,
            "illegal": illegal,
            "first_table": table,
        }
        self._game = VectorGame(1, seats, rules, seed=0, **self._settings)
        self.seats, self.rules = seats, self._game.rules
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._observation_space = observation_space(seats)
        self._action_space = action_space()
        self._rng = np.random.default_rng()
        self._started, self._over = False, False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    @one_thread("reset")
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = check_seed(seed)
        if seed is not None or not self._started:
            stream = seed if seed is not None else int(self._rng.integers(2**63))
            self._game = VectorGame(1, self.seats, self.rules, stream, **self._settings)
            self._started = True
        else:
            self._game.next_hands()
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._actor()

    @one_thread("observed")
    def observe(self, agent: str) -> Obs:
        if agent not in self.possible_agents:
            raise ValueError(f"the agents are {', '.join(self.possible_agents)}, not {agent!r}")
        seat = np.array([self.possible_agents.index(agent)])
        game = self._game
        obs = game.final_observation(seat) if self._over else game.observe(seat)
        return row(without_exact(obs), 0)

    @one_thread("stepped")
    def step(self, action: Any) -> None:
        if not self._started:
            raise RuntimeError("no hand is dealt yet: call reset() before the first step")
        if not self.agents:
            raise RuntimeError("the hand is over and every agent has left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(
                    f"{agent}'s hand is over: its only action now is None (PettingZoo's dead"
                    f" step), not {action!r}; reset() deals the next hand"
                )
            self._was_dead_step(action)
            return
        _, rewards, done, info = self._game.step(np.array([check_action(action)]))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if done[0]:
            self._over = True
            end = step_info(bool(info["illegal"][0]), int(info["hand"][0]), info["chips"][0])
            for seat, name in enumerate(self.agents):
                self.rewards[name] = float(rewards[0, seat])
                self.terminations[name] = True
                self.infos[name] = dict(end)
        else:
            self.infos[agent] = step_info(bool(info["illegal"][0]))
            self.agent_selection = self._actor()
        self._accumulate_rewards()

    def _actor(self) -> str:
        return self.possible_agents[int(self._game.observe()["seat"][0])]


def aec_env(
    seats: int = 2,
    rules: RuleSet | None = None,
    *,
    stacks: int | list[int] | None = None,
    table: int = 0,
    illegal: str = "fallback",
) -> BadugiAEC:
    """A PettingZoo AEC environment of one Badugi table (see ``BadugiAEC``)."""
    return BadugiAEC(seats, rules, stacks=stacks, table=table, illegal=illegal)
