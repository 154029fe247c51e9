"""Re-solving the last betting round inside a safe gadget, or without one.

**Which gadget, and why.** The re-solve gadget of Burch, Johanson and Bowling ("Solving
Imperfect Information Games Using Decomposition", AAAI 2014), as Brown and Sandholm ("Safe and
Nested Subgame Solving for Imperfect-Information Games", NeurIPS 2017) state it: before the
round, the opponent chooses for each hand whether to enter it or to take the value its best
response earns there against the blueprint (its counterfactual best-response value, CBV). A
strategy for the round that the opponent enters with no hand for more than its CBV is no more
exploitable in the round than the blueprint (their theorem), so re-solving can only help. It
needs nothing the solver lacks: the CBVs are one best-response pass over the blueprint's profile
of the round, and the gadget's choice is a weight on the opponent's range that the solve reads
at each iteration. Brown and Sandholm's reach and max-margin variants gain more in some games
but need the opponent's reach along the trunk and a margin per hand; the plain gadget is the
one whose guarantee tests/solve/test_search_safety.py checks on small decks.

**The loop.** Each iteration: the gadget's choice by regret matching+ over its two actions per
hand (enter, or take the CBV); the opponent's range weighted by the chance of entering; one
iteration of the solver's discounted CFR (cfr.py) on that range; the opponent's counterfactual
value of entering at the round's start under the iteration's strategies (one tree pass), which
updates the gadget's regrets. The searcher's average strategy is the answer.

**Unsafe re-solving** (``unsafe``) solves the round from the beliefs alone, as if the opponent's
range were certain: no guarantee, measured beside the gadget in docs/search.md.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..best_response import Tables
from ..cfr import Solver
from ..problem import LastRound

Floats = npt.NDArray[np.float64]


def counterfactual_best(
    problem: LastRound, player: int, opponent: Floats, threads: int = 1
) -> Floats:
    """``player``'s counterfactual best-response value of each row at the round's start when
    the other player plays ``opponent`` (a table of ``problem``)."""
    return problem.values(player, opponent, None, threads=threads)["root"]  # type: ignore[no-any-return]


def current(problem: LastRound, player: int, regret: Floats) -> Floats:
    """The strategy regret matching reads from ``regret`` (uniform where no regret is
    positive): what an iteration of the solver plays."""
    out = np.empty_like(regret)
    rows = problem.rows(player)
    for node in problem.tree.nodes:
        if node.actor != player:
            continue
        block = problem.block(regret, node)
        positive = np.maximum(block, 0.0)
        total = positive.sum(axis=1, keepdims=True)
        uniform = np.full_like(block, 1.0 / len(node.actions))
        start = problem.offsets[player][node.index]
        out[start : start + rows * len(node.actions)] = np.where(
            total > 0, positive / np.where(total > 0, total, 1.0), uniform
        ).reshape(-1)
    return out


def _root_values(problem: LastRound, player: int, tables: tuple[Floats, Floats]) -> Floats:
    root = np.empty(problem.rows(player))
    status = lib.bf_lr_values(
        problem.c, player,
        ffi.from_buffer("double[]", tables[1 - player]),
        ffi.from_buffer("double[]", tables[player]),
        ffi.NULL, ffi.from_buffer("double[]", root), ffi.NULL, ffi.NULL, 1,
    )  # fmt: skip
    if status:
        raise RuntimeError(f"bf_lr_values refused its input ({status})")
    return root


def resolve(
    problem: LastRound, searcher: int, alternative: Floats, iterations: int, threads: int = 1
) -> tuple[Tables, Floats]:
    """The round re-solved for ``searcher`` inside the gadget (see the module): the average
    profile after ``iterations`` and the gadget's last chance of entering for each of the
    opponent's rows. ``alternative``: the opponent's CBV of each row against the blueprint."""
    opponent = 1 - searcher
    if alternative.shape != (problem.rows(opponent),):
        raise ValueError("the alternative is one value per row of the opponent's range")
    solver = Solver(problem)
    c: Any = problem.c
    base = np.array(problem.players[opponent].weights, dtype=np.float64)
    weights = base.copy()
    pointer = ffi.from_buffer("double[]", weights)
    saved = c.weights[opponent]
    regrets = np.zeros((len(base), 2))  # enter, take the alternative
    enter = np.ones(len(base))
    c.weights[opponent] = pointer
    try:
        for _ in range(iterations):
            positive = regrets.sum(axis=1)
            enter = np.where(
                positive > 0, regrets[:, 0] / np.where(positive > 0, positive, 1.0), 0.5
            )
            weights[:] = base * enter
            now = (current(problem, 0, solver.regret[0]), current(problem, 1, solver.regret[1]))
            entering = _root_values(problem, opponent, now)
            solver.iterate(1, threads)
            value = enter * entering + (1.0 - enter) * alternative
            regrets[:, 0] = np.maximum(regrets[:, 0] + entering - value, 0.0)
            regrets[:, 1] = np.maximum(regrets[:, 1] + alternative - value, 0.0)
    finally:
        c.weights[opponent] = saved
    return solver.average(), enter


def unsafe(problem: LastRound, iterations: int, threads: int = 1) -> Tables:
    """The round solved from the beliefs alone (no gadget): the average profile."""
    solver = Solver(problem)
    solver.iterate(iterations, threads)
    return solver.average()


__all__ = ["counterfactual_best", "current", "resolve", "unsafe"]
