"""Policies the C engine cannot play (Python callables, "best"), played by the Python model:
exact for known hands and at most one draw, else Monte Carlo at Python speed."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ...cards import DECK
from ...hands.evaluator import evaluate
from ...hands.naming import size_of_rank
from ..checks import Seat, trials_or
from ..limits import Limits
from ..policies.kept import caps_for
from ..policies.policy import Player, Policy
from ..results import (
    RANK_SLOTS,
    SIZE_OF_RANK,
    DrawOdds,
    Equity,
    exact_equity,
    odds_from_ranks,
    proportion_stderr,
    sampled_equity,
)
from . import reference as model

PYTHON_TRIALS = 20_000  # Monte Carlo trials for Python policies, which run about 100x slower


def _rng(seed: int | None) -> random.Random:
    return random.Random(secrets.randbits(64) if seed is None else seed)


def python_odds(
    ids: Sequence[int],
    draws: int,
    first: tuple[int, ...] | None,
    dead: frozenset[int],
    policy: Policy,
    caps: Limits | None,
    trials: int | None,
    seed: int | None,
) -> DrawOdds:
    """draw_odds for a Python policy."""
    player = Player.dealt(ids, dead)
    cap = caps_for(caps, draws)[0] if draws else 4
    thrown = first if first is not None else (policy.throw(player, draws, cap) if draws else ())
    discard = tuple(DECK[c] for c in thrown)
    if draws <= 1:
        ranks = np.zeros(RANK_SLOTS)
        plays = model.enumerate_draws([ids], draws, dead, policy, caps, first_throw=thrown)
        for weight, (final,) in plays:
            ranks[evaluate(final)] += float(weight)
        fraction = sum((w for w, (f,) in plays if size_of_rank(evaluate(f)) == 4), Fraction(0))
        return odds_from_ranks(
            ranks, discard, exact=True, badugi_fraction=fraction, paths=len(plays)
        )
    n = trials_or(trials, PYTHON_TRIALS)
    rng = _rng(seed)
    counts = np.zeros(RANK_SLOTS)
    for _ in range(n):
        (final,) = model.simulate_draws([ids], draws, dead, policy, caps, rng, thrown)
        counts[evaluate(final)] += 1
    ranks = counts / n
    p = float(ranks[SIZE_OF_RANK == 4].sum())
    return odds_from_ranks(ranks, discard, exact=False, stderr=proportion_stderr(p, n), trials=n)


def python_equity(
    seats: list[Seat],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    caps: Limits | None,
    trials: int | None,
    seed: int | None,
) -> Equity:
    """equity for a Python policy."""
    n_seats = len(seats)
    known = [s for s in seats if s is not None]
    if len(known) == n_seats and draws <= 1:
        plays = model.enumerate_draws(known, draws, dead, policy, caps)
        shares = [Fraction(0)] * n_seats
        wins = [Fraction(0)] * n_seats
        for weight, finals in plays:
            split = model.showdown_shares([evaluate(f) for f in finals])
            for p in range(n_seats):
                shares[p] += weight * split[p]
                wins[p] += weight if split[p] == 1 else 0
        return exact_equity(shares, wins, len(plays))
    n = trials_or(trials, PYTHON_TRIALS)
    rng = _rng(seed)
    total = np.zeros(n_seats)
    square = np.zeros(n_seats)
    won = np.zeros(n_seats)
    for _ in range(n):
        finals = model.simulate_draws(seats, draws, dead, policy, caps, rng)
        pot = np.array([float(s) for s in model.showdown_shares([evaluate(f) for f in finals])])
        total += pot
        square += pot**2
        won += pot == 1
    return sampled_equity(list(total), list(square), list(won), n)
