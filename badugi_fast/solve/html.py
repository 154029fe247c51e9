"""A solution of the last betting round as HTML and SVG.

The one drawing of a ``LastRoundSolution`` for people: its ``_repr_html_`` (Jupyter) and the
``/solve`` page of ``badugi serve`` (``badugi_fast/web/solve_page.py``) call these functions.
Standard library, numpy and ``_svg`` only; self-contained output (inline styles, SVG drawn
here), with ``bf-`` classes the pages' style sheet also styles. Every number is the
solution's own: ``value``, ``exploitability``, ``curve``, ``strategy``, ``reach`` and
``hand_values``; the classes' names are ``hands.naming``'s.

- ``summary_html``: each player's value, the exploitability (chips and share of the pot), the
  iterations;
- ``curve_svg``: the exploitability at each measurement (a fraction of the pot, log scale)
  against the iterations, the target dashed; the page redraws it after each block;
- ``grid_html``: a node's strategy by hand class: a row per class of the actor's range that
  reaches the node (each hand weighted by its range weight times its reach), a cell per
  action coloured by the class's share of it, and the class's expected chips;
- ``solution_html``: the three together, at the root.

Rows are the exact hand classes (a badugi's ranks: ``7-5-3-A badugi``, ``6메이드``) when the
actor's range holds at most ``MAX_CLASS_ROWS`` of them, else groups of classes by size and
top card, as ``badugi solve`` prints them (``badugi 8-high``, ``8메이드``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .._svg import FONT, colour
from ..game.actions import BET_KINDS, FOLD_KINDS, KO_NAMES
from ..hands.evaluator import evaluate_many
from ..hands.html import LANGUAGES
from ..hands.naming import class_ranks, english_name, group_name, korean_name

__all__ = [
    "MAX_CLASS_ROWS",
    "class_rows",
    "curve_svg",
    "decision_nodes",
    "grid_html",
    "history_label",
    "solution_html",
    "summary_html",
]

MAX_CLASS_ROWS = 60  # exact classes as rows at most; past it, groups by size and top card


# What is drawn of a solution. ``LastRoundSolution`` imports this module for its
# ``_repr_html_``, so it names the solution's shape rather than importing it back.
class Action(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def amount(self) -> int: ...


class Node(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def history(self) -> tuple[Any, ...]: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def actions(self) -> tuple[Any, ...]: ...
    @property
    def pot(self) -> int: ...


class Tree(Protocol):
    @property
    def nodes(self) -> tuple[Any, ...]: ...
    def find(self, history: Sequence[object]) -> Any: ...


class Problem(Protocol):
    @property
    def tree(self) -> Tree: ...
    @property
    def players(self) -> tuple[Any, ...]: ...  # each with ``range.weights``


class Solution(Protocol):
    @property
    def problem(self) -> Problem: ...
    @property
    def value(self) -> tuple[float, float]: ...
    @property
    def exploitability(self) -> float: ...
    @property
    def exploitability_fraction(self) -> float: ...
    @property
    def iterations(self) -> int: ...
    @property
    def curve(self) -> list[tuple[int, float, float]]: ...
    @property
    def pot(self) -> int: ...
    def hands(self, player: int) -> npt.NDArray[np.uint8]: ...
    def strategy(self, history: Any) -> npt.NDArray[np.float64]: ...
    def reach(self, history: Any, player: int) -> npt.NDArray[np.float64]: ...
    def hand_values(self, player: int) -> npt.NDArray[np.float64]: ...


WORDS: dict[str, tuple[str, str]] = {
    "player": ("player {n}", "플레이어 {n}"),
    "value": ("value (chips from the round's start)", "기대값 (라운드 시작부터의 칩)"),
    "exploitability": ("exploitability", "익스플로잇 가능성"),
    "of_pot": ("of the pot", "팟 대비"),
    "chips": ("chips", "칩"),
    "iterations": ("iterations", "반복 횟수"),
    "pot": ("pot", "팟"),
    "curve": (
        "exploitability (share of the pot) by iterations",
        "반복 횟수별 익스플로잇 가능성 (팟 대비)",
    ),
    "target": ("target", "목표"),
    "root": ("the start of the round", "라운드 시작"),
    "acts": ("{player} acts", "{player} 차례"),
    "class": ("hand class", "족보"),
    "hands": ("hands", "패 수"),
    "share": ("share here", "이 노드 비중"),
    "ev": ("expected chips", "기대 칩"),
    "grid": ("strategy by hand class", "족보별 전략"),
    "unreached": (
        "{n:,} classes of the range never reach this node",
        "레인지의 {n:,}개 족보는 이 노드에 오지 않음",
    ),
    "nobody": ("no hand of the range reaches this node", "이 노드에 오는 패가 없음"),
    "no_betting": (
        "nobody can bet: the round goes straight to the showdown",
        "아무도 베팅할 수 없음: 바로 쇼다운",
    ),
}
# An action's colour: folds grey, checks and calls green, bets and raises warm (by size).
FOLD_HUE = (110, 118, 135)
PASSIVE_HUE = (40, 140, 70)
BET_HUES = ((235, 150, 30), (215, 90, 30), (180, 35, 45), (125, 25, 75), (80, 20, 100))


def word(key: str, lang: str = "en") -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"the language is one of {', '.join(LANGUAGES)}, not {lang!r}")
    return WORDS[key][LANGUAGES.index(lang)]


def _player(p: int, lang: str) -> str:
    return word("player", lang).format(n=p + 1)


def _pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def action_name(action: Action, lang: str = "en") -> str:
    """``bet 4``, ``check``; in Korean the room's words (``하프 5``, ``체크``)."""
    kind = str(action.kind)
    name = KO_NAMES.get(kind, kind) if lang == "ko" else kind
    return f"{name} {action.amount}" if action.amount else name


