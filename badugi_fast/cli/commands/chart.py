"""`chart`: the best starting hands, from the starting-hand chart (badugi_fast/draws/chart.py).

One line per suit class (the hands that differ only by suits play alike): its lowest hand, the
hands it stands for, the equity against N random opponents with three draws to come (every seat
drawing by the default policy) with its stderr, and the class's names, Korean first.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...draws.chart.lookup import ChartRow, best_starting_hands, load_chart
from ...hands.evaluator import NUM_HANDS
from ..common import EXIT_OK, Commands, HelpFormatter, dump, percent, positive, user_values
from ..io.plots import check_picture_path, pyplot, save


def cmd_chart(args: argparse.Namespace) -> int:
    positive("--top", args.top)
    positive("--opponents", args.opponents)
    if args.plot is not None:
        check_picture_path(args.plot)
    with user_values():
        rows = best_starting_hands(args.opponents, args.top, policy=args.policy)
    chart = load_chart()
    facts = {
        "opponents": args.opponents,
        "draws": chart.settings.draws,
        "policy": args.policy,
        "max_stderr": chart.settings.target,
    }
    if args.plot is not None:
        chart_picture(args.plot, rows, args.opponents, args.policy)
    if args.json:
        print(dump({**facts, "hands": [_row_json(i, row) for i, row in enumerate(rows, 1)]}))
        return EXIT_OK
    who = "1 random opponent" if args.opponents == 1 else f"{args.opponents} random opponents"
    print(
        f"best {len(rows)} starting hands against {who}: {facts['draws']} draws, every seat "
        f"drawing by the {args.policy} policy (Monte Carlo, stderr <= {facts['max_stderr']})"
    )
    print(f"{'#':>3}  {'hand':<12} {'equity':>7} {'± stderr':>9} {'hands':>5}  name")
    for i, row in enumerate(rows, 1):
        print(f"{i:>3}  {row.hand:<12} {percent(row.equity):>7} {percent(row.stderr):>9} "
              f"{row.hands:>5}  {row.name_ko} ({row.name})")  # fmt: skip
    return EXIT_OK


def _row_json(place: int, row: ChartRow) -> dict[str, Any]:
    return {
        "place": place,
        "hand": row.hand,
        "hands": row.hands,
        "equity": row.equity,
        "stderr": row.stderr,
        "name": row.name,
        "name_ko": row.name_ko,
    }


def chart_picture(path: str, rows: Sequence[ChartRow], opponents: int, policy: str) -> None:
    """Left: the best classes' equity with ±2 stderr. Right: each column's equity against the
    share of all hands at least that good (what ``top N%`` cuts)."""
    plt = pyplot()
    chart = load_chart()
    height = 0.5 + 0.3 * max(len(rows), 12)
    figure, (best_axis, curve_axis) = plt.subplots(1, 2, figsize=(12, height), dpi=100)
    places = np.arange(len(rows))[::-1]
    best_axis.barh(places, [r.equity for r in rows], xerr=[2 * r.stderr for r in rows],
                   color="#2a9d8f")  # fmt: skip
    best_axis.set_yticks(places, [f"{r.hand}  {r.name}" for r in rows], fontsize=8)
    low = min(r.equity for r in rows)
    best_axis.set_xlim(max(0.0, low - 0.05), 1.0)
    draws = chart.settings.draws
    best_axis.set_xlabel(f"equity vs {opponents} random opponent(s), {draws} draws")
    best_axis.set_title(f"best {len(rows)} starting hands ({policy} policy)")
    for k, column in enumerate(chart.columns):
        order = np.argsort(-chart.equity[:, k], kind="stable")
        covered = np.cumsum(chart.counts[order]) / NUM_HANDS
        curve_axis.plot(100 * covered, chart.equity[order, k],
                        label=f"{column.opponents} opponent(s), {column.policy}")  # fmt: skip
    curve_axis.set_xlabel("top N% of the 270,725 dealt hands")
    curve_axis.set_ylabel("equity of the hand at N%")
    curve_axis.set_title("equity down the chart")
    curve_axis.legend(fontsize=8)
    curve_axis.grid(alpha=0.3)
    figure.tight_layout()
    save(figure, path)


def add_commands(commands: Commands) -> None:
    sub = commands.add_parser(
        "chart",
        help="the best starting hands, from the starting-hand chart",
        description="The best starting hands (suit classes) by equity against random opponents "
        "with three draws to come, every seat drawing by the default policy, from the chart "
        "shipped with the package (Monte Carlo, stderr at most 0.002 per cell).",
        epilog="examples:\n  badugi chart\n  badugi chart --opponents 3 --top 10\n"
        "  badugi chart --json\n  badugi chart --plot chart.png",
        formatter_class=HelpFormatter,
    )
    sub.add_argument("--opponents", type=int, default=1, metavar="N",
                     help="random opponents: a column the chart holds (default 1)")  # fmt: skip
    sub.add_argument("--top", type=int, default=20, metavar="N",
                     help="how many classes to list (default 20)")  # fmt: skip
    sub.add_argument("--policy", default="default",
                     help="the policy every seat draws by: a column the chart holds "
                          "(default: default)")  # fmt: skip
    sub.add_argument("--json", action="store_true", help="JSON output")
    sub.add_argument("--plot", metavar="FILE.png",
                     help="also draw the best hands and the equity down the chart "
                          "(needs matplotlib)")  # fmt: skip
    sub.set_defaults(run=cmd_chart)
