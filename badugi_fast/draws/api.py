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
from math import ceil
from typing import NamedTuple, TypeVar

import numpy as np

from .._runtime.blocks import Executor, as_executor
from ..cards import DECK, CardLike
from ..hands.evaluator import HandLike, fast_hand_ids
from .best import native as best
from .best import options as best_pass
from .checks import (
    Holding,
    card_set,
    check_apart,
    check_draws,
    check_run,
    first_discard,
    opponent_seats,
    seat_of,
    trials_or,
)
from .engine import native as engine
from .engine.blocks import tally_on
from .engine.fallback import python_equity, python_odds
from .limits import Limits, LimitsLike, check_limits
from .policies import optimal
from .policies.kept import caps_for
from .policies.policy import Policy, PolicyLike, break_above, to_policy
from .ranges import equity as ranges_equity
from .ranges.equity import ranged_equity
from .ranges.range import Range
from .results import DiscardOption, DrawOdds, Equity

DEFAULT_DRAWS = ranges_equity.DEFAULT_DRAWS  # a dealt hand in triple draw
DEFAULT_TRIALS = 1_000_000
MAX_SEATS = engine.MAX_SEATS
OBJECTIVES = optimal.OBJECTIVES
BEST_DISCARD_TRIALS = 30_000  # per option at most: a share in [0, 1] has stderr <= 0.5 / sqrt(n)
BEST_DISCARD_STDERR = 0.0029  # per option, by default: within the 0.003 target
PILOT_TRIALS = 8192  # the first trials of an option, which measure its spread
BEST_DISCARD_EXACT = 20_000  # plays per option before Monte Carlo (which costs about the same)

R = TypeVar("R", DrawOdds, Equity)


def _stated(result: R, draws: int, policy: Policy, limits: Limits | None) -> R:
    return replace(result, draws=draws, policy=policy.name, limits=limits)


class _Run(NamedTuple):
    """How to run the numbers: Monte Carlo trials and seed, the exact budget, threads, bar."""

    trials: int | None  # None: the default of the engine that runs
    seed: int | None
    max_exact: int
    threads: int | None
    progress: bool
    target_stderr: float | None = None  # Monte Carlo stops once seat 0's stderr is below it
    executor: Executor = None  # equity's trials in blocks there (equity_blocks.py); None: here
    scale_exact: bool = False  # best_discard: the default budget, larger against pat hands


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
    executor: Executor = None,
) -> DrawOdds:
    """How ``hand`` finishes after ``draws`` draws (0..3, default 3): P(four-card badugi), final
    sizes and ranks. Exact when the plays fit in ``max_exact`` (0 forces Monte Carlo), else
    ``trials`` Monte Carlo trials (default 1,000,000; reproducible for a ``seed`` whatever
    ``threads``). ``discard`` fixes the first draw's discard; later draws follow the policy.
    ``executor``, as in ``equity``, plays the Monte Carlo trials there in blocks, with the same
    tally bit for bit."""
    as_executor(executor)  # a wrong kind fails here, whichever way the odds are worked out
    ids = fast_hand_ids(hand)
    draws = check_draws(draws)
    check_run(seed, threads, max_exact, trials)
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
    elif executor is not None:  # blocks of trials there, the same tally (equity_blocks.py)
        tally = tally_on(executor, [ids], draws, [chosen], caps, dead_ids, first,
                         trials_or(trials, DEFAULT_TRIALS), seed, progress=progress)  # fmt: skip
        odds = engine.odds_from_tally(tally, thrown)
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
    executor: Executor = None,
) -> Equity:
    """Each player's share of the pot with ``draws`` draws to come (default 3; 2..8 players;
    ``None`` is a random hand). Exact when every hand is known and the plays fit in
    ``max_exact``, else Monte Carlo (``trials``, default 1,000,000; reproducible for a ``seed``
    whatever ``threads``). ``executor``, a concurrent.futures Executor or a Dask Client, plays
    the Monte Carlo trials there in blocks, with the same tally bit for bit."""
    as_executor(executor)  # a wrong kind fails here, whichever way the equity is worked out
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands (or None for a random hand)")
    if not 2 <= len(hands) <= MAX_SEATS:
        raise ValueError(f"equity needs 2 to {MAX_SEATS} players, got {len(hands)}")
    seats = [seat_of(hand) for hand in hands]
    draws = check_draws(draws)
    check_run(seed, threads, max_exact, trials)
    chosen = to_policy(policy)
    caps = check_limits(limits)
    dead_ids = card_set(dead, "dead cards")
    run = _Run(trials, seed, max_exact, threads, progress, executor=executor)
    return _stated(_equity(seats, draws, dead_ids, chosen, caps, run), draws, chosen, caps)


