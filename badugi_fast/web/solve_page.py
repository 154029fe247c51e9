"""``/solve``: the last betting round solved between two ranges, streamed block by block.

``solve`` is the page (its inputs read and checked: a ValueError is a 400 with the library's
own message); ``solve_steps`` the streamed part (``/solve/stream``, the same query): the
problem made and its uniform start measured, then one step per block of discounted CFR
(``solve.cfr.Blocks``, the blocks ``solve_last_round`` runs) with the convergence curve
redrawn after each, then the solution: its summary, the tree's decision nodes to pick from,
and each node's strategy grid by hand class (``solve/html.py``, which
``LastRoundSolution._repr_html_`` draws with too). Each stream makes its own problem and
solver (they hold C state): nothing is shared between requests. The stream stops between
blocks when the page is closed or cancelled.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from ..draws.ranges.range import parse_range
from ..game.rules import KoreanRules, Rules, RuleSet
from ..solve import LastRoundSolution, build_tree, last_round
from ..solve.cfr import Blocks
from ..solve.html import curve_svg, decision_nodes, grid_html, history_label, summary_html
from ..solve.html import word as solve_word
from . import limits
from .pages import Page, Step, _text
from .words import page_words

RULES = ("casino", "korean")
_RANGE_SEPARATORS = re.compile(r"[;\r\n]+")
_STACK_SEPARATORS = re.compile(r"[\s,]+")
DEFAULTS = {"pot": "12", "stacks": "100", "rules": "casino", "target": "0.001"}


def _whole(name: str, text: str, least: int, most: int) -> int:
    if not text.isdigit() or not least <= int(text) <= most:
        raise ValueError(f"{name} is a whole number from {least:,} to {most:,}, not {text!r}")
    return int(text)


@dataclass(frozen=True)
class SolveQuery:
    """``/solve``'s inputs, read and checked before any work: the two ranges' text (the first
    acts first), the pot, the stacks, the rules (``casino``: fixed limit, small bet 2, capped
    heads-up; ``korean``: ante 1), the raises after the first bet, the iterations at most and
    the target (a fraction of the pot)."""

    ranges: tuple[str, str]
    pot: int
    stacks: tuple[int, int]
    rules: str
    raises: int
    iterations: int
    target: float

    @classmethod
    def read(cls, query: Mapping[str, str]) -> SolveQuery | None:
        """The checked inputs, or None when no ranges are given (the empty form)."""
        text = _text(query, "ranges", 2 * limits.MAX_RANGE_TEXT + 1)
        pot = _text(query, "pot", 8) or DEFAULTS["pot"]
        stacks = _text(query, "stacks", 20) or DEFAULTS["stacks"]
        rules = _text(query, "rules", 8) or DEFAULTS["rules"]
        raises = _text(query, "raises", 4)
        iterations = _text(query, "iterations", 8) or str(limits.MAX_SOLVE_ITERATIONS)
        target = _text(query, "target", 20) or DEFAULTS["target"]
        if not text:
            return None
        found = [t.strip() for t in _RANGE_SEPARATORS.split(text) if t.strip()]
        if len(found) != 2:
            raise ValueError(f"ranges: two ranges separated by ';', got {len(found)}")
        for r in found:
            if len(r) > limits.MAX_RANGE_TEXT:
                raise ValueError(f"a range is at most {limits.MAX_RANGE_TEXT:,} characters")
            parse_range(r)  # the library's own message, before any work
        if rules not in RULES:
            raise ValueError(f"rules are {' or '.join(RULES)}, not {rules!r}")
        chips = _STACK_SEPARATORS.split(stacks)
        if len(chips) > 2:
            raise ValueError("stacks: one number (both players) or two")
        behind = [_whole("stacks", c, 0, limits.MAX_SOLVE_CHIPS) for c in chips]
        try:
            aimed = float(target)
        except ValueError:
            aimed = float("nan")
        if not limits.MIN_SOLVE_TARGET <= aimed <= 1:
            raise ValueError(
                f"target is a fraction of the pot from {limits.MIN_SOLVE_TARGET:g} to 1, "
                f"not {target!r}"
            )
        asked = cls(
            (found[0], found[1]),
            _whole("pot", pot, 0, limits.MAX_SOLVE_CHIPS),
            (behind[0], behind[-1]),
            rules,
            _whole("raises", raises or ("1" if rules == "korean" else "3"), 0, 3),
            _whole("iterations", iterations, 1, limits.MAX_SOLVE_ITERATIONS),
            aimed,
        )
        nodes = len(build_tree(asked.rule_set(), asked.pot, asked.stacks).nodes)
        if nodes > limits.MAX_SOLVE_NODES:
            raise ValueError(
                f"this page solves trees of at most {limits.MAX_SOLVE_NODES} nodes; these "
                f"rules make {nodes:,}: allow fewer raises"
            )
        return asked

    def rule_set(self) -> RuleSet:
        if self.rules == "korean":
            return KoreanRules(ante=1, max_raises=self.raises)
        return Rules(small_bet=2, cap_heads_up=True, max_raises=self.raises)

    def link(self) -> str:
        return urlencode(
            {
                "ranges": "; ".join(self.ranges),
                "pot": self.pot,
                "stacks": " ".join(str(s) for s in self.stacks),
                "rules": self.rules,
                "raises": self.raises,
                "iterations": self.iterations,
                "target": f"{self.target:g}",
            }
        )


def solve(query: Mapping[str, str], lang: str) -> Page:
    """``/solve?ranges=8-; any&pot=12&stacks=100``: the form, and when ranges are given the
    stream's address (the solve runs in ``solve_steps``)."""
    fields = ("ranges", "pot", "stacks", "rules", "raises", "iterations", "target")
    inputs = {k: query.get(k, "")[: 2 * limits.MAX_RANGE_TEXT + 1] for k in fields}
    for key, value in DEFAULTS.items():
        inputs[key] = inputs[key] or value
    page = Page("solve.html", inputs)
    page.inputs["max_iterations"] = str(limits.MAX_SOLVE_ITERATIONS)
    asked = SolveQuery.read(query)
    if asked is not None:
        page.inputs["stream"] = asked.link()
    return page


