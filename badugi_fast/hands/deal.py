"""Random hands dealt in C for simulations: uniform, reproducible, split across threads."""

from __future__ import annotations

import secrets
import sys

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._runtime.threads import run_in_threads, thread_count
from .._runtime.validate import SEED_BITS, check_seed, whole

# Rows per C call: a few ms at 5-25 ns a row, so Ctrl-C stops a huge deal at once.
BLOCK_ROWS = 1 << 18
MAX_ROWS = sys.maxsize // 4  # the most rows of 4 bytes one numpy array can hold


def random_hands(
    n: int,
    seed: int | None = None,
    *,
    threads: int | None = None,
    out: npt.NDArray[np.uint8] | None = None,
) -> npt.NDArray[np.uint8]:
    """An (n, 4) uint8 array of random hands: four distinct card ids per row, each row uniform
    over all 52*51*50*49 ordered hands and independent of the others.

    The same ``seed`` (an int in 0 .. 2**64-1) gives the same hands whatever ``threads`` is, and
    the first k rows of ``random_hands(n, seed)`` are ``random_hands(k, seed)``. ``seed=None``
    draws one from the operating system. ``out`` receives the hands when given (a writable,
    C-contiguous (n, 4) uint8 array). The stream is SplitMix64 mapped without bias onto hands
    (see csrc/badugi_random.c); it is for simulation, not for cryptography. ``threads`` is at
    most 4 x the usable cores; the deal runs in blocks, so Ctrl-C stops it at once.
    """
    n = whole("n", n, 0, MAX_ROWS)
    seed = check_seed(seed)
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    cards = _output_hands(out, n)
    nthreads = thread_count(threads, n)
    if n:
        dst = ffi.from_buffer("uint8_t[]", cards, require_writable=True)
        run_in_threads(
            n,
            nthreads,
            lambda lo, hi: lib.bf_random_hands(seed, lo, hi - lo, dst + 4 * lo),
            block_rows=BLOCK_ROWS,
        )
    return cards


def _output_hands(out: object, n: int) -> npt.NDArray[np.uint8]:
    if out is None:
        return np.empty((n, 4), dtype=np.uint8)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint8:
        raise TypeError(
            f"out must be a numpy uint8 array, not {getattr(out, 'dtype', type(out).__name__)}"
        )
    if out.shape != (n, 4):
        raise ValueError(f"out must have shape ({n}, 4), not {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be C-contiguous and writable")
    return out
