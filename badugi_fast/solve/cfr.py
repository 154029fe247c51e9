"""Discounted CFR over the last round's public tree, with a vector of hands per player.

Which, and why: discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via
Discounted Regret Minimization", AAAI 2019) with alpha = 1.5, beta = 0, gamma = 2 and
alternating updates. Their measurements on poker subgames put it ahead of CFR+ for the same
number of iterations (it forgets the early, poor iterations faster: positive regrets shrink by
t^1.5 / (t^1.5 + 1), negative ones halve, the average weighs iteration t by t^2), and it keeps
CFR+'s cheap iteration: one pass down the tree for the reaches, one sweep per terminal node
for the values, one pass up for the regrets. The update runs in C (csrc/solve/: last_round.c
runs the iterations, tree_pass.c a pass, sweep.c the terminal values); each phase is shared
across threads by blocks of hands (the reaches and the regrets) or, for the terminal values, by
chunks of ranks of one sweep with a lane per terminal node (each chunk swept on its own
tallies, then given the tallies of the better chunks: a prefix sum in parts), and every number
is computed the same way whatever the split, so the result is the same for any thread count.

``run`` iterates in blocks between which the exploitability of the average strategy is
measured (best_response.py), and stops when it is within ``target`` (a fraction of the pot)
or after ``iterations``. A block and its measurement are one C call (bf_lr_run) on one set
of threads, in a work area the solver keeps, so the many short early blocks pay neither for
fresh memory nor for Python between the passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._badugi import ffi, lib
from .best_response import Exploitability, Tables, expected_chips, exploitability, fraction_of_best
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
    """The regret and strategy-sum tables of one problem, iterated in C in a work area kept
    for the solver's life (csrc/solve: bf_lr_work)."""

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
        work = lib.bf_lr_work_new(c)
        if work == ffi.NULL:
            raise MemoryError("bf_lr_work_new: out of memory")
        self._work = ffi.gc(work, lib.bf_lr_work_free)
        self.iterations = 0

    def iterate(self, iterations: int, threads: int) -> None:
        """Runs ``iterations`` more."""
        self._run(iterations, threads, None)

    def step(self, iterations: int, threads: int) -> tuple[Tables, tuple[float, float]]:
        """Runs ``iterations`` more (0: none), then measures on the same threads: the average
        ``tables`` and each player's best-response value against the other's average."""
        tables = (np.empty(self.problem.table_len[0]), np.empty(self.problem.table_len[1]))
        roots = (np.empty(self.problem.rows(0)), np.empty(self.problem.rows(1)))
        measure = ffi.new("bf_lr_measure *")
        keep = [ffi.from_buffer("double[]", a) for a in (*tables, *roots)]
        measure.average[0], measure.average[1], measure.best[0], measure.best[1] = keep
        self._run(iterations, threads, measure)
        first = expected_chips(self.problem, 0, roots[0])
        return tables, (first, expected_chips(self.problem, 1, roots[1]))

    def profile_values(self, threads: int) -> tuple[float, float]:
        """Each player's expected chips when both play their average strategies."""
        tables = (np.empty(self.problem.table_len[0]), np.empty(self.problem.table_len[1]))
        roots = (np.empty(self.problem.rows(0)), np.empty(self.problem.rows(1)))
        measure = ffi.new("bf_lr_measure *")
        keep = [ffi.from_buffer("double[]", a) for a in (*tables, *roots)]
        measure.average[0], measure.average[1], measure.own[0], measure.own[1] = keep
        self._run(0, threads, measure)
        first = expected_chips(self.problem, 0, roots[0])
        return first, expected_chips(self.problem, 1, roots[1])

    def _run(self, iterations: int, threads: int, measure: Any) -> None:
        """C calls of about CALL_SECONDS each so that Ctrl-C stops a long solve soon (the
        result does not depend on how the calls are cut: the tables carry the whole state and
        each call is told its first iteration); the last call measures when ``measure``."""
        left = iterations
        chunk = 1
        while True:
            step = min(chunk, left)
            started = time.perf_counter()
            last = step == left
            status = lib.bf_lr_run(
                self.problem.c,
                self._work,
                self.iterations + 1,
                step,
                threads,
                measure if last and measure is not None else ffi.NULL,
            )
            if status == lib.BF_LR_NO_MEMORY:
                raise MemoryError("bf_lr_run: out of memory")
            if status:
                raise RuntimeError(f"bf_lr_run refused its input ({status})")
            self.iterations += step
            left -= step
            if last:
                return
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


class Blocks:
    """``run`` one block at a time, for a caller that reports or stops between blocks (the
    ``/solve`` page): made, it measures the uniform start; ``next()`` runs a block and
    measures (the block's size from ``next_check``, so the points are ``run``'s own);
    ``done`` once within ``target`` or at ``iterations``; ``finish()`` the ``Run``."""

    def __init__(
        self, problem: LastRound, *, target: float, iterations: int | None, threads: int
    ) -> None:
        self.problem = problem
        self.target = target
        self.iterations = iterations
        self.threads = threads
        self.solver = Solver(problem)
        self._started = time.perf_counter()
        self._tables, self._best = self.solver.step(0, threads)
        self.fraction = fraction_of_best(problem, self._best)
        self.curve: list[tuple[int, float, float]] = [(0, self.fraction, 0.0)]

    @property
    def done(self) -> bool:
        return self.fraction <= self.target or (
            self.iterations is not None and self.solver.iterations >= self.iterations
        )

    def next(self) -> tuple[int, float, float]:
        """One block of iterations and its measurement: (iterations, fraction, seconds)."""
        step = next_check(self.solver.iterations)
        if self.iterations is not None:
            step = min(step, self.iterations - self.solver.iterations)
        self._tables, self._best = self.solver.step(step, self.threads)
        self.fraction = fraction_of_best(self.problem, self._best)
        self.curve.append(
            (self.solver.iterations, self.fraction, time.perf_counter() - self._started)
        )
        return self.curve[-1]

    def finish(self) -> Run:
        """The run as it stands: the average tables, their exploitability, the curve."""
        profile = self.solver.profile_values(self.threads)
        measured = exploitability(self.problem, self._tables, self.threads, self._best, profile)
        return Run(self._tables, self.solver.iterations, measured, list(self.curve))


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
    blocks = Blocks(problem, target=target, iterations=iterations, threads=threads)
    while not blocks.done:
        done, fraction, _ = blocks.next()
        if progress is not None:
            progress(done, fraction)
    return blocks.finish()


__all__ = ["Blocks", "Progress", "Run", "Solver", "run"]
