"""Vector policies: ``policy(obs) -> actions`` (or ``(actions, amounts)``) on a batch of tables.

- ``random_policy(seed)``: uniform over each table's legal actions (EXACT: a uniform amount).
- ``threshold_policy(bot, rules)``: a ``ThresholdBot`` (``drawer`` among them, and bots drawing
  by a solved table) in numpy, giving the same actions as the bot, hence hand for hand the
  same chips as ``simulate``.
- ``by_seat(policies)``: one policy per seat, each deciding where its seat is to act.
- ``play(game, policy, hands)``: every table's first ``hands`` results under a policy.
- ``vector_policy(fn)``: marks a policy of one's own, so that ``simulate`` plays it (these
  are marked).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.validate import check_hands
from ...game.bots import ThresholdBot
from ...game.rules import KoreanRules, RuleSet
from ...hands.evaluator import evaluate_many
from ...hands.naming import class_ranks
from .engine import VectorGame, VectorPolicy
from .spec import (
    BET,
    CHECK_CALL,
    DISCARD,
    EXACT,
    FOLD,
    HALF,
    NO_ACTION,
    PHASE_BETTING,
    PHASE_DRAW,
    QUARTER,
    TTADANG,
    Obs,
)

Actions = npt.NDArray[np.int64]
P = TypeVar("P")


def vector_policy(policy: P) -> P:
    """Mark ``policy`` (a function, or a callable object) as a vector policy, so that
    ``simulate`` plays it in the batched engine; returns it."""
    policy.vector_policy = True  # type: ignore[attr-defined]
    return policy


def is_vector_policy(candidate: object) -> bool:
    return getattr(candidate, "vector_policy", False) is True


_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little")
_BYTE_COUNTS = _BYTE_BITS.sum(axis=1, dtype=np.int8)  # the set bits of each byte
_BYTE_SELECT = np.argsort(_BYTE_BITS == 0, axis=1, kind="stable").astype(np.int64)  # k-th set bit


def _pack_rows(mask: npt.NDArray[Any]) -> npt.NDArray[np.uint8]:
    """Each row's flags as bytes of 8, the row padded to whole bytes first: one packbits over
    the flat array is several times faster than packbits along the rows."""
    tables, flags = mask.shape
    padded = np.zeros((tables, -(-flags // 8) * 8), dtype=np.bool_)
    np.not_equal(mask, 0, out=padded[:, :flags])
    return np.packbits(padded, axis=None, bitorder="little").reshape(tables, -1)


def random_policy(seed: int | None = None) -> VectorPolicy:
    """Uniform over the legal actions of each table (reproducible for a seed); tables with no
    legal action get NO_ACTION."""
    rng = np.random.default_rng(seed)

    def act(obs: Obs) -> tuple[Actions, Actions]:
        # the legal flags as bytes of 8 (bit i of byte j: index 8j + i), counted by table
        packed = _pack_rows(obs["action_mask"])
        in_byte = _BYTE_COUNTS[packed]
        ends = [in_byte[:, 0]]  # legal actions up to the end of each byte
        for j in range(1, packed.shape[1]):
            ends.append(ends[-1] + in_byte[:, j])
        counts = ends[-1]
        # the k-th legal index, k uniform below the count: one random number a table
        pick = (rng.random(len(counts)) * counts).astype(np.int8)
        byte = np.zeros(len(counts), dtype=np.intp)
        before = np.zeros(len(counts), dtype=np.int8)  # legal actions in the bytes before
        for end in ends[:-1]:
            past = pick >= end
            byte += past
            np.copyto(before, end, where=past)
        rows = np.arange(len(counts))
        actions = 8 * byte + _BYTE_SELECT[packed[rows, byte], pick - before]
        actions[counts == 0] = NO_ACTION
        low, high = obs["raise_min"], obs["raise_max"]
        exact = actions == EXACT
        amounts = np.zeros(len(counts), dtype=np.int64)
        if exact.any():
            amounts[exact] = low[exact] + rng.integers(0, high[exact] - low[exact] + 1)
        return actions, amounts

    return vector_policy(act)


@cache
def _badugi_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """For each rank 1..1092: the size of its badugi and its top card rank (index 0 unused)."""
    size, top = np.zeros(1093, dtype=np.int8), np.zeros(1093, dtype=np.int8)
    for rank in range(1, 1093):
        ranks = class_ranks(rank)
        size[rank], top[rank] = len(ranks), ranks[-1]
    return size, top


def _column(
    obs: Obs, key: str, shape: tuple[int, ...], low: int, high: int
) -> npt.NDArray[np.int8]:
    """obs[key] as C reads it (int8, contiguous), or a ValueError naming the key: the C side
    trusts the shape and the range."""
    array = np.asarray(obs[key])
    if array.shape != shape:
        raise ValueError(f"obs[{key!r}] has shape {shape}, not {array.shape}")
    if array.size and _outside(array, low, high):
        raise ValueError(
            f"obs[{key!r}] holds values {low}..{high}, not {array.min()}..{array.max()}"
        )
    return np.ascontiguousarray(array, dtype=np.int8)


def _outside(array: npt.NDArray[Any], low: int, high: int) -> bool:
    if array.dtype == np.int8 and low == 0:  # one pass: negative bytes read as 128 and more
        return bool(array.view(np.uint8).max() > high)
    return bool(array.min() < low or array.max() > high)


def _card_ids(name: str, cards: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    array = np.asarray(cards)
    if array.size and (array.min() < 0 or array.max() > 51):
        raise ValueError(f"{name} are card ids 0..51, not {array.min()}..{array.max()}")
    return np.ascontiguousarray(array, dtype=np.uint8)


def hand_shapes(
    cards: npt.NDArray[np.integer[Any]],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """For (N, 4) card ids: each hand's badugi size (1..4) and its top card (0 = ace .. 12)."""
    size_of, top_of = _badugi_tables()
    ranks = evaluate_many(_card_ids("cards", cards), threads=1)
    return size_of[ranks], top_of[ranks]


