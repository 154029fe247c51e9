"""``simulate`` and ``play_hands`` with vector policies: the hands played in the batched engine.

A seat is played by a vector policy (``vector.policies.vector_policy`` marks one; the module's
policies are marked), by a ``ThresholdBot``, which plays as its ``threshold_policy``, or by a bot
with a table form (``vector.seats``: ``solve.bots.solution`` over ThresholdBots, the blueprint
``blueprint_bot()``), which the engine plays in C as a seat of its own
(``VectorGame(bots=...)``). Hand n of the stream is dealt, and its button placed, exactly as
``simulate``'s C loop and ``Game`` deal it: ``min(hands, TABLES)`` tables, table t playing
hands first + t, first + t + tables, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...game.bots import ThresholdBot
from ...game.rules import RuleSet
from ..vector.engine import VectorGame
from ..vector.policies import by_seat, check_no_idle, is_vector_policy, split, threshold_policy
from ..vector.seats import c_form
from ..vector.spec import NO_ACTION, Obs

TABLES = 4096  # tables stepped at once: numpy's per-call costs spread over enough rows


def plays_in_the_batched_engine(bots: Sequence[Any]) -> bool:
    """Some seat is a vector policy (every other seat must then be a ThresholdBot or one)."""
    return any(is_vector_policy(bot) for bot in bots)


def why_not_batched(bots: Sequence[Any]) -> str:
    """Why these seats cannot play in the batched engine ('' when they can)."""
    for seat, bot in enumerate(bots):
        if not (is_vector_policy(bot) or isinstance(bot, ThresholdBot) or _built_in(bot)):
            return (
                f"seat {seat} is a {type(bot).__name__}: beside vector policies the batched engine "
                "plays ThresholdBots, bots with a table form and vector policies only"
            )
    if all(_built_in(bot) for bot in bots):
        return "some seat must be a vector policy or a ThresholdBot, not every one a round seat"
    return ""


def _built_in(bot: object) -> bool:
    """A bot the engine plays as a seat of its own: one with a table form."""
    return not isinstance(bot, ThresholdBot) and c_form(bot) is not None


def _never_asked(obs: Obs) -> npt.NDArray[np.int64]:
    """The policy of a seat the engine plays: it is never the seat to act."""
    return np.full(len(obs["seat"]), NO_ACTION, dtype=np.int64)


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
    built_in = [bot if _built_in(bot) else None for bot in bots]
    policy = by_seat(
        [
            bot if is_vector_policy(bot)
            else _never_asked if _built_in(bot)
            else threshold_policy(bot, rules)
            for bot in bots
        ]
    )  # fmt: skip
    tables = min(hands, TABLES)
    game = VectorGame(
        tables, len(bots), rules, seed, stacks=stacks, threads=threads,
        numbering=(first_hand, 1, tables),
        bots=built_in if any(bot is not None for bot in built_in) else None,
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
        # a table past its quota waits, but a hand the engine's own seats end as it is dealt
        # still ends there: only the quota's hands count
        rows = np.flatnonzero(done & (finished < quota))
        won[finished[rows] * tables + rows] = info["chips"][rows]
        finished[rows] += 1
    return won
