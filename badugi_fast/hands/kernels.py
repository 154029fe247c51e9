"""Which batch kernel evaluate_many runs: the fastest this CPU supports, unless forced.

Force one for a process with the environment variable ``BADUGI_FAST_KERNEL`` (``scalar``,
``avx2``, ``avx512``) or per call with ``evaluate_many(..., kernel=...)``. Every kernel gives
identical ranks; the tests run each on all 270,725 hands.
"""

from __future__ import annotations

import os
from functools import cache

from .._badugi import lib
from ..errors import shown

KERNEL_IDS = {
    "scalar": lib.BF_KERNEL_SCALAR,
    "avx2": lib.BF_KERNEL_AVX2,
    "avx512": lib.BF_KERNEL_AVX512,
}
ENV_VAR = "BADUGI_FAST_KERNEL"


@cache
def _supported() -> tuple[str, ...]:
    return tuple(name for name, kernel in KERNEL_IDS.items() if lib.bf_kernel_supported(kernel))


def available_kernels() -> list[str]:
    """Kernels this build and CPU can run, slowest first (``scalar`` is always there)."""
    return list(_supported())


def best_kernel() -> str:
    """The kernel evaluate_many uses by default."""
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if forced and forced != "auto":
        _check(forced, f" (from {ENV_VAR})")
        return forced
    return available_kernels()[-1]


def kernel_id(name: str | None) -> int:
    """The C id of a kernel name (None: the default), refusing any this CPU cannot run."""
    if name is None:
        name = best_kernel()
    if not isinstance(name, str):
        raise TypeError(f"kernel must be a str or None, not {type(name).__name__}")
    _check(name, "")
    return int(KERNEL_IDS[name])


def _check(name: str, source: str) -> None:
    if name not in KERNEL_IDS:
        raise ValueError(f"unknown kernel {shown(name)}{source}; known: {', '.join(KERNEL_IDS)}")
    if name not in available_kernels():
        raise ValueError(
            f"kernel {shown(name)}{source} is not supported by this CPU;"
            f" available: {available_kernels()}"
        )
