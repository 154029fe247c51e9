"""Optimal draw policies, solved in C over all 270,725 hands (csrc/draws/optimal.c).

The table model: a player holds a hand with d draws to come; replacements come uniformly from
the 48 cards not in the hand (one's earlier discards, the dead cards and the other players'
cards are ignored). An objective is a utility u over the 1,092 final ranks; V_0 = u(rank) and
V_d(h) = max over the allowed discards of E[V_{d-1}(h - D + replacements)]. Values within 1e-12
of the utility's spread (its largest value less its smallest) tie; ties go to fewer cards
thrown, then to the lexicographically smallest kept ids. The solver works on the utility scaled
to 0 .. 1 (the values are scaled back), so any positive affine change of a utility, a * u + b
with a > 0, gives the same policy: only the order of expected utilities matters, and a tie
tolerance in the utility's own units would make 1e-13 * u a different, worse policy than u (and
u + 10**4 lose ties to rounding). A utility with no spread says nothing to choose by: refused.

Named objectives:
- ``"max-badugi"``: u = 1 for a four-card badugi, else 0;
- ``"min-rank"``: u = -rank, the least expected final rank;
- ``"max-equity"``: heads-up, u_d(r) = P(R > r) + P(R = r) / 2, where R is the final rank of a
  uniform random hand after d draws by the default policy in the table model (each draw as if
  the hand were just dealt), with no card removal between the two hands. The table for d draws
  to come is solved with u_d.

A table takes 0.1 s a level to solve, so the tables are solved on first use and kept (the
solver is deterministic; tests pin the sha256 of its output). When a policy is played by the
exact engine or Monte Carlo, the real stub is used (one's own discards and the other hands are
out of it): the table is a decision rule there, and its value is the engine's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from numbers import Real

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ...errors import shown
from ...hands.evaluator import evaluate_many
from ...hands.universe import colex_hands
from ..limits import Limits, LimitsLike, check_limits

OBJECTIVES = ("max-badugi", "min-rank", "max-equity")
NUM_HANDS: int = lib.BF_NUM_HANDS
NUM_RANKS: int = lib.BF_NUM_RANKS
MAX_DRAWS: int = lib.BF_MAX_DRAWS
NO_LIMITS: Limits = (4, 4, 4)
FOUR_CARD_RANKS = 715


@dataclass(frozen=True, eq=False)
class Solved:
    """A solved policy: the discard of every hand for 1 .. ``draws`` draws to come, and values.

    ``values[d][i]`` is V_d of the hand of colex index i (d = 0 .. draws)."""

    name: str
    draws: int
    limits: Limits
    table: bytes = field(repr=False)
    ties: bytes = field(repr=False)  # uint16 masks of the discards tied with each choice
    values: npt.NDArray[np.float64] = field(repr=False)

    def sha256(self) -> str:
        """The digest of the discards (the table's levels 1 .. draws)."""
        return hashlib.sha256(self.table[: self.draws * NUM_HANDS]).hexdigest()


@dataclass(frozen=True)
class Scale:
    """A utility u as ``top * (low + spread * unit)`` with unit spanning 0 .. 1 exactly: u is
    divided by its largest magnitude first, so that the spread of finite numbers such as -1e308
    and 1e308 does not overflow."""

    unit: npt.NDArray[np.float64]
    low: float
    spread: float
    top: float

    @classmethod
    def of(cls, u: npt.NDArray[np.float64]) -> Scale:
        top = float(np.abs(u).max())
        scaled = u / top if top > 0 else u
        low, spread = float(scaled.min()), float(scaled.max() - scaled.min())
        if not spread > 0:
            raise ValueError(
                "the utility has no spread: every rank is worth the same, so no discard is"
                " better than another"
            )
        return cls(np.ascontiguousarray((scaled - low) / spread), low, spread, top)

    def back(self, values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Values of the unit utility in the units of u."""
        return (values * self.spread + self.low) * self.top


def _caps(limits: Limits) -> object:
    return ffi.new("uint8_t[3]", list(limits))


def solve(utility: npt.ArrayLike, draws: int, limits: Limits, name: str = "custom") -> Solved:
    """Solve levels 1 .. draws for a utility over ranks (``utility[r - 1]`` for rank r), scaled
    to 0 .. 1 for the C solver (whose tie tolerance is absolute) and its values scaled back."""
    scale = Scale.of(np.asarray(utility, dtype=np.float64))
    table = bytearray(lib.BF_POLICY_TABLE_LEN)
    ties = np.zeros(lib.BF_POLICY_TABLE_LEN, dtype=np.uint16)
    values = np.zeros((draws + 1, NUM_HANDS))
    status = lib.bf_optimal_policy(
        ffi.from_buffer("double[]", scale.unit),
        draws,
        _caps(limits),
        ffi.from_buffer("uint8_t[]", table),
        ffi.from_buffer("uint16_t[]", ties),
        ffi.from_buffer("double[]", values),
    )
    if status != 0:
        raise ValueError("the utility must be 1,092 finite numbers")  # checked before; C too
    return Solved(name, draws, limits, bytes(table), ties.tobytes(), scale.back(values))


def default_table(limits: Limits) -> bytes:
    """The default policy as a table (each hand as if just dealt), for the table model."""
    table = bytearray(lib.BF_POLICY_TABLE_LEN)
    lib.bf_optimal_default_table(_caps(limits), ffi.from_buffer("uint8_t[]", table))
    return bytes(table)


def forward(
    table: bytes, draws: int, limits: Limits, start: npt.ArrayLike
) -> npt.NDArray[np.float64]:
    """A distribution over hands (by colex index) after ``draws`` draws of a table."""
    begin = np.ascontiguousarray(start, dtype=np.float64)
    end = np.zeros(NUM_HANDS)
    lib.bf_optimal_forward(
        ffi.from_buffer("uint8_t[]", table),
        draws,
        _caps(limits),
        ffi.from_buffer("double[]", begin),
        ffi.from_buffer("double[]", end),
    )
    return end


def rank_distribution(hands: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """P(final rank = r) at index r - 1, from a distribution over hands."""
    counts = np.bincount(hand_ranks(), weights=hands, minlength=NUM_RANKS + 1)
    return np.asarray(counts[1:], dtype=np.float64)


@lru_cache(maxsize=1)
def hand_ranks() -> npt.NDArray[np.intp]:
    """Every hand's rank, in table order (computed once, on first use)."""
    return evaluate_many(colex_hands()).astype(np.intp)


def default_final_ranks(draws: int, limits: Limits) -> npt.NDArray[np.float64]:
    """R's distribution: a uniform random hand after ``draws`` draws by the default policy."""
    uniform = np.full(NUM_HANDS, 1.0 / NUM_HANDS)
    return rank_distribution(forward(default_table(limits), draws, limits, uniform))


def equity_utility(opponent: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """u(r) = P(R > r) + P(R = r) / 2 for the opponent's final-rank distribution."""
    p = np.asarray(opponent, dtype=np.float64)
    worse = p[::-1].cumsum()[::-1] - p  # P(R > r)
    return worse + p / 2


def utility_of(
    objective: str, draws: int = MAX_DRAWS, limits: Limits = NO_LIMITS
) -> npt.NDArray[np.float64]:
    ranks = np.arange(1, NUM_RANKS + 1)
    if objective == "max-badugi":
        return np.asarray(ranks <= FOUR_CARD_RANKS, dtype=np.float64)
    if objective == "min-rank":
        return np.asarray(-ranks, dtype=np.float64)
    return equity_utility(default_final_ranks(draws, limits))


@lru_cache(maxsize=8)
def named(objective: str, limits: Limits) -> Solved:
    """The named objective's policy for all three draw counts (solved on first use)."""
    if objective != "max-equity":
        return solve(utility_of(objective), MAX_DRAWS, limits, objective)
    table = bytearray(lib.BF_POLICY_TABLE_LEN)
    ties = bytearray(2 * lib.BF_POLICY_TABLE_LEN)
    values = np.zeros((MAX_DRAWS + 1, NUM_HANDS))
    values[0] = utility_of(objective, MAX_DRAWS, limits)[hand_ranks() - 1]
    for d in range(1, MAX_DRAWS + 1):  # the table for d draws to come is solved with u_d
        level = solve(utility_of(objective, d, limits), d, limits)
        start = (d - 1) * NUM_HANDS
        table[start : start + NUM_HANDS] = level.table[start : start + NUM_HANDS]
        ties[2 * start : 2 * (start + NUM_HANDS)] = level.ties[2 * start : 2 * (start + NUM_HANDS)]
        values[d] = level.values[d]
    return Solved(objective, MAX_DRAWS, limits, bytes(table), bytes(ties), values)


def option_values(level: npt.NDArray[np.float64], hand: Sequence[int]) -> npt.NDArray[np.float64]:
    """E[V] of every discard of a hand from one level of values (index: a mask over the hand's
    cards sorted by id)."""
    out = np.zeros(16)
    status = lib.bf_optimal_options(
        ffi.from_buffer("double[]", np.ascontiguousarray(level)),
        bytes(hand),
        ffi.from_buffer("double[]", out),
    )
    if status != 0:
        raise ValueError(f"not a hand: {list(hand)}")
    return out


def check_utility(utility: object) -> npt.NDArray[np.float64]:
    """1,092 finite real numbers with some spread: an int, float or numpy real each (bools count
    as 0 and 1), never text that reads as a number nor a complex number, which numpy would
    quietly convert or truncate."""
    if isinstance(utility, str | bytes) or not isinstance(utility, Sequence | np.ndarray):
        raise TypeError("utility is a sequence of 1,092 numbers: utility[r - 1] for rank r")
    if isinstance(utility, np.ndarray) and utility.dtype.kind in "biuf":
        u = utility.astype(np.float64)
    else:
        items = list(utility.ravel()) if isinstance(utility, np.ndarray) else list(utility)
        numbers = []
        for r, item in enumerate(items):
            if not isinstance(item, Real | np.bool_):
                raise TypeError(f"utility[{r}] (rank {r + 1}) is {shown(item)}, not a real number")
            try:
                numbers.append(float(item))
            except OverflowError:
                raise ValueError(f"utility[{r}] (rank {r + 1}) is not a finite number") from None
        u = np.asarray(numbers, dtype=np.float64).reshape(np.shape(utility))
    if u.shape != (NUM_RANKS,):
        raise ValueError(f"utility needs one value per rank, 1,092 in all, got shape {u.shape}")
    if not np.isfinite(u).all():
        bad = int(np.flatnonzero(~np.isfinite(u))[0])
        raise ValueError(f"utility[{bad}] (rank {bad + 1}) is not a finite number")
    Scale.of(u)  # refuses a utility with no spread
    return u


def solve_custom(utility: object, draws: object, limits: LimitsLike) -> Solved:
    """optimal_policy's work: checks, then the C solver."""
    from ..._runtime.validate import whole

    u = check_utility(utility)
    n = whole("draws", draws, 1, MAX_DRAWS)
    caps = check_limits(limits) or NO_LIMITS
    return solve(u, n, caps, "optimal")