def history_label(history: Sequence[Action], lang: str = "en") -> str:
    """A public line as people read it: ``check · bet 4``; the empty line is the round's start."""
    return " · ".join(action_name(a, lang) for a in history) or word("root", lang)


def decision_nodes(sol: Solution) -> list[Node]:
    """The tree's nodes where someone acts, in the tree's order (the root first)."""
    return [n for n in sol.problem.tree.nodes if n.actor is not None]


def _hues(actions: Sequence[Action]) -> list[tuple[int, int, int]]:
    hues = []
    bets = 0
    for action in actions:
        kind = str(action.kind)
        if kind in FOLD_KINDS:
            hues.append(FOLD_HUE)
        elif kind in BET_KINDS:
            hues.append(BET_HUES[min(bets, len(BET_HUES) - 1)])
            bets += 1
        else:
            hues.append(PASSIVE_HUE)
    return hues


def class_rows(sol: Solution, player: int, lang: str = "en") -> tuple[list[str], npt.NDArray[Any]]:
    """The rows of ``player``'s grids: their names (best first) and each hand's row index
    (-1 for a hand of weight 0). Exact classes when the range holds at most
    ``MAX_CLASS_ROWS``, else groups by size and top card."""
    hands = sol.hands(player)
    weights = sol.problem.players[player].range.weights
    ranks = np.asarray(evaluate_many(hands), dtype=np.int64)
    present = np.unique(ranks[weights > 0])
    if len(present) <= MAX_CLASS_ROWS:
        keys = [int(r) for r in present]
        names = []
        for rank in keys:
            ranks_of = class_ranks(rank)
            first, second = korean_name(ranks_of), english_name(ranks_of)
            names.append(f"{first} ({second})" if lang == "ko" else second)
        row_of = {rank: i for i, rank in enumerate(keys)}
        rows = np.array([row_of.get(int(r), -1) for r in ranks], dtype=np.int64)
    else:
        groups = sorted({_group(int(r)) for r in present})
        group_row = {g: i for i, g in enumerate(groups)}
        names = [group_name(-size, top, lang == "ko") for size, top in groups]
        rows = np.array([group_row.get(_group(int(r)), -1) for r in ranks], dtype=np.int64)
    rows[weights <= 0] = -1
    return names, rows


def _group(rank: int) -> tuple[int, int]:
    ranks = class_ranks(rank)
    return -len(ranks), ranks[-1]


def class_strategy(
    sol: Solution, history: Any, lang: str = "en"
) -> tuple[list[str], npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64],
           npt.NDArray[np.int64]]:  # fmt: skip
    """The numbers of a node's grid, row by row (the grid's rows, best first): names, each
    row's share of every action (weighted by range weight times reach; NaN where no hand of
    the row reaches the node), each row's share of the actor's weight at the node, its
    expected chips (range-weighted ``hand_values``), and its hand count."""
    actor = sol.problem.tree.find(history).actor
    if actor is None:
        raise ValueError(f"history {list(history)} ends the round: nobody acts")
    names, rows = class_rows(sol, actor, lang)
    weights = sol.problem.players[actor].range.weights
    reach = sol.reach(history, actor) * weights
    strategy = sol.strategy(history)
    values = sol.hand_values(actor)
    n = len(names)
    kept = rows >= 0
    at = np.zeros(n)
    np.add.at(at, rows[kept], reach[kept])
    mixed = np.zeros((n, strategy.shape[1]))
    np.add.at(mixed, rows[kept], strategy[kept] * reach[kept, None])
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = mixed / at[:, None]
        share_here = at / at.sum() if at.sum() > 0 else np.full(n, np.nan)
    finite = kept & np.isfinite(values)
    dealt = np.zeros(n)
    np.add.at(dealt, rows[finite], weights[finite])
    chips = np.zeros(n)
    np.add.at(chips, rows[finite], values[finite] * weights[finite])
    with np.errstate(invalid="ignore", divide="ignore"):
        ev = chips / dealt
    counts = np.bincount(rows[kept], minlength=n).astype(np.int64)
    return names, shares, share_here, ev, counts


