"""Draw odds, the best discard, and equity with draws still to come.

The default and ``break_above`` policies run in C (exact enumeration when it fits in
``max_exact`` plays, else Monte Carlo over threads); ``"best"`` and Python callables run in the
Python model (badugi_fast/draw_model.py), which also specifies the rules.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import factorial, sqrt
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._threads import run_in_chunks, thread_count
from .._validate import below_2_64, check_seed, is_whole, whole
from ..cards import DECK, Card, CardLike, card_id, hand_ids, parse_cards, parse_rank
from ..hands.evaluator import HandLike, evaluate
from ..hands.naming import size_of_rank
from . import model as draw_model
from .model import Policy

MAX_SEATS: int = lib.BF_MAX_SEATS
DEFAULT_TRIALS = 1_000_000
PYTHON_TRIALS = 20_000  # Monte Carlo trials for Python policies, which run about 100x slower
PROGRESS_BATCH = 1 << 18  # trials between progress-bar updates
RANK_SLOTS = lib.BF_NUM_RANKS + 1  # rank-indexed arrays: index 0 unused
SIZE_OF_RANK = np.array([0] + [size_of_rank(r) for r in range(1, RANK_SLOTS)])

PolicyLike = None | str | Policy | Callable[..., Sequence[object]]


def break_above(rank: str | int) -> Policy:
    """The default policy, except that a four-card badugi whose top card ranks above ``rank``
    (text such as ``"8"``, ``"T"``, ``"10"``, or a face value 1 = ace ... 13 = king) throws it."""
    return Policy(break_above=parse_rank(rank))


def _policy(policy: PolicyLike) -> Policy:
    if policy is None or policy == "default":
        return Policy()
    if policy == "best":
        return Policy(best=True)
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, str):
        raise ValueError(
            f"unknown policy {policy!r}; use 'default', 'best', break_above(R) or a callable"
        )
    if callable(policy):
        return Policy(function=policy)
    raise TypeError(f"a policy is 'default', 'best', break_above(R) or a callable, not {policy!r}")


def _limits(limits: Sequence[int] | str | None) -> tuple[int, int, int] | None:
    """Cutting limits: three caps of 0..4 cards, e.g. (3, 2, 1) or "3-2-1"; None: no cap."""
    if limits is None:
        return None
    if isinstance(limits, str):
        parts: list[Any] = limits.replace(",", "-").split("-")
        try:
            parts = [int(part) for part in parts]
        except ValueError:
            raise ValueError(f"limits are three caps like '3-2-1', got {limits!r}") from None
    else:
        parts = list(limits)
    if len(parts) != 3 or not all(is_whole(p) for p in parts):
        raise ValueError(f"limits are three whole numbers like (3, 2, 1), got {limits!r}")
    if any(not 0 <= p <= 4 for p in parts):
        raise ValueError(f"each cutting limit is 0..4 cards, got {limits!r}")
    return parts[0], parts[1], parts[2]


def _draws(draws: int) -> int:
    return whole("draws", draws, 0, 3)


def _cards(cards: str | Sequence[CardLike] | None, what: str) -> frozenset[int]:
    if cards is None:
        return frozenset()
    ids = (
        [int(c) for c in parse_cards(cards)]
        if isinstance(cards, str)
        else [card_id(c) for c in cards]
    )
    for i, card in enumerate(ids):
        if card in ids[:i]:
            raise ValueError(f"{what}: {DECK[card]} is given twice")
    return frozenset(ids)


def _check_apart(hands: Sequence[Sequence[int] | None], dead: frozenset[int]) -> None:
    """No card may be in two hands, or in a hand and among the dead cards."""
    seen: dict[int, int] = {}
    for i, hand in enumerate(hands, start=1):
        for card in hand or ():
            if card in seen:
                raise ValueError(f"{DECK[card]} is in hand {seen[card]} and in hand {i}")
            seen[card] = i
    for card in sorted(dead):
        if card in seen:
            raise ValueError(f"{DECK[card]} is in hand {seen[card]} and in the dead cards")


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

    @property
    def expected_rank(self) -> float:
        return float((self.ranks * np.arange(len(self.ranks))).sum())


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


@dataclass(frozen=True)
class DiscardOption:
    """One of the 16 discards, scored by best_discard's objective."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    value: float  # P(badugi), expected final rank, or equity: see best_discard
    exact: bool
    odds: DrawOdds | Equity


