"""Batched Badugi: B tables stepped in lockstep in C, numpy in and out (the encoding: vector_spec).

    game = VectorGame(tables=4096, seats=2, rules=Rules(), seed=7)
    obs = game.reset()
    while True:
        obs, rewards, done, info = game.step(policy(obs))

The tables run in the C batched engine (csrc/play/vector.c over the hand loop's state machine,
csrc/game/hand_state.h): Python never loops over tables. Table t's hand h is hand t * 2**32 + h of
the seed's stream (``simulate``'s deals), with the button at seat (t * 2**32 + h) % seats, every
seat starting each hand with its ``stacks`` chips, as ``play_hands`` plays that hand. The Python
specification of the same environment is ``vector_reference.VectorGame`` (a ``Game`` per table); the
tests step both side by side."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ..._runtime.exclusive import Guard, one_thread
from ..._runtime.threads import run_in_threads, thread_count
from ..._runtime.validate import whole
from ...game.actions import IllegalActionError
from ...game.bots import ThresholdBot
from ...game.rules import RuleSet
from ...game.state import Game
from .reference import Table
from .seats import c_form, c_threshold, check_bots_game, refusal_message, seat_threshold
from .settings import MAX_TABLES, Settings, Step, check_action_range, index_array
from .spec import EXACT, Obs, field_specs

BLOCK_TABLES = 1 << 14  # tables per C call when stepping on several threads
_PHASES = ("betting", "drawing", "over")

VectorPolicy = Callable[[Obs], Any]
"""Any callable ``policy(obs) -> actions`` (or ``(actions, amounts)``) on the arrays above."""


def c_spec(rules: RuleSet, start: Sequence[int], bots: Sequence[object] = ()) -> Any:
    """The C engine's bf_game_spec for a table of len(start) seats, ``bots[p]`` (when not None:
    a ThresholdBot, or a bot with a table form) played by the engine at seat p."""
    spec = ffi.new("bf_game_spec *")
    rules.fill_c_spec(spec)
    spec.seats = len(start)
    for seat, chips in enumerate(start):
        spec.stacks[seat] = chips
    keep: list[Any] = []  # what spec points into
    for seat, bot in enumerate(bots):
        if bot is None:
            continue
        form = None if isinstance(bot, ThresholdBot) else c_form(bot)
        if form is not None:
            keep.append(form.place(spec, seat))
            bot = seat_threshold(form)
        if not isinstance(bot, ThresholdBot):
            raise ValueError(
                f"bots[{seat}] is a {type(bot).__name__}: the engine plays ThresholdBots and "
                "bots with a table form (solve.bots.solution over ThresholdBots, "
                "blueprint_bot())"
            )
        spec.bots[seat], solved = c_threshold(bot)
        keep.append(solved)
    return ffi.gc(spec, lambda _spec: keep.clear())


def _bot_mask(bots: Sequence[object] | None, seats: int) -> int:
    """The seats the engine plays, as bf_vector_new's mask."""
    if bots is None:
        return 0
    if len(bots) != seats:
        raise ValueError(f"bots has one entry per seat ({seats}), not {len(bots)}")
    mask = sum(1 << seat for seat, bot in enumerate(bots) if bot is not None)
    if mask == (1 << seats) - 1:
        raise ValueError("bots: some seat must be the caller's (None)")
    return mask


_SENTINEL = "sentinel"
_RESULTS = {"chips": (np.int64, True), "done": (np.bool_, False), "hand": (np.int64, False)}


class _Buffers:
    """A buffer per call holding every observation array and a step's chips, done and hand, at
    the C engine's offsets (bf_vector_layout, in field_specs' order). A buffer is used again
    only once nothing outside this pool refers to any of its arrays (a caller may keep earlier
    observations): fresh memory would cost a page fault every 4 kB, and 23 views a call."""

    POOL = 4

    def __init__(self, tables: int, seats: int) -> None:
        offsets = ffi.new("int64_t[]", int(lib.BF_VEC_FIELDS))
        self.size = int(lib.bf_vector_layout(tables, seats, offsets))
        shapes = [
            (key, (tables, *shape), np.dtype(dtype))
            for key, (shape, dtype, _, _) in field_specs(seats).items()
        ]
        shapes += [
            (key, (tables, seats) if per_seat else (tables,), np.dtype(dtype))
            for key, (dtype, per_seat) in _RESULTS.items()
        ]
        assert len(shapes) == lib.BF_VEC_FIELDS
        self.views = [
            (key, shape, dtype, offsets[f]) for f, (key, shape, dtype) in enumerate(shapes)
        ]
        self.pool: list[_Buffer] = []

    def new(self) -> tuple[dict[str, npt.NDArray[Any]], Any]:
        for entry in self.pool:
            if entry.unused():
                return entry.arrays, entry.pointer
        buffer = np.empty(self.size, dtype=np.uint8)
        arrays = {
            key: np.ndarray(shape, dtype, buffer, offset)
            for key, shape, dtype, offset in self.views
        }
        arrays[_SENTINEL] = np.empty(0)  # last, never handed out: the count to compare with
        entry = _Buffer(arrays, buffer)
        del buffer
        entry.references = entry.buffer_references()
        self.pool = [entry, *self.pool[: self.POOL - 1]]
        return entry.arrays, entry.pointer


