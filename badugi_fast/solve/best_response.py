"""Best responses and the exploitability of a strategy profile in the last round.

A best response of one player to a strategy of the other maximises, hand by hand, the value
at each of its decision nodes, walking the public tree from the leaves (C: bf_lr_values with
no strategy of its own). The exploitability of a profile is the average of the two players'
best-response gains, (BR_0 - v_0 + BR_1 - v_1) / 2 = (BR_0 + BR_1 - pot) / 2 since the two
values sum to the pot: chips per hand, and as a fraction of the pot. It is 0 exactly at an
equilibrium. Values are expectations over the pairs of hands that share no card, weighted by
the two ranges, in chips from the start of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .problem import LastRound

Tables = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]


@dataclass(frozen=True)
class Exploitability:
    """``chips`` per hand (the average gain), ``fraction`` of the pot, each player's ``gains``,
    ``best`` (best-response values) and ``values`` (the profile's own values)."""

    chips: float
    fraction: float
    gains: tuple[float, float]
    best: tuple[float, float]
    values: tuple[float, float]


def expected_chips(problem: LastRound, player: int, rows: npt.NDArray[np.float64]) -> float:
    """A player's expected chips from its rows' counterfactual values at the root."""
    p = problem.players[player]
    members = problem.classes.members[p.classes]
    return float(np.sum(p.weights * members * rows)) / problem.disjoint_mass()


def best_response(
    problem: LastRound, player: int, opponent: npt.NDArray[np.float64], threads: int = 1
) -> tuple[npt.NDArray[np.float64], float]:
    """``player``'s best response to the other's table: its table (1 on the chosen action,
    ties to the first) and its expected chips. ``opponent`` is checked as
    ``LastRound.check_table`` says (ValueError or TypeError naming it)."""
    _check_problem(problem)
    player = problem.check_player(player)
    opponent = problem.check_table(1 - player, opponent, "opponent")
    out = problem.values(player, opponent, None, best=True, threads=threads)
    return out["best"], expected_chips(problem, player, out["root"])


def profile_value(problem: LastRound, player: int, tables: Tables, threads: int = 1) -> float:
    """``player``'s expected chips when both play their tables."""
    player = problem.check_player(player)
    tables = check_tables(problem, tables)
    root = problem.values(player, tables[1 - player], tables[player], threads=threads)["root"]
    return expected_chips(problem, player, root)


def exploitability(
    problem: LastRound,
    tables: Tables,
    threads: int = 1,
    best: tuple[float, float] | None = None,
    values: tuple[float, float] | None = None,
) -> Exploitability:
    """The exploitability of the profile ``tables`` (player 0's table, player 1's); ``best``
    and ``values``: the two best-response values and the profile's own, when already measured
    (a solver measures them in C beside its iterations), else computed here. ``tables`` are
    checked as ``LastRound.check_table`` says (ValueError or TypeError naming ``tables[i]``)."""
    tables = check_tables(problem, tables)
    if best is None:
        best = (
            best_response(problem, 0, tables[1], threads)[1],
            best_response(problem, 1, tables[0], threads)[1],
        )
    if values is None:
        values = (
            profile_value(problem, 0, tables, threads),
            profile_value(problem, 1, tables, threads),
        )
    gains = (best[0] - values[0], best[1] - values[1])
    return Exploitability(
        _average_gain(problem, best), _fraction(problem, _average_gain(problem, best)),
        gains, (best[0], best[1]), (values[0], values[1]),
    )  # fmt: skip


def exploitability_fraction(problem: LastRound, tables: Tables, threads: int = 1) -> float:
    """The exploitability as a fraction of the pot, from the two best responses only."""
    tables = check_tables(problem, tables)
    best = tuple(best_response(problem, p, tables[1 - p], threads)[1] for p in (0, 1))
    return fraction_of_best(problem, best)


def fraction_of_best(problem: LastRound, best: tuple[float, ...]) -> float:
    """The exploitability as a fraction of the pot from the two best-response values."""
    return _fraction(problem, _average_gain(problem, best))


def check_tables(problem: LastRound, tables: object) -> Tables:
    """A profile (player 0's table, player 1's), each checked by ``LastRound.check_table``."""
    _check_problem(problem)
    if isinstance(tables, str | bytes | np.ndarray) or not isinstance(tables, Sequence):
        raise TypeError(
            f"tables is a pair (player 0's table, player 1's), not {type(tables).__name__}"
        )
    if len(tables) != 2:
        raise ValueError(f"tables is a pair (player 0's table, player 1's), not {len(tables)}")
    return (
        problem.check_table(0, tables[0], "tables[0]"),
        problem.check_table(1, tables[1], "tables[1]"),
    )


def _check_problem(problem: object) -> None:
    if not isinstance(problem, LastRound):
        raise TypeError(f"problem is a LastRound (solve.last_round), not {type(problem).__name__}")


def _average_gain(problem: LastRound, best: tuple[float, ...]) -> float:
    return (best[0] + best[1] - problem.pot) / 2


def _fraction(problem: LastRound, chips: float) -> float:
    if problem.pot:
        return chips / problem.pot
    return float("inf") if chips > 1e-12 else 0.0


__all__ = [
    "Exploitability",
    "Tables",
    "best_response",
    "check_tables",
    "expected_chips",
    "exploitability",
    "exploitability_fraction",
    "fraction_of_best",
    "profile_value",
]
