"""Regenerates the head-to-head table of docs/blueprint.md (between its ``<!-- table:matches -->``
and ``<!-- end:matches -->`` markers): the blueprint against every built-in bot as duplicate
pairs (``game.head_to_head``), in bb/100 with a 95 % interval, in the game it was trained for
(``Rules(small_bet=2, cap_heads_up=True)``, stacks of 100 big blinds).

    python benches/blueprint_match.py                         # 10^7 hands a bot, the shipped file
    python benches/blueprint_match.py --hands 200000 --file blueprint.bin --dry-run
    python benches/blueprint_match.py --threshold 0.2 --dry-run  # Blueprint.thresholded

The opponents: the reference drawer, a grid of threshold bots (raise with a made badugi up to
``raise_top``, call with one up to ``call_top``), the drawer drawing by each policy table
(max-equity, max-badugi, min-rank), and in ``VectorGame`` the random policy and the greedy
tabular learner of docs/rl.md. Every row is played by the engine
``head_to_head`` picks (the C hand loop when both bots have a C form) and names it; the figures
written are the ones measured, with the date, the machine, its load and the command.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import sys
import time
from pathlib import Path
from typing import Any

from badugi_fast.blueprint import blueprint_bot
from badugi_fast.game import Rules, bots
from badugi_fast.play import head_to_head
from badugi_fast.play.simulation.duplicate import HeadToHead

PAGE = Path(__file__).resolve().parents[1] / "docs" / "blueprint.md"
RULES = Rules(small_bet=2, cap_heads_up=True)
GRID = [(r, c) for r in ("7", "9", "J") for c in ("T", "K")]
POLICIES = ("max-equity", "max-badugi", "min-rank")


def opponents() -> list[tuple[str, bots.Bot]]:
    """Every built-in bot the table plays, with the name it is shown under."""
    rows: list[tuple[str, bots.Bot]] = [('the drawer (`threshold("9", "K", 3)`)', bots.drawer)]
    rows += [
        (f'`threshold("{r}", "{c}", 3)`', bots.threshold(r, c, 3))
        for r, c in GRID
        if (r, c) != ("9", "K")
    ]
    rows += [
        (f'the drawer by the {p} table (`threshold("9", "K", 3, policy="{p}")`)',
         bots.threshold("9", "K", 3, policy=p))
        for p in POLICIES
    ]  # fmt: skip
    return rows


def vector_row(name: str, blueprint: bots.Bot, policy: Any, hands: int, seed: int) -> str:
    """``policy`` (a vector policy) against the blueprint in ``VectorGame``, the blueprint an
    engine-played seat, as duplicate pairs: each table's k-th hand played once with the policy
    in seat 0 and once in seat 1 (the same deal: a table deals its hands from the seed alone)."""
    import numpy as np

    from badugi_fast.play.vector import VectorGame
    from badugi_fast.play.vector.policies import by_seat, play

    tables = 1024
    per_table = max(-(-hands // (2 * tables)), 2)  # at least ``hands`` in all

    def engine(obs: Any) -> Any:  # the engine's own seat: never asked
        return np.full(len(obs["seat"]), -1, dtype=np.int64)

    start = time.perf_counter()
    first = play(VectorGame(tables, 2, RULES, seed, bots=[None, blueprint]),
                 by_seat([policy, engine]), per_table)  # fmt: skip
    second = play(VectorGame(tables, 2, RULES, seed, bots=[blueprint, None]),
                  by_seat([engine, policy]), per_table)  # fmt: skip
    seconds = time.perf_counter() - start
    result = HeadToHead.of_pairs(first[:, :, 1] + second[:, :, 0], RULES.unit, "vector")
    lo, hi = result.interval
    return (
        f"| {name} | {result.bb_per_100:+.2f} | {lo:+.2f} to {hi:+.2f} | {result.hands:,} | "
        f"vector | {seconds:.0f} |"
    )


def vector_opponents(seed: int) -> list[tuple[str, Any]]:
    """The opponents played in ``VectorGame``: the random policy (uniform over the legal
    actions: the random bot has no C form, and in Python ten million hands would take hours)
    and the greedy tabular learner (examples/tabular_learner.py, trained as docs/rl.md trains
    it: 30,000 hands against the drawer, seed 1, here in the blueprint's rules)."""
    from badugi_fast.play.vector.policies import random_policy

    learner, _ = _tabular().train(30_000, seed=1, tables=256, chunk=3_000, rules=RULES)
    return [
        ("the random bot (`random_policy`, uniform over the legal actions)", random_policy(seed)),
        ("the greedy tabular learner (`examples/tabular_learner.py`)", learner.policy(0.0, seed)),
    ]


def _tabular():  # examples/ is not a package: load the example as docs/rl.md runs it
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "examples" / "tabular_learner.py"
    spec = importlib.util.spec_from_file_location("tabular_learner", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _machine() -> str:
    one, five, _ = os.getloadavg()
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} vCPUs, "
        f"load {one:.1f} (1 minute), {five:.1f} (5 minutes) at the start"
    )


def table(blueprint: bots.Bot, hands: int, seed: int, threads: int | None) -> str:
    """The markdown table of every match, measured now."""
    lines = [
        "| opponent | bb/100 (the blueprint's) | 95 % interval | hands | engine | seconds |",
        "|---|---|---|---|---|---|",
    ]
    for name, bot in opponents():
        start = time.perf_counter()
        result = head_to_head([blueprint, bot], hands, RULES, seed=seed, threads=threads)
        seconds = time.perf_counter() - start
        lo, hi = result.interval
        lines.append(
            f"| {name} | {result.bb_per_100:+.2f} | {lo:+.2f} to {hi:+.2f} | "
            f"{result.hands:,} | {result.engine} | {seconds:.0f} |"
        )
        print(lines[-1], flush=True)
    for name, policy in vector_opponents(seed):
        lines.append(vector_row(name, blueprint, policy, hands, seed))
        print(lines[-1], flush=True)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000_000, help="hands a match (even)")
    parser.add_argument("--file", help="a strategy file (default: the shipped one)")
    parser.add_argument("--threshold", type=float, help="the strategy thresholded at this")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--dry-run", action="store_true", help="print, do not rewrite the page")
    args = parser.parse_args(argv)
    if args.threshold is not None and not args.dry_run:
        parser.error("the page's table is the default strategy's: --threshold needs --dry-run")
    blueprint = blueprint_bot(args.file, threshold=args.threshold)
    machine, day = _machine(), datetime.date.today().isoformat()
    body = table(blueprint, args.hands, args.seed, args.threads)
    command = (
        "python benches/blueprint_match.py"
        + (f" --hands {args.hands}" if args.hands != 10_000_000 else "")
        + (f" --threshold {args.threshold}" if args.threshold is not None else "")
    )
    text = f"Measured {day} on {machine}; `{command}`.\n\n{body}"
    if args.dry_run:
        print(text)
        return 0
    page = PAGE.read_text(encoding="utf-8")
    marker = re.compile(r"(<!-- table:matches -->\n)(?:.*?\n)?(<!-- end:matches -->)", re.DOTALL)
    if not marker.search(page):
        raise SystemExit(f"{PAGE}: no <!-- table:matches --> ... <!-- end:matches --> markers")
    PAGE.write_text(marker.sub(lambda m: m[1] + text + "\n" + m[2], page), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
