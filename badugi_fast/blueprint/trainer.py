"""Training the blueprint: external-sampling Monte Carlo CFR in C (csrc/blueprint/train.c), in
synchronous batches, across threads and across executor workers.

A batch of iterations runs with the strategy frozen (the regret matching of ``regret`` as the
batch found it). Every update is a fixed-point int64 (csrc/blueprint/train.h), added into the
batch's regret delta (and straight into the strategy sums, which nothing reads during a batch),
so however the batch's iterations are split (threads here, blocks on the workers of an
executor, merged here), the sums are the same integers, and a seed gives the same tables on any
thread and worker count. Batch boundaries fall at multiples of ``batch`` from iteration 0,
so a run stopped anywhere (inside a batch too: the checkpoint keeps the batch's regret delta
not yet counted) and resumed from its checkpoint ends with the tables of an unbroken run.

**Linear CFR by intervals** (``discount_every``): after every ``discount_every`` iterations (a
whole number of batches), the t-th time, the regrets and the strategy sums are multiplied by
t / (t + 1), so that each interval weighs in proportion to its index, as Pluribus trained its
blueprint early on (Brown and Sandholm, "Superhuman AI for multiplayer poker", 2019; Linear CFR:
Brown and Sandholm, "Solving Imperfect-Information Games via Discounted Regret Minimization",
2019): the early, poor strategies fade from the average. Up to iteration ``discount_until``
(0: the whole run). The products are floored integers, the same on any split of the work.
"""

from __future__ import annotations

import mmap
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._runtime.blocks import Executor, block_bounds, progress_bar, run_blocks
from .._runtime.exclusive import Guard, one_thread
from .._runtime.threads import run_in_threads, thread_count
from .._runtime.validate import file_path, whole
from . import Blueprint
from .abstraction import SLOTS, check_abstraction, infosets
from .strategy import ONE

REGRET_ONE = int(lib.BF_BP_REGRET_ONE)
STRATEGY_ONE = int(lib.BF_BP_STRATEGY_ONE)
CHECKPOINT_VERSION = 3  # 3 keeps the discounting, 2 the abstraction; 1 and 2 still read
BLOCK_ITERATIONS = 64  # iterations per call into C: ~10-50 ms on the full deck
# A checkpoint's sums stay below this (a run of 10^9 iterations stays below 2**47): above it
# the next additions could wrap int64 silently, so such a file is refused as damaged.
MAX_SUM = 1 << 62
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Deck:
    """The game trained: the ``ranks`` lowest ranks of the ``suits`` first suits, ``draws``
    draws, ``Rules(small_bet=small_bet, cap_heads_up=True)``."""

    ranks: int = 13
    suits: int = 4
    draws: int = 3
    small_bet: int = 2

    def __post_init__(self) -> None:
        whole("ranks", self.ranks, 1, 13)
        whole("suits", self.suits, 1, 4)
        whole("draws", self.draws, 0, 3)
        whole("small_bet", self.small_bet, 2, int(lib.BF_BP_MAX_SMALL_BET))
        if self.small_bet % 2:
            raise ValueError(f"small_bet is even (blinds of half a bet), not {self.small_bet}")
        if self.ranks * self.suits < 8:
            raise ValueError(
                f"ranks x suits is at least 8 cards (two hands of four), not "
                f"{self.ranks} x {self.suits}"
            )

    def c_rules(self, abstraction: int = 1) -> Any:
        """The C trainer's rules: this game, played in ``abstraction``."""
        return ffi.new(
            "bf_bp_rules *",
            {"ranks": self.ranks, "suits": self.suits, "draws": self.draws,
             "small_bet": self.small_bet, "abstraction": check_abstraction(abstraction)},
        )  # fmt: skip


def new_table(abstraction: int = 1) -> npt.NDArray[np.int64]:
    """A zeroed table [infosets, 3, SLOTS] (regret, regret delta, strategy sum of each slot) of
    an abstraction, in transparent huge pages where the system offers them: the trainer's reads
    and writes land all over 100-500 MB, and 2 MB pages spare most of the TLB misses."""
    rows = infosets(abstraction)
    size = rows * 3 * SLOTS * 8
    try:
        memory = mmap.mmap(-1, size)
        if hasattr(memory, "madvise") and hasattr(mmap, "MADV_HUGEPAGE"):
            memory.madvise(mmap.MADV_HUGEPAGE)
        buffer: Any = memory
    except (OSError, ValueError):  # no anonymous mmap here: plain memory
        buffer = bytearray(size)
    return np.frombuffer(buffer, dtype=np.int64).reshape(rows, 3, SLOTS)


