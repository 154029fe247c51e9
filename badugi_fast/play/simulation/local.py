"""Many hands between bots: profit per seat per 100 hands, with its standard error.

Hand h of a seed is dealt from the C stream of (seed, h) (``bf_deal_deck``; its reshuffles from
``bf_deal_reshuffle``), whichever engine plays it. Hands between ``ThresholdBot``s (``drawer`` among
them), under the casino rules (fixed, pot or no limit) or the Korean rules, are played by the C hand
loop (csrc/play/loop.c over csrc/game/hand_state.c), which follows ``Game`` (state.py, rules.py)
rule for rule: both engines play the same actions on every hand (the tests compare them action by
action). So are bots that play by a round strategy (vector/tables.py: the solution bot
``solve.bots.solution`` in the last round, the blueprint ``blueprint_bot()`` at every decision),
their choices drawn from the bits ``Game`` gives them (``View.stream``). Bots of your own are
played by ``Game``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.threads import run_in_threads, thread_count
from ..._runtime.validate import below_2_64, check_hands, check_seed, whole
from ...game.actions import ActionKind, Event
from ...game.bots import Bot, ThresholdBot
from ...game.rules import RuleSet, check_rules
from ...game.stream import play_out, stream_game
from ...game.table import MAX_SEATS, MIN_SEATS, start_stacks
from ..vector.seats import (
    c_form,
    c_threshold,
    check_bots_game,
    refusal_message,
    seat_threshold,
)
from .vector import play_vector_hands, plays_in_the_batched_engine, why_not_batched

ENGINES = ("auto", "c", "python")  # the CLI's choices
# and "vector", the batched engine: vector policies come from Python only
ALL_ENGINES = (*ENGINES, "vector")
BATCH = 1 << 14  # hands per progress update (and per block of per-hand results in memory)
# A C hand costs 0.8-4 us; two threads measured 1.37x one at 1,024 heads-up hands, 1.74x at
# 4,096 and 1.94x at 16,384 (medians of 15 pairs), so a second thread pays from about 1,000.
AUTO_THREADS_MIN_HANDS = 1024
# Hands per C call, so that Ctrl-C stops a run between calls within well under a second: a hand
# costs 2-14 us at 100 big blinds (heads-up to six-handed, measured), 61 us heads-up at 10**5 big
# blinds, where bots that both hold a badugi raise each other to the stacks; blocks shrink in
# proportion beyond DEEP_BETS bets of depth. (A single hand of a raise war to a stack of 2**40
# chips would take hours: the bots' re-raises are bounded, ThresholdBot.max_bets.)
C_BLOCK_HANDS = 1 << 12
DEEP_BETS = 10_000


@dataclass(frozen=True)
class SimulationResult:
    hands: int
    profit_per_100: list[float]  # chips won per seat per 100 hands
    stderr_per_100: list[float]  # the standard error of each
    big_blind: int  # the unit of big_blinds_per_100: the big blind (small bet if none), or ante
    engine: str = "python"  # which engine played the hands: "c", "python" or "vector"

    @property
    def big_blinds_per_100(self) -> list[float]:
        return [p / self.big_blind for p in self.profit_per_100]


def play_here(
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int | None,
    rules: RuleSet | None = None,
    *,
    stacks: int | Sequence[int] | None = None,
    engine: str = "auto",
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """``play_hands`` played here (no executor): the blocks of an executor run this too."""
    seed, first_hand, rules, start = check_play(
        bots, first_hand, hands, seed, rules, stacks, engine
    )
    played_by = choose_engine(bots, rules, engine)
    return play_checked(bots, first_hand, hands, seed, rules, start, played_by, threads)


def play_checked(
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int,
    rules: RuleSet,
    start: list[int],
    played_by: str,
    threads: int | None,
) -> npt.NDArray[np.int64]:
    """``play_here`` after its checks (``check_play``, ``choose_engine``), for a caller that
    plays many small blocks of hands it has checked once (``head_to_head``)."""
    if played_by == "c":
        spec, block = _c_spec(bots, rules, start), _block_hands(rules, start)
        return _play_in_c(spec, seed, first_hand, hands, threads, block, bots)
    if played_by == "vector":  # vector policies (vector.py)
        return play_vector_hands(bots, first_hand, hands, seed, rules, start, threads)
    won = np.empty((hands, len(bots)), dtype=np.int64)
    for row in range(hands):
        game = stream_game(start, rules, seed, first_hand + row)
        play_out(game, bots, first_hand + row)
        won[row] = [chips - begun for chips, begun in zip(game.stacks, start, strict=True)]
    return won


def check_play(
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int | None,
    rules: RuleSet | None,
    stacks: int | Sequence[int] | None,
    engine: str,
) -> tuple[int, int, RuleSet, list[int]]:
    """``play_hands``'s arguments checked: the seed (a random one for None), the first hand, the
    rules and every seat's starting chips."""
    check_run(bots, hands, engine)
    check_seed(seed)
    seed = secrets.randbits(64) if seed is None else seed
    check_hands(hands, first_hand)
    rules = check_rules(rules)
    start = start_stacks(rules, stacks, len(bots))
    check_bots_game(bots, rules, start, "seat {}")
    return seed, first_hand, rules, start


