"""`solve`: an equilibrium of the last betting round between two ranges (badugi_fast/solve).

Prints each player's value (chips from the round's start; the pot already in belongs to
nobody), the exploitability (chips per hand and as a share of the pot) and the iterations, then
the first player's strategy at the root summarised by hand class: the range's hands grouped by
their badugi's size and top card, each group's share of the range and its average probability
of every action (Korean names with --ko).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import numpy as np

from ...game.actions import KO_NAMES
from ...game.rules import STRUCTURES, KoreanRules, Rules, RuleSet
from ...hands.evaluator import evaluate_many
from ...hands.naming import class_ranks, group_name
from ...solve import LastRoundSolution, solve_last_round
from ..common import (
    EXIT_OK,
    BadInput,
    Commands,
    HelpFormatter,
    dump,
    percent,
    progress_wanted,
    user_values,
)
from ..words import SOLVE_COLUMNS, pad, say


def _group(rank: int, korean: bool) -> tuple[tuple[int, int], str]:
    """A hand class's group (size first, best first) and the group's name."""
    ranks = class_ranks(rank)
    size, top = len(ranks), ranks[-1]
    return (-size, top), group_name(size, top, korean)


def summary(sol: LastRoundSolution, korean: bool) -> list[dict[str, Any]]:
    """The first player's root strategy by group: hands, weight share, action probabilities."""
    hands = sol.hands(0)
    weights = sol.problem.players[0].range.weights
    ranks = evaluate_many(hands)
    rows = sol.strategy([])
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    names: dict[tuple[int, int], str] = {}
    for i, rank in enumerate(ranks):
        key, name = _group(int(rank), korean)
        groups[key].append(i)
        names[key] = name
    total = float(weights.sum())
    out = []
    for key in sorted(groups):
        members = np.array(groups[key])
        w = weights[members]
        average = (rows[members] * w[:, None]).sum(axis=0) / w.sum()
        out.append(
            {
                "group": names[key],
                "hands": len(members),
                "share": float(w.sum()) / total,
                "strategy": [float(p) for p in average],
            }
        )
    return out


def _action_name(kind: str, amount: int, korean: bool) -> str:
    name = KO_NAMES.get(kind, kind) if korean else kind
    return f"{name} {amount}" if amount else name


def make_rules(args: argparse.Namespace) -> RuleSet:
    if args.korean and args.structure:
        raise BadInput("--korean and --structure: the Korean rules have their own amounts")
    with user_values():
        if args.korean:
            raises = 3 if args.max_raises is None else args.max_raises  # else unbounded
            ante = 1 if args.ante is None else args.ante  # 0 is refused, as KoreanRules does
            return KoreanRules(ante=ante, max_raises=raises)
        options: dict[str, Any] = {"small_bet": args.small_bet, "cap_heads_up": not args.uncapped}
        if args.max_raises is not None:
            options["max_raises"] = args.max_raises
        return Rules(structure=args.structure or "fixed-limit", **options)


def parse_sizes(text: str | None) -> list[float | str] | None:
    if text is None:
        return None
    sizes: list[float | str] = []
    for token in text.split(","):
        token = token.strip().lower()
        if token in ("allin", "all-in"):
            sizes.append("allin")
            continue
        try:
            sizes.append(float(token))
        except ValueError:
            raise BadInput(f"--sizes: {token!r} is not a pot fraction or allin") from None
    return sizes


def _progress(wanted: bool) -> tuple[Callable[[int, float], None] | None, Callable[[], None]]:
    if not wanted:
        return None, lambda: None
    from tqdm import tqdm  # type: ignore[import-untyped]

    bar = tqdm(unit=" it", leave=False)

    def show(done: int, fraction: float) -> None:
        bar.update(done - bar.n)
        bar.set_postfix_str(f"exploitability {percent(fraction)} of the pot")

    return show, bar.close