def solve_steps(query: Mapping[str, str], lang: str) -> Iterator[Step]:
    """The streamed solve (its inputs checked now, so bad input is a 400 before any work):
    ``solve_start`` makes the problem and measures the uniform start, each ``solve_block`` runs
    a block and its measurement, ``solve_solution`` draws the solution; each step returns the
    drawing that replaces the page's (the curve, then the whole solution). The blocks stop at
    the target, at the iterations asked, or after ``limits.SOLVE_SECONDS``."""
    asked = SolveQuery.read(query)
    return iter(()) if asked is None else _steps(asked, lang)


def _steps(asked: SolveQuery, lang: str) -> Iterator[Step]:
    held: dict[str, Blocks] = {}
    started = time.monotonic()

    def start() -> str:
        problem = last_round(
            list(asked.ranges), pot=asked.pot, stacks=asked.stacks, rules=asked.rule_set()
        )
        held["blocks"] = Blocks(
            problem, target=asked.target, iterations=asked.iterations, threads=limits.SOLVE_THREADS
        )
        return curve_svg(held["blocks"].curve, lang, target=asked.target)

    def block() -> str:
        held["blocks"].next()
        return curve_svg(held["blocks"].curve, lang, target=asked.target)

    def solution() -> str:
        blocks = held["blocks"]
        sol = LastRoundSolution.from_run(blocks.problem, blocks.finish())
        return solution_page_html(sol, lang, target=asked.target)

    yield ("solve_start", start)
    while not held["blocks"].done and time.monotonic() - started < limits.SOLVE_SECONDS:
        yield ("solve_block", block)
    yield ("solve_solution", solution)


def solution_page_html(sol: LastRoundSolution, lang: str, *, target: float | None) -> str:
    """The finished solve as the page shows it: the summary and the curve, a choice of the
    tree's decision nodes, and every decision node's grid (the root's shown; the page's script
    shows the one picked)."""
    nodes = decision_nodes(sol)
    if not nodes:  # no chips behind: nobody acts
        return (
            f'<div class="solve-solution">{summary_html(sol, lang)}'
            f'<div id="solve-final-curve">{curve_svg(sol.curve, lang, target=target)}</div>'
            f'<p class="bf-grid-note">{escape(solve_word("no_betting", lang))}</p></div>'
        )
    options = "".join(
        f'<option value="{n.index}">{escape(history_label(n.history, lang))}</option>'
        for n in nodes
    )
    grids = "".join(
        f'<div class="solve-node" data-node="{n.index}"{" hidden" if i else ""}>'
        f"{grid_html(sol, n.history, lang)}</div>"
        for i, n in enumerate(nodes)
    )
    return (
        f'<div class="solve-solution">{summary_html(sol, lang)}'
        f'<div id="solve-final-curve">{curve_svg(sol.curve, lang, target=target)}</div>'
        f'<p><label for="solve-node">{escape(page_words(lang)["solve_node"])}</label>'
        f'<select id="solve-node">{options}</select></p>{grids}</div>'
    )


def warm() -> None:
    """What the first solve would otherwise wait for (about 2 s, once per process): the hand
    classes the solver's ranges run on, and the C solver's first use."""
    problem = last_round(["7-", "T-"], pot=10, stacks=50, rules=Rules(small_bet=2))
    Blocks(problem, target=1.0, iterations=1, threads=1)
