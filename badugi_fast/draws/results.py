"""What the draw functions return: each result says the draws, policy and cutting limits used."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .._badugi import lib
from ..cards import Card
from ..hands.naming import size_of_rank
from .html import equity_html, odds_html

RANK_SLOTS = lib.BF_NUM_RANKS + 1  # rank-indexed arrays: index 0 unused
SIZE_OF_RANK = np.array([0] + [size_of_rank(r) for r in range(1, RANK_SLOTS)])


@dataclass(frozen=True)
class DrawOdds:
    """How a hand finishes after its draws."""

    badugi: float  # probability of a four-card badugi at the end
    sizes: dict[int, float]  # probability of each final badugi size, 4 .. 1
    ranks: npt.NDArray[np.float64]  # ranks[r]: probability of final rank r (index 0 unused)
    discard: tuple[Card, ...]  # the first draw's discard
    exact: bool
    stderr: float | None = None  # of ``badugi``, for Monte Carlo
    badugi_fraction: Fraction | None = None  # ``badugi`` as an exact fraction, when exact
    trials: int | None = None
    paths: int | None = None
    draws: int = 0  # the draws played
    policy: str = "default"  # the policy that played them
    limits: tuple[int, int, int] | None = None  # the cutting limits (None: no cap)

    @property
    def expected_rank(self) -> float:
        return float((self.ranks * np.arange(len(self.ranks))).sum())

    def _repr_html_(self) -> str:
        """Jupyter's drawing, the web pages' too (``draws/html.py``): the badugi's odds, the
        discard, and the final size and rank as bar charts."""
        return odds_html(self)


@dataclass(frozen=True)
class Equity:
    """Each player's share of the pot: equity = win (alone) + tie (shares of split pots)."""

    equity: list[float]
    win: list[float]
    tie: list[float]
    exact: bool
    fractions: list[Fraction] | None = None  # equity as exact fractions, when exact
    stderr: list[float] | None = None  # of each equity, for Monte Carlo
    trials: int | None = None
    paths: int | None = None
    draws: int = 0
    policy: str = "default"
    limits: tuple[int, int, int] | None = None

    def _repr_html_(self) -> str:
        """Jupyter's drawing, the web pages' too (``draws/html.py``): each player's equity,
        sole wins and split-pot share, as a table and a bar chart."""
        return equity_html(self, [f"player {i}" for i in range(1, len(self.equity) + 1)])


@dataclass(frozen=True)
class DiscardOption:
    """One allowed discard, scored by best_discard's objective (higher ``value`` is better,
    except for ``"min-rank"``, whose value is the expected final rank)."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    value: float  # P(badugi), expected final rank, or equity: see best_discard
    exact: bool
    odds: DrawOdds | Equity
    stderr: float | None = None  # of ``value``, for Monte Carlo


class EquityMatrix(NamedTuple):
    """What ``equity_matrix`` returns: each hand's equity and its stderr (0 where exact), in
    the first range's hand order; a pair, so ``values, errors = equity_matrix(...)`` still
    unpacks it."""

    equity: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]


def odds_from_ranks(
    ranks: npt.NDArray[np.float64], discard: tuple[Card, ...], **fields: object
) -> DrawOdds:
    sizes = {size: float(ranks[SIZE_OF_RANK == size].sum()) for size in (4, 3, 2, 1)}
    return DrawOdds(sizes[4], sizes, ranks, discard, **fields)  # type: ignore[arg-type]


def exact_equity(shares: list[Fraction], wins: list[Fraction], paths: int, **stated: Any) -> Equity:
    """An exact Equity (``stated``: the draws, policy and limits behind it, when known)."""
    return Equity(
        [float(s) for s in shares],
        [float(w) for w in wins],
        [0.0 if s == w else float(s - w) for s, w in zip(shares, wins, strict=True)],
        exact=True,
        fractions=shares,
        paths=paths,
        **stated,
    )


def sampled_equity(
    share_sum: Sequence[float],
    square_sum: Sequence[float],
    won: Sequence[float],
    n: int,
    **stated: Any,
) -> Equity:
    """Monte Carlo equity from per-seat sums of the pot share, its square, and sole wins."""
    mean = [float(total) / n for total in share_sum]  # plain floats, whoever summed them
    wins = [float(count) / n for count in won]
    return Equity(
        mean,
        wins,
        [m - w for m, w in zip(mean, wins, strict=True)],
        exact=False,
        stderr=[sqrt(max(q / n - m * m, 0.0) / n) for q, m in zip(square_sum, mean, strict=True)],
        trials=n,
        **stated,
    )


def proportion_stderr(p: float, n: int) -> float:
    return sqrt(p * (1 - p) / n)
