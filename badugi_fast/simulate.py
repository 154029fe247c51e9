"""Many hands between bots: profit per seat per 100 hands, with its standard error."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

from .bots import Bot
from .engine import MAX_SEATS, MIN_SEATS, Game, IllegalActionError, KoreanRules, Rules


@dataclass(frozen=True)
class SimulationResult:
    hands: int
    profit_per_100: list[float]  # chips won per seat per 100 hands
    stderr_per_100: list[float]  # the standard error of each
    big_blind: int

    @property
    def big_blinds_per_100(self) -> list[float]:
        return [p / self.big_blind for p in self.profit_per_100]


def simulate(
    bots: Sequence[Bot],
    hands: int = 1000,
    seed: int | None = None,
    rules: Rules | KoreanRules | None = None,
    *,
    stacks: int | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``hands`` independent hands (every seat starts each with ``stacks`` chips, default
    100 big blinds, or antes), moving the button one seat clockwise each hand. The deals
    follow ``seed``."""
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise ValueError(f"simulate takes {MIN_SEATS} to {MAX_SEATS} bots, got {len(bots)}")
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be a positive whole number, got {hands!r}")
    rules = rules or Rules()
    start = stacks if stacks is not None else 100 * rules.big_blind_amount
    seeds = random.Random(secrets.randbits(64) if seed is None else seed)
    seats = len(bots)
    total, square = [0.0] * seats, [0.0] * seats
    bar = _bar(hands) if progress else None
    for number in range(hands):
        game = Game([start] * seats, rules, button=number % seats, seed=seeds.getrandbits(64))
        while not game.done:
            seat = game.actor
            assert seat is not None
            action = bots[seat](game.view(seat))
            try:
                game.act(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"hand {number}, bot {seat}: {error}") from None
        for seat in range(seats):
            won = game.stacks[seat] - start
            total[seat] += won
            square[seat] += won * won
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    mean = [t / hands for t in total]
    variance = [max(q / hands - m * m, 0.0) for q, m in zip(square, mean, strict=True)]
    return SimulationResult(
        hands,
        [100 * m for m in mean],
        [100 * sqrt(v / hands) for v in variance],
        rules.big_blind_amount,
    )


def _bar(total: int) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, unit="hand", leave=False)