def summary_html(sol: Solution, lang: str = "en") -> str:
    """Each player's value, the exploitability in chips and as a share of the pot, the pot and
    the iterations."""
    values = "".join(
        f'<tr><th style="text-align:left;padding:0 .6em">{escape(_player(p, lang))}</th>'
        f'<td class="bf-solve-value" data-player="{p}" data-value="{sol.value[p]!r}" '
        f'style="text-align:right;padding:0 .6em">{sol.value[p]:.4f}</td></tr>'
        for p in (0, 1)
    )
    return (
        f'<div class="bf-solve-summary" style="font-family:system-ui,sans-serif">'
        f'<p style="margin:.3em 0">{escape(word("value", lang))}</p>'
        f'<table style="border-collapse:collapse">{values}</table>'
        f"<p>{escape(word('exploitability', lang))}: "
        f'<strong class="bf-solve-exploitability" data-chips="{sol.exploitability!r}" '
        f'data-fraction="{sol.exploitability_fraction!r}">{sol.exploitability:.4f} '
        f"{escape(word('chips', lang))}</strong> "
        f"({_pct(sol.exploitability_fraction)} {escape(word('of_pot', lang))}); "
        f"{escape(word('pot', lang))} {sol.pot:,}; {escape(word('iterations', lang))} "
        f'<span class="bf-solve-iterations">{sol.iterations:,}</span></p></div>'
    )


