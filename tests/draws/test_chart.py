"""The shipped starting-hand chart (badugi_fast/draws/chart/chart.bin): pinned, recomputed bit for
bit on a seeded sample, read by starting_hand_equity, ``top N%`` and ``badugi chart``, and
checked against the strategy figures the chart was specified with."""

from __future__ import annotations

import hashlib
import json
import math
from importlib.resources import files

import numpy as np
import pytest

from badugi_fast import InvalidHandError, equity, evaluate, parse_range, starting_hand_equity
from badugi_fast.cli.main import main
from badugi_fast.draws.chart import chart_file
from badugi_fast.draws.chart import lookup as chart_module
from badugi_fast.draws.chart.build import class_seed, play_cell
from badugi_fast.draws.chart.chart_file import Chart, Column, quantized
from badugi_fast.draws.chart.lookup import (
    CHART_SHA256,
    best_starting_hands,
    load_chart,
    top_percent,
)
from badugi_fast.hands.naming import class_ranks
from badugi_fast.hands.universe import all_hands

HEADS_UP = Column("default", 1)


@pytest.fixture(scope="module")
def chart() -> Chart:
    return load_chart()


def test_the_shipped_file_is_the_pinned_one() -> None:
    data = files("badugi_fast.draws.chart").joinpath("chart.bin").read_bytes()
    assert hashlib.sha256(data).hexdigest() == CHART_SHA256


def test_the_chart_holds_every_class_and_the_heads_up_column_first(chart) -> None:
    assert len(chart.hands) == 16_432 and int(chart.counts.sum()) == 270_725
    assert chart.columns[0] == HEADS_UP
    assert all(c.policy in ("default", "max-equity") for c in chart.columns)
    assert np.all(chart.stderr <= chart.settings.target + 1e-6)  # stored in steps of 2**-20
    assert chart.settings.target == 0.002 and chart.settings.draws == 3


def test_a_seeded_sample_of_cells_is_recomputed_bit_for_bit(chart) -> None:
    rows = np.random.default_rng(12).choice(len(chart.hands), 3, replace=False)
    classes = chart_file.suit_classes()[0].tolist()
    for row in rows.tolist():
        hand = tuple(int(c) for c in chart.hands[row])
        index = classes.index(list(hand))
        for k, column in enumerate(chart.columns):
            seed = class_seed(chart.settings.seed, index, column.opponents)
            cell = play_cell(hand, column, chart.settings, seed)
            again = quantized(cell[0], cell[1], cell[2], chart.settings.block)
            stored = (chart.equity[row, k], chart.stderr[row, k], chart.trials[row, k])
            assert tuple(float(x) for x in again) == tuple(float(x) for x in stored), column


def test_dealt_four_card_badugis_by_top_card_run_from_king_5280_to_four_24(chart) -> None:
    """Strategy writing: K 5,280, Q 3,960, J 2,880, T 2,016, 9 1,344, 8 840, 7 480, 6 240,
    5 96, 4 24 dealt badugis; the chart's classes and their hand counts say the same."""
    by_top: dict[int, int] = {}
    for hand, count in zip(chart.hands.tolist(), chart.counts.tolist(), strict=True):
        ranks = class_ranks(evaluate(hand))
        if len(ranks) == 4:
            by_top[max(ranks)] = by_top.get(max(ranks), 0) + count
    assert by_top == {top: math.comb(top, 3) * 24 for top in range(3, 13)}
    assert (by_top[12], by_top[3]) == (5280, 24)


def test_an_a2_draw_against_a_567_draw_with_three_draws_is_not_the_favourite_quoted() -> None:
    """Strategy writing says an A-2 draw is a favourite over a 5-6-7 with three draws. Played out
    with every seat drawing by the default policy (or the max-equity table), a two-card A-2
    (Ac 2d Qd Kc) wins about 46 % heads-up against a three-card 5-6-7 (5h 6s 7c 7d); the chart
    agrees in ranking the 5-6-7 above the A-2 draw against a random hand."""
    found = equity(["Ac 2d Qd Kc", "5h 6s 7c 7d"], 3, trials=200_000, seed=1, max_exact=0)
    assert found.stderr is not None
    assert 0.44 < found.equity[0] < 0.48 and found.stderr[0] < 0.0015
    assert starting_hand_equity("Ac 2d Qd Kc") < starting_hand_equity("5h 6s 7c 7d")