class ThresholdPolicy:
    """``bot`` as a vector policy under ``rules`` (the Korean kinds take other indices). It
    pickles as its bot and rule family (a worker rebuilds the C table pointer), so ``simulate``
    can send it to an executor."""

    vector_policy = True

    def __init__(self, bot: ThresholdBot, rules: RuleSet | None = None) -> None:
        if not isinstance(bot, ThresholdBot):
            raise TypeError(f"threshold_policy takes a ThresholdBot, not {type(bot).__name__}")
        self.bot = bot
        self.korean = isinstance(rules, KoreanRules)
        self._prepare()

    def _prepare(self) -> None:
        # solved: the table c_policy points into, kept alive with it
        self._c_policy, self._solved = self.bot.c_policy()
        self._table = ffi.NULL if self._solved is None else self._c_policy
        # ThresholdBot's AGGRESSIVE + PASSIVE order in this encoding's indices.
        korean_order = [HALF, TTADANG, QUARTER, BET, CHECK_CALL]
        self._aggressive = korean_order if self.korean else [BET, CHECK_CALL]
        self._reading = _bot_reading(self.bot)

    def __getstate__(self) -> dict[str, Any]:
        return {"bot": self.bot, "korean": self.korean}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.bot, self.korean = state["bot"], state["korean"]
        self._prepare()

    def __call__(self, obs: Obs) -> Actions:
        mask, phase = obs["action_mask"], obs["phase"]
        columns = _drawer_columns(obs, len(phase))  # checked first: C trusts their shapes
        actions = np.full(len(phase), NO_ACTION, dtype=np.int64)
        # a seat to act: check / call is legal whenever it bets, standing pat whenever it draws
        is_betting = (phase == PHASE_BETTING) & (mask[:, CHECK_CALL] != 0)
        betting = np.flatnonzero(is_betting)
        if betting.size:
            actions = np.where(is_betting, self._bets(obs, columns[0], betting), actions)
        drawing = np.flatnonzero((phase == PHASE_DRAW) & (mask[:, DISCARD] != 0))
        if drawing.size:
            actions[drawing] = _discards(columns, drawing, self._table, self._solved)
        return actions

    def _bets(self, obs: Obs, cards: npt.NDArray[np.int8], rows: npt.NDArray[np.intp]) -> Actions:
        """The bot's betting action for every table, meaningful at ``rows`` (the betting seats;
        ``cards``: obs["cards"], checked): whole columns cost less than gathering each by rows."""
        bot = self.bot
        # a row's four card bytes as one uint32: gathering rows of 4 int8 is several times slower
        packed = cards.view(np.uint32).reshape(-1)[rows]
        missing = np.flatnonzero(packed & 0x80808080)  # checked -1..51: a high bit is -1
        if missing.size:
            t = int(rows[missing[0]])
            raise ValueError(f"table {t}: obs['cards'] holds no hand for the seat to bet")
        reading = np.zeros(len(cards), dtype=np.uint8)
        reading[rows] = self._reading[
            evaluate_many(packed.view(np.uint8).reshape(-1, 4), threads=1)
        ]
        strong = (reading & _RAISES) != 0
        keep_going = (reading & _CALLS) != 0
        keep_going |= ((reading & _DRAWS_ON) != 0) & (obs["draws_left"] > 0)
        passive = np.where(keep_going | (obs["to_call"] == 0), CHECK_CALL, FOLD)
        first_legal = passive
        mask = obs["action_mask"]
        for index in reversed(self._aggressive):  # the first legal one in the bot's order wins
            first_legal = np.where(mask[:, index] != 0, index, first_legal)
        # A strong hand raises until the bot's max_bets are in this round, then calls.
        return np.where(strong & (obs["bets"] < bot.max_bets), first_legal, passive)