def _spec(
    hands: Sequence[Sequence[int] | None],
    draws: int,
    policy: Policy,
    limits: tuple[int, int, int] | None,
    dead: frozenset[int],
    first_throw: Sequence[int] | None = None,
) -> Any:
    spec = ffi.new("bf_draw_spec *")
    spec.seats, spec.draws = len(hands), draws
    spec.break_above = -1 if policy.break_above is None else policy.break_above
    spec.first_throw = (
        -1
        if first_throw is None
        else sum(1 << i for i, card in enumerate(hands[0] or ()) if card in first_throw)
    )
    for i, cap in enumerate(draw_model.caps_for(limits, draws)):
        spec.caps[i] = cap
    for seat, hand in enumerate(hands):
        if hand is None:
            spec.random_seat[seat] = 1
        else:
            spec.hands[seat][0:4] = list(hand)
    spec.dead = sum(1 << card for card in dead)
    return spec


def _in_c(policy: Policy) -> bool:
    return policy.function is None and not policy.best


# An enumeration estimated at more than this many times max_exact plays is not tried (it would
# stop at max_exact and fall back to Monte Carlo): Knuth's estimate over ESTIMATE_PROBES random
# plays came within 10 % of the true count on the cases measured (tests/test_draws.py allows
# 50 %, as a guard against a broken estimator rather than a bound on its spread).
HOPELESS_FACTOR = 2
ESTIMATE_PROBES = 64


def _exact_counts(spec: Any, max_exact: int) -> Any | None:
    """Run the exact enumeration, or return None when it does not fit in max_exact plays."""
    if max_exact <= 0:
        return None
    estimate = lib.bf_draw_estimate_paths(spec, ESTIMATE_PROBES, 0)
    if estimate > HOPELESS_FACTOR * max_exact:
        return None
    exact = ffi.new("bf_draw_exact *")
    status = lib.bf_draw_enumerate(spec, max_exact, exact)
    if status in (lib.BF_DRAW_TOO_MANY, lib.BF_DRAW_STUB_SHORT):
        return None
    if status != 0:
        raise ValueError("invalid draw specification")  # validated above; C double-checks
    return exact


def _fraction(hi: Any, lo: Any, stub: int) -> Fraction:
    """Sum over m of count_m * (U - m)! / U!: the exact probability from counts by cards dealt."""
    total = Fraction(0)
    for m in range(lib.BF_MAX_DEALT):
        count = hi[m] << 64 | lo[m]
        if count:
            total += Fraction(count * factorial(stub - m), factorial(stub))
    return total


def _simulate(spec: Any, trials: int, seed: int | None, threads: int | None, progress: bool) -> Any:
    """Monte Carlo trials in C across threads, in batches (for the progress bar)."""
    seed = secrets.randbits(64) if seed is None else seed
    total = ffi.new("bf_draw_tally *")
    nthreads = thread_count(threads, trials)
    bar = _progress_bar(trials) if progress else None

    def work(first: int) -> Callable[[int, int], Any]:
        def run(lo: int, hi: int) -> Any:
            tally = ffi.new("bf_draw_tally *")
            if lib.bf_draw_simulate(spec, seed, first + lo, hi - lo, tally) != 0:
                raise ValueError("invalid draw specification")
            return tally

        return run

    batch = trials if bar is None else PROGRESS_BATCH
    for first in range(0, trials, batch):
        size = min(batch, trials - first)
        for _, _, tally in run_in_chunks(size, nthreads, work(first)):
            _add_tally(total, tally)
        if bar is not None:
            bar.update(size)
    if bar is not None:
        bar.close()
    return total


def _progress_bar(total: int) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, unit="trial", unit_scale=True, leave=False)


def _add_tally(total: Any, part: Any) -> None:
    total.trials += part.trials
    for p in range(MAX_SEATS):
        total.share[p] += part.share[p]
        total.share_sq[p] += part.share_sq[p]
        total.wins[p] += part.wins[p]
        total.ties[p] += part.ties[p]
    ranks = np.frombuffer(ffi.buffer(total.ranks), dtype=np.uint64)
    ranks += np.frombuffer(ffi.buffer(part.ranks), dtype=np.uint64)


def _odds_from_ranks(
    ranks: npt.NDArray[np.float64], discard: tuple[Card, ...], **fields: Any
) -> DrawOdds:
    sizes = {size: float(ranks[SIZE_OF_RANK == size].sum()) for size in (4, 3, 2, 1)}
    return DrawOdds(sizes[4], sizes, ranks, discard, **fields)


