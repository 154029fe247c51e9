"""Blocks: consecutive runs of rows (hands, trials, chart classes) worked as one unit, by a
thread (threads.py) or an executor's task (blocks.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload


class Blocks(Sequence[tuple[int, int]]):
    """The ``(lo, hi)`` bounds of consecutive blocks of ``step`` rows covering start ..
    start + n - 1, worked out on demand (a run of 10**12 trials is 6 * 10**7 blocks: never a list
    of them); no rows make no block."""

    def __init__(self, start: int, n: int, step: int) -> None:
        self.start, self.n, self.step = start, n, step
        self._count = -(-n // step)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, i: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[int, int]]: ...
    def __getitem__(self, i: int | slice) -> tuple[int, int] | Sequence[tuple[int, int]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        lo = self.start + i * self.step
        return lo, min(lo + self.step, self.start + self.n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.start, self.n, self.step, self._count))

    def __repr__(self) -> str:
        return f"Blocks(start={self.start}, n={self.n}, step={self.step}, blocks={len(self)})"