def threshold_policy(bot: ThresholdBot, rules: RuleSet | None = None) -> VectorPolicy:
    """``bot`` as a vector policy under ``rules`` (a ThresholdPolicy)."""
    return ThresholdPolicy(bot, rules)


# What a ThresholdBot reads of a hand's class before it bets, as bits of one byte per rank
_RAISES = 1  # a made badugi up to raise_top
_CALLS = 2  # a made badugi up to call_top (or raise_top)
_DRAWS_ON = 4  # a badugi of draw_with cards or more


def _bot_reading(bot: ThresholdBot) -> npt.NDArray[np.uint8]:
    """For each rank 1..1092 (index 0 unused), the bot's reading of it (the bits above)."""
    size, top = _badugi_tables()
    made = size == 4
    reading = np.where(made & (top <= bot.raise_top), _RAISES | _CALLS, 0)
    reading |= np.where(made & (top <= bot.call_top), _CALLS, 0)
    reading |= np.where(size >= bot.draw_with, _DRAWS_ON, 0)
    reading[0] = 0
    return reading.astype(np.uint8)


def _drawer_columns(obs: Obs, tables: int) -> tuple[npt.NDArray[np.int8], ...]:
    """The observation fields the drawer reads, checked: cards, discards, cutting, draws_left."""
    return (
        _column(obs, "cards", (tables, 4), -1, 51),  # -1: no card
        _column(obs, "discards", (tables, 52), 0, 1),
        _column(obs, "cutting", (tables,), 0, 4),
        _column(obs, "draws_left", (tables,), 0, 3),
    )


