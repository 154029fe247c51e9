"""Rates for the benchmarks' extra_info: how many items one call handles, and per second."""

from __future__ import annotations

from typing import Any


def record_rate(benchmark: Any, per_call: int, unit: str) -> None:
    """Store ``<unit>_per_call`` and, from the fastest round, ``<unit>_per_second``."""
    benchmark.extra_info[f"{unit}_per_call"] = per_call
    if benchmark.stats:
        benchmark.extra_info[f"{unit}_per_second"] = per_call / benchmark.stats.stats.min