def draw_odds(
    hand: HandLike,
    draws: int = 1,
    discard: str | Sequence[CardLike] | None = None,
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: Sequence[int] | str | None = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int = 10**8,
    *,
    threads: int | None = None,
    progress: bool = False,
) -> DrawOdds:
    """How ``hand`` finishes after ``draws`` draws (0..3): P(four-card badugi), final sizes and
    ranks. Exact when the plays fit in ``max_exact`` (0 forces Monte Carlo), else ``trials``
    Monte Carlo trials (default 1,000,000; reproducible for a ``seed`` whatever ``threads``).
    ``discard`` fixes the first draw's discard; later draws follow the policy."""
    ids = hand_ids(hand)
    draws = _draws(draws)
    _check_run(seed, threads, max_exact)
    dead_ids = _cards(dead, "dead cards")
    _check_apart([ids], dead_ids)
    chosen = _policy(policy)
    caps = _limits(limits)
    first = _first_discard(ids, discard, draws, caps)
    if not _in_c(chosen):
        return _python_odds(ids, draws, first, dead_ids, chosen, caps, trials, seed)
    spec = _spec([ids], draws, chosen, caps, dead_ids, first)
    thrown = lib.bf_draw_first_throw(spec) if draws else 0
    first_cards = tuple(DECK[card] for i, card in enumerate(ids) if thrown >> i & 1)
    exact = _exact_counts(spec, max_exact)
    if exact is not None:
        ranks = np.array(ffi.unpack(exact.ranks, RANK_SLOTS), dtype=np.float64)
        stub = 52 - 4 - len(dead_ids)
        fraction = _fraction(exact.size_hi[4], exact.size_lo[4], stub)
        return _odds_from_ranks(
            ranks, first_cards, exact=True, badugi_fraction=fraction, paths=int(exact.paths)
        )
    n = _trials(trials, DEFAULT_TRIALS)
    tally = _simulate(spec, n, seed, threads, progress)
    ranks = np.frombuffer(ffi.buffer(tally.ranks), dtype=np.uint64).astype(np.float64) / n
    p = float(ranks[SIZE_OF_RANK == 4].sum())
    return _odds_from_ranks(
        ranks, first_cards, exact=False, stderr=_proportion_stderr(p, n), trials=n
    )


def _exact_equity(shares: list[Fraction], wins: list[Fraction], paths: int) -> Equity:
    return Equity(
        [float(s) for s in shares],
        [float(w) for w in wins],
        [float(s - w) for s, w in zip(shares, wins, strict=True)],
        exact=True,
        fractions=shares,
        paths=paths,
    )


def _sampled_equity(
    share_sum: Sequence[float], square_sum: Sequence[float], won: Sequence[float], n: int
) -> Equity:
    """Monte Carlo equity from per-seat sums of the pot share, its square, and sole wins."""
    mean = [total / n for total in share_sum]
    wins = [count / n for count in won]
    return Equity(
        mean,
        wins,
        [m - w for m, w in zip(mean, wins, strict=True)],
        exact=False,
        stderr=[sqrt(max(q / n - m * m, 0.0) / n) for q, m in zip(square_sum, mean, strict=True)],
        trials=n,
    )


def _equity_from_exact(exact: Any, seats: int, stub: int) -> Equity:
    unit = lib.BF_SHARE_UNIT
    shares = [_fraction(exact.share_hi[p], exact.share_lo[p], stub) / unit for p in range(seats)]
    wins = [_fraction(exact.wins_hi[p], exact.wins_lo[p], stub) for p in range(seats)]
    return _exact_equity(shares, wins, int(exact.paths))


def _equity_from_tally(tally: Any, seats: int) -> Equity:
    unit = lib.BF_SHARE_UNIT
    return _sampled_equity(
        [tally.share[p] / unit for p in range(seats)],
        [tally.share_sq[p] / unit**2 for p in range(seats)],
        [tally.wins[p] for p in range(seats)],
        int(tally.trials),
    )


def _proportion_stderr(p: float, n: int) -> float:
    return sqrt(p * (1 - p) / n)


def _python_rng(seed: int | None) -> random.Random:
    return random.Random(secrets.randbits(64) if seed is None else seed)


def _check_run(seed: int | None, threads: int | None, max_exact: int) -> None:
    """Validate the arguments every draw function shares, before any work."""
    check_seed(seed)
    if threads is not None:
        thread_count(threads, 1)
    below_2_64("max_exact", max_exact)


