"""Draw odds, the best discard, and equity with draws still to come: the public functions.

Policies the C engine plays (the default, ``break_above``) run in C: exact enumeration when it
fits in ``max_exact`` plays, else Monte Carlo over threads. Python callables run in the Python
model (draws/model.py), which also specifies the rules. Every parameter after the hand(s) and
``draws`` is keyword-only, with the same name and meaning in all three functions; every result
says the draws, the policy and the cutting limits it used.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import TypeVar

from ..cards import DECK, CardLike, hand_ids
from ..hands.evaluator import HandLike
from . import _engine as engine
from ._checks import (
    Limits,
    LimitsLike,
    Player,
    card_set,
    check_apart,
    check_draws,
    check_limits,
    check_run,
    first_discard,
    opponent_seats,
    seat_of,
    trials_or,
)
from ._fallback import python_equity, python_odds
from .kept import caps_for
from .policy import Policy, PolicyLike, break_above, to_policy
from .range_equity import ranged_equity
from .ranges import Range
from .results import DiscardOption, DrawOdds, Equity

DEFAULT_DRAWS = 3  # a dealt hand in triple draw
DEFAULT_TRIALS = 1_000_000
MAX_SEATS = engine.MAX_SEATS
OBJECTIVES = ("badugi", "rank")

R = TypeVar("R", DrawOdds, Equity)


def _stated(result: R, draws: int, policy: Policy, limits: Limits | None) -> R:
    return replace(result, draws=draws, policy=policy.name, limits=limits)


def draw_odds(
    hand: HandLike,
    draws: int = DEFAULT_DRAWS,
    *,
    discard: str | Sequence[CardLike] | None = None,
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: LimitsLike = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int = 10**8,
    threads: int | None = None,
    progress: bool = False,
) -> DrawOdds:
    """How ``hand`` finishes after ``draws`` draws (0..3, default 3): P(four-card badugi), final
    sizes and ranks. Exact when the plays fit in ``max_exact`` (0 forces Monte Carlo), else
    ``trials`` Monte Carlo trials (default 1,000,000; reproducible for a ``seed`` whatever
    ``threads``). ``discard`` fixes the first draw's discard; later draws follow the policy."""
    ids = hand_ids(hand)
    draws = check_draws(draws)
    check_run(seed, threads, max_exact)
    dead_ids = card_set(dead, "dead cards")
    check_apart([ids], dead_ids)
    chosen = to_policy(policy)
    caps = check_limits(limits)
    first = first_discard(ids, discard, draws, caps)
    if not chosen.in_c:
        odds = python_odds(ids, draws, first, dead_ids, chosen, caps, trials, seed)
        return _stated(odds, draws, chosen, caps)
    spec = engine.Spec([ids], draws, [chosen], caps, dead_ids, first)
    thrown = engine.thrown_cards(ids, spec.first_throw())
    exact = engine.exact_counts(spec, max_exact)
    if exact is not None:
        odds = engine.odds_from_exact(exact, thrown, 52 - 4 - len(dead_ids))
    else:
        tally = engine.simulate(spec, trials_or(trials, DEFAULT_TRIALS), seed, threads, progress)
        odds = engine.odds_from_tally(tally, thrown)
    return _stated(odds, draws, chosen, caps)


def equity(
    hands: Sequence[HandLike | None],
    draws: int = DEFAULT_DRAWS,
    *,
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: LimitsLike = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int = 10**8,
    threads: int | None = None,
    progress: bool = False,
) -> Equity:
    """Each player's share of the pot with ``draws`` draws to come (default 3; 2..8 players;
    ``None`` is a random hand). Exact when every hand is known and the plays fit in
    ``max_exact``, else Monte Carlo (``trials``, default 1,000,000; reproducible for a ``seed``
    whatever ``threads``)."""
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands (or None for a random hand)")
    if not 2 <= len(hands) <= MAX_SEATS:
        raise ValueError(f"equity needs 2 to {MAX_SEATS} players, got {len(hands)}")
    seats = [seat_of(hand) for hand in hands]
    draws = check_draws(draws)
    check_run(seed, threads, max_exact)
    chosen = to_policy(policy)
    caps = check_limits(limits)
    dead_ids = card_set(dead, "dead cards")
    result = _equity(
        seats, draws, dead_ids, chosen, caps, trials, seed, max_exact, threads, progress
    )
    return _stated(result, draws, chosen, caps)