def iterate_into(
    deck: Deck,
    seed: int,
    table: npt.NDArray[np.int64],
    first: int,
    count: int,
    threads: int,
    abstraction: int = 1,
) -> None:
    """Iterations first .. first + count - 1 of the seed against the table's frozen regrets,
    their updates added into its regret deltas and strategy sums, over ``threads`` threads."""
    rows = infosets(abstraction)
    if table.shape != (rows, 3, SLOTS) or table.dtype != np.int64 or not table.flags.c_contiguous:
        raise ValueError(
            f"the table of abstraction {abstraction} is a contiguous int64 [{rows}, 3, {SLOTS}], "
            f"not {table.dtype} {table.shape}"
        )
    trainer = ffi.new("bf_bp_trainer *")
    trainer.rules = deck.c_rules(abstraction)[0]
    trainer.seed = seed
    trainer.table = ffi.from_buffer("int64_t[]", table)

    def work(lo: int, hi: int) -> None:
        if lib.bf_bp_iterate(trainer, first + lo, hi - lo) != 0:
            raise ValueError("the trainer refused its table or rules")

    run_in_threads(count, threads, work, block_rows=BLOCK_ITERATIONS)


def batch_block(
    deck: Deck,
    seed: int,
    regret: npt.NDArray[np.int64],
    threads: int,
    abstraction: int,
    lo: int,
    hi: int,
) -> npt.NDArray[np.int64]:
    """The task an executor runs: iterations lo .. hi - 1 against ``regret`` [infosets, SLOTS];
    returns their regret deltas and strategy sums [infosets, 2, SLOTS]."""
    table = new_table(abstraction)
    table[:, 0, :] = regret
    iterate_into(deck, seed, table, lo, hi - lo, threads, abstraction)
    return np.ascontiguousarray(table[:, 1:, :])


_ZIP = b"PK\x03\x04"  # how a zip archive (an .npz) starts


