"""The exact best response, ours: a small deck's whole ``badugi`` game walked once, through the
game's own interface (legal actions, chance outcomes, returns, information state strings), into
flat arrays, and a best response in each seat computed over them with numpy.

- ``flat_tree(game)``: every history of the game, parents before children, with its player, the
  action that leads to it, the chance of that action, its information state (an index into
  ``keys``) and, at a terminal history, its returns;
- ``policy_rows(tree, policy)``: a policy read once at each information state (any OpenSpiel
  policy: ``bot_policy(bot, game)`` for a library bot), one row of probabilities an information
  state; ``table_rows(tree, table)`` the same from a policy table (``{key: [(action, p)]}``, as
  OpenSpiel's C++ ``TabularPolicy.policy_table()`` gives it); ``policy_table(tree, rows)`` the
  rows as such a table, for OpenSpiel's ``TabularBestResponse``;
- ``exact_best_response(tree, rows)``: the value (chips a hand) of a best response in each seat
  against the policy, the policy in the other seat.

The best response runs bottom-up, one depth at a time: at the responder's information state the
action of the largest sum, over the state's histories, of the history's reach (chance times the
other player's probabilities) times the value after the action; the game has perfect recall, so
all histories of an information state lie at one depth and the states below it are decided
first (checked). The walk costs what OpenSpiel's walk of the Python game costs (about a minute
for the 8-card game with two draws); the best response then takes a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .config import DRAW_ACTIONS, NUM_ACTIONS

CHANCE = -1  # pyspiel.PlayerId.CHANCE
TERMINAL = -4  # pyspiel.PlayerId.TERMINAL


@dataclass(frozen=True)
class FlatTree:
    """A game's histories as arrays (see the module); index 0 is the root."""

    parent: npt.NDArray[np.int64]
    depth: npt.NDArray[np.int64]
    player: npt.NDArray[np.int64]  # 0, 1, CHANCE or TERMINAL
    action: npt.NDArray[np.int64]  # the action from the parent (-1 at the root)
    chance: npt.NDArray[np.float64]  # the action's chance below a chance node, else 1
    infoset: npt.NDArray[np.int64]  # the information state at a decision, else -1
    returns: npt.NDArray[np.float64]  # (histories, 2): the returns at a terminal history
    keys: list[str]  # the information state strings
    legal: npt.NDArray[np.bool_]  # (information states, NUM_ACTIONS): the legal actions
    states: list[Any] = field(repr=False)  # a history of each information state

    @property
    def size(self) -> int:
        """The number of histories."""
        return len(self.parent)


def flat_tree(game: Any) -> FlatTree:
    """Every history of ``game`` (an OpenSpiel game small enough to walk whole)."""
    parent, depth, action, chance = [-1], [0], [-1], [1.0]
    player, infoset = [TERMINAL], [-1]  # set when the history is visited
    returns: dict[int, list[float]] = {}
    index: dict[str, int] = {}
    keys: list[str] = []
    legal: list[list[int]] = []
    states: list[Any] = []
    stack = [(0, game.new_initial_state())]
    while stack:
        at, state = stack.pop()
        if state.is_terminal():
            returns[at] = list(state.returns())
            continue
        if state.is_chance_node():
            player[at] = CHANCE
            moves = state.chance_outcomes()
        else:
            player[at] = state.current_player()
            key = state.information_state_string()
            found = index.get(key)
            if found is None:
                found = index[key] = len(keys)
                keys.append(key)
                legal.append(state.legal_actions())
                states.append(state)
            infoset[at] = found
            moves = [(a, 1.0) for a in state.legal_actions()]
        for move, p in moves:
            parent.append(at)
            depth.append(depth[at] + 1)
            action.append(move)
            chance.append(p)
            player.append(TERMINAL)
            infoset.append(-1)
            stack.append((len(parent) - 1, state.child(move)))
    paid = np.zeros((len(parent), 2))
    for at, values in returns.items():
        paid[at] = values[:2]
    allowed = np.zeros((len(keys), NUM_ACTIONS), dtype=bool)
    for row, actions in enumerate(legal):
        allowed[row, actions] = True
    return FlatTree(
        np.array(parent, dtype=np.int64), np.array(depth, dtype=np.int64),
        np.array(player, dtype=np.int64), np.array(action, dtype=np.int64),
        np.array(chance), np.array(infoset, dtype=np.int64), paid, keys, allowed, states,
    )  # fmt: skip


Rows = npt.NDArray[np.float64]


def policy_rows(tree: FlatTree, policy: Any) -> Rows:
    """``policy`` (an OpenSpiel policy: ``action_probabilities(state)``) at each information
    state of ``tree``: (information states, NUM_ACTIONS)."""
    rows = np.zeros((len(tree.keys), NUM_ACTIONS))
    for row, state in enumerate(tree.states):
        for move, p in policy.action_probabilities(state).items():
            rows[row, move] = p
    return rows