def _trials(trials: int | None, default: int) -> int:
    if trials is None:
        return default
    return whole("trials", trials, 1)


def _first_discard(
    ids: Sequence[int],
    discard: str | Sequence[CardLike] | None,
    draws: int,
    caps: tuple[int, int, int] | None,
) -> tuple[int, ...] | None:
    if discard is None:
        return None
    thrown = _cards(discard, "discard")
    if not thrown <= set(ids):
        extra = ", ".join(str(DECK[c]) for c in sorted(thrown - set(ids)))
        raise ValueError(f"the discard holds {extra}, which the hand does not")
    if draws == 0:
        raise ValueError("a discard needs at least one draw")
    cap = draw_model.caps_for(caps, draws)[0]
    if len(thrown) > cap:
        raise ValueError(f"the cutting limit allows {cap} cards at this draw, not {len(thrown)}")
    return tuple(sorted(thrown))


def _python_odds(
    ids: Sequence[int],
    draws: int,
    first: tuple[int, ...] | None,
    dead: frozenset[int],
    policy: Policy,
    caps: tuple[int, int, int] | None,
    trials: int | None,
    seed: int | None,
) -> DrawOdds:
    """Python policies: exact for one draw, else Monte Carlo at Python speed."""
    ranks = np.zeros(RANK_SLOTS)
    player = draw_model.Player.dealt(ids, dead)
    cap = draw_model.caps_for(caps, draws)[0] if draws else 4
    thrown = first if first is not None else (policy.throw(player, draws, cap) if draws else ())
    discard = tuple(DECK[c] for c in thrown)
    if draws <= 1:
        plays = draw_model.enumerate_draws([ids], draws, dead, policy, caps, first_throw=thrown)
        for weight, (final,) in plays:
            ranks[evaluate(final)] += float(weight)
        fraction = sum((w for w, (f,) in plays if size_of_rank(evaluate(f)) == 4), Fraction(0))
        return _odds_from_ranks(
            ranks, discard, exact=True, badugi_fraction=fraction, paths=len(plays)
        )
    n = _trials(trials, PYTHON_TRIALS)
    rng = _python_rng(seed)
    counts = np.zeros(RANK_SLOTS)
    for _ in range(n):
        (final,) = draw_model.simulate_draws([ids], draws, dead, policy, caps, rng, thrown)
        counts[evaluate(final)] += 1
    ranks = counts / n
    p = float(ranks[SIZE_OF_RANK == 4].sum())
    return _odds_from_ranks(ranks, discard, exact=False, stderr=_proportion_stderr(p, n), trials=n)


def equity(
    hands: Sequence[HandLike | None],
    draws: int = 0,
    dead: str | Sequence[CardLike] = (),
    policy: PolicyLike = None,
    limits: Sequence[int] | str | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    max_exact: int = 10**8,
    *,
    progress: bool = False,
) -> Equity:
    """Each player's share of the pot with ``draws`` draws to come (2..8 players; ``None`` is a
    random hand). Exact when every hand is known and the plays fit in ``max_exact``, else Monte
    Carlo (``trials``, default 1,000,000; reproducible for a ``seed`` whatever ``threads``)."""
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise TypeError("hands must be a list of hands (or None for a random hand)")
    if not 2 <= len(hands) <= MAX_SEATS:
        raise ValueError(f"equity needs 2 to 8 players, got {len(hands)}")
    seats = [None if hand is None else hand_ids(hand) for hand in hands]
    draws = _draws(draws)
    _check_run(seed, threads, max_exact)
    dead_ids = _cards(dead, "dead cards")
    _check_apart(seats, dead_ids)
    chosen = _policy(policy)
    caps = _limits(limits)
    if 52 - len(dead_ids) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    if not _in_c(chosen):
        return _python_equity(seats, draws, dead_ids, chosen, caps, trials, seed)
    spec = _spec(seats, draws, chosen, caps, dead_ids)
    known = all(seat is not None for seat in seats)
    exact = _exact_counts(spec, max_exact) if known else None
    if exact is not None:
        return _equity_from_exact(exact, len(seats), 52 - 4 * len(seats) - len(dead_ids))
    tally = _simulate(spec, _trials(trials, DEFAULT_TRIALS), seed, threads, progress)
    return _equity_from_tally(tally, len(seats))


