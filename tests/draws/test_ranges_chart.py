"""The starting-hand chart generator (tools/gen_chart.py, badugi_fast/draws/chart/) on
seeded samples of suit classes: the classes against an independent count, cells recomputed bit
for bit on any thread count or executor and equal to ``equity`` itself, the stopping rule, the
file format and resuming."""

from __future__ import annotations

import concurrent.futures as cf

import numpy as np
import pytest
from support.tools import load_tool

from badugi_fast import Equity, equity
from badugi_fast.draws.chart import build as chart_build
from badugi_fast.draws.chart import chart_file
from badugi_fast.draws.chart.build import class_seed
from badugi_fast.draws.chart.chart_file import Column, Settings, decode, encode

QUICK = Settings(seed=9, block=1000, max_trials=4000, target=0.01)


gen_chart = load_tool("gen_chart")


@pytest.fixture(scope="module")
def classes() -> tuple[np.ndarray, np.ndarray]:
    return chart_file.suit_classes()


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


def test_a_sample_is_the_same_bit_for_bit_on_threads_and_on_a_process_pool(classes) -> None:
    indices = np.sort(np.random.default_rng(5).choice(len(classes[0]), 4, replace=False))
    columns = [Column("default", 1), Column("default", 3)]
    one = gen_chart.generate(columns, QUICK, indices=indices, threads=1)
    two = gen_chart.generate(columns, QUICK, indices=indices, threads=2)
    with cf.ProcessPoolExecutor(max_workers=2) as pool:
        pooled = gen_chart.generate(columns, QUICK, indices=indices, executor=pool)
    assert encode(one) == encode(two) == encode(pooled)
    assert np.all(np.diff(one.equity, axis=1) < 0)  # more opponents, less equity


def test_a_cell_is_equity_itself_stopped_at_the_first_block_under_the_target(classes) -> None:
    representatives, _ = classes
    index = 1234
    hand = [int(c) for c in representatives[index]]
    settings = Settings(seed=3, block=2000, max_trials=40_000, target=0.006)
    value, error, trials = chart_build.play_cell(tuple(hand), Column("default", 2), settings,
                                                 class_seed(3, index, 2))  # fmt: skip
    assert trials % 2000 == 0 and 2000 <= trials < 40_000

    def direct(n: int) -> Equity:
        return equity([hand, None, None], 3, trials=n, max_exact=0, seed=class_seed(3, index, 2))

    same = direct(trials)
    assert same.stderr is not None and (value, error) == (same.equity[0], same.stderr[0])
    assert error <= 0.006
    if trials > 2000:
        earlier = direct(trials - 2000)
        assert earlier.stderr is not None and earlier.stderr[0] > 0.006


def test_the_default_settings_always_reach_a_stderr_of_0_002() -> None:
    # A share lies in [0, 1]: its variance is at most 1/4, so max_trials bounds the stderr.
    settings = Settings()
    assert settings.target == 0.002 and settings.max_trials % settings.block == 0
    assert (0.25 / settings.max_trials) ** 0.5 <= settings.target


def test_the_golf_is_a_big_favourite_and_four_kings_a_big_underdog(classes) -> None:
    rows = classes[0].tolist()
    ends = np.array([rows.index([0, 5, 10, 15]), rows.index([48, 49, 50, 51])])  # Ac2d3h4s, KKKK
    found = gen_chart.generate([Column("default", 1)], QUICK, indices=ends)
    assert found.equity[0, 0] > 0.8 and found.equity[1, 0] < 0.4
    assert np.all(found.stderr < 0.01)


def test_the_file_says_which_columns_it_holds_and_reads_back_as_written(classes) -> None:
    columns = [Column("default", 1), Column("max-equity", 2)]
    chart = gen_chart.generate(columns, QUICK, indices=np.array([7, 8, 9]))
    data = encode(chart)
    back = decode(data)
    assert back.columns == columns and back.settings == QUICK
    assert np.array_equal(back.hands, chart.hands) and np.array_equal(back.counts, chart.counts)
    for got, expected in [(back.equity, chart.equity), (back.stderr, chart.stderr)]:
        assert np.array_equal(got, expected)
    assert np.array_equal(back.trials, chart.trials)
    size = 8 + 30 + len(columns) * 17 + 3 * (4 + 4 + len(columns) * 6)
    assert len(data) == size


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"BFCHART1" + bytes(40), "not a starting-hand chart"), (b"", "not a starting-hand chart")],
)
def test_a_file_that_is_not_a_chart_is_named(data: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=f"my.bin is {message}"):
        decode(data, "my.bin")


def test_a_cut_file_is_named(classes) -> None:
    data = encode(gen_chart.generate([Column("default", 1)], QUICK, indices=np.array([3])))
    with pytest.raises(ValueError, match="cut short"):
        decode(data[:-1], "chart.bin")


def test_the_command_writes_each_column_as_it_finishes_and_resumes(tmp_path, capsys) -> None:
    out = tmp_path / "sample.bin"
    base = ["--sample", "2", "--max-trials", "1000", "--block", "500", "--out", str(out)]
    assert gen_chart.main([*base, "--opponents", "1"]) == 0
    first = decode(out.read_bytes())
    assert first.columns == [Column("default", 1)]
    printed = capsys.readouterr().out
    assert "sha256" in printed and "projected full run" in printed
    tampered = bytearray(out.read_bytes())
    tampered[-6:-4] = (12345).to_bytes(2, "little")  # the last class's equity vs one
    out.write_bytes(bytes(tampered))
    assert gen_chart.main([*base, "--opponents", "1,2", "--resume"]) == 0
    both = decode(out.read_bytes())
    assert both.columns == [Column("default", 1), Column("default", 2)]
    assert both.equity[-1, 0] == 12345 / 65535  # kept from the file, not played again
    assert np.array_equal(both.equity[:-1, 0], first.equity[:-1, 0])
    with pytest.raises(SystemExit, match="other settings"):
        gen_chart.main([*base, "--opponents", "1", "--resume", "--seed", "4"])