def check_run(bots: Sequence[Bot], hands: int, engine: str) -> None:
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise ValueError(f"simulate takes {MIN_SEATS} to {MAX_SEATS} bots, got {len(bots)}")
    check_hands(hands)
    if engine not in ALL_ENGINES:
        raise ValueError(f"engine is one of {', '.join(ALL_ENGINES)}, not {engine!r}")


def choose_engine(bots: Sequence[Bot], rules: RuleSet, engine: str) -> str:
    if engine == "vector" or plays_in_the_batched_engine(bots):
        why_not = why_not_batched(bots)
        if not why_not and engine in ("c", "python"):
            why_not = f"vector policies play in the batched engine, not engine={engine!r}"
        if why_not:
            raise ValueError(f"the batched engine cannot play this: {why_not}")
        return "vector"
    if engine == "python":
        return "python"
    why_not = _why_not_c(bots, rules)
    if why_not and engine == "c":
        raise ValueError(f"the C hand loop cannot play this: {why_not}")
    return "python" if why_not else "c"


def _why_not_c(bots: Sequence[Bot], rules: RuleSet) -> str:
    if not all(isinstance(bot, ThresholdBot) or c_form(bot) is not None for bot in bots):
        return "it plays the threshold bots (drawer among them) and round seats only"
    if rules.c_max_bets() > lib.BF_GAME_MAX_BETS:
        return f"it caps bets and raises at {lib.BF_GAME_MAX_BETS:,} a round"
    return ""


def _c_spec(bots: Sequence[Bot], rules: RuleSet, start: list[int]) -> Any:
    spec = ffi.new("bf_game_spec *")
    spec.seats = len(bots)
    rules.fill_c_spec(spec)
    tables: list[Any] = []  # the bots' solved and round strategies, which spec points into
    for seat, bot in enumerate(bots):
        spec.stacks[seat] = start[seat]
        form = None if isinstance(bot, ThresholdBot) else c_form(bot)
        if form is not None:  # a round seat: its `before` bot is the seat's threshold bot
            tables.append(form.place(spec, seat))
            bot = seat_threshold(form)
        assert isinstance(bot, ThresholdBot)
        spec.bots[seat], table = c_threshold(bot)
        tables.append(table)
    return ffi.gc(spec, lambda _spec: tables.clear())  # the tables live as long as spec


