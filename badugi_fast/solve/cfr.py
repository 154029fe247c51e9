"""Discounted CFR over the last round's public tree, with a vector of hands per player.

Which, and why: discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via
Discounted Regret Minimization", AAAI 2019) with alpha = 1.5, beta = 0, gamma = 2 and
alternating updates. Their measurements on poker subgames put it ahead of CFR+ for the same
number of iterations (it forgets the early, poor iterations faster: positive regrets shrink by
t^1.5 / (t^1.5 + 1), negative ones halve, the average weighs iteration t by t^2), and it keeps
CFR+'s cheap iteration: one pass down the tree for the reaches, one sweep per terminal node
for the values, one pass up for the regrets. The update runs in C (csrc/solve/last_round.c);
each phase is shared across threads by blocks of hands (the reaches and the regrets) or, for
the terminal values, by chunks of ranks of one sweep with a lane per terminal node (each
chunk swept on its own tallies, then given the tallies of the better chunks: a prefix sum in
parts), and every number is computed the same way whatever the split, so the result is the
same for any thread count.

``run`` iterates in blocks between which the exploitability of the average strategy is
measured (best_response.py), and stops when it is within ``target`` (a fraction of the pot)
or after ``iterations``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .._badugi import ffi, lib
from .best_response import Exploitability, Tables, exploitability, exploitability_fraction
from .problem import LastRound

Progress = Callable[[int, float], object]  # (iterations so far, exploitability as a fraction)
CALL_SECONDS = 0.2  # a C call of iterations lasts about this long


@dataclass
class Run:
    """A finished run: the average ``tables``, ``iterations``, the last measured
    ``exploitability``, and the ``curve`` of (iterations, exploitability fraction, seconds)."""

    tables: Tables
    iterations: int
    exploitability: Exploitability
    curve: list[tuple[int, float, float]]


class Solver:
    """The regret and strategy-sum tables of one problem, iterated in C."""

    def __init__(self, problem: LastRound) -> None:
        self.problem = problem
        self.regret = tuple(np.zeros(n) for n in problem.table_len)
        self.strategy_sum = tuple(np.zeros(n) for n in problem.table_len)
        c = problem.c
        self._pointers = []
        for p in (0, 1):
            r = ffi.from_buffer("double[]", self.regret[p])
            s = ffi.from_buffer("double[]", self.strategy_sum[p])
            self._pointers += [r, s]
            c.regret[p] = r
            c.strategy_sum[p] = s
        self.iterations = 0

    def iterate(self, iterations: int, threads: int) -> None:
        """Runs ``iterations`` more, in C calls of about CALL_SECONDS each so that Ctrl-C
        stops a long solve soon (the result does not depend on how the calls are cut: the
        tables carry the whole state and each call is told its first iteration)."""
        left = iterations
        chunk = 1
        while left > 0:
            step = min(chunk, left)
            started = time.perf_counter()
            status = lib.bf_lr_iterate(self.problem.c, self.iterations + 1, step, threads)
            if status == lib.BF_LR_NO_MEMORY:
                raise MemoryError("bf_lr_iterate: out of memory")
            if status:
                raise RuntimeError(f"bf_lr_iterate refused its input ({status})")
            self.iterations += step
            left -= step
            spent = time.perf_counter() - started
            chunk = max(1, min(2 * chunk, int(step * CALL_SECONDS / spent) if spent else 2 * chunk))

    def average(self) -> Tables:
        out = []
        for p in (0, 1):
            table = np.empty(self.problem.table_len[p])
            status = lib.bf_lr_average(self.problem.c, p, ffi.from_buffer("double[]", table))
            if status:
                raise RuntimeError(f"bf_lr_average refused its input ({status})")
            out.append(table)
        return out[0], out[1]


def next_check(done: int) -> int:
    """Iterations before the next measurement: a quarter of those done (at least one), so a
    run stops within a quarter past the first iteration within its target, at a point that
    depends on the iteration count only (never on timing: the same on any machine)."""
    return max(1, done // 4)


def run(
    problem: LastRound,
    *,
    target: float,
    iterations: int | None,
    threads: int,
    progress: Progress | None = None,
) -> Run:
    """Iterates until the average strategy's exploitability is at most ``target`` times the
    pot, or ``iterations`` are done (whichever comes first)."""
    solver = Solver(problem)
    started = time.perf_counter()
    tables = solver.average()
    fraction = exploitability_fraction(problem, tables, threads)
    curve: list[tuple[int, float, float]] = [(0, fraction, 0.0)]
    while fraction > target and (iterations is None or solver.iterations < iterations):
        step = next_check(solver.iterations)
        if iterations is not None:
            step = min(step, iterations - solver.iterations)
        solver.iterate(step, threads)
        tables = solver.average()
        fraction = exploitability_fraction(problem, tables, threads)
        curve.append((solver.iterations, fraction, time.perf_counter() - started))
        if progress is not None:
            progress(solver.iterations, fraction)
    return Run(tables, solver.iterations, exploitability(problem, tables, threads), curve)


__all__ = ["Progress", "Run", "Solver", "run"]
