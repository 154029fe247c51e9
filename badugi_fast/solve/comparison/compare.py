"""The blueprint's last-round profile on the solver's tree of the spot, and the comparison of
it with the exact equilibrium from the same ranges (the package's docstring says what is
compared)."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

import numpy as np
import numpy.typing as npt

from ..._runtime.threads import thread_count
from ...blueprint import Blueprint
from ...blueprint.abstraction import SLOTS
from ...blueprint.buckets import hand_buckets
from ...game.actions import ActionKind
from ...game.rules import RuleSet
from ..api import LastRoundSolution, solve_last_round
from ..best_response import Exploitability, Tables, exploitability
from ..problem import LastRound
from .line import SLOT_OF_KIND, Line
from .reach import ReachedRanges, reached_ranges

K = ActionKind


def last_round_profile(blueprint: Blueprint, spot: Line, problem: LastRound) -> Tables:
    """The blueprint's last-round strategy as a profile of ``problem``'s tree (player 0's
    table, player 1's): at each node, each row (class of hands of the range) plays the
    probabilities of the blueprint's information set of its bucket, uniform where training
    never reached it."""
    buckets, _ = hand_buckets()
    rows_bucket = []
    for p in (0, 1):
        player = problem.players[p]
        of_hand = buckets[player.range.positions].astype(np.int64)
        mine = np.full(problem.rows(p), -1, dtype=np.int64)
        mine[player.row_of_hand] = of_hand
        if not np.array_equal(mine[player.row_of_hand], of_hand):
            raise AssertionError("the hands of one class share a bucket (suits do not count)")
        rows_bucket.append(mine)
    tables = (np.empty(problem.table_len[0]), np.empty(problem.table_len[1]))
    for node in problem.tree.nodes:
        if node.actor is None:
            continue
        kinds = [a.kind for a in node.history]
        bets = sum(kind in (K.BET, K.RAISE) for kind in kinds)
        flag = int(bool(kinds) and kinds[0] is K.CHECK)
        try:
            slots = [SLOT_OF_KIND[a.kind] for a in node.actions]
        except KeyError as missing:
            raise ValueError(f"the blueprint has no slot for {missing} in its last round") from None
        infoset = blueprint.infoset(rows_bucket[node.actor], spot.public(node.actor, bets, flag))
        legal = np.zeros((len(infoset), SLOTS), dtype=bool)
        legal[:, slots] = True
        problem.block(tables[node.actor], node)[:] = blueprint.rows(infoset, legal)[:, slots]
    return tables


@dataclass(frozen=True)
class LastRoundComparison:
    """The blueprint's last round of a line against the exact equilibrium of that spot.

    ``reached``: the ranges (ReachedRanges); ``pot`` and ``stacks``: the spot's chips;
    ``tables``: the blueprint's profile on ``solution.problem``; ``blueprint``: that profile's
    Exploitability (``chips`` a hand, ``fraction`` of the pot, each player's ``gains``,
    ``best`` responses and ``values``); ``solution``: the equilibrium (solve_last_round from the
    same ranges); ``frequency``: about how often a hand follows the line when both players play
    the blueprint (the product of the two reaches met with card removal, scaled by the
    chance of the deal and the draws from one stub; the discards' removal left out)."""

    reached: ReachedRanges
    pot: int
    stacks: int
    tables: Tables = field(repr=False)
    blueprint: Exploitability
    solution: LastRoundSolution = field(repr=False)
    frequency: float

    @property
    def exploitability(self) -> float:
        """The blueprint's exploitability in the spot, chips a hand."""
        return self.blueprint.chips

    @property
    def exploitability_fraction(self) -> float:
        """The blueprint's exploitability in the spot, as a fraction of the pot."""
        return self.blueprint.fraction

    @property
    def value(self) -> tuple[float, float]:
        """Each player's expected net chips from the round's start under the blueprint."""
        return self.blueprint.values

    @property
    def equilibrium_value(self) -> tuple[float, float]:
        """Each player's expected net chips from the round's start at the equilibrium."""
        return self.solution.value

    def strategy(self, history: list[object] | tuple[object, ...]) -> npt.NDArray[np.float64]:
        """The blueprint's rows at the node after ``history`` for the player to act: (hands of
        its range, actions), as LastRoundSolution.strategy gives the equilibrium's."""
        problem = self.solution.problem
        node = problem.node(history)
        if node.actor is None:
            raise ValueError(f"history {list(history)} ends the round: nobody acts")
        return problem.per_hand(node.actor, problem.block(self.tables[node.actor], node)).copy()


def compare_last_round(
    blueprint: Blueprint,
    line: str,
    *,
    rules: RuleSet | None = None,
    samples: int | None = None,
    seed: int = 0,
    symmetric: bool | None = None,
    target: float = 1e-3,
    iterations: int | None = None,
    threads: int | None = None,
) -> LastRoundComparison:
    """The blueprint's last round of ``line`` against the exact equilibrium of the spot (see
    the package's docstring). ``rules``: when given, the rules of the game asked about
    (ValueError unless the blueprint was trained for them); ``samples``, ``seed`` and
    ``symmetric``: as reached_ranges; ``target``/``iterations``/``threads``: as solve_last_round."""
    if not isinstance(blueprint, Blueprint):
        raise TypeError(f"blueprint is a Blueprint, not {type(blueprint).__name__}")
    if rules is not None:
        blueprint.check_rules(rules)
    reached = reached_ranges(blueprint, line, samples=samples, seed=seed, symmetric=symmetric)
    spot = reached.spot
    pot = 2 * spot.committed
    stacks = blueprint.least_stack - spot.committed
    solution = solve_last_round(
        reached.ranges,
        pot=pot,
        stacks=stacks,
        rules=blueprint.rules,
        target=target,
        iterations=iterations,
        threads=threads,
    )
    problem = solution.problem
    tables = last_round_profile(blueprint, spot, problem)
    work = (problem.rows(0) + problem.rows(1)) * len(problem.tree.nodes)
    measured = exploitability(problem, tables, min(thread_count(threads, work), 64))
    return LastRoundComparison(
        reached, pot, stacks, tables, measured, solution, _frequency(blueprint, reached, problem)
    )


def _frequency(blueprint: Blueprint, reached: ReachedRanges, problem: LastRound) -> float:
    """About how often a hand follows the line (LastRoundComparison.frequency)."""
    cards = blueprint.ranks * blueprint.suits
    scale = float(reached.weights[0].max() * reached.weights[1].max())
    chance = comb(cards, 4) / comb(cards - 4, 4)
    own = [cards - 4, cards - 4]
    stub = cards - 8
    for decision in reached.spot.decisions:
        if decision.draw and decision.count:
            c, p = decision.count, decision.player
            chance *= comb(own[p], c) / comb(max(stub, c), c)
            own[p] -= c
            stub -= c
    return problem.disjoint_mass() * scale * chance


__all__ = ["LastRoundComparison", "compare_last_round", "last_round_profile"]
