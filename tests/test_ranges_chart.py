"""The starting-hand chart generator (tools/gen_chart.py) on a seeded sample of suit classes:
the classes against an independent count, rows recomputed bit for bit, and the file format."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from badugi_fast import equity

ROOT = Path(__file__).resolve().parents[1]


def _gen_chart() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_chart", ROOT / "tools" / "gen_chart.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen_chart = _gen_chart()


@pytest.fixture(scope="module")
def classes() -> tuple[np.ndarray, np.ndarray]:
    return gen_chart.suit_classes()


def suit_free_key(hand: list[int]) -> tuple[tuple[int, ...], ...]:
    """What survives any relabelling of suits: the sorted list of each suit's rank set."""
    return tuple(sorted(tuple(sorted(c >> 2 for c in hand if c & 3 == s)) for s in range(4)))


def test_suit_classes_match_an_independent_count_of_suit_patterns(all_hands, classes) -> None:
    representatives, counts = classes
    keys: dict[tuple, int] = {}
    for hand in all_hands.tolist():
        key = suit_free_key(hand)
        keys[key] = keys.get(key, 0) + 1
    assert len(representatives) == len(keys) == 16_432
    assert counts.sum() == 270_725
    rows = representatives.tolist()
    found = {suit_free_key(r): int(c) for r, c in zip(rows, counts.tolist(), strict=True)}
    assert found == keys


def test_a_seeded_sample_is_recomputed_bit_for_bit_on_any_thread_count(classes) -> None:
    representatives, _ = classes
    indices = np.sort(np.random.default_rng(5).choice(len(representatives), 3, replace=False))
    one = gen_chart.chart_rows(representatives, indices, trials=3000, seed=9, threads=1)
    two = gen_chart.chart_rows(representatives, indices, trials=3000, seed=9, threads=2)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    index = int(indices[1])
    direct = equity(
        [[int(c) for c in representatives[index]], None, None], 3, trials=3000, max_exact=0,
        seed=gen_chart.class_seed(9, index, 2),
    )  # fmt: skip
    assert one[0][1, 1] == direct.equity[0]
    assert np.all(np.diff(one[0], axis=1) < 0)  # more opponents, less equity


def test_the_golf_is_a_big_favourite_and_four_kings_a_big_underdog(classes) -> None:
    representatives, _ = classes
    rows = representatives.tolist()
    ends = np.array([rows.index([0, 5, 10, 15]), rows.index([48, 49, 50, 51])])  # Ac2d3h4s, KKKK
    values, errors = gen_chart.chart_rows(representatives, ends, trials=4000, seed=1)
    assert values[0, 0] > 0.8 and values[1, 0] < 0.4  # four kings draw three cards, thrice
    assert np.all(errors < 0.01)


def test_the_file_holds_a_header_and_one_fixed_size_row_per_class(tmp_path, capsys) -> None:
    out = tmp_path / "sample.bin"
    assert gen_chart.main(["--sample", "2", "--trials", "500", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == gen_chart.MAGIC
    n, opponents, trials = struct.unpack_from("<IBI", data, 8)
    assert (n, opponents, trials) == (2, 5, 500)
    assert len(data) == 8 + 9 + n * (4 + 4 + opponents * 4)
    printed = capsys.readouterr().out
    assert "sha256" in printed and "projected full run" in printed
