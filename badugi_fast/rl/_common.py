"""What the adapters share: the spaces, the opponents, and the info of a step or a reset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces

from ..game import RuleSet
from ..game.bots import ThresholdBot, drawer
from ..play.vector.engine import VectorGame, VectorPolicy
from ..play.vector.policies import split, threshold_policy
from ..play.vector.seats import c_form
from ..play.vector.spec import EXACT, N_ACTIONS, NO_ACTION, PHASE_DONE, Obs, field_specs


def observation_space(seats: int) -> spaces.Dict:
    """One table's observation (vector_spec's table) as a gymnasium Dict of Boxes."""
    return spaces.Dict(
        {
            key: spaces.Box(low, high, shape, dtype)
            for key, (shape, dtype, low, high) in field_specs(seats).items()
        }
    )


def action_space() -> spaces.Discrete:
    return spaces.Discrete(N_ACTIONS)


def without_exact(obs: Obs) -> Obs:
    """The adapters' observations: EXACT never offered (a single integer carries no amount)."""
    obs["action_mask"][..., EXACT] = 0
    return obs


def row(obs: Obs, index: int) -> Obs:
    """One table's observation, as arrays of their own (never views into the batch)."""
    return {key: value[index, ...].copy() for key, value in obs.items()}


class Opponents(NamedTuple):
    """The other seats: ``policies`` a vector policy per seat the adapter asks (None at the
    agent's seat and at the engine's), ``bots`` the ``VectorGame(bots=...)`` entries of the
    seats the engine plays itself (None when it plays none)."""

    policies: list[VectorPolicy | None]
    bots: list[object] | None


def opponents_for(seats: int, seat: int, rules: RuleSet, opponents: Any) -> Opponents:
    """The opponents of the agent at ``seat``: one for all others, one per other seat in seat
    order, or by default the drawer. Each is a vector policy, a ThresholdBot (played as its
    ``threshold_policy``), or a bot with a table form (``blueprint_bot()``,
    ``solve.bots.solution(...)``), which the engine plays in C as a seat of its own."""
    if opponents is None:
        assert isinstance(drawer, ThresholdBot)
        opponents = drawer
    chosen = list(opponents) if isinstance(opponents, Sequence) else [opponents] * (seats - 1)
    if len(chosen) != seats - 1 or not all(callable(p) for p in chosen):
        raise ValueError(
            f"opponents is one vector policy or bot, or one per other seat ({seats - 1})"
        )
    chosen.insert(seat, None)
    policies: list[VectorPolicy | None] = []
    bots: list[object] = []
    for one in chosen:
        in_engine = one is not None and not isinstance(one, ThresholdBot) and c_form(one)
        bots.append(one if in_engine else None)
        if isinstance(one, ThresholdBot):
            policies.append(threshold_policy(one, rules))
        else:
            policies.append(None if in_engine else one)
    return Opponents(policies, bots if any(b is not None for b in bots) else None)


def opponent_actions(
    game: VectorGame, policies: list[VectorPolicy | None], obs: Obs, waiting: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Actions of the seats to act at the ``waiting`` tables (NO_ACTION elsewhere)."""
    actions = np.full(game.tables, NO_ACTION, dtype=np.int64)
    amounts = np.zeros(game.tables, dtype=np.int64)
    for seat, policy in enumerate(policies):
        rows = waiting & (obs["seat"] == seat) & (obs["phase"] != PHASE_DONE)
        if policy is not None and rows.any():
            chosen, chips = split(policy(obs), game.tables)
            actions[rows], amounts[rows] = chosen[rows], chips[rows]
    return actions, amounts


def check_action(action: Any) -> int:
    """One action index: an integer (Python or numpy) in 0..N_ACTIONS-1."""
    array = np.asarray(action)
    if array.shape != () or array.dtype.kind not in "iu":
        raise TypeError(f"an action is an integer 0..{N_ACTIONS - 1}, not {action!r}")
    value = int(action)
    if not 0 <= value < N_ACTIONS:
        raise ValueError(f"an action is an integer 0..{N_ACTIONS - 1}, not {value}")
    return value


def step_info(illegal: bool, hand: int | None = None, chips: Any = None) -> dict[str, Any]:
    """A step's info: whether a fallback replaced an illegal action; at a hand's end its number
    at the table and each seat's chips."""
    info: dict[str, Any] = {"illegal": illegal}
    if hand is not None:
        info["hand"], info["chips"] = hand, np.asarray(chips, dtype=np.int64).copy()
    return info


def reset_info(skipped: int, skipped_reward: float) -> dict[str, Any]:
    """A reset's info: hands that ended before the agent's first decision (everyone folded to
    its blind), and the agent's reward in them, so that no chip goes uncounted."""
    return {"skipped": skipped, "skipped_reward": skipped_reward}
