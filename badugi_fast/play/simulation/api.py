"""``simulate`` and ``play_hands``: many hands between bots, played here (local.py: the C hand
loop, ``Game`` or the batched engine) or in blocks on an executor (blocks.py)."""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt

import numpy as np
import numpy.typing as npt

from ..._runtime.blocks import Executor
from ...game.bots import Bot
from ...game.rules import RuleSet
from .blocks import hand_sums_on, play_hands_on
from .local import BATCH, SimulationResult, check_play, choose_engine, play_here


def simulate(
    bots: Sequence[Bot],
    hands: int = 1000,
    seed: int | None = None,
    rules: RuleSet | None = None,
    *,
    stacks: int | Sequence[int] | None = None,
    progress: bool = False,
    engine: str = "auto",
    threads: int | None = None,
    executor: Executor = None,
) -> SimulationResult:
    """Play ``hands`` independent hands (1 .. 2**54), moving the button one seat clockwise each
    hand; each seat's profit per 100 hands with its standard error (NaN for one hand). Every
    seat starts each hand with ``stacks`` chips: one number for all or one per seat, by default
    100 big blinds (or antes). The deals follow ``seed`` (0 .. 2**64-1; None: a random one).
    ``engine``: "auto" plays in C when it can, "c" insists on it (ValueError when the bots or
    rules are not the C loop's), "python" plays every hand with ``Game``, "vector" in the
    batched engine, where a seat may be a vector policy (``vector.policies.vector_policy``;
    "auto" picks it for them) or a ThresholdBot. ``threads`` (C only; default: all cores from
    about 1,000 hands) never changes the results. A hand's
    length grows with stack / bet when bots raise each other without a cap (heads-up, or pot
    and no limit): keep stacks within a few thousand bets. ``executor``: a
    concurrent.futures Executor or a Dask Client plays the hands there in blocks, with the
    same results bit for bit (the bots must then pickle, and be pure functions of what they
    are shown); None plays them here."""
    seed, _, rules, _ = check_play(bots, 0, hands, seed, rules, stacks, engine)  # before any hand
    played_by = choose_engine(bots, rules, engine)

    # Exact integer sums over blocks: BATCH hands at a time here, or the executor's blocks.
    total, square = hand_sums_on(
        executor,
        bots,
        hands,
        seed,
        rules,
        stacks=stacks,
        engine=played_by,
        block=BATCH if executor is None else None,
        progress=progress,
        threads=threads,
    )
    return SimulationResult(
        hands,
        [100 * t / hands for t in total],
        [100 * standard_error(t, q, hands) for t, q in zip(total, square, strict=True)],
        rules.unit,
        played_by,
    )


def standard_error(total: int, square: int, n: int) -> float:
    """The standard error of the mean of n results from their exact sum and sum of squares:
    sqrt(s**2 / n) with the sample variance s**2 = (n * square - total**2) / (n * (n - 1)),
    the numerator worked out in whole numbers (no cancellation). NaN for one result, whose
    spread nothing measures."""
    if n < 2:
        return float("nan")
    return sqrt((n * square - total * total) / (n * n * (n - 1)))


def play_hands(
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int | None,
    rules: RuleSet | None = None,
    *,
    stacks: int | Sequence[int] | None = None,
    engine: str = "auto",
    threads: int | None = None,
    executor: Executor = None,
) -> npt.NDArray[np.int64]:
    """Chips won by each seat in hands ``first_hand`` .. ``first_hand + hands - 1`` of the
    seed's stream (None: a random seed), as an int64 array of shape (hands, seats): the per-hand
    results behind ``simulate``, for variance studies or to check one engine against the other.
    ``executor`` as in ``simulate``."""
    if executor is None:
        return play_here(
            bots, first_hand, hands, seed, rules, stacks=stacks, engine=engine, threads=threads
        )
    check_play(bots, first_hand, hands, seed, rules, stacks, engine)  # before any block is sent
    return play_hands_on(
        executor, bots, first_hand, hands, seed, rules, stacks=stacks, engine=engine
    )
