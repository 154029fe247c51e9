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
from ..play.vector.spec import (
    DISCARDS,
    EXACT,
    N_ACTIONS,
    NO_ACTION,
    PHASE_DONE,
    Obs,
    field_specs,
)


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


class ViewSeat:
    """A bot that reads a ``View`` (one with no C form, such as the search bot) in one seat:
    at each of its decisions the engine's hand in play is replayed by the reference
    (``VectorGame.current_table``), the bot is asked with that seat's view, and its Action is
    turned back into the action index the engine steps."""

    def __init__(self, bot: Any, seat: int) -> None:
        self.bot, self.seat = bot, seat

    def actions(self, game: VectorGame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        actions = np.full(game.tables, NO_ACTION, dtype=np.int64)
        amounts = np.zeros(game.tables, dtype=np.int64)
        for t in np.flatnonzero(rows):
            table = game.current_table(int(t))
            action = self.bot(table.game.view(self.seat))
            actions[t], amounts[t] = _index_of(table, action, self.bot)
        return actions, amounts


def _index_of(table: Any, action: Any, bot: Any) -> tuple[int, int]:
    """The engine's action index (and EXACT's chips) of ``action`` at ``table``'s decision."""
    legal = table.legal()
    if getattr(action, "kind", None) == "draw":
        hand = sorted(int(c) for c in table.game.hands[table.game.actor])
        thrown = {int(c) for c in action.cards}
        if thrown <= set(hand):
            mask = sum(1 << i for i, card in enumerate(hand) if card in thrown)
            if mask in legal:
                return mask, 0
    else:
        for index, legal_action in legal.items():
            if index >= DISCARDS and index != EXACT and legal_action == action:
                return index, 0
        exact = legal.get(EXACT)
        if exact is not None and exact.kind == getattr(action, "kind", None):
            if exact.amount <= action.amount <= (exact.max_amount or exact.amount):
                return EXACT, int(action.amount)
    raise ValueError(f"the opponent {bot!r} took {action!r}, which is not legal there")


def reads_views(bot: object) -> bool:
    """Whether a bot takes a seat by its views: one that says it may have a C form but has
    none (``c_seat_form()`` None: the search bot, a solution bot over another bot)."""
    ask = getattr(bot, "c_seat_form", None)
    return callable(ask) and not isinstance(bot, ThresholdBot) and c_form(bot) is None


class Opponents(NamedTuple):
    """The other seats: ``policies`` a vector policy per seat the adapter asks (None at the
    agent's seat and at the engine's), ``bots`` the ``VectorGame(bots=...)`` entries of the
    seats the engine plays itself (None when it plays none)."""

    policies: list[VectorPolicy | None]
    bots: list[object] | None


def opponents_for(
    seats: int, seat: int, rules: RuleSet, opponents: Any, stacks: Sequence[int] = ()
) -> Opponents:
    """The opponents of the agent at ``seat``: one for all others, one per other seat in seat
    order, or by default the drawer. Each is a vector policy, a ThresholdBot (played as its
    ``threshold_policy``), a bot with a table form (``blueprint_bot()``,
    ``solve.bots.solution(...)``), which the engine plays in C as a seat of its own, or a bot
    that has none (the search bot: ``ViewSeat``), asked with its views and checked for the
    game (``check_game(rules, stacks)``, ``stacks`` each seat's start)."""
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
    for at, one in enumerate(chosen):
        viewer = one is not None and reads_views(one)
        in_engine = (
            one is not None and not viewer and not isinstance(one, ThresholdBot) and c_form(one)
        )
        bots.append(one if in_engine else None)
        if isinstance(one, ThresholdBot):
            policies.append(threshold_policy(one, rules))
        elif viewer:
            check = getattr(one, "check_game", None)
            if callable(check):
                check(rules, list(stacks))
            policies.append(ViewSeat(one, at))  # type: ignore[arg-type]
        else:
            policies.append(None if in_engine else one)
    engine_bots = bots if any(b is not None for b in bots) else None
    if engine_bots is not None and any(isinstance(p, ViewSeat) for p in policies):
        raise ValueError(
            "a bot read by its views sits at a table whose other bots the engine plays "
            "itself: give those as vector policies (threshold_policy) instead"
        )
    return Opponents(policies, engine_bots)


def opponent_actions(
    game: VectorGame, policies: list[VectorPolicy | None], obs: Obs, waiting: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Actions of the seats to act at the ``waiting`` tables (NO_ACTION elsewhere)."""
    actions = np.full(game.tables, NO_ACTION, dtype=np.int64)
    amounts = np.zeros(game.tables, dtype=np.int64)
    for seat, policy in enumerate(policies):
        rows = waiting & (obs["seat"] == seat) & (obs["phase"] != PHASE_DONE)
        if isinstance(policy, ViewSeat) and rows.any():
            chosen, chips = policy.actions(game, rows)
            actions[rows], amounts[rows] = chosen[rows], chips[rows]
        elif policy is not None and rows.any():
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
