"""How far the blueprint's last betting round is from the exact equilibrium of its spot.

For each line (``badugi_fast.solve.comparison``: betting rounds and draw counts up to
the last betting round, such as ``rc/11/bc/11/bc/11``), the ranges the blueprint reaches there
are computed (exact on a small deck, else by the public beliefs' pass, or by Monte Carlo over
``--samples`` private histories a player from ``--seed`` when given), the spot is solved
exactly (``solve_last_round`` to ``--target`` of the pot) and the blueprint's own last-round
play is measured in it by best responses. Prints a markdown table: how often the line comes
(about), the hands in each range, the pot, the blueprint's exploitability (chips a hand and %
of the pot) beside the equilibrium's, and each player's value from the round's start under the
blueprint and at the equilibrium.

Usage:
    python tools/blueprint_last_round.py blueprint.bin
    python tools/blueprint_last_round.py blueprint.bin --line rc/11/bc/11/bc/11 --samples 8388608
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from badugi_fast.blueprint import load_blueprint
from badugi_fast.solve.comparison import LastRoundComparison, compare_last_round

# A handful of common lines of the standard game, and what each is.
LINES = {
    "ck/11/kk/11/kk/11": "limped, checked down, one card each draw",
    "rc/11/bc/11/bc/11": "raised, bet and called every round, one card each draw",
    "rrrc/11/kk/11/kk/11": "capped raise war before the first draw, then checked down",
    "rc/22/bc/11/bc/11": "raised, two cards each, then one each, bet and called",
    "rc/11/bc/11/bc/01": "bet and called, the big blind stands pat at the last draw",
    "rc/10/bc/10/bc/10": "bet and called, the button pat from the first draw",
}
HEADER = (
    "| line | what | how often | hands (BB / button) | pot "
    "| blueprint: chips a hand (% pot) | equilibrium: chips a hand (% pot) "
    "| BB value: blueprint / equilibrium | button value: blueprint / equilibrium |"
)


def row(line: str, what: str, c: LastRoundComparison) -> str:
    """One line's row of the table."""
    sizes = " / ".join(f"{int((w > 0).sum()):,}" for w in c.reached.weights)
    eq = c.solution
    return (
        f"| `{line}` | {what} | {100 * c.frequency:.2g} % | {sizes} | {c.pot} "
        f"| {c.exploitability:.3f} ({100 * c.exploitability_fraction:.2f} %) "
        f"| {eq.exploitability:.4f} ({100 * eq.exploitability_fraction:.3f} %) "
        f"| {c.value[0]:.3f} / {eq.value[0]:.3f} | {c.value[1]:.3f} / {eq.value[1]:.3f} |"
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a blueprint strategy file")
    parser.add_argument("--line", action="append", help="a line (repeat; default: a handful)")
    parser.add_argument("--samples", type=int, help="Monte Carlo histories a player")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", type=float, default=1e-3, help="the solve's target (pot)")
    parser.add_argument("--threads", type=int, help="solver threads (default: every core)")
    return parser


def _ranges_by(samples: int | None, seed: int) -> str:
    if samples is None:
        return "ranges exact or by the beliefs"
    return f"ranges by {samples:,} samples (seed {seed})"


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    blueprint = load_blueprint(args.file)
    lines = {line: LINES.get(line, "") for line in args.line} if args.line else LINES
    print(
        f"{args.file.name}: {blueprint.iterations:,} iterations, seed {blueprint.seed}; "
        f"deck of {blueprint.ranks} ranks x {blueprint.suits} suits, {blueprint.draws} draws; "
        + _ranges_by(args.samples, args.seed)
    )
    print()
    print(HEADER)
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for line, what in lines.items():
        started = time.monotonic()
        comparison = compare_last_round(
            blueprint,
            line,
            samples=args.samples,
            seed=args.seed,
            target=args.target,
            threads=args.threads,
        )
        print(row(line, what, comparison), flush=True)
        print(f"{line}: {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


__all__ = ["LINES", "main", "row"]

if __name__ == "__main__":
    sys.exit(main())
