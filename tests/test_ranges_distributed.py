"""Range work on a Dask LocalCluster of two worker processes (loopback only): equity_matrix and
the starting-hand chart's cells come back the same, bit for bit, as the threaded run here."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from badugi_fast.draws import range_equity  # noqa: E402
from badugi_fast.draws.chart_build import Column, Settings, encode  # noqa: E402
from badugi_fast.draws.range_equity import equity_matrix  # noqa: E402
from badugi_fast.draws.ranges import Range, parse_range  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _gen_chart() -> Any:
    spec = importlib.util.spec_from_file_location("gen_chart", ROOT / "tools" / "gen_chart.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


def test_equity_matrix_on_the_cluster_is_the_threaded_matrix_bit_for_bit(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Range.from_hands(parse_range("8-").hands[::97])
    second = Range.from_hands(parse_range("A2xx").hands[::50])
    monkeypatch.setattr(range_equity, "MATRIX_BLOCK_ROWS", 5)  # several blocks, two workers
    kwargs: dict[str, Any] = {"trials": 2000, "seed": 8, "max_exact": 0}
    here, here_err = equity_matrix(first, second, 3, threads=2, **kwargs)
    there, there_err = equity_matrix(first, second, 3, executor=client, **kwargs)
    assert len(here) == len(first) > 10
    assert np.array_equal(here, there) and np.array_equal(here_err, there_err)


def test_chart_cells_on_the_cluster_are_the_threaded_cells_bit_for_bit(client: Any) -> None:
    gen_chart = _gen_chart()
    settings = Settings(seed=2, block=500, max_trials=2000, target=0.01)
    columns = [Column("default", 1), Column("default", 2)]
    indices = np.arange(40, 46)
    here = gen_chart.generate(columns, settings, indices=indices, threads=2)
    there = gen_chart.generate(columns, settings, indices=indices, executor=client)
    assert encode(here) == encode(there)