def cmd_solve(args: argparse.Namespace) -> int:
    rules = make_rules(args)
    sizes = parse_sizes(args.sizes)
    if len(args.stacks) > 2:
        raise BadInput("--stacks takes one number (both players) or two")
    stacks: int | tuple[int, ...] = args.stacks[0] if len(args.stacks) == 1 else tuple(args.stacks)
    show, close = _progress(progress_wanted(args))
    try:
        with user_values():
            sol = solve_last_round(
                args.ranges, pot=args.pot, stacks=stacks, rules=rules, sizes=sizes,
                target=args.target, iterations=args.iterations, threads=args.threads,
                progress=show,
            )  # fmt: skip
    finally:
        close()
    actions = [_action_name(a.kind, a.amount, args.ko) for a in sol.actions([])]
    groups = summary(sol, args.ko)
    if args.json:
        print(dump({
            "ranges": list(args.ranges), "pot": args.pot, "stacks": list(args.stacks),
            "value": list(sol.value), "exploitability": sol.exploitability,
            "exploitability_fraction": sol.exploitability_fraction,
            "iterations": sol.iterations, "actions": actions, "root": groups,
        }))  # fmt: skip
        return EXIT_OK
    ko = args.ko
    print(say("solve_value", ko, first=sol.value[0], second=sol.value[1], pot=args.pot))
    print(say("solve_exploitability", ko, chips=sol.exploitability,
              share=percent(sol.exploitability_fraction), iterations=sol.iterations))  # fmt: skip
    print(say("solve_root", ko))
    # Padded by display columns: a Hangul syllable takes two, so f"{name:<22}" would not align.
    heads = SOLVE_COLUMNS[ko]
    print(f"  {pad(heads[0], 22)} {pad(heads[1], 6, right=True)} {pad(heads[2], 7, right=True)}  "
          + "  ".join(pad(a, 9, right=True) for a in actions))  # fmt: skip
    for g in groups:
        cells = "  ".join(f"{percent(p):>9}" for p in g["strategy"])
        print(f"  {pad(g['group'], 22)} {g['hands']:>6} {percent(g['share']):>7}  {cells}")
    return EXIT_OK


def add_commands(commands: Commands) -> None:
    sub = commands.add_parser(
        "solve",
        help="an equilibrium of the last betting round between two ranges",
        description="Solve the last betting round (after the third draw) between two ranges by "
        "discounted CFR: each player's value, the exploitability, and the first player's "
        "strategy at the root by hand class. The first range acts first.",
        epilog='examples:\n  badugi solve --ranges "8-" "any" --pot 12 --stacks 100\n'
        '  badugi solve --ranges "7-" "T-" --pot 10 --stacks 50 --korean --ko\n'
        '  badugi solve --ranges "8-" "any" --pot 12 --stacks 100 --structure no-limit '
        "--sizes 0.5,1,allin --json",
        formatter_class=HelpFormatter,
    )
    sub.add_argument("--ranges", nargs=2, required=True, metavar="RANGE",
                     help="the two ranges, the first to act first (range text)")  # fmt: skip
    sub.add_argument("--pot", type=int, required=True, help="chips already in the pot")
    sub.add_argument("--stacks", type=int, nargs="+", required=True, metavar="CHIPS",
                     help="chips behind: one number for both players, or two")  # fmt: skip
    sub.add_argument("--korean", action="store_true", help="the Korean room rules")
    sub.add_argument("--ante", type=int, help="the Korean ante (default 1)")
    sub.add_argument("--structure", choices=STRUCTURES,
                     help="casino betting structure (default fixed-limit)")  # fmt: skip
    sub.add_argument("--small-bet", type=int, default=2,
                     help="casino small bet; the last round bets twice it (default 2)")  # fmt: skip
    sub.add_argument("--uncapped", action="store_true",
                     help="fixed limit: no raise cap heads-up (default: capped)")  # fmt: skip
    sub.add_argument("--max-raises", type=int,
                     help="raises per round after the bet (default 3)")  # fmt: skip
    sub.add_argument("--sizes", help="pot and no limit: bet sizes as pot fractions and allin "
                     "(default 0.5,1,allin)")  # fmt: skip
    sub.add_argument("--target", type=float, default=1e-3,
                     help="stop at this exploitability, a fraction of the pot "
                          "(default 0.001)")  # fmt: skip
    sub.add_argument(
        "--iterations",
        type=int,
        help="stop after this many iterations at the latest (default: no limit)",
    )
    sub.add_argument("--threads", type=int, help="C threads (default: the usable cores)")
    sub.add_argument("--ko", action="store_true", help="Korean names")
    sub.add_argument("--json", action="store_true", help="JSON output")
    sub.add_argument("--no-progress", action="store_true", help="no progress bar")
    sub.set_defaults(run=cmd_solve)
