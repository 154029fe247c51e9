"""Range work on a Dask LocalCluster of two worker processes (loopback only): equity_matrix and
the starting-hand chart's cells come back the same, bit for bit, as the threaded run here."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from support.tools import load_tool  # noqa: E402

gen_chart = load_tool("gen_chart")

from badugi_fast.draws.chart.chart_file import Column, Settings, encode  # noqa: E402
from badugi_fast.draws.ranges import equity as range_equity  # noqa: E402
from badugi_fast.draws.ranges.equity import equity_matrix  # noqa: E402
from badugi_fast.draws.ranges.range import Range, parse_range  # noqa: E402


def test_equity_matrix_on_the_cluster_is_the_threaded_matrix_bit_for_bit(
    client: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = Range.from_hands(parse_range("8-").hands[::97])
    second = Range.from_hands(parse_range("A2xx").hands[::50])
    monkeypatch.setattr(range_equity, "MATRIX_BLOCK_ROWS", 5)  # several blocks, two workers
    kwargs: dict[str, Any] = {"trials": 2000, "seed": 8, "max_exact": 0}
    here, here_err = equity_matrix(first, second, 3, threads=2, **kwargs)
    there, there_err = equity_matrix(first, second, 3, executor=client, **kwargs)
    assert len(here) == len(first) > 10
    assert np.array_equal(here, there) and np.array_equal(here_err, there_err)


def test_chart_cells_on_the_cluster_are_the_threaded_cells_bit_for_bit(
    client: Any,
) -> None:
    settings = Settings(seed=2, block=500, max_trials=2000, target=0.01)
    columns = [Column("default", 1), Column("default", 2)]
    indices = np.arange(40, 46)
    here = gen_chart.generate(columns, settings, indices=indices, threads=2)
    there = gen_chart.generate(columns, settings, indices=indices, executor=client)
    assert encode(here) == encode(there)
