"""Equity against ranges: each player a known hand, ``None`` (a random hand) or a range.

Hands are dealt from each range by weight with card removal: the deal of all range seats
follows the product of their weights restricted to deals in which no card is held twice (the
whole deal is redrawn in C on a clash), random hands then come from the cards left, and every
player draws by the policy. Exact over every combination of the ranges' hands when that fits in
``max_exact`` plays, else Monte Carlo in C over threads, reproducible for a seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._threads import run_in_chunks, thread_count
from ..cards import CardLike, hand_ids
from ..errors import InvalidHandError
from . import api
from .api import Equity
from .ranges import Range, parse_range

__all__ = ["equity_matrix", "range_equity"]

MATRIX_TRIALS = 10_000  # Monte Carlo trials per hand of the first range
MATRIX_MAX_EXACT = 10**6  # plays per hand of the first range before Monte Carlo
_MIX = 0x9E3779B97F4A7C15  # spreads the per-row seeds of equity_matrix
Seat = tuple[int, int, int, int] | Range | None


def as_seat(player: object) -> Seat:
    """A player: a known hand (text or cards), ``None``, a Range, or range text."""
    if player is None or isinstance(player, Range):
        return player
    if isinstance(player, str):
        try:
            return hand_ids(player)
        except InvalidHandError:
            return parse_range(player)
    return hand_ids(player)  # type: ignore[arg-type]


@dataclass
class _Ranges:
    """The bf_range array for C, and the numpy arrays it points into (kept alive here)."""

    c_ranges: Any
    keepalive: list[Any]


def _c_ranges(ranges: Sequence[Range | None], with_weights: bool) -> _Ranges:
    c_ranges = ffi.new("bf_range[]", api.MAX_SEATS)
    keepalive: list[Any] = []
    for p, found in enumerate(ranges):
        if found is None:
            continue
        n = len(found)
        hands = np.ascontiguousarray(found.hands)
        weights = np.ascontiguousarray(found.weights)
        table = ffi.new("bf_range_column[]", n)
        c_hands = ffi.from_buffer("uint8_t[]", hands)
        c_weights = ffi.from_buffer("double[]", weights)
        if lib.bf_range_alias(n, c_hands, c_weights, table) != 0:
            raise ValueError("range weights are positive and finite")
        c_ranges[p].n, c_ranges[p].hands, c_ranges[p].table = n, c_hands, table
        c_ranges[p].weights = c_weights if with_weights else ffi.NULL
        keepalive += [hands, weights, table, c_hands, c_weights]
    return _Ranges(c_ranges, keepalive)


def _without_cards(found: Range, cards: frozenset[int]) -> Range:
    if not cards:
        return found
    blocked = np.isin(found.hands, np.array(sorted(cards), dtype=np.uint8)).any(axis=1)
    return Range(found.positions[~blocked], found.weights[~blocked])


def _live_ranges(seats: Sequence[Seat], dead: frozenset[int]) -> list[Range | None]:
    """Each range without the hands that hold a known player's card or a dead card."""
    known = set(dead)
    for seat in seats:
        if isinstance(seat, tuple):
            known.update(seat)
    live: list[Range | None] = []
    for number, seat in enumerate(seats, start=1):
        if not isinstance(seat, Range):
            live.append(None)
            continue
        left = _without_cards(seat, frozenset(known))
        if not len(left):
            raise ValueError(
                f"the range of player {number} ({str(seat)[:60]!r}) is empty once the other "
                "players' known cards and the dead cards are removed"
            )
        live.append(left)
    return live


def _first_deal(seats: Sequence[Seat], live: Sequence[Range | None]) -> list[Any] | None:
    """Hands for the spec: known ones, None, and for ranges a first hand apart from the rest."""
    used = {card for seat in seats if isinstance(seat, tuple) for card in seat}
    deal: list[Any] = []
    for seat, found in zip(seats, live, strict=True):
        if found is None:
            deal.append(seat)
            continue
        hands = found.hands
        apart = np.flatnonzero(~np.isin(hands, np.array(sorted(used), dtype=np.uint8)).any(axis=1))
        if not len(apart):
            return None
        first = tuple(int(card) for card in hands[apart[0]])
        used.update(first)
        deal.append(first)
    return deal


def _exact(spec: Any, live: Sequence[Range | None], max_exact: int, n: int) -> Equity | None:
    combos = float(np.prod([len(r) for r in live if r is not None]))
    estimate = lib.bf_draw_estimate_paths(spec, api.ESTIMATE_PROBES, 0)
    if max_exact <= 0 or estimate < 0 or combos * estimate > api.HOPELESS_FACTOR * max_exact:
        return None
    ranges = _c_ranges(live, with_weights=True)
    share, win = ffi.new("double[]", n), ffi.new("double[]", n)
    paths = ffi.new("uint64_t *")
    status = lib.bf_range_enumerate(spec, ranges.c_ranges, max_exact, share, win, paths)
    if status in (lib.BF_DRAW_TOO_MANY, lib.BF_DRAW_STUB_SHORT):
        return None
    _raise_for(status)
    equity, wins = list(share), list(win)
    ties = [e - w for e, w in zip(equity, wins, strict=True)]
    return Equity(equity, wins, ties, exact=True, paths=int(paths[0]))