def _equity(
    players: list[Player],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    caps: Limits | None,
    trials: int | None,
    seed: int | None,
    max_exact: int,
    threads: int | None,
    progress: bool,
    first: Sequence[int] | None = None,
    opponents_policy: Policy | None = None,
) -> Equity:
    policies = [policy] + [opponents_policy or policy] * (len(players) - 1)
    if any(isinstance(player, Range) for player in players):
        return ranged_equity(
            players, draws, dead, policies, caps, trials, seed, max_exact, threads, first
        )
    seats = [player for player in players if not isinstance(player, Range)]  # all of them
    check_apart(seats, dead)
    if 52 - len(dead) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    if not policy.in_c:
        return python_equity(seats, draws, dead, policy, caps, trials, seed)
    spec = engine.Spec(seats, draws, policies, caps, dead, first)
    known = all(seat is not None for seat in seats)
    exact = engine.exact_counts(spec, max_exact) if known else None
    if exact is not None:
        return engine.equity_from_exact(exact, len(seats), 52 - 4 * len(seats) - len(dead))
    tally = engine.simulate(spec, trials_or(trials, DEFAULT_TRIALS), seed, threads, progress)
    return engine.equity_from_tally(tally, len(seats))


def best_discard(
    hand: HandLike,
    draws: int = DEFAULT_DRAWS,
    *,
    opponents: Sequence[HandLike | None] | None = None,
    objective: str = "badugi",
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: LimitsLike = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int = 10**8,
    threads: int | None = None,
    progress: bool = False,
) -> list[DiscardOption]:
    """All allowed discards, best first, by ``objective``: ``"badugi"`` (the probability of
    finishing with a four-card badugi), ``"rank"`` (the expected final rank, lower is better),
    or, with ``opponents`` (hands, ``None`` for a random hand), equity against them (they draw
    by the default policy). Later draws follow ``policy``. Every option is scored on the same
    cards (one seed for all), so their order does not move with sampling noise."""
    ids = hand_ids(hand)
    draws = check_draws(draws)
    if draws == 0:
        raise ValueError("best_discard needs at least one draw")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    seats = None if opponents is None else [ids, *opponent_seats(opponents, MAX_SEATS - 1)]
    if seats is not None and objective != "badugi":
        raise ValueError("with opponents the objective is equity: leave objective unset")
    check_run(seed, threads, max_exact)
    chosen = to_policy(policy)
    caps = check_limits(limits)
    dead_ids = card_set(dead, "dead cards")
    check_apart(seats or [ids], dead_ids)
    seed = secrets.randbits(64) if seed is None else seed  # common random numbers
    options = []
    for size in range(caps_for(caps, draws)[0] + 1):
        for thrown in combinations(ids, size):
            result: DrawOdds | Equity
            if seats is not None:
                result = _equity(
                    seats, draws, dead_ids, chosen, caps, trials, seed, max_exact, threads,
                    progress, first=thrown, opponents_policy=Policy(),
                )  # fmt: skip
                value, score, stderr = result.equity[0], -result.equity[0], result.stderr
                result = _stated(result, draws, chosen, caps)
            else:
                result = draw_odds(
                    ids, draws, discard=thrown, dead=sorted(dead_ids), policy=chosen, limits=caps,
                    trials=trials, seed=seed, max_exact=max_exact, threads=threads,
                )  # fmt: skip
                value = result.badugi if objective == "badugi" else result.expected_rank
                score = -value if objective == "badugi" else value
                stderr = [result.stderr] if result.stderr is not None else None
            option = DiscardOption(
                tuple(DECK[c] for c in thrown),
                tuple(DECK[c] for c in ids if c not in thrown),
                value,
                result.exact,
                result,
                None if stderr is None or objective == "rank" else stderr[0],
            )
            options.append((score, size, thrown, option))
    options.sort(key=lambda option: option[:3])
    return [option[3] for option in options]


__all__ = [
    "DiscardOption",
    "DrawOdds",
    "Equity",
    "best_discard",
    "break_above",
    "draw_odds",
    "equity",
]