def curve_svg(
    curve: Sequence[tuple[int, float, float]],
    lang: str = "en",
    *,
    target: float | None = None,
    width: int = 480,
    height: int = 240,
) -> str:
    """The exploitability (a fraction of the pot, log scale) at each measurement against the
    iterations (log scale, 0 drawn at 1); ``target`` dashed. Each point's ``<title>`` holds its
    numbers."""
    left, right, top, bottom = 58, 14, 26, 34
    points = [(max(it, 1), max(f, 1e-6)) for it, f, _ in curve]  # 0 drawn at 1e-6
    xs = [math.log10(x) for x, _ in points] or [0.0]
    ys = [math.log10(y) for _, y in points] or [0.0]
    if target:
        ys.append(math.log10(max(target, 1e-6)))
    x0, x1 = 0.0, max(1.0, math.ceil(max(xs)))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    if y1 <= y0:
        y1 = y0 + 1

    def sx(x: float) -> float:
        return left + (width - left - right) * (x - x0) / (x1 - x0)

    def sy(y: float) -> float:
        return top + (height - top - bottom) * (y1 - y) / (y1 - y0)

    title = word("curve", lang)
    parts = [
        f'<svg class="bf-curve" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" {FONT}>'
        f"<title>{escape(title)}</title>"
        f'<text x="0" y="13" font-weight="600">{escape(title)}</text>'
        f'<rect x="{left}" y="{top}" width="{width - left - right}" '
        f'height="{height - top - bottom}" fill="none" stroke="#bbb"/>'
    ]
    for d in range(int(y0), int(y1) + 1):
        y = sy(d)
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>'
            f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{_pct(10.0**d)}</text>'
        )
    for d in range(int(x0), int(x1) + 1):
        x = sx(d)
        parts.append(
            f'<text x="{x:.1f}" y="{height - bottom + 14}" text-anchor="middle">{10**d:,}</text>'
        )
    parts.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 4}" text-anchor="middle">'
        f"{escape(word('iterations', lang))}</text>"
    )
    if target:
        y = sy(math.log10(max(target, 1e-6)))
        parts.append(
            f'<line class="bf-curve-target" x1="{left}" x2="{width - right}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="#b00020" stroke-dasharray="4 3"><title>'
            f"{escape(word('target', lang))}: {_pct(target)}</title></line>"
        )
    line = " ".join(f"{sx(math.log10(x)):.1f},{sy(math.log10(y)):.1f}" for x, y in points)
    parts.append(f'<polyline points="{line}" fill="none" stroke="#2a6fc9" stroke-width="2"/>')
    for (it, fraction, seconds), (x, y) in zip(curve, points, strict=True):
        tip = (
            f"{word('iterations', lang)} {it:,}: {_pct(fraction)} {word('of_pot', lang)}"
            f" ({seconds:.2f} s)"
        )
        parts.append(
            f'<circle class="bf-curve-point" data-iterations="{it}" data-fraction="{fraction!r}" '
            f'cx="{sx(math.log10(x)):.1f}" cy="{sy(math.log10(y)):.1f}" r="3" fill="#2a6fc9">'
            f"<title>{escape(tip)}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def grid_html(sol: Solution, history: Any = (), lang: str = "en") -> str:
    """The strategy at the node after ``history`` by hand class: a row per class (or group)
    of the actor's range that reaches the node, best first; a cell per action coloured by the
    row's share of it (its ``data-p`` the exact share); the row's share of the actor's weight
    here, and its expected chips from the round's start (``hand_values``)."""
    node = sol.problem.tree.find(history)
    if node.actor is None:
        raise ValueError(f"history {list(history)} ends the round: nobody acts")
    names, shares, here, ev, counts = class_strategy(sol, history, lang)
    actions = node.actions
    hues = _hues(actions)
    head = "".join(
        f'<th class="bf-action" style="padding:.1em .5em;border-bottom:3px solid '
        f'{colour(1.0, hue)}">{escape(action_name(a, lang))}</th>'
        for a, hue in zip(actions, hues, strict=True)
    )
    cell = "padding:.1em .5em;text-align:right"
    rows = []
    unreached = 0
    for i, name in enumerate(names):
        if not np.isfinite(shares[i]).all():
            unreached += 1
            continue
        cells = "".join(
            f'<td class="bf-share" data-p="{float(p)!r}" title="{escape(action_name(a, lang))}'
            f': {100 * float(p):.4f} %" style="{cell};background:{colour(float(p), hue)};'
            f'color:{"#fff" if p > 0.6 else "#222"}">{100 * float(p):.1f}</td>'
            for p, a, hue in zip(shares[i], actions, hues, strict=True)
        )
        rows.append(
            f'<tr class="bf-class-row" data-row="{i}"><th class="bf-class" '
            f'style="text-align:left;padding:.1em .5em;font-weight:400">{escape(name)}</th>'
            f'<td style="{cell}">{counts[i]:,}</td>'
            f'<td class="bf-here" data-p="{float(here[i])!r}" style="{cell}">'
            f"{100 * float(here[i]):.1f}</td>{cells}"
            f'<td class="bf-ev" data-ev="{float(ev[i])!r}" style="{cell}">{float(ev[i]):.3f}'
            f"</td></tr>"
        )
    note = ""
    if not rows:
        note = f'<p class="bf-grid-note">{escape(word("nobody", lang))}</p>'
    elif unreached:
        note = (
            f'<p class="bf-grid-note" style="color:#555">'
            f"{escape(word('unreached', lang).format(n=unreached))}</p>"
        )
    caption = (
        f"{escape(word('grid', lang))}: {escape(history_label(node.history, lang))} — "
        f"{escape(word('acts', lang).format(player=_player(node.actor, lang)))} "
        f"({escape(word('pot', lang))} {node.pot:,}; %)"
    )
    columns = (
        f'<th style="text-align:left;padding:.1em .5em">{escape(word("class", lang))}</th>'
        f'<th style="padding:.1em .5em">{escape(word("hands", lang))}</th>'
        f'<th style="padding:.1em .5em">{escape(word("share", lang))}</th>{head}'
        f'<th style="padding:.1em .5em">{escape(word("ev", lang))}</th>'
    )
    return (
        f'<div class="bf-solve-grid" data-node="{node.index}" '
        f'style="font-family:system-ui,sans-serif">'
        f'<table style="border-collapse:collapse;font-size:.9em">'
        f'<caption style="text-align:left">{caption}</caption>'
        f"<thead><tr>{columns}</tr></thead><tbody>{''.join(rows)}</tbody></table>{note}</div>"
    )


def solution_html(sol: Solution, lang: str = "en", history: Any = ()) -> str:
    """The summary, the convergence curve and the strategy grid of one node (the root by
    default; a note instead where nobody can bet): what ``LastRoundSolution._repr_html_``
    shows."""
    if history == () and sol.problem.tree.find(()).actor is None:
        grid = f'<p class="bf-grid-note">{escape(word("no_betting", lang))}</p>'
    else:
        grid = grid_html(sol, history, lang)
    return (
        f'<div class="bf-solution" style="font-family:system-ui,sans-serif">'
        f"{summary_html(sol, lang)}{curve_svg(sol.curve, lang)}{grid}</div>"
    )
