"""``local_best_response``: a lower bound on a strategy's exploitability in mbb/hand."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..._runtime.threads import run_in_threads
from ..._runtime.validate import check_seed, whole
from ...blueprint import Blueprint
from ...game import Rules
from ...game.bots import Bot
from ...hands.evaluator import NUM_HANDS
from ...play.vector.seats import check_bots_game
from .play import PLAYERS, Settings, Table, play_hand
from .strategy import HandStrategy, strategy_of

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
MILLI = 1000.0


@dataclass(frozen=True)
class LocalBestResponse:
    """What the local best response won against a strategy, over ``deals`` deals each played
    twice, the responder in each seat (duplicate pairs).

    ``value``: mbb/hand (milli big blinds a hand), the mean over both seats, with ``interval``
    the half-width of its 95 % interval from the pairs' spread; ``seats``: the mean in each seat
    (seat 0 left of the button, seat 1 the button), mbb/hand, with ``seat_intervals``;
    ``chips`` and ``seat_chips``: the same in chips a hand (what an exact best response's value
    is measured in); ``lost``: hands where the range lost track of the strategy and restarted;
    ``decisions``: the responder's own decisions (not those where it followed the strategy);
    ``free_after``: the draws done before it left the strategy (0: everywhere)."""

    value: float
    interval: float
    seats: tuple[float, float]
    seat_intervals: tuple[float, float]
    chips: float
    chips_interval: float
    seat_chips: tuple[float, float]
    seat_chips_intervals: tuple[float, float]
    deals: int
    lost: int
    decisions: int
    free_after: int = 0


def _half_width(samples: np.ndarray) -> float:
    if len(samples) < 2:
        return math.inf
    return float(Z95 * samples.std(ddof=1) / math.sqrt(len(samples)))


def _in_threads(one: Any, deals: int, workers: int) -> list[tuple[int, int, int, int]]:
    """``one(deal)`` for every deal on ``workers`` threads, in deal order, a deal a block of
    the runtime's threads: Ctrl-C stops the run, and with it the equity estimates running
    inside its deals (the runtime stops a run nested in a stopped one)."""

    def block(lo: int, hi: int) -> list[tuple[int, int, int, int]]:
        return [one(deal) for deal in range(lo, hi)]

    done = run_in_threads(deals, min(workers, deals), block, block_rows=1, align=1)
    return [row for _, _, rows in done for row in rows]


def _check_game(bot: object, table: Table) -> None:
    """ValueError, before any hand, when a bot trained for one game is measured in another: the
    engines' check (``check_game(rules, stacks)``), except that a blueprint of a small deck
    plays on its own deck here (the engines deal only the real game), its rules and stacks
    checked."""
    blueprint = getattr(bot, "blueprint", None)
    deck = (table.ranks, table.suits, table.draws)
    if isinstance(blueprint, Blueprint) and not blueprint.real_game:
        if (blueprint.ranks, blueprint.suits, blueprint.draws) != deck:
            raise ValueError(
                f"bot: the blueprint was trained on {blueprint.ranks} ranks, {blueprint.suits} "
                f"suits and {blueprint.draws} draws, not the {deck[0]}, {deck[1]} and "
                f"{deck[2]} played"
            )
        try:
            blueprint.check_rules(table.rules, (table.stack, table.stack))
        except ValueError as error:
            raise ValueError(f"bot: {error}") from None
        return
    if deck != (13, 4, 3) and isinstance(blueprint, Blueprint):
        raise ValueError(
            f"bot: the blueprint was trained on the real game (13 ranks, 4 suits, 3 draws), "
            f"not the {deck[0]}, {deck[1]} and {deck[2]} played"
        )
    check_bots_game([bot], table.rules, (table.stack, table.stack), "bot")


def local_best_response(
    bot: Bot,
    *,
    rules: Rules | None = None,
    hands: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    stack: int = 200,
    ranks: int = 13,
    suits: int = 4,
    draws: int = 3,
    particles: int = 1000,
    trials: int = 2000,
    draw_trials: int = 1000,
    strategy: HandStrategy | None = None,
    free_after: int = 0,
) -> LocalBestResponse:
    """Play the local best response (play.py) against ``bot`` for ``hands`` deals, each in both
    seats, heads-up casino fixed limit (default ``Rules(small_bet=2, cap_heads_up=True)``,
    ``stack`` chips each), on a deck of the ``ranks`` lowest ranks of the first ``suits`` suits
    with ``draws`` draws (the real game by default; smaller decks for OpenSpiel's exact best
    response). ``bot`` plays its own hands; the responder reads it as ``strategy`` (default:
    ``strategy_of(bot)``: the built-in bots exactly, another callable as deterministic).
    ``free_after``: the draws done before the responder leaves the strategy; until then it
    plays the strategy itself for its own hand (0, the default: free everywhere; ``draws``: in
    the last round only), so the figure is what the strategy gives away after them against its
    own earlier play. The result is the same for a seed whatever ``threads`` (deals run in
    threads; the C estimates release the GIL). A bot trained for another game is refused
    before any hand (as the engines refuse it); a bot returning no ``Action``, or a strategy
    giving probabilities that are not finite and at least 0, is a ValueError naming it."""
    table = Table(rules or Rules(small_bet=2, cap_heads_up=True), stack, ranks, suits, draws)
    deals = whole("hands", hands, 1)
    checked = check_seed(seed)
    seed = 0 if checked is None else checked
    settings = Settings(
        whole("particles", particles, 1, NUM_HANDS), whole("trials", trials, 1),
        whole("draw_trials", draw_trials, 1), whole("free_after", free_after, 0, draws),
    )  # fmt: skip
    if not callable(bot):
        raise TypeError(f"bot is a bot(view) -> Action, not {type(bot).__name__}")
    _check_game(bot, table)
    read = strategy if strategy is not None else strategy_of(bot)
    if not isinstance(read, HandStrategy):
        raise TypeError(f"strategy has betting, discards and rollout_policy, not {read!r}")
    workers = whole("threads", threads, 1) if threads is not None else (os.cpu_count() or 1)

    def one(deal: int) -> tuple[int, int, int, int]:
        first = play_hand(table, bot, read, 0, seed, deal, settings)
        second = play_hand(table, bot, read, 1, seed, deal, settings)
        return (
            first.chips,
            second.chips,
            first.lost + second.lost,
            first.decisions + second.decisions,
        )

    if workers == 1:
        played = [one(deal) for deal in range(deals)]
    else:
        played = _in_threads(one, deals, workers)
    rows = np.array(played, dtype=np.int64)
    seat_chips = rows[:, :PLAYERS].astype(np.float64)
    pairs = seat_chips.mean(axis=1)
    bb = MILLI / table.big_blind
    chips = float(pairs.mean())
    per_seat = tuple(float(seat_chips[:, p].mean()) for p in range(PLAYERS))
    widths = tuple(_half_width(seat_chips[:, p]) for p in range(PLAYERS))
    return LocalBestResponse(
        value=chips * bb,
        interval=_half_width(pairs) * bb,
        seats=(per_seat[0] * bb, per_seat[1] * bb),
        seat_intervals=(widths[0] * bb, widths[1] * bb),
        chips=chips,
        chips_interval=_half_width(pairs),
        seat_chips=(per_seat[0], per_seat[1]),
        seat_chips_intervals=(widths[0], widths[1]),
        deals=deals,
        lost=int(rows[:, 2].sum()),
        decisions=int(rows[:, 3].sum()),
        free_after=settings.free_after,
    )


__all__ = ["LocalBestResponse", "local_best_response"]
