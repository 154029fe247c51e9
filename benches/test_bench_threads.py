"""evaluate_many with 1 thread vs 2 at batch sizes 2**10 .. 2**22: where do 2 threads win?

evaluator.AUTO_THREADS_MIN_ROWS (the row count where threads=None starts splitting) should sit
near the smallest size at which threads=2 beats threads=1 here. Each size is its own group.
"""

from __future__ import annotations

import numpy as np
import pytest

import badugi_fast

SIZES = [1 << k for k in range(10, 23)]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("rows", SIZES, ids=[f"2**{n.bit_length() - 1}" for n in SIZES])
def test_threads(benchmark, hands_2_22, ranks_2_22, rows: int, threads: int) -> None:
    benchmark.group = f"evaluate_many rows=2**{rows.bit_length() - 1}"
    hands = hands_2_22[:rows]  # a row slice stays C-contiguous: read in place, no copy
    ranks = benchmark(badugi_fast.evaluate_many, hands, threads=threads)
    assert np.array_equal(ranks, ranks_2_22[:rows])
    benchmark.extra_info["hands_per_call"] = rows
    benchmark.extra_info["auto_threads_min_rows"] = (
        badugi_fast.hands.evaluator.AUTO_THREADS_MIN_ROWS
    )
