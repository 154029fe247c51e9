"""Regenerates the measured tables of docs/solving.md (between its ``<!-- table:NAME -->`` and
``<!-- end:NAME -->`` markers): the time and iterations of a full-range solve for each rule
set, on one thread and on two, with the machine's load; the exploitability curve of the
fixed-limit solve as a table; and docs/images/solving-curve.svg, the curves of every rule set
(matplotlib, the ``[plot]`` extra).

    python benches/solving_table.py            # rewrites docs/solving.md and the SVG in place

The SVG is the same bytes for the same figures on the same matplotlib: its ids come from a
fixed ``svg.hashsalt``, and it carries no date.

Timings are wall-clock seconds of ``solve_last_round`` on the machine it runs on, the best of
``ROUNDS`` runs for the first row, one run for the larger trees (the suit orbits are built
once before timing); the figures it
writes are what it measured, nothing else.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.solve import solve_last_round

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGE = DOCS / "solving.md"
CURVE_SVG = DOCS / "images" / "solving-curve.svg"
ROUNDS = 3  # for the fixed-limit row; the larger trees run once
RULE_SETS = [
    ("fixed limit, capped heads-up", Rules(small_bet=2, cap_heads_up=True), None),
    ("fixed limit, uncapped heads-up", Rules(small_bet=2), None),
    ("Korean (ante 2, a bet and a raise)", KoreanRules(ante=2, max_raises=1), None),
    ("no limit, sizes 1, all-in", Rules(structure="no-limit", small_bet=2), (1.0, "allin")),
    ("pot limit, size 1 (the pot)", Rules(structure="pot-limit", small_bet=2), (1.0,)),
]


def _best(rules, sizes, threads, rounds, target=1e-3):
    times, sol = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        sol = solve_last_round(["any", "any"], pot=12, stacks=200, rules=rules, sizes=sizes,
                               target=target, threads=threads)  # fmt: skip
        times.append(time.perf_counter() - start)
    assert sol is not None
    return min(times), sol


CURVES: dict[str, list[tuple[int, float, float]]] = {}  # each rule set's curve, for the plot


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 minute), {five:.1f} (5 minutes)"


def rule_table() -> str:
    cores = os.cpu_count()
    before, started = _load(), datetime.date.today().isoformat()
    lines = [
        "| rule set | tree nodes | iterations | exploitability | 1 thread | 2 threads | speed-up |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for number, (name, rules, sizes) in enumerate(RULE_SETS):
        # builds the suit orbits once, outside the timing
        solve_last_round(["any", "any"], pot=12, stacks=200, rules=rules, sizes=sizes,
                         iterations=1)  # fmt: skip
        rounds = ROUNDS if number == 0 else 1
        one, sol = _best(rules, sizes, 1, rounds)
        two, _ = _best(rules, sizes, 2, rounds)
        CURVES[name] = sol.curve
        lines.append(
            f"| {name} | {len(sol.problem.tree.nodes):,} | {sol.iterations} | "
            f"{100 * sol.exploitability_fraction:.3f} % | {one:.2f} s | {two:.2f} s | "
            f"{one / two:.2f}x |"
        )
        print(lines[-1], file=sys.stderr)
    note = (
        f"Measured {started} on {platform.processor() or platform.machine()}, {cores} vCPUs; "
        f"the load average was {before} before the runs and {_load()} after them."
    )
    lines += ["", *textwrap.wrap(note, 96)]
    return "\n".join(lines)


FIXED_CURVE = "fixed limit, capped heads-up, to 0.01 %"


def curve_table() -> str:
    fixed = Rules(small_bet=2, cap_heads_up=True)
    sol = solve_last_round(["any", "any"], pot=12, stacks=200, rules=fixed, target=1e-4, threads=1)
    CURVES[FIXED_CURVE] = sol.curve
    lines = [
        "| iterations | exploitability (% of the pot) | seconds (1 thread) |",
        "|---:|---:|---:|",
    ]
    for n, fraction, seconds in sol.curve[1:]:
        lines.append(f"| {n} | {100 * fraction:.4f} | {seconds:.2f} |")
    return "\n".join(lines)


def write_curve_svg(curves: dict[str, list[tuple[int, float, float]]], path: Path) -> None:
    """The exploitability (% of the pot) against the iterations, log-log, one line a curve."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    style: dict[str, Any] = {"svg.hashsalt": "badugi_fast solving curve", "svg.fonttype": "path"}
    with plt.rc_context(style):
        fig, ax = plt.subplots(figsize=(7.0, 4.2))
        for name, curve in curves.items():
            points = [(n, 100 * fraction) for n, fraction, _ in curve if n > 0 and fraction > 0]
            ax.plot(*zip(*points, strict=True), marker="o", markersize=3, linewidth=1.2,
                    label=name)  # fmt: skip
        ax.axhline(0.1, color="grey", linestyle="--", linewidth=0.8)
        ax.annotate("target 0.1 %", (1, 0.1), xytext=(2, 3), textcoords="offset points",
                    color="grey", fontsize=8)  # fmt: skip
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("iterations of discounted CFR")
        ax.set_ylabel("exploitability (% of the pot)")
        ax.set_title("Full range against full range, pot 12, stacks 200", fontsize=10)
        ax.grid(True, which="both", linewidth=0.3, alpha=0.5)
        ax.legend(fontsize=7, frameon=False)
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="svg", metadata={"Date": None})
        plt.close(fig)


def main() -> None:
    tables = {name: make() for name, make in (("rules", rule_table), ("curve", curve_table))}
    page = PAGE.read_text(encoding="utf-8")  # read after the runs: edits meanwhile stay
    for name, table in tables.items():
        pattern = re.compile(f"(<!-- table:{name} -->\n).*?(<!-- end:{name} -->)", re.DOTALL)
        if not pattern.search(page):
            raise SystemExit(f"docs/solving.md has no table:{name} markers")
        page = pattern.sub(lambda m, t=table: m.group(1) + t + "\n" + m.group(2), page)
    PAGE.write_text(page, encoding="utf-8")
    write_curve_svg(CURVES, CURVE_SVG)


if __name__ == "__main__":
    main()
