"""``simulate`` and ``play_hands`` with vector policies: the hands played in the batched engine.

A seat is played by a vector policy (``vector_policies.vector_policy`` marks one; the module's
policies are marked) or by a ``ThresholdBot``, which plays as its ``threshold_policy``. Hand n
of the stream is dealt, and its button placed, exactly as ``simulate``'s C loop and ``Game`` deal
it: ``min(hands, TABLES)`` tables, table t playing hands first + t, first + t + tables, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots import ThresholdBot
from ..rules import RuleSet
from ..vector.engine import VectorGame
from ..vector.policies import by_seat, check_no_idle, is_vector_policy, split, threshold_policy
from ..vector.spec import NO_ACTION

TABLES = 4096  # tables stepped at once: numpy's per-call costs spread over enough rows


def plays_in_the_batched_engine(bots: Sequence[Any]) -> bool:
    """Some seat is a vector policy (every other seat must then be a ThresholdBot or one)."""
    return any(is_vector_policy(bot) for bot in bots)


def why_not_batched(bots: Sequence[Any]) -> str:
    """Why these seats cannot play in the batched engine ('' when they can)."""
    for seat, bot in enumerate(bots):
        if not (is_vector_policy(bot) or isinstance(bot, ThresholdBot)):
            return (
                f"seat {seat} is a {type(bot).__name__}: beside vector policies the batched engine "
                "plays ThresholdBots and vector policies only"
            )
    return ""


def play_vector_hands(
    bots: Sequence[Any],
    first_hand: int,
    hands: int,
    seed: int,
    rules: RuleSet,
    stacks: list[int],
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """Chips won by each seat in hands first_hand .. first_hand + hands - 1: (hands, seats)."""
    policy = by_seat(
        [bot if is_vector_policy(bot) else threshold_policy(bot, rules) for bot in bots]
    )
    tables = min(hands, TABLES)
    game = VectorGame(
        tables, len(bots), rules, seed, stacks=stacks, threads=threads,
        numbering=(first_hand, 1, tables),
    )  # fmt: skip
    quota = (hands - np.arange(tables) + tables - 1) // tables  # hands of each table
    won = np.zeros((hands, len(bots)), dtype=np.int64)
    finished = np.zeros(tables, dtype=np.int64)
    obs = game.observe()
    while (finished < quota).any():
        actions, amounts = split(policy(obs), tables)
        actions = np.where(finished < quota, actions, NO_ACTION)  # tables done wait
        check_no_idle(obs, actions, finished < quota)
        obs, _, done, info = game.step(actions, amounts)
        rows = np.flatnonzero(done)
        won[finished[rows] * tables + rows] = info["chips"][rows]
        finished[rows] += 1
    return won