class Trainer:
    """The regret and strategy-sum tables of one training run (see the module docstring)."""

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        seed: int = 0,
        batch: int = 4096,
        abstraction: int = 1,
        discount_every: int = 0,
        discount_until: int = 0,
    ) -> None:
        if deck is None:
            deck = Deck()
        if not isinstance(deck, Deck):
            raise TypeError(f"deck is a Deck or None, not {type(deck).__name__}")
        self.deck = deck
        self.seed = whole("seed", seed, 0, (1 << 64) - 1)
        self.batch = whole("batch", batch, 1)
        self.abstraction = check_abstraction(abstraction)
        self.discount_every = whole("discount_every", discount_every, 0)
        self.discount_until = whole("discount_until", discount_until, 0)
        if self.discount_until and not self.discount_every:
            raise ValueError(
                f"discount_until ({self.discount_until}) needs discount_every: without it "
                "nothing is discounted"
            )
        if self.discount_until and self.discount_until < self.discount_every:
            raise ValueError(
                f"discount_until ({self.discount_until}) is below discount_every "
                f"({self.discount_every}): the first discount would come after it, so nothing "
                "would be discounted"
            )
        if self.discount_every % self.batch:
            raise ValueError(
                f"discount_every is a whole number of batches of {self.batch}, not "
                f"{self.discount_every}: the tables are discounted between batches"
            )
        self.iterations = 0
        self.table = new_table(abstraction)
        # the tables are C's to write during run(): one call at a time (see _runtime.exclusive)
        self._guard = Guard("Trainer")

    @property
    def regret(self) -> npt.NDArray[np.int64]:
        """The cumulative regrets [infosets, SLOTS] (chips times REGRET_ONE)."""
        return self.table[:, 0, :]

    @property
    def strategy(self) -> npt.NDArray[np.int64]:
        """The strategy sums [infosets, SLOTS] (probabilities times STRATEGY_ONE)."""
        return self.table[:, 2, :]

    @one_thread("run")
    def run(
        self,
        iterations: int,
        *,
        threads: int | None = None,
        executor: Executor = None,
        workers: int = 1,
        progress: Progress | bool | None = None,
    ) -> None:
        """Runs ``iterations`` more iterations; with an executor, each batch is cut into
        ``workers`` blocks run there (each on ``threads`` threads) and merged here in block
        order. ``progress``: True shows a progress bar (tqdm) of the iterations; a callable
        ``progress(n)`` hears of every n iterations done."""
        left = whole("iterations", iterations, 0)
        if progress is not None and not isinstance(progress, bool) and not callable(progress):
            raise TypeError(f"progress is True, False, None or a callable, not {progress!r}")
        nthreads = thread_count(threads, self.batch, 2 * BLOCK_ITERATIONS)
        workers = whole("workers", workers, 1)
        if progress is True:
            bar = progress_bar(left, "iteration")
            try:
                self._run(left, nthreads, executor, workers, bar.update)
            finally:
                bar.close()
        else:
            self._run(left, nthreads, executor, workers, progress if callable(progress) else None)

    def _run(
        self, left: int, nthreads: int, executor: Executor, workers: int, progress: Progress | None
    ) -> None:
        table = self.table
        while left:
            size = min(left, self.batch - self.iterations % self.batch)
            lo = self.iterations
            if executor is None:
                iterate_into(self.deck, self.seed, table, lo, size, nthreads, self.abstraction)
            else:
                bounds = block_bounds(lo, size, -(-size // workers))
                regret: Any = np.ascontiguousarray(self.regret)
                if hasattr(executor, "scatter"):  # a Dask Client: the regrets go once a worker
                    regret = executor.scatter(regret, broadcast=True)
                args = (self.deck, self.seed, regret, nthreads, self.abstraction)
                for deltas in run_blocks(executor, batch_block, args, bounds):
                    table[:, 1:, :] += deltas
            self.iterations += size
            if self.iterations % self.batch == 0:  # the batch is whole: its regrets count now
                table[:, 0, :] += table[:, 1, :]
                table[:, 1, :] = 0
                if self._discounts(self.iterations):
                    t = self.iterations // self.discount_every
                    _discount(table, t, t + 1)
            left -= size
            if progress is not None:
                progress(size)

    def _discounts(self, done: int) -> bool:
        """Whether the tables are discounted once ``done`` iterations are done."""
        every, until = self.discount_every, self.discount_until
        return bool(every) and done % every == 0 and (not until or done <= until)

    def discounted_iterations(self) -> float:
        """What the iterations so far weigh in the regrets after the discounts (the iterations
        themselves without discounting): an average regret's denominator."""
        if not self.discount_every:
            return float(self.iterations)
        total, done = 0.0, 0
        while done < self.iterations:
            step = min(self.discount_every - done % self.discount_every, self.iterations - done)
            total, done = total + step, done + step
            if self._discounts(done):
                t = done // self.discount_every
                total *= t / (t + 1)
        return total

    # -- what the tables say -------------------------------------------------------------------

    @one_thread("read")
    def regret_bound(self) -> float:
        """The exploitability bound CFR's regrets give, in chips a hand: the sum over
        information sets of the largest positive average regret, halved (the exploitability is
        the mean of the two best-response gains, and each player's gain is at most its overall
        regret, itself at most the sum of its information sets' regrets). Here the regrets are
        sampled estimates, so this is an estimate of that bound, noisy upwards early on."""
        if self.iterations == 0:
            return float("inf")
        rows = self.regret
        positive = np.maximum(rows.max(axis=1), 0).astype(np.float64)
        return float(positive.sum()) / REGRET_ONE / self.discounted_iterations() / 2

    @one_thread("read")
    def average(self) -> npt.NDArray[np.uint16]:
        """The average strategy as the file stores it (units of 1/65535, each reached row
        summing to 65535 exactly: largest remainders round up)."""
        return self._average()

    def _average(self) -> npt.NDArray[np.uint16]:
        sums = np.array(self.strategy)
        total = sums.sum(axis=1)
        shift = np.maximum(np.ceil(np.log2(np.maximum(total, 1))) - 40, 0).astype(np.int64)
        sums = sums >> shift[:, None]  # keeps sums x 65535 inside int64
        total = sums.sum(axis=1)
        safe = np.maximum(total, 1)[:, None]
        scaled = sums * ONE
        floor, frac = scaled // safe, scaled % safe
        deficit = np.where(total > 0, ONE - floor.sum(axis=1), 0)
        order = np.argsort(-frac, axis=1, kind="stable")
        bump = np.zeros_like(floor)
        for k in range(SLOTS):
            np.put_along_axis(bump, order[:, k : k + 1], (deficit > k)[:, None].astype(np.int64), 1)
        result: npt.NDArray[np.uint16] = (floor + bump).astype(np.uint16)
        return result

    @one_thread("read")
    def blueprint(self) -> Blueprint:
        """The average strategy as a ``Blueprint`` (what ``save_blueprint`` writes)."""
        deck = self.deck
        return Blueprint(
            deck.ranks, deck.suits, deck.draws, deck.small_bet, self.iterations, self.seed,
            self._average(), self.abstraction,
        )  # fmt: skip

    # -- checkpoints ---------------------------------------------------------------------------

    @one_thread("saved")
    def save(self, path: str | Path) -> None:
        """Writes a checkpoint (the tables and where the run stands) to ``path`` (.npz),
        through a temporary file beside it, so a crash mid-write keeps the last checkpoint."""
        path = Path(file_path("a checkpoint", path))
        if path.is_dir():
            raise IsADirectoryError(f"{path} is a directory: a checkpoint is a file (.npz)")
        d = self.deck
        meta = np.array(
            [CHECKPOINT_VERSION, d.ranks, d.suits, d.draws, d.small_bet, self.seed,
             self.batch, self.iterations, self.abstraction, self.discount_every,
             self.discount_until], dtype=np.uint64,
        )  # fmt: skip
        tmp = Path(f"{path}.tmp.npz")
        try:
            np.savez(tmp, meta=meta, table=self.table)
            tmp.replace(path)
        finally:
            tmp.unlink(missing_ok=True)  # nothing left behind when the write or move fails

    @classmethod
    def load(cls, path: str | Path) -> Trainer:
        """A trainer from a checkpoint ``save`` wrote: OSError if it cannot be read, ValueError
        naming the file and what is wrong if it is not a sound checkpoint."""
        path = Path(file_path("a checkpoint", path))
        with open(path, "rb") as file:  # OSError: missing, a directory, unreadable
            start = file.read(len(_ZIP))
        if start != _ZIP:  # np.load would read a .npy as an array, a text as "pickled data"
            raise ValueError(
                f"{path}: not a blueprint checkpoint (the .npz archive Trainer.save writes): "
                f"it starts {start!r}"
            )
        try:
            with np.load(path, allow_pickle=False) as data:
                if set(data.files) != {"meta", "table"}:
                    raise ValueError(f"not a blueprint checkpoint: it holds {data.files}")
                raw_meta, saved = data["meta"], data["table"]
        except ValueError as error:  # also a damaged zip or array (zipfile.BadZipFile's kin)
            raise ValueError(f"{path}: {error}") from None
        except (EOFError, KeyError, zipfile.BadZipFile) as error:
            raise ValueError(f"{path}: not a readable checkpoint ({error})") from None
        try:
            trainer = cls._from_arrays(raw_meta, saved)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{path}: {error}") from None
        return trainer

    @classmethod
    def _from_arrays(cls, raw_meta: npt.NDArray[Any], saved: npt.NDArray[Any]) -> Trainer:
        """A trainer of a checkpoint's two arrays, each field and sum checked."""
        if raw_meta.ndim != 1 or raw_meta.dtype != np.uint64:
            raise ValueError(f"meta is a uint64 vector, not {raw_meta.dtype} {raw_meta.shape}")
        meta = [int(x) for x in raw_meta]
        if meta[:1] == [1] and len(meta) == 8:  # version 1: abstraction 1, no discounting
            meta += [1, 0, 0]
        elif meta[:1] == [2] and len(meta) == 9:  # version 2: no discounting
            meta += [0, 0]
        elif len(meta) != 11 or meta[0] != CHECKPOINT_VERSION:
            raise ValueError(f"checkpoint version {meta[:1]}, not {CHECKPOINT_VERSION}")
        _, ranks, suits, draws, small_bet, seed, batch, done, abstraction, every, until = meta
        trainer = cls(
            Deck(ranks, suits, draws, small_bet), seed=seed, batch=batch, abstraction=abstraction,
            discount_every=every, discount_until=until,
        )  # fmt: skip
        trainer.iterations = whole("iterations", done, 0, MAX_SUM)
        rows = infosets(trainer.abstraction)
        if saved.shape != (rows, 3, SLOTS) or saved.dtype != np.int64:
            raise ValueError(
                f"the table is int64 [{rows}, 3, {SLOTS}], not {saved.dtype} {saved.shape}"
            )
        if int(saved.max(initial=0)) >= MAX_SUM or int(saved.min(initial=0)) <= -MAX_SUM:
            raise ValueError(f"a sum of {MAX_SUM:,} or more in size: a damaged table")
        if int(saved[:, 2, :].min(initial=0)) < 0:
            raise ValueError("a negative strategy sum: a damaged table")
        if done % batch == 0 and saved[:, 1, :].any():
            raise ValueError(
                f"a batch's regret delta at iteration {done:,}, a batch boundary, where it is "
                "counted and zero: a damaged table"
            )
        trainer.table[:] = saved
        return trainer


DISCOUNT_ROWS = 1 << 16  # rows discounted at a time: temporaries of a few MB, not the table's


def _discount(table: npt.NDArray[np.int64], num: int, den: int) -> None:
    """Floor the regrets and the strategy sums (columns 0 and 2) by num/den in place, a slice
    of rows at a time (a whole table's temporaries would be ~200 MB each in abstraction 3)."""
    for start in range(0, len(table), DISCOUNT_ROWS):
        rows = table[start : start + DISCOUNT_ROWS]
        for k in (0, 2):
            rows[:, k, :] = _times(rows[:, k, :], num, den)


def _times(values: npt.NDArray[np.int64], num: int, den: int) -> npt.NDArray[np.int64]:
    """floor(values * num / den), exactly, without the product's overflow (num < den)."""
    whole_part, rest = np.divmod(values, den)
    result: npt.NDArray[np.int64] = whole_part * num + rest * num // den
    return result


__all__ = ["Deck", "Trainer", "batch_block", "iterate_into", "new_table"]