def _discards(
    columns: tuple[npt.NDArray[np.int8], ...], rows: npt.NDArray[np.intp], table: Any, solved: Any
) -> Actions:
    """The bot's draw (the default policy, ``bf_draw_keep``, or its solved table: the C loop's
    drawer), capped at the cutting limit by throwing the highest ids first; one C call for
    every drawing row. ``solved`` keeps the table alive while ``table`` points into it."""
    cards, seen, caps, left = columns
    chosen = np.ascontiguousarray(rows, dtype=np.int64)
    out = np.empty(len(rows), dtype=np.int64)
    lib.bf_vector_bot_draws(
        table,
        ffi.from_buffer("int8_t[]", cards),
        ffi.from_buffer("int8_t[]", seen),
        ffi.from_buffer("int8_t[]", caps),
        ffi.from_buffer("int8_t[]", left),
        ffi.from_buffer("int64_t[]", chosen),
        len(rows),
        ffi.from_buffer("int64_t[]", out),
    )
    del solved
    return out


def by_seat(policies: Sequence[VectorPolicy]) -> VectorPolicy:
    """One policy per seat: each table's action comes from the policy of the seat to act."""
    policies = list(policies)
    groups: dict[int, tuple[VectorPolicy, list[int]]] = {}
    for s, policy in enumerate(policies):  # a policy playing several seats is asked once
        groups.setdefault(id(policy), (policy, []))[1].append(s)

    def act(obs: Obs) -> tuple[Actions, Actions]:
        seat = obs["seat"]
        if len(groups) == 1:  # one policy for every seat listed
            ((policy, _),) = groups.values()
            actions, amounts = split(policy(obs), len(seat))
            return np.where(seat < len(policies), actions, NO_ACTION), amounts
        actions = np.full(len(seat), NO_ACTION, dtype=np.int64)
        amounts = np.zeros(len(seat), dtype=np.int64)
        for policy, seats in groups.values():
            rows = np.isin(seat, seats)
            if rows.any():
                chosen, chips = split(policy(obs), len(seat))
                actions[rows], amounts[rows] = chosen[rows], chips[rows]
        return actions, amounts

    return vector_policy(act)


def split(decision: Any, tables: int) -> tuple[Actions, Actions]:
    """A policy's answer as (actions, amounts): the amounts are zero when not given."""
    if isinstance(decision, tuple):
        actions, amounts = decision
        return np.asarray(actions), np.asarray(amounts)
    return np.asarray(decision), np.zeros(tables, dtype=np.int64)


def check_no_idle(obs: Obs, actions: Actions, playing: npt.NDArray[np.bool_]) -> None:
    """A table still playing whose seat to act got NO_ACTION would wait for ever: a ValueError
    naming it instead."""
    idle = playing & (actions == NO_ACTION) & (np.asarray(obs["action_mask"]) != 0).any(axis=1)
    if idle.any():
        t = int(np.flatnonzero(idle)[0])
        raise ValueError(
            f"table {t}: the policy gave no action (NO_ACTION) for seat {int(obs['seat'][t])}, "
            "so its hand would never end"
        )


def play(game: VectorGame, policy: VectorPolicy, hands: int) -> npt.NDArray[np.int64]:
    """Step ``game`` from a reset under ``policy`` until every table has finished ``hands``
    hands; the chips each seat won in each: an int64 array (tables, hands, seats)."""
    check_hands(hands)
    won = np.zeros((game.tables, hands, game.seats), dtype=np.int64)
    finished = np.zeros(game.tables, dtype=np.int64)
    obs = game.reset()
    while finished.min() < hands:
        actions, amounts = split(policy(obs), game.tables)
        actions = np.where(finished < hands, actions, NO_ACTION)  # tables done wait
        check_no_idle(obs, actions, finished < hands)
        obs, _, done, info = game.step(actions, amounts)
        rows = np.flatnonzero(done & (finished < hands))  # a hand the engine's own seats end
        won[rows, finished[rows]] = info["chips"][rows]  # as it is dealt ends at a waiting table
        finished[rows] += 1
    return won


__all__ = [
    "ThresholdPolicy",
    "by_seat",
    "hand_shapes",
    "is_vector_policy",
    "play",
    "random_policy",
    "split",
    "threshold_policy",
    "vector_policy",
]
