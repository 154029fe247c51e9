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
at each iteration. Its guarantee is tested on small decks (tests/solve/test_search.py).

**Max-margin** (``gadget="maxmargin"``; Moravcik, Schmid, Ha, Hladik and Gaukrodger,
"Refining Subgames in Large Imperfect Information Games", AAAI 2016): the opponent instead
picks the one row at which to enter, and the re-solve lowers the largest margin (value
entering less CBV) rather than stopping once no margin is positive. The plain gadget is
content with any strategy inside the safe set: on ``v1``'s six lines of the comparison it
settles at about half the blueprint's exploitability in the spot however long it runs, and
max-margin pushes further on five of them; on ``v2`` neither is better everywhere
(docs/search.md has both). Brown and Sandholm's reach variants would also
credit the opponent's earlier mistakes, which needs its reach along the trunk.

**The loop.** Each iteration: the gadget's choice by regret matching+ (over enter or take
the CBV for each row, or over the rows); the opponent's range weighted by it; one iteration of
the solver's discounted CFR (cfr.py) on that range; the opponent's counterfactual value of
entering at the round's start under the iteration's strategies (one tree pass), which updates
the gadget's regrets. The searcher's average strategy is the answer.

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
    positive): what an iteration of the solver plays (C: bf_lr_current, the solver's own
    matching)."""
    regret = np.ascontiguousarray(regret, dtype=np.float64)
    if regret.shape != (problem.table_len[player],):
        raise ValueError(f"regret is player {player}'s table of {problem.table_len[player]}")
    out = np.empty_like(regret)
    status = lib.bf_lr_current(
        problem.c, player, ffi.from_buffer("double[]", regret), ffi.from_buffer("double[]", out)
    )
    if status:
        raise RuntimeError(f"bf_lr_current refused its input ({status})")
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


class _Resolve:
    """Burch's gadget: for each opponent row, enter or take the alternative, by regret
    matching+ on the two (a row never entered weighs nothing in the range)."""

    def __init__(self, base: Floats, alternative: Floats) -> None:
        self.base, self.alternative = base, alternative
        self.regrets = np.zeros((len(base), 2))  # enter, take the alternative
        self.enter = np.full(len(base), 0.5)

    def weights(self) -> Floats:
        positive = self.regrets.sum(axis=1)
        self.enter = np.where(
            positive > 0, self.regrets[:, 0] / np.where(positive > 0, positive, 1.0), 0.5
        )
        return self.base * self.enter  # type: ignore[no-any-return]

    def update(self, entering: Floats) -> None:
        value = self.enter * entering + (1.0 - self.enter) * self.alternative
        self.regrets[:, 0] = np.maximum(self.regrets[:, 0] + entering - value, 0.0)
        self.regrets[:, 1] = np.maximum(self.regrets[:, 1] + self.alternative - value, 0.0)

    def answer(self) -> Floats:
        return self.enter


class _MaxMargin:
    """The max-margin gadget: the opponent picks the row it enters at, by regret matching+
    on its margin (its value entering less its alternative); the range it enters with is that
    choice, at the range's own total weight."""

    def __init__(self, base: Floats, alternative: Floats) -> None:
        self.total, self.alternative = float(base.sum()), alternative
        self.regret = np.zeros(len(base))
        self.choice = base / self.total  # before any regret: the beliefs
        self.chosen = np.zeros(len(base))

    def weights(self) -> Floats:
        total = self.regret.sum()
        if total > 0:
            self.choice = self.regret / total
        self.chosen += self.choice
        return self.choice * self.total

    def update(self, entering: Floats) -> None:
        margin = entering - self.alternative
        self.regret = np.maximum(self.regret + margin - self.choice @ margin, 0.0)

    def answer(self) -> Floats:
        return self.chosen / max(self.chosen.sum(), 1e-300)  # type: ignore[no-any-return]


GADGETS: dict[str, type[_Resolve] | type[_MaxMargin]] = {
    "resolve": _Resolve,
    "maxmargin": _MaxMargin,
}


def resolve(
    problem: LastRound,
    searcher: int,
    alternative: Floats,
    iterations: int,
    threads: int = 1,
    gadget: str = "resolve",
) -> tuple[Tables, Floats]:
    """The round re-solved for ``searcher`` inside ``gadget`` (see the module): the average
    profile after ``iterations``, and the gadget's last chance of entering each of the
    opponent's rows ("resolve") or its average choice of row ("maxmargin").
    ``alternative``: the opponent's CBV of each row against the blueprint."""
    opponent = 1 - searcher
    if alternative.shape != (problem.rows(opponent),):
        raise ValueError("the alternative is one value per row of the opponent's range")
    if not isinstance(gadget, str) or gadget not in GADGETS:
        raise ValueError(f"gadget is one of {', '.join(GADGETS)}, not {gadget!r}")
    solver = Solver(problem)
    c: Any = problem.c
    base = np.array(problem.players[opponent].weights, dtype=np.float64)
    choice = GADGETS[gadget](base, alternative)
    weights = base.copy()
    pointer = ffi.from_buffer("double[]", weights)
    saved = c.weights[opponent]
    c.weights[opponent] = pointer  # the solver reads the range the gadget enters with
    try:
        for _ in range(iterations):
            weights[:] = choice.weights()
            now = (current(problem, 0, solver.regret[0]), current(problem, 1, solver.regret[1]))
            entering = _root_values(problem, opponent, now)
            solver.iterate(1, threads)
            choice.update(entering)
    finally:
        c.weights[opponent] = saved
    return solver.average(), choice.answer()


def unsafe(problem: LastRound, iterations: int, threads: int = 1) -> Tables:
    """The round solved from the beliefs alone (no gadget): the average profile."""
    solver = Solver(problem)
    solver.iterate(iterations, threads)
    return solver.average()


__all__ = ["GADGETS", "counterfactual_best", "current", "resolve", "unsafe"]
