"""``solve_last_round``: an equilibrium of the last betting round between two ranges.

    sol = solve_last_round(["8-", "any"], pot=12, stacks=100, rules=Rules(small_bet=2))
    sol.value            # each player's expected chips from the round's start (sum: the pot)
    sol.exploitability   # chips per hand a best response would gain, on average
    sol.strategy([])     # player 0's hands x [check, bet]: each row a distribution
    sol.strategy(["check", "bet"])  # player 0 again, facing a bet: [fold, call, raise]

``ranges[0]`` acts first (heads-up after the draws, the player left of the button). The solve
runs discounted CFR (cfr.py) until the exploitability of the average strategy is at most
``target`` times the pot, or ``iterations`` have run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .._runtime.threads import thread_count
from .._runtime.validate import player_number, real
from ..game.actions import Action
from ..game.rules import RuleSet
from .best_response import Tables, best_response
from .cfr import Progress, Run, run
from .html import solution_html
from .problem import History, LastRound, chips, last_round
from .ranges import RangeLike
from .tree import Node


@dataclass(frozen=True)
class BestResponse:
    """A best response of ``player`` to the solution's other player: ``value`` (its expected
    chips), ``gain`` over the solution's own value, and ``strategy(history)`` as
    ``LastRoundSolution.strategy`` gives it (one-hot rows)."""

    player: int
    value: float
    gain: float
    table: npt.NDArray[np.float64] = field(repr=False)
    problem: LastRound = field(repr=False)

    def strategy(self, history: History) -> npt.NDArray[np.float64]:
        return _rows_at(self.problem, self.table, history, self.player)

    __call__ = strategy


def _rows_at(
    problem: LastRound, table: npt.NDArray[np.float64], history: History, player: int | None
) -> npt.NDArray[np.float64]:
    node = problem.node(history)
    if node.actor is None:
        raise ValueError(f"history {list(history)} ends the round: nobody acts")
    if player is not None and node.actor != player:
        raise ValueError(f"player {node.actor} acts after {list(history)}, not player {player}")
    return problem.per_hand(node.actor, problem.block(table, node)).copy()


@dataclass
class LastRoundSolution:
    """The solved round. ``value``: each player's expected net chips from the round's start
    (the pot already in belongs to nobody, so the two sum to ``pot``); ``exploitability``:
    chips per hand, the average of the two best-response gains (``exploitability_fraction``:
    of the pot); ``iterations``; ``curve``: (iterations, exploitability fraction, seconds) at
    each measurement."""

    problem: LastRound = field(repr=False)
    tables: Tables = field(repr=False)
    value: tuple[float, float]
    exploitability: float
    exploitability_fraction: float
    iterations: int
    curve: list[tuple[int, float, float]] = field(repr=False)
    _cache: dict[Any, Any] = field(repr=False, default_factory=dict)

    @classmethod
    def from_run(cls, problem: LastRound, done: Run) -> LastRoundSolution:
        """The solution of a finished ``cfr.Run`` on ``problem`` (``solve_last_round``'s, or a
        run driven block by block with ``cfr.Blocks``)."""
        measured = done.exploitability  # of done.tables, measured at the run's last check
        return cls(
            problem,
            done.tables,
            measured.values,
            measured.chips,
            measured.fraction,
            done.iterations,
            done.curve,
        )

    @property
    def pot(self) -> int:
        return self.problem.pot

    def _repr_html_(self) -> str:
        """Jupyter: the value and exploitability, the convergence curve, and the first
        player's strategy at the root by hand class with each class's expected chips."""
        return solution_html(self)

    def hands(self, player: int) -> npt.NDArray[np.uint8]:
        """The hands of ``player``'s range, (N, 4) card ids: the rows of every per-hand array."""
        return self.problem.players[player_number("player", player)].range.hands

    def node(self, history: History) -> Node:
        """The public tree's node after ``history`` (its ``actor``, ``actions``, ``pot``...)."""
        return self.problem.node(history)

    def actions(self, history: History) -> tuple[Action, ...]:
        """The branches at a node, in the order of the strategy's columns."""
        return self.problem.node(history).actions

    def strategy(self, history: History) -> npt.NDArray[np.float64]:
        """For the player to act after ``history`` (ActionKinds or their names, or Actions
        with amounts where the sizes vary), the probability of each branch (``actions``) for
        each hand of its range: (hands, actions), each row a distribution."""
        return _rows_at(self.problem, self.tables[self._actor(history)], history, None)

    __call__ = strategy

    def _actor(self, history: History) -> int:
        node = self.problem.node(history)
        if node.actor is None:
            raise ValueError(f"history {list(history)} ends the round: nobody acts")
        return node.actor

    def best_response(self, player: int) -> BestResponse:
        """A best response of ``player`` to the other player's solution strategy."""
        p = player_number("player", player)
        key = ("best", p)
        if key not in self._cache:
            table, value = best_response(self.problem, p, self.tables[1 - p])
            self._cache[key] = BestResponse(p, value, value - self.value[p], table, self.problem)
        found: BestResponse = self._cache[key]
        return found

    def _values(self, player: int) -> dict[str, Any]:
        key = ("values", player)
        if key not in self._cache:
            self._cache[key] = self.problem.values(
                player, self.tables[1 - player], self.tables[player], mass=True
            )
        found: dict[str, Any] = self._cache[key]
        return found

    def hand_values(self, player: int) -> npt.NDArray[np.float64]:
        """Each hand's expected chips from the round's start, given it is dealt (NaN for a
        hand that shares a card with every hand of the other range)."""
        p = player_number("player", player)
        out = self._values(p)
        mass = out["mass"][0]
        with np.errstate(invalid="ignore", divide="ignore"):
            rows = np.where(mass > 0, out["root"] / np.where(mass > 0, mass, 1), np.nan)
        return self.problem.per_hand(p, rows)

    def action_values(self, history: History) -> npt.NDArray[np.float64]:
        """At the node after ``history``, each action's (``actions``) expected chips for each
        hand of the range of the player to act, given the node is reached: (hands, actions)
        as ``strategy``, both players playing the solution after it (NaN for a hand that no
        hand of the other range meets there). The best action's value less another's is
        what that action gives up."""
        node = self.problem.node(history)
        p = self._actor(history)
        out = self.problem.values(p, self.tables[1 - p], self.tables[p], nodes=True, mass=True)
        mass = out["mass"][node.index]
        children = out["nodes"][list(node.children)].T
        with np.errstate(invalid="ignore", divide="ignore"):
            rows = np.where(
                mass[:, None] > 0, children / np.where(mass > 0, mass, 1)[:, None], np.nan
            )
        return self.problem.per_hand(p, rows)

    def reach(self, history: History, player: int) -> npt.NDArray[np.float64]:
        """How often each hand of ``player``'s range reaches the node after ``history``, given
        it is dealt: its own strategy's probability of the path times the other player's, over
        the other range's hands that share no card with it."""
        p = player_number("player", player)
        node = self.problem.node(history)
        own = np.ones(self.problem.rows(p))
        path = self.problem.tree.nodes[0]
        for action in node.history:
            branch = path.actions.index(action)
            if path.actor == p:
                own = own * self.problem.block(self.tables[p], path)[:, branch]
            path = self.problem.tree.nodes[path.children[branch]]
        mass = self._values(p)["mass"]
        with np.errstate(invalid="ignore", divide="ignore"):
            other = np.where(mass[0] > 0, mass[node.index] / np.where(mass[0] > 0, mass[0], 1), 0)
        return self.problem.per_hand(p, own * other)