def _python_equity(
    seats: list[tuple[int, int, int, int] | None],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    caps: tuple[int, int, int] | None,
    trials: int | None,
    seed: int | None,
) -> Equity:
    """Python policies: Monte Carlo at Python speed (exact for known hands and one draw)."""
    n_seats = len(seats)
    if all(s is not None for s in seats) and draws <= 1:
        plays = draw_model.enumerate_draws(seats, draws, dead, policy, caps)  # type: ignore[arg-type]
        shares = [Fraction(0)] * n_seats
        wins = [Fraction(0)] * n_seats
        for weight, finals in plays:
            split = draw_model.showdown_shares([evaluate(f) for f in finals])
            for p in range(n_seats):
                shares[p] += weight * split[p]
                wins[p] += weight if split[p] == 1 else 0
        return _exact_equity(shares, wins, len(plays))
    n = _trials(trials, PYTHON_TRIALS)
    rng = _python_rng(seed)
    total = np.zeros(n_seats)
    square = np.zeros(n_seats)
    won = np.zeros(n_seats)
    for _ in range(n):
        finals = draw_model.simulate_draws(seats, draws, dead, policy, caps, rng)
        pot = np.array(
            [float(s) for s in draw_model.showdown_shares([evaluate(f) for f in finals])]
        )
        total += pot
        square += pot**2
        won += pot == 1
    return _sampled_equity(list(total), list(square), list(won), n)


def best_discard(
    hand: HandLike,
    draws: int = 1,
    dead: str | Sequence[CardLike] = (),
    objective: str = "badugi",
    *,
    opponents: Sequence[HandLike] | None = None,
    limits: Sequence[int] | str | None = None,
    trials: int | None = None,
    seed: int | None = None,
    max_exact: int = 10**8,
) -> list[DiscardOption]:
    """All 16 discards, best first, by ``objective``: ``"badugi"`` (the probability of finishing
    with a four-card badugi), ``"rank"`` (the expected final rank, lower is better), or, with
    ``opponents``, equity against them (they draw by the default policy). Exact for one draw;
    later draws follow the default policy. Discards over the cutting limit are left out."""
    ids = hand_ids(hand)
    draws = _draws(draws)
    if draws == 0:
        raise ValueError("best_discard needs at least one draw")
    if objective not in ("badugi", "rank"):
        raise ValueError(f"objective must be 'badugi' or 'rank', got {objective!r}")
    if opponents is not None:
        if isinstance(opponents, str):
            raise TypeError("opponents is a list of hands, not one str")
        if objective != "badugi":
            raise ValueError("with opponents the objective is equity: leave objective unset")
    _check_run(seed, None, max_exact)
    caps = _limits(limits)
    cap = draw_model.caps_for(caps, draws)[0]
    options = []
    for size in range(cap + 1):
        for thrown in combinations(ids, size):
            keep = tuple(DECK[c] for c in ids if c not in thrown)
            discard = tuple(DECK[c] for c in thrown)
            result: DrawOdds | Equity
            if opponents is not None:
                versus = _equity_with_discard(
                    ids, thrown, opponents, draws, dead, caps, trials, seed, max_exact
                )
                value, score, result = versus.equity[0], -versus.equity[0], versus
            else:
                odds = draw_odds(ids, draws, thrown, dead, None, caps, trials, seed, max_exact)
                value = odds.badugi if objective == "badugi" else odds.expected_rank
                score = -value if objective == "badugi" else value
                result = odds
            options.append(
                (score, size, thrown, DiscardOption(discard, keep, value, result.exact, result))
            )
    options.sort(key=lambda option: option[:3])
    return [option[3] for option in options]


def _equity_with_discard(
    ids: tuple[int, int, int, int],
    thrown: Sequence[int],
    opponents: Sequence[HandLike],
    draws: int,
    dead: str | Sequence[CardLike],
    caps: tuple[int, int, int] | None,
    trials: int | None,
    seed: int | None,
    max_exact: int,
) -> Equity:
    seats: list[Sequence[int] | None] = [ids, *(hand_ids(h) for h in opponents)]
    if not 2 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"best_discard takes 1 to 7 opponents, got {len(seats) - 1}")
    dead_ids = _cards(dead, "dead cards")
    _check_apart(seats, dead_ids)
    spec = _spec(seats, draws, Policy(), caps, dead_ids, tuple(thrown))
    exact = _exact_counts(spec, max_exact)
    if exact is not None:
        return _equity_from_exact(exact, len(seats), 52 - 4 * len(seats) - len(dead_ids))
    return _equity_from_tally(
        _simulate(spec, _trials(trials, DEFAULT_TRIALS), seed, None, False), len(seats)
    )