class _Buffer:
    def __init__(self, arrays: dict[str, npt.NDArray[Any]], buffer: npt.NDArray[Any]) -> None:
        self.arrays, self.buffer = arrays, buffer
        self.pointer = _pointer("uint8_t *", buffer)
        self.references = 0

    def buffer_references(self) -> int:
        return sys.getrefcount(self.buffer)

    def unused(self) -> bool:
        """Nothing outside the pool refers to the arrays (each counts as many references as
        the sentinel, never handed out) or to the buffer (a slice of an array refers to the
        buffer itself)."""
        counts = [sys.getrefcount(array) for array in self.arrays.values()]
        return self.buffer_references() == self.references and all(
            count == counts[-1] for count in counts
        )


def _pointer(ctype: str, array: npt.NDArray[Any]) -> Any:
    return ffi.cast(ctype, array.__array_interface__["data"][0])


def _observation(arrays: dict[str, npt.NDArray[Any]]) -> Obs:
    return {key: arrays[key] for key in _OBS_KEYS}


_OBS_KEYS = tuple(field_specs(2))


class VectorGame(Settings):
    """``tables`` tables of ``seats`` players, each playing hand after hand (auto-reset).

    ``step(actions, amounts=None)`` takes one action index per table (``vector_spec``; -1 leaves
    a table waiting) and, for EXACT, ``amounts[t]`` chips. It returns the next observations (for
    each table's next player to act), ``rewards`` (tables, seats): each seat's result in units
    (``rules.unit``) at tables whose hand ended this step, else 0; ``done`` (tables,): the
    hand-ended flags; ``info``: ``chips`` (tables, seats) the ended hands' chips, ``hand``
    (tables,) their number h at the table (-1 where none ended), ``illegal`` (tables,) where a
    fallback replaced an illegal action. ``illegal="raise"`` (the default) rejects a batch with
    any illegal action (IllegalActionError naming the table; no table moves); "fallback" plays
    ``vector_spec.fallback_action`` instead and counts it in ``illegal_count``.
    ``first_table``: this game's table 0 is that table of the seed's stream (to share one
    stream between processes, or to replay one table alone). ``threads``: the tables of a step
    split across threads (None: one thread below 2**17 tables); results never depend on it.
    ``numbering=(first, table_step, hand_step)``: table t's hand h is hand first + t * table_step
    + h * hand_step of the stream instead (``simulate`` plays its hands 0 .. n-1 this way).
    ``bots``: one entry per seat, None for a seat the caller plays, or a bot the engine plays
    there in C, never observed: a ThresholdBot, or a bot with a table form such as
    ``solve.bots.solution(sol)`` or ``blueprint_bot()`` (its choices drawn from the bits ``Game``
    gives it, so the same chips as ``Game`` hand for hand; the blueprint only in the game it was
    trained for, ValueError otherwise); a decision its table does not cover and has no
    ``otherwise`` bot for makes ``step`` raise ValueError naming the table, hand and seat.

    One thread at a time: while a call (``step``, ``reset``, ``next_hands``, ``observe``,
    ``final_observation``, ``finished_game``) is in progress, a call from another thread, or
    back into the game from inside that call, raises RuntimeError and changes nothing. It is
    refused rather than queued because two threads stepping one game give a sequence of steps
    that depends on timing (``_runtime.exclusive`` says more); give each thread its own game,
    or let one game step its tables on several threads (``threads``)."""

    def __init__(
        self,
        tables: int,
        seats: int,
        rules: RuleSet | None = None,
        seed: int | None = None,
        *,
        stacks: int | Sequence[int] | None = None,
        illegal: str = "raise",
        first_table: int = 0,
        threads: int | None = None,
        numbering: tuple[int, int, int] | None = None,
        bots: Sequence[object] | None = None,
    ) -> None:
        super().__init__(
            tables, seats, rules, seed, stacks=stacks, illegal=illegal, first_table=first_table
        )
        self._guard = Guard(type(self).__name__)
        self.threads = thread_count(threads, self.tables)
        mask = self._bot_seats = _bot_mask(bots, self.seats)
        self._bots = list(bots or ())
        check_bots_game(self._bots, self.rules, self.start, "bots[{}]")
        self._spec = c_spec(self.rules, self.start, self._bots)
        self._round_seats = any(  # seats with a scratch: their refusals are reported
            self._spec.round_seats[p] != ffi.NULL or self._spec.players[p] != ffi.NULL
            for p in range(self.seats)
        )
        handle = lib.bf_vector_new(self._spec, self.seed, self.first_table, self.tables, mask)
        if handle == ffi.NULL:
            raise MemoryError(f"no memory for {self.tables} tables")
        self._engine = ffi.gc(handle, lib.bf_vector_free)
        if numbering is not None:
            self._number_hands(numbering)
        self._buffers = _Buffers(self.tables, self.seats)
        self._status = np.zeros(self.tables, dtype=np.uint8)
        self._c_status = _pointer("uint8_t *", self._status)
        self.reset()

    def _number_hands(self, numbering: tuple[int, int, int]) -> None:
        if len(numbering) != 3:
            raise ValueError(f"numbering is (first, table_step, hand_step), not {numbering!r}")
        first, table_step, hand_step = (
            whole(name, value, least)
            for name, value, least in zip(
                ("first", "table_step", "hand_step"), numbering, (0, 0, 1), strict=True
            )
        )
        if lib.bf_vector_number_hands(self._engine, first, table_step, hand_step) != 0:
            raise ValueError(f"numbering {numbering} reaches past hand 2**54 of the stream")

    @one_thread("reset")
    def reset(self) -> Obs:
        """Start every table at its hand 0 again; the first observations."""
        lib.bf_vector_restart(self._engine, 0, self.tables, 1)
        if self._round_seats:
            self._check_refused()
        self.last_hand = np.full(self.tables, -1, dtype=np.int64)  # the last finished hand's h
        self.last_chips = np.zeros((self.tables, self.seats), dtype=np.int64)  # and its chips
        self._obs = self._observe(None, finished=False)
        return self._obs

    @one_thread("dealt")
    def next_hands(self) -> Obs:
        """Abandon the hands in play; every table deals its next hand."""
        lib.bf_vector_restart(self._engine, 0, self.tables, 0)
        if self._round_seats:
            self._check_refused()
        self._obs = self._observe(None, finished=False)
        return self._obs

    @one_thread("observed")
    def observe(self, seats: npt.ArrayLike | None = None) -> Obs:
        """Observations for the player to act at each table, or for the given seat of each."""
        return self._observe(seats, finished=False)

    @one_thread("observed")
    def final_observation(self, seats: npt.ArrayLike) -> Obs:
        """Each table's last finished hand as the given seat saw it at its end (phase 2, no
        legal action; rows of tables that have finished no hand yet are left empty)."""
        return self._observe(seats, finished=True)

    @one_thread("replayed")
    def finished_game(self, table: int) -> Game:
        """The last hand ``table`` finished, replayed by ``Game`` from the actions its seats
        took (the reference decodes them: vector_reference.Table): its history, for
        ``phh.dumps``. ValueError when the table has finished no hand, or the hand took more
        than 64 actions (or 8 exact amounts), which the engine does not keep."""
        replay = self._replay(table, lib.bf_vector_finished_actions, "has finished no hand")
        if not replay.game.done:
            raise AssertionError(f"table {table}: the replay of its last hand does not end")
        return replay.game

    @one_thread("replayed")
    def current_table(self, table: int) -> Table:
        """The hand in play at ``table`` replayed by the reference (vector_reference.Table:
        its ``game``, and ``legal()``, the action of each index): how a bot that reads a
        ``View`` takes a seat of the environment (badugi_fast.rl). ValueError as
        ``finished_game``."""
        return self._replay(table, lib.bf_vector_current_actions, "is out of range")

    def _replay(self, table: int, read: Any, missing: str) -> Table:
        t = whole("table", table, 0, self.tables - 1)
        if self._bot_seats:
            raise ValueError("the engine replays hands the caller played every seat of")
        number = ffi.new("uint64_t *")
        indices = ffi.new("uint8_t[]", int(lib.BF_VEC_LOG_ACTIONS))
        exact = ffi.new("int64_t[]", int(lib.BF_VEC_LOG_EXACT))
        count = read(self._engine, t, number, indices, exact)
        if count < 0:
            why = missing if count == -1 else "'s hand took more actions than are kept"
            raise ValueError(f"table {t} {why}")
        replay = Table(self.first_table + t, self.rules, self.seed, self.start, 0, number[0])
        amounts = iter(exact[0 : lib.BF_VEC_LOG_EXACT])
        for index in indices[0:count]:
            action = replay.decode(index, next(amounts) if index == EXACT else 0)
            if isinstance(action, str):  # the engine and its specification disagree
                raise AssertionError(f"table {t}: the replay refuses action {index}: {action}")
            replay.apply(action)
        return replay

    def _observe(self, seats: npt.ArrayLike | None, finished: bool) -> Obs:
        chosen = ffi.NULL
        if seats is not None:
            try:
                array = np.broadcast_to(np.asarray(seats), (self.tables,))
            except ValueError:
                raise ValueError(
                    f"seats is one seat or one per table ({self.tables}), "
                    f"not shape {np.shape(seats)}"
                ) from None
            seat_array = index_array("seats", np.ascontiguousarray(array), self.tables)
            if seat_array.min() < 0 or seat_array.max() >= self.seats:
                raise ValueError(f"seats are 0..{self.seats - 1}, not {seat_array.tolist()}")
            chosen = _pointer("int64_t *", seat_array)
        arrays, buffer = self._buffers.new()
        lib.bf_vector_observe(self._engine, 0, self.tables, chosen, finished, buffer)
        return _observation(arrays)

    @one_thread("stepped")
    def step(self, actions: npt.ArrayLike, amounts: npt.ArrayLike | None = None) -> Step:
        chosen = index_array("actions", actions, self.tables)
        exact = None if amounts is None else index_array("amounts", amounts, self.tables)
        illegal = self._decode(chosen, exact)
        arrays, buffer = self._buffers.new()

        def work(lo: int, hi: int) -> None:
            lib.bf_vector_apply(self._engine, lo, hi, buffer)

        if self.threads == 1:
            work(0, self.tables)
        else:
            run_in_threads(self.tables, self.threads, work, block_rows=BLOCK_TABLES)
        if self._round_seats:
            self._check_refused()
        chips, done, hand = arrays["chips"], arrays["done"], arrays["hand"]
        ended = np.flatnonzero(done)  # once: indexing by it is faster than by the mask twice
        if ended.size:
            self.last_hand[ended], self.last_chips[ended] = hand[ended], chips[ended]
        info = {"chips": chips, "hand": hand, "illegal": illegal}
        self._obs = _observation(arrays)
        return self._obs, chips / self.unit, done, info

    def _check_refused(self) -> None:
        refusal = ffi.new("bf_game_refusal *")
        table = lib.bf_vector_refused(self._engine, refusal)
        if table >= 0:
            raise ValueError(f"table {table}: {refusal_message(refusal, self._bots)}")

    def _decode(
        self, chosen: npt.NDArray[np.int64], exact: npt.NDArray[np.int64] | None
    ) -> npt.NDArray[np.bool_]:
        """Every table's action checked before any table moves (C: bf_vector_decode)."""
        status = self._status
        fallback = self.illegal == "fallback"
        first_bad = lib.bf_vector_decode(
            self._engine,
            _pointer("int64_t *", chosen),
            ffi.NULL if exact is None else _pointer("int64_t *", exact),
            fallback,
            self._c_status,
        )
        if first_bad < 0:
            return np.zeros(self.tables, dtype=np.bool_)
        if (status == lib.BF_VEC_OUT_OF_RANGE).any():  # refused before any table is judged
            check_action_range(chosen)
        if not fallback:
            raise IllegalActionError(self._why(first_bad, chosen, exact))
        illegal = status >= lib.BF_VEC_OUT_OF_RANGE
        self.illegal_count += int(illegal.sum())
        return illegal

    def _why(
        self, t: int, chosen: npt.NDArray[np.int64], exact: npt.NDArray[np.int64] | None
    ) -> str:
        """Table t's refusal, worded as the reference words it."""
        obs = self._obs
        if self._status[t] == lib.BF_VEC_BAD_AMOUNT:
            least, most = int(obs["raise_min"][t]), int(obs["raise_max"][t])
            amount = 0 if exact is None else int(exact[t])
            return f"table {t}: the exact amount is {least} to {most} chips, not {amount}"
        seat, phase = int(obs["seat"][t]), _PHASES[int(obs["phase"][t])]
        return f"table {t}: action {chosen[t]} is not legal now (seat {seat} is {phase})"


__all__ = ["MAX_TABLES", "VectorGame", "VectorPolicy"]