def test_starting_hand_equity_is_the_same_for_every_order_and_relabelling_of_suits() -> None:
    value = starting_hand_equity("As 2d 3h 9c")
    for hand in ["9c 3h 2d As", "Ac 2s 3d 9h", "Ad 2h 3s 9c"]:
        assert starting_hand_equity(hand) == value
    assert starting_hand_equity([0, 5, 10, 15]) > 0.9  # the golf
    assert starting_hand_equity("Ks Kd Kh Kc") < 0.4


def test_more_opponents_never_raise_a_hands_equity_much(chart) -> None:
    default = [k for k, c in enumerate(chart.columns) if c.policy == "default"]
    values = chart.equity[:, default]
    assert np.all(np.diff(values, axis=1) < 4 * 0.002)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"opponents": 0}, ValueError, "opponents"),
        ({"opponents": 9}, ValueError, "no column for 9 opponent"),
        ({"opponents": "2"}, TypeError, "opponents"),
        ({"policy": "min-rank"}, ValueError, "'min-rank' policy; it holds"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        starting_hand_equity("As 2d 3h 4c", **kwargs)


def test_a_bad_hand_is_an_invalid_hand_error() -> None:
    with pytest.raises(InvalidHandError):
        starting_hand_equity("As 2d 3h")


def test_top_percent_takes_the_fewest_hands_in_chart_order(chart) -> None:
    k = chart.columns.index(HEADS_UP)
    lex = chart_module._class_lex()
    row_of_hand = np.searchsorted(lex, chart_file.class_of_hand())
    value = chart.equity[row_of_hand, k]
    for percent in ("15", "0.5", "33.3"):
        mask = top_percent(percent)
        assert mask.sum() == math.ceil(float(percent) * 270_725 / 100 - 1e-9)
        inside, outside = value[mask], value[~mask]
        assert inside.min() >= outside.max()
        tied = np.flatnonzero(value == inside.min())  # the cut runs through one equity at most
        assert np.all(np.diff(mask[tied].astype(int)) <= 0)  # lower ids first
    assert top_percent("100").all()
    assert np.all(top_percent("10") <= top_percent("20"))


def test_top_n_percent_is_a_range_element() -> None:
    top = parse_range("top 15%")
    assert len(top) == 40_609 == math.ceil(0.15 * 270_725)
    assert len(parse_range("top 15%, !골프")) == 40_609 - 24
    assert parse_range(str(top)) == top
    hands = {tuple(row) for row in all_hands()[top_percent("15")].tolist()}
    assert {tuple(row) for row in top.hands.tolist()} == hands


def test_best_starting_hands_are_the_columns_best_classes_with_names(chart) -> None:
    rows = best_starting_hands(1, 10)
    assert len(rows) == 10 and rows[0].name_ko == "골프" and rows[0].hands == 24
    assert [r.equity for r in rows] == sorted((r.equity for r in rows), reverse=True)
    assert rows[-1].equity >= np.sort(chart.equity[:, 0])[-10]


def test_the_chart_command_prints_the_best_hands_with_korean_names(capsys) -> None:
    assert main(["chart", "--top", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "3 draws" in out[0] and "default policy" in out[0] and len(out) == 5
    assert "골프" in out[2] and "4-3-2-A badugi" in out[2]


def test_the_chart_command_writes_json(capsys) -> None:
    assert main(["chart", "--top", "2", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["opponents"] == 1 and found["draws"] == 3 and found["policy"] == "default"
    assert [row["place"] for row in found["hands"]] == [1, 2]
    assert found["hands"][0]["name_ko"] == "골프"


def test_a_missing_column_is_bad_input(capsys) -> None:
    assert main(["chart", "--opponents", "9"]) == 1
    assert "no column for 9 opponent" in capsys.readouterr().err


def test_the_chart_picture_has_its_size_and_is_not_blank(tmp_path) -> None:
    image = pytest.importorskip("matplotlib.image")
    path = tmp_path / "chart.png"
    assert main(["chart", "--top", "12", "--plot", str(path)]) == 0
    pixels = image.imread(path)
    assert pixels.shape[:2] == (410, 1200)
    assert pixels[..., :3].std() > 0.05  # bars and lines, not one colour