def _block_hands(rules: RuleSet, start: list[int]) -> int:
    """Hands per C call: C_BLOCK_HANDS, fewer for stacks deeper than DEEP_BETS bets."""
    bets = max(start) // rules.unit  # the unit: the big blind (small bet), or the ante
    return max(1, C_BLOCK_HANDS * DEEP_BETS // max(DEEP_BETS, bets))


def _play_in_c(
    spec: Any,
    seed: int,
    first_hand: int,
    hands: int,
    threads: int | None,
    block: int,
    bots: Sequence[Bot] = (),
) -> npt.NDArray[np.int64]:
    won = np.empty((hands, spec.seats), dtype=np.int64)
    threads = thread_count(threads, hands, min_rows=AUTO_THREADS_MIN_HANDS)

    refused: list[Any] = []

    def work(lo: int, hi: int) -> None:
        out = ffi.from_buffer("int64_t[]", won[lo:hi])
        refusal = ffi.new("bf_game_refusal *")
        status = lib.bf_game_play(spec, seed, first_hand + lo, hi - lo, out, ffi.NULL, refusal)
        if status == lib.BF_GAME_REFUSED:
            refused.append(refusal)
        elif status == lib.BF_GAME_NO_MEMORY:  # the scratch of table and blueprint seats
            raise MemoryError("no memory for the C hand loop's seats")
        elif status != 0:
            raise ValueError("the C hand loop refused the game's settings")

    run_in_threads(hands, threads, work, block_rows=block)
    if refused:  # the first hand refused, whatever thread met it first
        raise ValueError(refusal_message(min(refused, key=lambda r: int(r.hand)), bots))
    return won


K = ActionKind
# The C loop's traced kinds (BF_ACT_*), and the history kinds they stand for.
TRACED_KINDS = ("POST ANTE FOLD CHECK CALL BET RAISE BBING TTADANG QUARTER HALF DRAW WIN").split()
TRACED = {int(getattr(lib, f"BF_ACT_{name}")): ActionKind[name] for name in TRACED_KINDS}
TRACE_CAPACITY = 1 << 12


def trace_in_c(
    bots: Sequence[Bot],
    number: int,
    seed: int,
    rules: RuleSet | None = None,
    *,
    stacks: int | Sequence[int] | None = None,
) -> tuple[list[Event], list[int]]:
    """Hand ``number`` of the seed's stream played by the C hand loop: its actions (forced bets,
    bets, draws with the number of cards thrown, wins) as history events without cards, and the
    chips each seat won. ``traced(game.history)`` is the same list for ``Game``."""
    rules = check_rules(rules)
    start = start_stacks(rules, stacks, len(bots))
    check_bots_game(bots, rules, start, "seat {}")
    if why_not := _why_not_c(bots, rules):
        raise ValueError(f"the C hand loop cannot play this: {why_not}")
    spec = _c_spec(bots, rules, start)
    trace = ffi.new("bf_game_action[]", TRACE_CAPACITY)
    won = ffi.new("int64_t[]", len(bots))
    refusal = ffi.new("bf_game_refusal *")
    count = lib.bf_game_trace(
        spec,
        below_2_64("seed", seed),
        whole("number", number, 0),
        won,
        trace,
        TRACE_CAPACITY,
        refusal,
    )
    if count == lib.BF_GAME_REFUSED:
        raise ValueError(refusal_message(refusal, bots))
    if not 0 <= count <= TRACE_CAPACITY:
        raise ValueError(f"the C hand loop took {count} actions, more than {TRACE_CAPACITY}")
    actions = [Event(TRACED[a.kind], a.seat, a.amount) for a in trace[0:count]]
    return actions, list(won)


def traced(history: Sequence[Event]) -> list[Event]:
    """The events of a history that the C loop traces, without their cards."""
    kinds = set(TRACED.values()) | {K.FULL}
    return [Event(e.kind, e.seat, e.amount) for e in history if e.kind in kinds]


@dataclass(frozen=True)
class BlueprintAudit:
    """What ``audit_in_c`` saw: every decision of the blueprint seats (``decisions``), those whose
    probabilities were not a distribution over the legal slots (``bad``), and the first ones
    kept: per decision its hand number, seat, information set, legal slots (bit per slot), the
    slot played and each slot's probability."""

    decisions: int
    bad: int
    hand: npt.NDArray[np.uint64]
    seat: npt.NDArray[np.int64]
    infoset: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int64]
    slot: npt.NDArray[np.int64]
    probs: npt.NDArray[np.float64]


def audit_in_c(
    bots: Sequence[Bot],
    first_hand: int,
    hands: int,
    seed: int,
    rules: RuleSet | None = None,
    *,
    stacks: int | Sequence[int] | None = None,
    keep: int = 0,
) -> BlueprintAudit:
    """Hands ``first_hand`` .. ``first_hand + hands - 1`` of the seed's stream played by the C hand
    loop (as ``simulate`` plays them), every decision of a blueprint seat checked in C
    (bf_blueprint_audit) and the first ``keep`` of them kept, for a check against the Python
    reading of the strategy (``Blueprint.row``)."""
    seed, first_hand, rules, start = check_play(bots, first_hand, hands, seed, rules, stacks, "c")
    if why_not := _why_not_c(bots, rules):
        raise ValueError(f"the C hand loop cannot play this: {why_not}")
    whole("keep", keep, 0, 1 << 24)
    spec = _c_spec(bots, rules, start)
    kept = ffi.new("bf_bp_decision[]", max(keep, 1))
    audit = ffi.new("bf_bp_audit *", {"kept": kept, "capacity": keep})
    refusal = ffi.new("bf_game_refusal *")
    status = lib.bf_blueprint_audit(spec, seed, first_hand, hands, audit, refusal)
    if status == lib.BF_GAME_REFUSED:
        raise ValueError(refusal_message(refusal, bots))
    if status != 0:
        raise ValueError("the C hand loop refused the game's settings")
    n = min(keep, int(audit.decisions))
    rows = np.frombuffer(ffi.buffer(kept, ffi.sizeof("bf_bp_decision") * n), dtype=_DECISION)
    return BlueprintAudit(
        int(audit.decisions),
        int(audit.bad),
        rows["hand"].copy(),
        rows["seat"].astype(np.int64),
        rows["infoset"].astype(np.int64),
        rows["legal"].astype(np.int64),
        rows["slot"].astype(np.int64),
        rows["probs"].copy(),
    )


_DECISION = np.dtype(
    {
        "names": ["hand", "seat", "infoset", "legal", "slot", "probs"],
        "formats": [np.uint64, np.int32, np.int32, np.int32, np.int32, (np.float64, 3)],
        "offsets": [
            ffi.offsetof("bf_bp_decision", name)
            for name in ("hand", "seat", "infoset", "legal", "slot", "probs")
        ],
        "itemsize": ffi.sizeof("bf_bp_decision"),
    }
)
