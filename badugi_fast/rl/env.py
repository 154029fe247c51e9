"""``BadugiEnv``: one seat of one table as a single-agent gymnasium environment."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from .._runtime.exclusive import Guard, one_thread
from .._runtime.validate import check_seed
from ..game import RuleSet
from ..play.vector.engine import VectorGame
from ..play.vector.spec import NO_ACTION, PHASE_DONE, Obs
from ._common import (
    action_space,
    check_action,
    observation_space,
    opponent_actions,
    opponents_for,
    reset_info,
    row,
    step_info,
    without_exact,
)


class BadugiEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The agent plays seat ``seat``; ``opponents`` (a vector policy or bot for every other seat,
    or one per other seat; by default the drawer) play the rest: a vector policy, a
    ThresholdBot, or a bot the engine plays in C as a seat of its own, such as the blueprint
    (``blueprint_bot()``: heads-up, under the rules it was trained for). One hand is one
    episode: ``reset`` deals the table's next hand and plays the others up to the agent's first
    decision; ``step(action)`` plays the agent's action and the others' up to its next decision
    or the hand's end, when ``terminated`` is True and the reward is the agent's result in units
    (big blinds, the small bet without blinds, or antes). The observation at the end is the
    agent's view of the finished hand (phase 2, nothing legal).

    Hands follow the seed's stream as ``VectorGame`` deals them: ``reset(seed=s)`` starts at
    hand 0 of table ``table``, and each later ``reset()`` deals the next hand. A hand that ends
    before the agent acts (everyone folds to its blind) is played inside ``reset`` and counted
    in its info (``skipped``, ``skipped_reward``).

    The action space is all 25 indices, and ``obs["action_mask"]`` marks the legal ones.
    ``illegal``: what an unmasked index does. "fallback" (the default, so that code stepping
    any action of the space, as Gymnasium's ``check_env`` does, plays on): the agent checks
    when that is free, else folds, and stands pat when drawing; ``info["illegal"]`` is True for
    that step. "raise": IllegalActionError, and nothing moves.

    One thread at a time: a ``step`` or ``reset`` while another is in progress (from another
    thread, or from an opponent policy calling back into the env) raises RuntimeError and
    changes nothing; give each thread its own env (``_runtime.exclusive`` says why)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (gymnasium's convention)

    def __init__(
        self,
        seats: int = 2,
        rules: RuleSet | None = None,
        opponents: Any = None,
        *,
        seat: int = 0,
        stacks: int | list[int] | None = None,
        table: int = 0,
        illegal: str = "fallback",
    ) -> None:
        self._guard = Guard(type(self).__name__)
        self._settings: dict[str, Any] = {
            "stacks": stacks, "illegal": illegal, "first_table": table,
        }  # fmt: skip
        self._game = VectorGame(1, seats, rules, seed=0, **self._settings)
        if not 0 <= seat < seats:
            raise ValueError(f"seat is 0..{seats - 1}, not {seat}")
        self.seats, self.seat, self.rules = seats, seat, self._game.rules
        self._opponents, self._settings["bots"] = opponents_for(
            seats, seat, self._game.rules, opponents, self._game.start
        )
        if self._settings["bots"] is not None:  # the engine's seats, checked for the game now
            self._game = VectorGame(1, seats, rules, seed=0, **self._settings)
        self.observation_space = observation_space(seats)
        self.action_space = action_space()
        self._started = False
        self._over = True

    @one_thread("reset")
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal the next hand (``seed``: a whole number 0 .. 2**64-1, Python's or numpy's,
        starts at hand 0 of that seed's stream) and play the others up to the agent's turn."""
        seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None or not self._started:
            stream = seed if seed is not None else int(self.np_random.integers(2**63))
            self._game = VectorGame(1, self.seats, self.rules, stream, **self._settings)
            self._started = True
        elif not self._over:  # a hand in play is abandoned (a finished one is already dealt on)
            self._game.next_hands()
        skipped, skipped_reward = 0, 0.0
        while True:
            ended, reward = self._others_play()
            if not ended:
                break
            skipped, skipped_reward = skipped + 1, skipped_reward + reward
        self._over = False
        return self._observation(), reset_info(skipped, skipped_reward)

    @one_thread("stepped")
    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("no hand is dealt yet: call reset() before the first step")
        if self._over:
            raise RuntimeError("the hand is over: call reset() to deal the next one")
        chosen = np.array([check_action(action)])
        _, _, done, info = self._game.step(chosen)
        illegal = bool(info["illegal"][0])
        if not done[0]:
            ended, _ = self._others_play()
            if not ended:
                return self._observation(), 0.0, False, False, step_info(illegal)
        self._over = True
        game = self._game
        final = row(without_exact(game.final_observation([self.seat])), 0)
        hand, chips = int(game.last_hand[0]), game.last_chips[0]
        reward = float(chips[self.seat]) / game.unit
        return final, reward, True, False, step_info(illegal, hand, chips)

    def _others_play(self) -> tuple[bool, float]:
        """The other seats act until the agent's turn (False) or the hand's end (True, with the
        agent's result)."""
        game = self._game
        obs = game.observe()
        while obs["seat"][0] != self.seat or obs["phase"][0] == PHASE_DONE:
            actions, amounts = opponent_actions(game, self._opponents, obs, obs["seat"] >= 0)
            # a hand the engine's own seats ended as it was dealt ends with a step of nothing
            if actions[0] == NO_ACTION and obs["phase"][0] != PHASE_DONE:
                raise RuntimeError(f"the policy of seat {obs['seat'][0]} gave no action")
            obs, rewards, done, _ = game.step(actions, amounts)
            if done[0]:
                return True, float(rewards[0, self.seat])
        return False, 0.0

    def _observation(self) -> Obs:
        return row(without_exact(self._game.observe()), 0)