def _raise_for(status: int) -> None:
    if status == lib.BF_RANGE_EMPTY:
        raise ValueError("the ranges leave no deal in which every card is held once")
    if status == lib.BF_RANGE_NO_DEAL:
        raise ValueError(
            f"{lib.BF_RANGE_MAX_TRIES} deals from the ranges in a row held a card twice: the "
            "ranges (almost) never fit together"
        )
    if status != 0:
        raise ValueError("invalid draw specification")  # validated in Python; C double-checks


def _simulate(
    spec: Any,
    live: Sequence[Range | None],
    trials: int,
    seed: int,
    threads: int | None,
) -> Any:
    ranges = _c_ranges(live, with_weights=False)

    def run(lo: int, hi: int) -> Any:
        tally = ffi.new("bf_draw_tally *")
        _raise_for(lib.bf_range_simulate(spec, ranges.c_ranges, seed, lo, hi - lo, tally))
        return tally

    total = ffi.new("bf_draw_tally *")
    for _, _, tally in run_in_chunks(trials, thread_count(threads, trials), run):
        api._add_tally(total, tally)
    return total


def range_equity(
    players: Sequence[object],
    draws: int = 0,
    *,
    dead: str | Sequence[CardLike] = (),
    policy: api.PolicyLike = None,
    limits: Sequence[int] | str | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    max_exact: int = 10**8,
) -> Equity:
    """Each player's share of the pot, players given as hands, ``None`` or ranges (see module)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise TypeError("players must be a list (hands, None, ranges or range text)")
    if not 2 <= len(players) <= api.MAX_SEATS:
        raise ValueError(f"equity needs 2 to 8 players, got {len(players)}")
    seats = [as_seat(player) for player in players]
    draws = api._draws(draws)
    api._check_run(seed, threads, max_exact)
    dead_ids = api._cards(dead, "dead cards")
    api._check_apart([s if isinstance(s, tuple) else None for s in seats], dead_ids)
    chosen = api._policy(policy)
    if not api._in_c(chosen):
        raise ValueError("equity against ranges runs in C: use a C policy (default, break_above)")
    if 52 - len(dead_ids) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    live = _live_ranges(seats, dead_ids)
    deal = _first_deal(seats, live)
    if deal is None:
        raise ValueError("the ranges leave no deal in which every card is held once")
    spec = api._spec(deal, draws, chosen, api._limits(limits), dead_ids)
    if all(seat is not None for seat in seats):
        found = _exact(spec, live, max_exact, len(seats))
        if found is not None:
            return found
    n = api._trials(trials, api.DEFAULT_TRIALS)
    seed = secrets.randbits(64) if seed is None else seed
    return api._equity_from_tally(_simulate(spec, live, n, seed, threads), len(seats))


def equity_matrix(
    range_a: Range | str,
    range_b: Range | str,
    draws: int = 0,
    *,
    trials: int = MATRIX_TRIALS,
    seed: int | None = None,
    dead: str | Sequence[CardLike] = (),
    policy: api.PolicyLike = None,
    limits: Sequence[int] | str | None = None,
    threads: int | None = None,
    max_exact: int = MATRIX_MAX_EXACT,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The equity of each hand of ``range_a`` (in ``range_a.hands`` order) heads-up against
    ``range_b``, and its stderr (0 where exact: at most ``max_exact`` plays for the hand, else
    ``trials`` Monte Carlo trials). A hand that every hand of ``range_b`` (or the dead cards)
    blocks gets NaN. Reproducible for a ``seed`` whatever ``threads``."""
    first, second = parse_range(range_a), parse_range(range_b)  # type: ignore[arg-type]
    dead_ids = api._cards(dead, "dead cards")
    first = _without_cards(first, dead_ids)
    trials = api._trials(trials, MATRIX_TRIALS)
    api._check_run(seed, threads, max_exact)
    base = secrets.randbits(64) if seed is None else seed
    rows = [tuple(row) for row in first.hands.tolist()]
    equity, stderr = np.full(len(rows), np.nan), np.full(len(rows), np.nan)

    def one(i: int) -> None:
        try:
            found = range_equity(
                [rows[i], second], draws, dead=sorted(dead_ids), policy=policy, limits=limits,
                trials=trials, seed=(base + i * _MIX) % 2**64, threads=1, max_exact=max_exact,
            )  # fmt: skip
        except ValueError as error:
            if "is empty once" not in str(error):
                raise
            return
        equity[i] = found.equity[0]
        stderr[i] = 0.0 if found.exact else (found.stderr or [0.0])[0]

    _rows_in_threads(len(rows), threads, one)
    return equity, stderr


def _rows_in_threads(n: int, threads: int | None, work: Callable[[int], None]) -> None:
    def run(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            work(i)

    run_in_chunks(n, thread_count(threads, n, min_rows=2), run)
