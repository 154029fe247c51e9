"""A last betting round as the search re-solves it: the public state at the round's start, the
two players' beliefs there (solve/belief_states), cut and pooled over suit orbits, and the
blueprint's own profile of the round.

**Ranges.** Each player's belief at the round's start when both have played the blueprint
(public beliefs: not conditioned on the searcher's cards, so the solve gives a strategy for
every hand the searcher may hold, its own row read from it). Each belief is averaged over its
suit orbits (the blueprint's buckets do not see suits, but where two badugis of a hand tie the
abstraction keeps the lowest card ids, so the reach differs slightly by suits: the comparison of
solve/comparison averages the same way), so the solver runs on orbits, about 24 times fewer rows;
then the orbits of least weight, together at most ``cut`` of the belief, are left out (a hand of
the searcher left out is played by the blueprint). On a deck of fewer than four suits the hands
stay apart (a relabelling would leave the deck).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ...blueprint import Blueprint
from ...draws import Range
from ...game.actions import ActionKind
from ..belief_states.public import Step
from ..best_response import Tables
from ..comparison import last_round_profile, read_line
from ..problem import LastRound, last_round
from ..ranges import hand_classes

K = ActionKind
Floats = npt.NDArray[np.float64]
_LETTER = {K.CHECK: "k", K.CALL: "c", K.BET: "b", K.RAISE: "r", K.FOLD: "f"}


def line_of(steps: tuple[Step, ...]) -> str:
    """The public history as the comparison's line text ('rc/11/kk/12/bc/00')."""
    segments: list[str] = [""]
    drawing = False
    for step in steps:
        is_draw = step.kind is K.DRAW
        if is_draw != drawing:
            segments.append("")
            drawing = is_draw
        segments[-1] += str(step.count) if is_draw else _LETTER[step.kind]
    return "/".join(segments)


@cache
def _orbits() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    of_hand = hand_classes(True).of_hand
    return of_hand, np.bincount(of_hand)


def pooled(weights: Floats, cut: float, symmetric: bool = True) -> Floats:
    """``weights`` averaged over each suit orbit, less its lightest orbits of total weight at
    most ``cut`` of the whole (see the module); each hand alone when not ``symmetric`` (a deck
    of fewer than four suits, where relabelling suits leaves the deck)."""
    if not symmetric:
        alone = weights.copy()
        if cut > 0:
            order = np.argsort(alone, kind="stable")
            alone[order[np.cumsum(alone[order]) <= cut * alone.sum()]] = 0.0
        return alone
    of_hand, sizes = _orbits()
    per_orbit = np.bincount(of_hand, weights, minlength=len(sizes))
    if cut > 0:
        order = np.argsort(per_orbit, kind="stable")
        light = order[np.cumsum(per_orbit[order]) <= cut * per_orbit.sum()]
        per_orbit[light] = 0.0
    out: Floats = (per_orbit / sizes)[of_hand]
    return out


@dataclass
class RoundSpot:
    """A last round to re-solve: the ``problem`` (ranges, tree), the blueprint's profile of it
    (``blueprint_tables``), and the ``line`` it follows."""

    line: str
    problem: LastRound
    blueprint_tables: Tables


def round_spot(
    blueprint: Blueprint,
    steps: tuple[Step, ...],
    weights: tuple[Floats, Floats],
    pot: int,
    stacks: tuple[int, int],
    cut: float,
) -> RoundSpot:
    """The round after ``steps`` (a history up to the last round's start) from the beliefs
    ``weights`` there."""
    line = line_of(steps)
    ranges = [Range.from_vector(pooled(w, cut, blueprint.suits == 4)) for w in weights]
    problem = last_round(ranges, pot=pot, stacks=stacks, rules=blueprint.rules)
    tables = last_round_profile(blueprint, read_line(line, blueprint), problem)
    return RoundSpot(line, problem, tables)


__all__ = ["RoundSpot", "line_of", "pooled", "round_spot"]