def _equity(
    players: list[Holding],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    caps: Limits | None,
    run: _Run,
    first: Sequence[int] | None = None,
    opponents_policy: Policy | None = None,
) -> Equity:
    theirs = policy if opponents_policy is None else opponents_policy
    policies = [policy] + [theirs] * (len(players) - 1)
    if any(isinstance(player, Range) for player in players):
        return ranged_equity(
            players, draws, dead, policies, caps, run.trials, run.seed, run.max_exact,
            run.threads, first,
        )  # fmt: skip
    seats = [player for player in players if not isinstance(player, Range)]  # all of them
    check_apart(seats, dead)
    if 52 - len(dead) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    if not (policy.in_c and theirs.in_c):
        if first is not None or theirs is not policy:
            raise ValueError("best_discard plays Python policies too slowly: use a C policy")
        return python_equity(seats, draws, dead, policy, caps, run.trials, run.seed)
    spec = engine.Spec(seats, draws, policies, caps, dead, first)
    known = all(seat is not None for seat in seats)
    exact = engine.exact_counts(spec, run.max_exact) if known else None
    if exact is not None:
        return engine.equity_from_exact(exact, len(seats), 52 - 4 * len(seats) - len(dead))
    trials = trials_or(run.trials, DEFAULT_TRIALS)
    if run.executor is not None:  # blocks of trials there, the same tally (equity_blocks.py)
        tally = tally_on(run.executor, seats, draws, policies, caps, dead, first, trials, run.seed,
                         progress=run.progress)  # fmt: skip
        return engine.equity_from_tally(tally, len(seats))
    if run.target_stderr is None or run.seed is None:
        tally = engine.simulate(spec, trials, run.seed, run.threads, run.progress)
        return engine.equity_from_tally(tally, len(seats))
    # A pilot run, then as many more trials (of the same stream) as its spread asks for.
    pilot = min(PILOT_TRIALS, trials)
    tally = engine.simulate(spec, pilot, run.seed, run.threads, run.progress)
    spread = engine.equity_from_tally(tally, len(seats)).stderr or [0.0]
    needed = min(trials, ceil(pilot * (spread[0] / run.target_stderr) ** 2))
    if needed > pilot:
        engine.simulate(spec, needed - pilot, run.seed, run.threads, False, pilot, tally)
    return engine.equity_from_tally(tally, len(seats))


