"""``BadugiVectorEnv``: ``BadugiEnv`` at many tables at once, over ``VectorGame``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .._runtime.exclusive import Guard, one_thread
from .._runtime.validate import check_seed
from ..game import RuleSet
from ..play.vector.engine import VectorGame
from ..play.vector.spec import PHASE_DONE, Obs
from ._common import (
    action_space,
    observation_space,
    opponent_actions,
    opponents_for,
    reset_info,
    row,
    step_info,
    without_exact,
)


class BadugiVectorEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` tables, each behaving as ``BadugiEnv(..., table=i)`` would in a
    ``SyncVectorEnv`` with ``autoreset_mode=AutoresetMode.SAME_STEP``: a table whose hand ends
    returns the next hand's first observation at once, with the finished hand's observation and
    info under ``info["final_obs"]`` and ``info["final_info"]``. ``reset(seed=s)`` starts every
    table at hand 0 of seed ``s`` (one stream for all tables: table i deals hands i * 2**32 + h;
    a SyncVectorEnv matches it when given ``seed=[s] * num_envs``). ``illegal`` as
    ``BadugiEnv`` takes it ("fallback" by default: an unmasked action is replaced by checking
    when free, else folding, and standing pat when drawing, flagged in ``info["illegal"]``).

    One thread at a time: a ``step`` or ``reset`` while another is in progress (from another
    thread, or from an opponent policy calling back into the env) raises RuntimeError and
    changes nothing; give each thread its own env (``_runtime.exclusive`` says why)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        seats: int = 2,
        rules: RuleSet | None = None,
        opponents: Any = None,
        *,
        seat: int = 0,
        stacks: int | list[int] | None = None,
        illegal: str = "fallback",
    ) -> None:
        self._guard = Guard(type(self).__name__)
        self._settings: dict[str, Any] = {"stacks": stacks, "illegal": illegal}
        self._game = VectorGame(num_envs, seats, rules, seed=0, **self._settings)
        if not 0 <= seat < seats:
            raise ValueError(f"seat is 0..{seats - 1}, not {seat}")
        self.num_envs, self.seats, self.seat, self.rules = num_envs, seats, seat, self._game.rules
        self._opponents, self._settings["bots"] = opponents_for(
            seats, seat, self._game.rules, opponents, self._game.start
        )
        if self._settings["bots"] is not None:  # the engine's seats, checked for the game now
            self._game = VectorGame(num_envs, seats, rules, seed=0, **self._settings)
        self.single_observation_space = observation_space(seats)
        self.single_action_space = action_space()
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False

    @one_thread("reset")
    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal every table its next hand (``seed``: a whole number 0 .. 2**64-1, Python's or
        numpy's, or that seed once per table, starts every table at hand 0 of its stream)."""
        seed = self._one_seed(seed)
        super().reset(seed=seed)
        if seed is not None or not self._started:
            stream = seed if seed is not None else int(self.np_random.integers(2**63))
            game = VectorGame(self.num_envs, self.seats, self.rules, stream, **self._settings)
            self._game, self._started = game, True
        else:
            self._game.next_hands()
        skipped, skipped_reward = np.zeros(self.num_envs, np.int64), np.zeros(self.num_envs)

        def skip(i: int, reward: float, final: Obs) -> None:
            skipped[i] += 1
            skipped_reward[i] += reward

        self._others_play(skip)
        infos: dict[str, Any] = {}
        for i in range(self.num_envs):
            infos = self._add_info(infos, reset_info(int(skipped[i]), skipped_reward[i]), i)
        return without_exact(self._game.observe()), infos

    def _one_seed(self, seed: object) -> int | None:
        if not isinstance(seed, list):
            return check_seed(seed)
        # SyncVectorEnv's form: a seed per table, here the same one repeated
        seeds = [check_seed(one) for one in seed]
        if len(seeds) != self.num_envs:
            raise ValueError(f"seed is one seed, or a list of {self.num_envs}, not {len(seeds)}")
        if len(set(seeds)) != 1:
            raise ValueError("BadugiVectorEnv takes one seed for all its tables")
        return seeds[0]

    @one_thread("stepped")
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        if not self._started:
            raise RuntimeError("no hand is dealt yet: call reset() before the first step")
        game, n = self._game, self.num_envs
        chosen = np.asarray(actions)
        if chosen.dtype == np.bool_ or not np.issubdtype(chosen.dtype, np.integer):
            raise TypeError(f"actions is an integer array, not {chosen.dtype}")
        _, rewards, done, info = game.step(chosen)
        illegal = info["illegal"].copy()
        ended, reward = done.copy(), rewards[:, self.seat].copy()
        finals = without_exact(game.final_observation(np.full(n, self.seat)))
        final_obs = {i: row(finals, i) for i in np.flatnonzero(done).tolist()}
        step_infos = {i: self._end_info(i, illegal[i]) for i in final_obs}
        # The other seats play; a table whose hand ends now is terminal, and then, as
        # SyncVectorEnv resets it at once, plays on to the agent's turn in its next hand.
        skipped, skipped_reward = np.zeros(n, np.int64), np.zeros(n)

        def end(i: int, result: float, final: Obs) -> None:
            if ended[i]:
                skipped[i] += 1
                skipped_reward[i] += result
            else:
                ended[i], reward[i] = True, result
                final_obs[i], step_infos[i] = final, self._end_info(i, illegal[i])

        self._others_play(end)
        infos: dict[str, Any] = {}
        for i in range(n):
            if ended[i]:
                final = {"final_obs": final_obs[i], "final_info": step_infos[i]}
                infos = self._add_info(infos, final, i)
                infos = self._add_info(infos, reset_info(int(skipped[i]), skipped_reward[i]), i)
            else:
                infos = self._add_info(infos, step_info(bool(illegal[i])), i)
        truncated = np.zeros(n, dtype=np.bool_)
        return without_exact(game.observe()), reward, ended, truncated, infos

    def _others_play(self, on_end: Callable[[int, float, Obs], None]) -> None:
        """The other seats act until every table waits on the agent; ``on_end(table, agent's
        reward, its view of the finished hand)`` for each hand that ends on the way."""
        game = self._game
        seats = np.full(self.num_envs, self.seat)
        while True:
            obs = game.observe()
            # and tables whose hand the engine's own seats ended as it was dealt: a step of
            # nothing (NO_ACTION) ends it there
            waiting = (obs["seat"] != self.seat) | (obs["phase"] == PHASE_DONE)
            if not waiting.any():
                return
            acts, amounts = opponent_actions(game, self._opponents, obs, waiting)
            _, rewards, done, _ = game.step(acts, amounts)
            if done.any():
                finals = without_exact(game.final_observation(seats))
                for i in np.flatnonzero(done).tolist():
                    on_end(i, float(rewards[i, self.seat]), row(finals, i))

    def _end_info(self, i: int, illegal: bool) -> dict[str, Any]:
        return step_info(bool(illegal), int(self._game.last_hand[i]), self._game.last_chips[i])
