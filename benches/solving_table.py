"""Regenerates the measured tables of docs/solving.md (between its ``<!-- table:NAME -->`` and
``<!-- end:NAME -->`` markers): the time and iterations of a full-range solve for each rule
set, on one thread and on two, and the exploitability curve of the fixed-limit solve.

    python benches/solving_table.py            # rewrites docs/solving.md in place

Timings are wall-clock seconds of ``solve_last_round`` on the machine it runs on, the best of
``ROUNDS`` runs for the first row, one run for the larger trees (the suit orbits are built
once before timing); the figures it
writes are what it measured, nothing else.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.solve import solve_last_round

PAGE = Path(__file__).resolve().parents[1] / "docs" / "solving.md"
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


def rule_table() -> str:
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
        lines.append(
            f"| {name} | {len(sol.problem.tree.nodes):,} | {sol.iterations} | "
            f"{100 * sol.exploitability_fraction:.3f} % | {one:.2f} s | {two:.2f} s | "
            f"{one / two:.2f}x |"
        )
        print(lines[-1], file=sys.stderr)
    return "\n".join(lines)


def curve_table() -> str:
    fixed = Rules(small_bet=2, cap_heads_up=True)
    sol = solve_last_round(["any", "any"], pot=12, stacks=200, rules=fixed, target=1e-4, threads=1)
    lines = [
        "| iterations | exploitability (% of the pot) | seconds (1 thread) |",
        "|---:|---:|---:|",
    ]
    for n, fraction, seconds in sol.curve[1:]:
        lines.append(f"| {n} | {100 * fraction:.4f} | {seconds:.2f} |")
    return "\n".join(lines)


def main() -> None:
    page = PAGE.read_text(encoding="utf-8")
    for name, make in (("rules", rule_table), ("curve", curve_table)):
        pattern = re.compile(f"(<!-- table:{name} -->\n).*?(<!-- end:{name} -->)", re.DOTALL)
        if not pattern.search(page):
            raise SystemExit(f"docs/solving.md has no table:{name} markers")
        table = make()
        page = pattern.sub(lambda m, t=table: m.group(1) + t + "\n" + m.group(2), page)
    PAGE.write_text(page, encoding="utf-8")


if __name__ == "__main__":
    main()