def best_discard(
    hand: HandLike,
    draws: int = DEFAULT_DRAWS,
    *,
    opponents: Sequence[HandLike | None] | None = None,
    objective: str = "max-equity",
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    opponent_policy: PolicyLike = None,
    limits: LimitsLike = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> list[DiscardOption]:
    """Every allowed discard, best first. Our later draws follow ``policy`` (default: the
    objective's solved table), the opponents' ``opponent_policy`` (default: the default policy).

    With ``opponents`` (hands, ``None`` for a random hand, ranges or range text) the value is
    our equity against them, exact when an option's plays fit in ``max_exact`` (default 20,000;
    1,000,000 when every opponent is a known hand that stands pat, where our last draw is
    counted in a tight loop), else Monte Carlo on the same cards for every option (common
    random numbers), with its stderr: ``trials`` per option, or by default as many as bring the
    stderr below 0.003 (at most 30,000). Every option is evaluated in one pass in C
    (draws/best.py); a table too full for that (a reshuffle could happen) plays the options one
    by one.
    Without opponents the value is the ``objective``'s: ``"max-badugi"`` the chance of a
    four-card badugi, ``"min-rank"`` the expected final rank (lower is better), ``"max-equity"``
    the equity against a random hand; in the table model (exact, instant) when no cards are dead
    and our draws follow the objective's table, else by the draw engine."""
    ids = fast_hand_ids(hand)
    draws = check_draws(draws)
    if draws == 0:
        raise ValueError("best_discard needs at least one draw")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    seats = None if opponents is None else [ids, *opponent_seats(opponents, MAX_SEATS - 1)]
    exact_budget = BEST_DISCARD_EXACT if max_exact is None else max_exact
    check_run(seed, threads, exact_budget, trials)
    ours = to_policy(objective if policy is None else policy)
    theirs = to_policy(opponent_policy)
    caps = check_limits(limits)
    dead_ids = card_set(dead, "dead cards")
    check_apart(seats or [ids], dead_ids)
    if seats is None and not dead_ids and ours.objective == objective:
        return _table_model_options(ids, draws, objective, ours, caps)
    if seats is None:
        if objective != "max-equity":
            return _engine_options(ids, draws, objective, ours, caps, dead_ids, exact_budget)
        seats = [ids, None]
    seed = secrets.randbits(64) if seed is None else seed  # common random numbers
    target = BEST_DISCARD_STDERR if trials is None else None  # given trials: exactly those
    run = _Run(trials_or(trials, BEST_DISCARD_TRIALS), seed, exact_budget, threads, progress,
               target, scale_exact=max_exact is None)  # fmt: skip
    discards = _discards(ids, caps, draws)
    matchup = best_pass.Matchup(seats, draws, dead_ids, ours, theirs, caps)
    results = _options_in_one_pass(matchup, discards, run)
    options = []
    for thrown, found in zip(discards, results, strict=True):
        stated = (found.draws, found.policy, found.limits) == (draws, ours.name, caps)
        result = found if stated else _stated(found, draws, ours, caps)
        stderr = None if result.stderr is None else result.stderr[0]
        options.append(_option(ids, thrown, result.equity[0], result.exact, result, stderr))
    return _ranked(options, higher_is_better=True)


def _options_one_by_one(
    matchup: best_pass.Matchup, discards: Sequence[tuple[int, ...]], run: _Run
) -> list[Equity]:
    """Each option by the draw engine on its own (the reference the one-pass path is tested
    against, and the path for ranges and for tables too full for common random numbers), with
    one progress bar over the options."""
    seats, draws, dead, ours, theirs, caps = matchup
    quiet = run._replace(progress=False)
    bar = (
        engine.progress_bar(len(discards), "option", best.PROGRESS_DELAY) if run.progress else None
    )
    found = []
    try:
        for thrown in discards:
            found.append(_equity(seats, draws, dead, ours, caps, quiet, thrown, theirs))
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return found


def _options_in_one_pass(
    matchup: best_pass.Matchup, discards: Sequence[tuple[int, ...]], run: _Run
) -> list[Equity]:
    """Every option in C at once (draws/best_pass.py); the engine option by option where that
    path cannot go."""
    if not (matchup.ours.in_c and matchup.theirs.in_c):
        return _options_one_by_one(matchup, discards, run)
    return best_pass.options_in_one_pass(
        matchup, discards, run, lambda some: _options_one_by_one(matchup, some, run)
    )


def _discards(ids: Sequence[int], caps: Limits | None, draws: int) -> list[tuple[int, ...]]:
    cap = caps_for(caps, draws)[0]
    return [thrown for size in range(cap + 1) for thrown in combinations(ids, size)]


def _option(
    ids: Sequence[int],
    thrown: Sequence[int],
    value: float,
    exact: bool,
    result: DrawOdds | Equity,
    stderr: float | None,
) -> DiscardOption:
    return DiscardOption(
        tuple(DECK[c] for c in thrown),
        tuple(DECK[c] for c in ids if c not in thrown),
        value,
        exact,
        result,
        stderr,
    )


def _ranked(options: list[DiscardOption], higher_is_better: bool) -> list[DiscardOption]:
    """Best first; ties (within 1e-12) to fewer cards thrown, then the lowest thrown ids."""
    sign = -1 if higher_is_better else 1

    def key(option: DiscardOption) -> tuple[float, int, tuple[int, ...]]:
        return (round(sign * option.value, 12), len(option.discard), tuple(option.discard))

    return sorted(options, key=key)


def _table_model_options(
    ids: tuple[int, int, int, int],
    draws: int,
    objective: str,
    policy: Policy,
    caps: Limits | None,
) -> list[DiscardOption]:
    """Each discard's expected value in the table model, from the solved V_{draws-1}."""
    solved = optimal.named(objective, caps or optimal.NO_LIMITS)
    by_mask = optimal.option_values(solved.values[draws - 1], ids)
    order = sorted(ids)
    options = []
    for thrown in _discards(ids, caps, draws):
        value = float(by_mask[sum(1 << order.index(c) for c in thrown)])
        value = -value if objective == "min-rank" else value
        odds = DrawOdds(0.0, {}, np.zeros(0), tuple(DECK[c] for c in thrown), True)
        odds = _stated(odds, draws, policy, caps)
        options.append(_option(ids, thrown, value, True, odds, None))
    return _ranked(options, higher_is_better=objective != "min-rank")


def _engine_options(
    ids: tuple[int, int, int, int],
    draws: int,
    objective: str,
    policy: Policy,
    caps: Limits | None,
    dead: frozenset[int],
    max_exact: int,
) -> list[DiscardOption]:
    """Each discard's P(badugi) or expected rank by the draw engine (dead cards known)."""
    options = []
    for thrown in _discards(ids, caps, draws):
        odds = draw_odds(
            ids, draws, discard=thrown, dead=sorted(dead), policy=policy, limits=caps,
            max_exact=max_exact, seed=0,
        )  # fmt: skip
        value = odds.badugi if objective == "max-badugi" else odds.expected_rank
        stderr = odds.stderr if objective == "max-badugi" else None
        options.append(_option(ids, thrown, value, odds.exact, odds, stderr))
    return _ranked(options, higher_is_better=objective == "max-badugi")


__all__ = [
    "DiscardOption",
    "DrawOdds",
    "Equity",
    "best_discard",
    "break_above",
    "draw_odds",
    "equity",
]
