"""Draw odds and ranges as HTML (``draws/html.py``), which ``DrawOdds._repr_html_``,
``Range._repr_html_`` and the web pages share: every number is the library's own."""

from __future__ import annotations

import re

import numpy as np

import badugi_fast as bf
from badugi_fast.draws.chart.lookup import hand_equities, starting_hand_equity
from badugi_fast.draws.html import chart_heatmap_html, odds_html, range_cells, range_html


def test_draw_odds_show_the_librarys_figures_and_two_bar_charts() -> None:
    odds = bf.draw_odds("As 2d 3c 3h")
    html = odds._repr_html_()
    assert html == odds_html(odds)
    assert f"{100 * odds.badugi:.2f} %" in html and str(odds.badugi_fraction) in html
    assert html.count("<svg") == 2
    for size in (4, 3, 2, 1):  # each size's bar carries its probability
        assert f"{size}-card: {100 * odds.sizes[size]:.2f} %" in html
    assert 'data-card="3c"' in html or 'data-card="3h"' in html  # the discard


def test_the_final_rank_bars_sum_to_one() -> None:
    odds = bf.draw_odds("Kc 8d 5h 5s", 2)
    shares = re.findall(r"<title>[^<]*-high[^<]*: ([0-9.]+) %</title>", odds_html(odds))
    assert abs(sum(float(s) for s in shares) - 100) < 0.1


def test_a_range_shows_its_hand_count_and_share() -> None:
    r = bf.parse_range("8-")
    html = r._repr_html_()
    assert html == range_html(r)
    assert '<strong class="bf-range-hands">1,680</strong>' in html
    assert f"{100 * 1680 / 270725:.2f} %" in html
    assert "4-3-2-A badugi" in html  # its best class, named by the library
    assert "and 10 more classes" in html  # 70 classes, 60 listed


def test_a_range_of_many_classes_lists_some_and_counts_the_rest() -> None:
    html = range_html(bf.parse_range("any"), heatmap=False)
    assert "and 1,032 more classes" in html


def test_a_ranges_cells_are_those_holding_its_hands() -> None:
    cells = range_cells(bf.parse_range("As 2d 3h 4c"))
    assert cells.sum() == 1
    assert range_cells(bf.parse_range("any")).all()


def test_the_charts_heat_map_reads_the_charts_cells() -> None:
    equity = hand_equities()
    assert equity.shape == (270725,)
    assert equity[0] == starting_hand_equity(bf.parse_range("any").hands[0].tolist())
    html = chart_heatmap_html()
    # the golf's cell (4-3-x-x) holds the best hands: 4-3-2-A is its only class
    golf = bf.parse_range("432A")
    tip = re.search(r"<title>4-3-x-x \(4-card\): ([0-9.]+) %", html)
    assert tip is not None
    mean = float(np.mean(equity[golf.positions]))
    assert float(tip.group(1)) == round(100 * mean, 1)


def test_the_drawings_words_are_english_or_korean() -> None:
    import pytest

    from badugi_fast.draws.html import word

    assert word("hands", "ko") == "패 수"
    with pytest.raises(ValueError, match="the language is one of en, ko, not 'de'"):
        word("hands", "de")


def test_an_equitys_notebook_drawing_shows_each_players_share() -> None:
    result = bf.equity(["As 2d 3c Kh", "8-"], 3, trials=2000, seed=1, max_exact=0)
    html = result._repr_html_()
    for i, share in enumerate(result.equity, start=1):
        assert f"player {i}: {100 * share:.2f} %" in html  # its bar's tip
    assert "Monte Carlo, 2,000 trials" in html