def _check_target(target: object) -> float:
    fraction = real("target", target)
    if not (fraction >= 0 and math.isfinite(fraction)):
        raise ValueError(f"target is a fraction of the pot, at least 0, not {target!r}")
    return fraction


def _check_iterations(iterations: object, target: float) -> int | None:
    if iterations is None:
        if target == 0:
            raise ValueError("iterations: a target of 0 is never reached; give iterations")
        return None
    if isinstance(iterations, bool) or not isinstance(iterations, int | np.integer):
        raise ValueError(f"iterations is a whole number, not {iterations!r}")
    if iterations < 0:
        raise ValueError(f"iterations is at least 0, not {iterations}")
    return int(iterations)


def solve_last_round(
    ranges: Sequence[RangeLike],
    *,
    pot: int,
    stacks: int | Sequence[int],
    rules: RuleSet | None,
    sizes: Sequence[float | str] | None = None,
    target: float = 1e-3,
    iterations: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> LastRoundSolution:
    """An equilibrium of the last betting round (see the module docstring). ``ranges``: two
    ranges (text ``parse_range`` reads, Ranges, or sequences of hands; weights relative),
    ``ranges[0]`` acting first; ``pot``: chips already in; ``stacks``: chips behind (one for
    both, or a pair); ``rules``: ``Rules(...)`` or ``KoreanRules(...)``; ``sizes``: for pot,
    half-pot and no limit, the bet and raise sizes as fractions of the pot after calling, and
    ``"allin"`` (default 0.5, 1, allin); ``target``: stop when the exploitability is at most
    this fraction of the pot; ``iterations``: stop after this many at the latest;
    ``threads``: C threads (default: the usable cores); ``progress(iterations, fraction)``:
    called after each measurement. Bad input is a ValueError naming the field."""
    checked_target = _check_target(target)
    checked_iterations = _check_iterations(iterations, checked_target)
    if checked_iterations is None and chips("pot", pot) == 0:
        raise ValueError(
            "pot: the target is a fraction of the pot, and a pot of 0 holds none, so the "
            "solve would never stop; give a pot of at least 1 chip, or iterations"
        )
    if progress is not None and not callable(progress):
        raise ValueError(f"progress is a callable or None, not {progress!r}")
    problem = last_round(ranges, pot=pot, stacks=stacks, rules=rules, sizes=sizes)
    # a thread pays for its start-up on a few hundred thousand (hand, node) pairs per phase
    work = (problem.rows(0) + problem.rows(1)) * len(problem.tree.nodes)
    workers = min(thread_count(threads, work), 64)
    done = run(
        problem,
        target=checked_target,
        iterations=checked_iterations,
        threads=workers,
        progress=progress,
    )
    return LastRoundSolution.from_run(problem, done)


Strategy = Callable[[History], npt.NDArray[np.float64]]

__all__ = ["BestResponse", "LastRoundSolution", "Strategy", "solve_last_round"]