def table_rows(tree: FlatTree, table: Mapping[str, Sequence[tuple[int, float]]]) -> Rows:
    """The rows of a policy table (``{information state: [(action, probability)]}``)."""
    rows = np.zeros((len(tree.keys), NUM_ACTIONS))
    for row, key in enumerate(tree.keys):
        for move, p in table[key]:
            rows[row, move] = p
    return rows


def policy_table(tree: FlatTree, rows: Rows) -> dict[str, list[tuple[int, float]]]:
    """``rows`` as a policy table over the legal actions (OpenSpiel's ``TabularBestResponse``
    takes one)."""
    return {
        key: [(int(a), float(rows[row, a])) for a in np.flatnonzero(tree.legal[row])]
        for row, key in enumerate(tree.keys)
    }


def exact_best_response(
    tree: FlatTree, rows: Rows, free: npt.NDArray[np.bool_] | None = None
) -> tuple[float, float]:
    """The value of a best response to ``rows`` (the policy's rows, ``policy_rows``) in each
    seat, the policy in the other: chips a hand, the mean over the deals. ``free``: the
    information states where the responder chooses (a mask over ``tree.keys``; every one by
    default); at the others it plays ``rows`` too."""
    if rows.shape != (len(tree.keys), NUM_ACTIONS):
        raise ValueError(f"rows is ({len(tree.keys)}, {NUM_ACTIONS}), not {rows.shape}")
    chooses = np.ones(len(tree.keys), dtype=bool) if free is None else np.asarray(free)
    if chooses.shape != (len(tree.keys),) or chooses.dtype != np.bool_:
        raise ValueError(f"free is a mask of {len(tree.keys)} information states")
    return _best_response(tree, rows, 0, chooses), _best_response(tree, rows, 1, chooses)


def draws_before(tree: FlatTree) -> npt.NDArray[np.int64]:
    """The number of draws (a discard by either player) before each information state."""
    thrown = np.zeros(tree.size, dtype=np.int64)
    parent, player = tree.parent, tree.player
    for d in range(1, int(tree.depth.max()) + 1):
        nodes = np.flatnonzero(tree.depth == d)
        above = parent[nodes]
        discard = (player[above] >= 0) & (tree.action[nodes] < DRAW_ACTIONS)
        thrown[nodes] = thrown[above] + discard
    out = np.zeros(len(tree.keys), dtype=np.int64)
    decisions = tree.infoset >= 0
    out[tree.infoset[decisions]] = thrown[decisions]
    return out


def _best_response(
    tree: FlatTree, rows: Rows, responder: int, free: npt.NDArray[np.bool_]
) -> float:
    parent, player, infoset, action = tree.parent, tree.player, tree.infoset, tree.action
    child = np.arange(1, tree.size)
    above = parent[child]
    # the weight of each edge but the responder's free choices: chance, or the policy's
    edge = np.ones(tree.size)
    edge[child] = np.where(player[above] == CHANCE, tree.chance[child], 1.0)
    follows = (player[above] >= 0) & (
        (player[above] != responder) | ~free[np.maximum(infoset[above], 0)]
    )
    theirs = child[follows]
    edge[theirs] = rows[infoset[parent[theirs]], action[theirs]]
    reach = np.ones(tree.size)
    levels = [np.flatnonzero(tree.depth == d) for d in range(int(tree.depth.max()) + 1)]
    for nodes in levels[1:]:
        reach[nodes] = reach[parent[nodes]] * edge[nodes]
    decided = player == responder
    decided[decided] = free[infoset[decided]]
    depth_of = np.full(len(tree.keys), -1)
    value = np.where(player == TERMINAL, tree.returns[:, responder], 0.0)
    for d in range(len(levels) - 1, 0, -1):
        nodes = levels[d]
        mine = decided[parent[nodes]]
        # the others' and chance's histories one level up: the weighted sum of their children
        others = nodes[~mine]
        value += np.bincount(parent[others], edge[others] * value[others], minlength=tree.size)
        # the responder's: the best action of each information state one level up
        ours = nodes[mine]
        if not len(ours):
            continue
        sets = infoset[parent[ours]]
        if (depth_of[sets] >= 0).any():
            raise ValueError("an information state's histories lie at different depths")
        gains = np.zeros((len(tree.keys), NUM_ACTIONS))
        np.add.at(gains, (sets, action[ours]), reach[parent[ours]] * value[ours])
        present = np.unique(sets)
        depth_of[present] = d - 1
        gains[present] = np.where(tree.legal[present], gains[present], -np.inf)
        best = gains.argmax(axis=1)
        chosen = ours[action[ours] == best[sets]]
        value[parent[chosen]] = value[chosen]
    return float(value[0])


__all__ = [
    "FlatTree",
    "draws_before",
    "exact_best_response",
    "flat_tree",
    "policy_rows",
    "policy_table",
    "table_rows",
]
