"""Draw odds, ranges and the starting-hand chart as HTML and SVG.

The one drawing of these results for people: ``DrawOdds._repr_html_`` and
``Range._repr_html_`` (Jupyter) and the pages of ``badugi serve`` (``badugi_fast/web/``) call
these functions. Standard library and numpy only; self-contained output (inline styles, SVG
drawn here), with ``bf-`` classes the pages' style sheet also styles. Every number is the
library's own: the odds' fields, the range's hands and weights, the chart's cells
(``hand_equities``), the classes' names (``hands.naming``).

The heat maps lay the 1,092 classes out as the hold'em grids do: one grid per badugi size,
a row per top card and a column per second card; a cell holds every class with that top and
second card (a one-card class is its own cell).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from html import escape
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .._svg import Cell, bar_chart, grid
from ..cards import Card
from ..hands.evaluator import NUM_HANDS, NUM_RANKS
from ..hands.html import LANGUAGES, card_html
from ..hands.naming import EN_RANKS, class_ranks, english_name, korean_name
from ..hands.universe import class_counts, class_of_hands
from .chart.lookup import hand_equities


# What is drawn of a range and of draw odds. ``Range`` and ``DrawOdds`` import this module for
# their ``_repr_html_``, so it names their shapes rather than importing them back.
class Range(Protocol):
    @property
    def positions(self) -> npt.NDArray[np.int32]: ...
    @property
    def weights(self) -> npt.NDArray[np.float64]: ...
    def __len__(self) -> int: ...


class DrawOdds(Protocol):
    @property
    def badugi(self) -> float: ...
    @property
    def sizes(self) -> dict[int, float]: ...
    @property
    def ranks(self) -> npt.NDArray[np.float64]: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def exact(self) -> bool: ...
    @property
    def stderr(self) -> float | None: ...
    @property
    def badugi_fraction(self) -> Fraction | None: ...
    @property
    def trials(self) -> int | None: ...
    @property
    def draws(self) -> int: ...
    @property
    def policy(self) -> str: ...
    @property
    def expected_rank(self) -> float: ...


class DiscardOption(Protocol):
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def keep(self) -> tuple[Card, ...]: ...
    @property
    def value(self) -> float: ...
    @property
    def exact(self) -> bool: ...
    @property
    def stderr(self) -> float | None: ...


class Equity(Protocol):
    @property
    def equity(self) -> list[float]: ...
    @property
    def win(self) -> list[float]: ...
    @property
    def tie(self) -> list[float]: ...
    @property
    def exact(self) -> bool: ...
    @property
    def stderr(self) -> list[float] | None: ...
    @property
    def trials(self) -> int | None: ...


__all__ = [
    "chart_heatmap_html",
    "discards_html",
    "equity_html",
    "odds_html",
    "range_cells",
    "range_heatmap_html",
    "range_html",
]

MAX_CLASS_ROWS = 60  # a range's classes listed at most; the rest are counted
WORDS: dict[str, tuple[Any, Any]] = {
    "badugi": ("four-card badugi", "메이드"),
    "sizes": ("final badugi size", "최종 바둑이 장수"),
    "size": ("{n}-card", "{n}장"),
    "ranks": ("final rank, by size and top card", "최종 순위 (장수, 탑 카드별)"),
    "expected_rank": ("expected final rank", "기대 최종 순위"),
    "discard": ("first discard", "첫 번째 버릴 카드"),
    "pat": ("stand pat", "패스 (안 바꿈)"),
    "draws": ("draws", "드로우 횟수"),
    "policy": ("policy", "정책"),
    "exact": ("exact", "정확한 값"),
    "sampled": (
        "Monte Carlo, {n:,} trials, stderr {e:.4f}",
        "몬테카를로 {n:,}회, 표준오차 {e:.4f}",
    ),
    "hands": ("hands", "패 수"),
    "share": ("share of all 270,725 hands", "전체 270,725 패 중 비중"),
    "weighted": ("weighted share", "가중 비중"),
    "classes": ("classes (best first)", "족보 (좋은 순)"),
    "class": ("class", "족보"),
    "weight": ("mean weight", "평균 가중치"),
    "more": ("and {n:,} more classes", "외 {n:,}개 족보"),
    "range_map": ("the range: share of each cell's hands", "레인지: 칸마다 포함된 패의 비중"),
    "chart_map": (
        "starting-hand chart: equity vs 1 random hand, 3 draws",
        "스타팅 핸드 차트: 무작위 1명 상대, 드로우 3번 승률",
    ),
    "top": ("top card ↓, second card →", "탑 카드 ↓, 둘째 카드 →"),
    "one_card": ("one-card", "1장 (무탑)"),
    "keep": ("keep", "남길 카드"),
    "throw": ("throw", "버릴 카드"),
    "value": ("value", "값"),
    "objective": (
        {
            "max-equity": "equity vs a random hand",
            "max-badugi": "chance of a four-card badugi",
            "min-rank": "expected final rank (lower is better)",
            "vs": "equity vs the range",
        },
        {
            "max-equity": "무작위 패 상대 승률",
            "max-badugi": "메이드 확률",
            "min-rank": "기대 최종 순위 (낮을수록 좋음)",
            "vs": "레인지 상대 승률",
        },
    ),
    "best_discard": ("discards, best first", "버릴 카드 (좋은 순)"),
    "equity": ("equity", "승률"),
    "win": ("wins alone", "단독 승"),
    "tie": ("split pots", "무승부 몫"),
    "player": ("player", "플레이어"),
}
SIZE_KO = {4: "메이드", 3: "베이스", 2: "투베이스", 1: "무탑"}


def word(key: str, lang: str = "en") -> Any:
    if lang not in LANGUAGES:
        raise ValueError(f"the language is one of {', '.join(LANGUAGES)}, not {lang!r}")
    return WORDS[key][LANGUAGES.index(lang)]


def _size_name(size: int, lang: str) -> str:
    return SIZE_KO[size] if lang == "ko" else word("size", lang).format(n=size)


# --- the classes' cells: (size, top card, second card) ---------------------------------------


@cache
def _cell_of_class() -> tuple[npt.NDArray[np.int64], list[tuple[int, int, int]]]:
    """Each rank's cell number (index 0 unused) and the cells' (size, top, second) keys; a
    one-card class has second -1."""
    keys: list[tuple[int, int, int]] = []
    number: dict[tuple[int, int, int], int] = {}
    cell = np.zeros(NUM_RANKS + 1, dtype=np.int64)
    for rank in range(1, NUM_RANKS + 1):
        ranks = class_ranks(rank)
        key = (len(ranks), ranks[-1], ranks[-2] if len(ranks) > 1 else -1)
        if key not in number:
            number[key] = len(keys)
            keys.append(key)
        cell[rank] = number[key]
    return cell, keys


def _per_cell(per_class: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    cell, keys = _cell_of_class()
    return np.bincount(cell[1:], weights=per_class[1:], minlength=len(keys)).astype(np.float64)


@cache
def _hands_per_cell() -> npt.NDArray[np.float64]:
    return _per_cell(class_counts().astype(np.float64))


_CHART_LOCK = threading.Lock()


def _chart_per_cell() -> npt.NDArray[np.float64]:
    """Each cell's mean chart equity over its hands (heads-up, default policy). Made once, under
    a lock: a second caller meanwhile (a server's first page beside its warm-up) waits for the
    first's answer instead of computing it again beside it (0.8 s of suit classes each)."""
    with _CHART_LOCK:
        return _chart_per_cell_made()


@cache
def _chart_per_cell_made() -> npt.NDArray[np.float64]:
    per_class = np.bincount(class_of_hands(), weights=hand_equities(), minlength=NUM_RANKS + 1)
    return _per_cell(per_class.astype(np.float64)) / _hands_per_cell()


def _cell_label(key: tuple[int, int, int]) -> str:
    size, top, second = key
    return EN_RANKS[top] if size == 1 else f"{EN_RANKS[top]}{EN_RANKS[second]}"


def _heatmaps(
    values: npt.NDArray[np.float64],
    tips: list[str],
    title: str,
    lang: str,
    outlined: npt.NDArray[np.bool_] | None = None,
    hue: tuple[int, int, int] = (38, 110, 200),
) -> str:
    """One grid per size (rows: top card, K first; columns: second card), ``values`` in [0, 1]
    per cell (NaN: empty)."""
    _, keys = _cell_of_class()
    pictures = []
    for size in (4, 3, 2, 1):
        tops = list(range(12, size - 2, -1))
        seconds = list(range(size - 2, 12)) if size > 1 else [0]
        cells = []
        for i, key in enumerate(keys):
            if key[0] != size:
                continue
            value = None if np.isnan(values[i]) else float(values[i])
            row = tops.index(key[1]) if size > 1 else 0
            column = seconds.index(key[2]) if size > 1 else 12 - key[1]
            mark = bool(outlined[i]) if outlined is not None else False
            cells.append(Cell(row, column, _cell_label(key), tips[i], value, mark))
        if size == 1:
            rows, columns = [""], [EN_RANKS[r] for r in range(12, -1, -1)]
        else:
            rows, columns = [EN_RANKS[t] for t in tops], [EN_RANKS[s] for s in seconds]
        name = _size_name(size, lang)
        pictures.append(grid(cells, rows, columns, title=name, hue=hue))
    return (
        f'<figure class="bf-heatmaps" style="margin:.5em 0;font-family:system-ui,sans-serif">'
        f"<figcaption><strong>{escape(title)}</strong> ({escape(word('top', lang))})"
        f'</figcaption><div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
        f"{''.join(pictures)}</div></figure>"
    )


def _cell_tip(key: tuple[int, int, int], lang: str) -> str:
    size, top, second = key
    if size == 1:
        return english_name((top,)) if lang == "en" else korean_name((top,))
    shown = f"{EN_RANKS[top]}-{EN_RANKS[second]}" + "-x" * (size - 2)
    return f"{shown} ({_size_name(size, lang)})"


def chart_heatmap_html(lang: str = "en", outlined: npt.NDArray[np.bool_] | None = None) -> str:
    """The starting-hand chart as heat maps: each cell's mean heads-up equity (default policy,
    three draws), coloured from the lowest cell to the highest; ``outlined`` marks cells."""
    _, keys = _cell_of_class()
    equity = _chart_per_cell()
    low, high = float(equity.min()), float(equity.max())
    scaled = (equity - low) / (high - low)
    hands = _hands_per_cell()
    tips = [
        f"{_cell_tip(key, lang)}: {100 * equity[i]:.1f} %, {int(hands[i]):,} {word('hands', lang)}"
        for i, key in enumerate(keys)
    ]
    return _heatmaps(scaled, tips, word("chart_map", lang), lang, outlined, hue=(200, 60, 40))


def _range_per_class(r: Range) -> npt.NDArray[np.float64]:
    """The range's weight summed over each class's hands (index = rank)."""
    hands = class_of_hands()[r.positions]
    return np.bincount(hands, weights=r.weights, minlength=NUM_RANKS + 1).astype(np.float64)


def range_cells(r: Range) -> npt.NDArray[np.bool_]:
    """Which cells of the heat maps hold a hand of the range."""
    return _per_cell(_range_per_class(r)) > 0


def range_heatmap_html(r: Range, lang: str = "en") -> str:
    """A range as heat maps: the weighted share of each cell's hands in the range."""
    _, keys = _cell_of_class()
    share = _per_cell(_range_per_class(r)) / _hands_per_cell()
    tips = [
        f"{_cell_tip(key, lang)}: {100 * share[i]:.1f} % ({word('weighted', lang)})"
        for i, key in enumerate(keys)
    ]
    return _heatmaps(share, tips, word("range_map", lang), lang)


def range_html(r: Range, lang: str = "en", *, heatmap: bool = True) -> str:
    """A range: its hands and share, its classes best first (at most ``MAX_CLASS_ROWS``), and
    (``heatmap``) the share of each cell of the heat maps."""
    per_class = _range_per_class(r)
    in_class = np.bincount(class_of_hands()[r.positions], minlength=NUM_RANKS + 1)
    present = np.flatnonzero(in_class)
    counts = class_counts()
    rows = []
    for rank in present[:MAX_CLASS_ROWS].tolist():
        ranks = class_ranks(rank)
        names = (korean_name(ranks), english_name(ranks))
        first, second = names if lang == "ko" else names[::-1]
        rows.append(
            f'<tr><td style="text-align:right;padding:0 .6em">{rank}</td>'
            f'<td style="padding:0 .6em">{escape(first)} <small>({escape(second)})</small></td>'
            f'<td style="text-align:right;padding:0 .6em">{in_class[rank]:,} / {counts[rank]:,}'
            f'</td><td style="text-align:right;padding:0 .6em">'
            f"{per_class[rank] / in_class[rank]:.3g}</td></tr>"
        )
    more = len(present) - MAX_CLASS_ROWS
    if more > 0:
        rows.append(f'<tr><td colspan="4">{escape(word("more", lang).format(n=more))}</td></tr>')
    head = "".join(
        f'<th style="padding:0 .6em">{escape(text)}</th>'
        for text in ("#", word("class", lang), word("hands", lang), word("weight", lang))
    )
    summary = (
        f'<p class="bf-range-summary"><strong class="bf-range-hands">{len(r):,}</strong> '
        f"{escape(word('hands', lang))}; {escape(word('share', lang))}: "
        f'<strong class="bf-range-share">{100 * len(r) / NUM_HANDS:.2f} %</strong>; '
        f"{escape(word('weighted', lang))}: {100 * float(r.weights.sum()) / NUM_HANDS:.2f} %</p>"
    )
    table = (
        f'<table class="bf-range-classes" style="border-collapse:collapse">'
        f'<caption style="text-align:left">{escape(word("classes", lang))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    picture = range_heatmap_html(r, lang) if heatmap else ""
    return (
        f'<div class="bf-range" style="font-family:system-ui,sans-serif">{summary}{picture}'
        f"{table}</div>"
    )


def _rank_groups(ranks: npt.NDArray[np.float64], lang: str) -> tuple[list[str], list[float]]:
    """The final-rank distribution summed by (size, top card), best group first, groups of
    probability zero left out."""
    labels, values = [], []
    current: tuple[int, int] | None = None
    for rank in range(1, NUM_RANKS + 1):
        ranks_of = class_ranks(rank)
        key = (len(ranks_of), ranks_of[-1])
        if key != current:
            current = key
            top = EN_RANKS[key[1]]
            labels.append(f"{top} {_size_name(key[0], lang)}" if lang == "ko" else
                          f"{top}-high {_size_name(key[0], lang)}")  # fmt: skip
            values.append(0.0)
        values[-1] += float(ranks[rank])
    kept = [(label, v) for label, v in zip(labels, values, strict=True) if v > 0]
    return [label for label, _ in kept], [v for _, v in kept]


def odds_html(odds: DrawOdds, lang: str = "en") -> str:
    """Draw odds: the four-card badugi's probability, the first discard, the final size and
    the final rank (by size and top card) as bar charts, and how they were computed."""
    how = (
        word("exact", lang)
        if odds.exact
        else word("sampled", lang).format(n=odds.trials or 0, e=odds.stderr or 0.0)
    )
    discard = "".join(card_html(c, marked=True) for c in odds.discard) or escape(word("pat", lang))
    sizes = bar_chart(
        [_size_name(s, lang) for s in (4, 3, 2, 1)],
        [odds.sizes[s] for s in (4, 3, 2, 1)],
        title=word("sizes", lang),
    )
    labels, values = _rank_groups(odds.ranks, lang)
    ranks = bar_chart(labels, values, title=word("ranks", lang))
    return (
        '<div class="bf-odds" style="font-family:system-ui,sans-serif">'
        f'<p>{escape(word("badugi", lang))}: <strong class="bf-odds-badugi">'
        f"{100 * odds.badugi:.2f} %</strong>"
        f"{f' ({odds.badugi_fraction})' if odds.badugi_fraction is not None else ''}; "
        f"{escape(word('expected_rank', lang))}: {odds.expected_rank:.1f}</p>"
        f'<p>{escape(word("discard", lang))}: <span class="bf-discard">{discard}</span></p>'
        f"<p><small>{escape(word('draws', lang))} {odds.draws}, {escape(word('policy', lang))}"
        f" {escape(odds.policy)}; {escape(how)}</small></p>"
        '<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
        f"{sizes}{ranks}</div></div>"
    )


def _value(value: float, objective: str) -> str:
    return f"{value:.1f}" if objective == "min-rank" else f"{100 * value:.2f} %"


def discards_html(options: Sequence[DiscardOption], objective: str, lang: str = "en") -> str:
    """``best_discard``'s options as it ranks them (best first): the cards thrown and kept,
    and the value by ``objective`` (one of ``best_discard``'s objectives, or ``"vs"`` for
    equity against given opponents), with its stderr where sampled."""
    rows = []
    for i, option in enumerate(options):
        thrown = "".join(card_html(c, marked=True) for c in option.discard) or escape(
            word("pat", lang)
        )
        kept = "".join(card_html(c, marked=True) for c in option.keep)
        error = "" if option.stderr is None else f" ± {100 * option.stderr:.2f}"
        shade = ' style="background:#fff6d5"' if i == 0 else ""
        rows.append(
            f'<tr class="bf-discard-option"{shade}><td style="padding:.1em .6em">{thrown}</td>'
            f'<td style="padding:.1em .6em">{kept}</td><td class="bf-discard-value" '
            f'style="padding:.1em .6em;text-align:right">{_value(option.value, objective)}'
            f"{error}</td></tr>"
        )
    head = "".join(
        f'<th style="padding:.1em .6em;text-align:left">{escape(text)}</th>'
        for text in (word("throw", lang), word("keep", lang), word("objective", lang)[objective])
    )
    return (
        f'<table class="bf-discards" style="border-collapse:collapse;font-family:system-ui,'
        f'sans-serif"><caption style="text-align:left">{escape(word("best_discard", lang))}'
        f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def equity_html(result: Equity, players: Sequence[str], lang: str = "en") -> str:
    """``equity``'s answer: each player's equity, sole wins and split-pot share, as a table and
    a bar chart, and how it was computed."""
    how = (
        word("exact", lang)
        if result.exact
        else word("sampled", lang).format(n=result.trials or 0, e=max(result.stderr or [0.0]))
    )
    rows = "".join(
        f'<tr><td style="padding:.1em .6em">{escape(name)}</td>'
        f'<td class="bf-equity" style="padding:.1em .6em;text-align:right">'
        f"{100 * result.equity[i]:.2f} %</td>"
        f'<td style="padding:.1em .6em;text-align:right">{100 * result.win[i]:.2f} %</td>'
        f'<td style="padding:.1em .6em;text-align:right">{100 * result.tie[i]:.2f} %</td></tr>'
        for i, name in enumerate(players)
    )
    head = "".join(
        f'<th style="padding:.1em .6em">{escape(word(key, lang))}</th>'
        for key in ("player", "equity", "win", "tie")
    )
    chart = bar_chart(list(players), result.equity, title=word("equity", lang))
    return (
        '<div class="bf-equity-result" style="font-family:system-ui,sans-serif">'
        f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table><p><small>{escape(how)}</small></p>{chart}</div>"
    )
