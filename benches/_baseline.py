"""Shared by conftest.py and report.py: the seeded random hands and the plain-loop baseline.

The baseline is the loop evaluate_many is compared against: sort the four ids, take their
colex index, read bf_rank_table once, and nothing else (no validation, no threads). It is linked
against csrc/badugi_table.c, so it reads the very same table as the package.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
from cffi import FFI

SEED = 20240601
CSRC = Path(__file__).resolve().parent.parent / "csrc"
MODULE = "_badugi_plain_baseline"

_C_SOURCE = Path(__file__).with_name("plain_baseline.c")


def random_hands(n: int, seed: int = SEED) -> npt.NDArray[np.uint8]:
    """(n, 4) uint8 hands of distinct ids 0..51, uniform over ordered hands, reproducible.

    Draws four ids per row and redraws only the rows with a repeat (about 11% of them, fewer each
    pass): much faster than shuffling a 52-card deck per row.
    """
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, 4), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        ordered = np.sort(hands[todo], axis=1)
        todo = todo[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        hands[todo] = rng.integers(0, 52, size=(todo.size, 4), dtype=np.uint8)
    return hands


def build_baseline(tmpdir: str | Path) -> ModuleType:
    """Compile the baseline into tmpdir (cffi API mode, -O3 like csrc/build_ffi.py); import it."""
    ffibuilder = FFI()
    ffibuilder.cdef("void plain_rank_batch(const uint8_t *cards, size_t n, uint16_t *out);")
    ffibuilder.set_source(
        MODULE,
        '#include "badugi.h"\n'
        "void plain_rank_batch(const uint8_t *cards, size_t n, uint16_t *out);",
        sources=[str(_C_SOURCE), str(CSRC / "badugi_table.c")],
        include_dirs=[str(CSRC)],
        extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
    )
    ffibuilder.compile(tmpdir=str(tmpdir))
    sys.path.insert(0, str(tmpdir))
    return importlib.import_module(MODULE)


def plain_ranks(
    module: ModuleType, hands: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16] | None = None
) -> npt.NDArray[np.uint16]:
    """Ranks from the baseline; allocates the output like evaluate_many does unless given one."""
    if out is None:
        out = np.empty(hands.shape[0], dtype=np.uint16)
    ffi = module.ffi
    src = ffi.from_buffer("uint8_t[]", hands)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)
    module.lib.plain_rank_batch(src, hands.shape[0], dst)
    return out
