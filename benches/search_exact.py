"""The search bot's exact exploitability on a small deck with two draws, beside its blueprint's
and CFR+'s on the unabstracted game (docs/search.md, "Exact, on a small deck").

The deck: 8 cards (ranks=2, suits=4), two draws, stacks of 48, ``Rules(small_bet=2,
cap_heads_up=True)``: the smallest deck the search plays (it re-solves the big-bet last round,
so two draws or three) whose OpenSpiel game can be walked whole (139,000 histories, 59,000
information states; 9 cards with two draws have about 800 million histories). Eight cards leave
none outside the hands, so each draw is a forced pat: the last round follows two draws whose
only news is the betting.

Rows: the blueprint (``Trainer(Deck(2, 4, 2), seed=, batch=500).run(N, threads=1)``; with
``--threshold``, also ``Blueprint.thresholded`` of it and the safe search over that), the
search on it, safe and unsafe (``SearchBot(blueprint, safe=, iterations=, cut=0)``: every hand of
the beliefs kept), and OpenSpiel's CFR+ on the real game (``pyspiel.CFRPlusSolver`` on
``pyspiel.convert_to_cached_tree``). Each strategy is read once at every information state, and
the exact best response in each seat is computed twice: by OpenSpiel's C++
``TabularBestResponse`` on the cached tree, and by ours (``badugi_fast.spiel.exact``).
Exploitability is the mean of the two seats' best-response values; mbb a hand divides it by the
big blind (2 chips).

Two last figures: what a responder gains that plays the strategy itself until the last draw is
done and best-responds after it (``exact_best_response(tree, rows, free)``, ``free`` the
information states after the last draw): the part a better last round alone can take away; and
the same free after the first draw (``after_first_draw``): the part the rounds after it can.

Each row is appended to a JSON-lines file as it ends; a row the file holds is not measured
again (the blueprint is retrained, deterministically, in a few seconds). The docs' rows:

    nice python benches/search_exact.py --out docs/data/search-exact.jsonl --search 32 400
    nice python benches/search_exact.py --out docs/data/search-exact.jsonl --iterations 20000 --cfr
    nice python benches/search_exact.py --out docs/data/search-exact.jsonl --threshold 0.1 0.2 1
    nice python benches/search_exact.py --out docs/data/search-exact.jsonl --discount-every 5000
    python benches/search_exact.py --table docs/data/search-exact.jsonl
    python benches/search_exact.py --cuts docs/data/search-exact.jsonl   # each search's cut
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _blocks import t95

GAME = {"ranks": 2, "suits": 4, "draws": 2, "small_bet": 2, "stack": 48, "cap_heads_up": True}
BIG_BLIND = 2


def _values(tree: Any, cached: Any, rows: Any) -> dict[str, list[float]]:
    import pyspiel  # type: ignore[import-not-found]

    from badugi_fast.spiel.exact import draws_before, exact_best_response, policy_table

    table = policy_table(tree, rows)
    root = cached.new_initial_state().history_str()
    theirs = [pyspiel.TabularBestResponse(cached, p, table).value(root) for p in (0, 1)]
    done = draws_before(tree)  # each player's draw counts one
    return {
        "openspiel": theirs,
        "ours": list(exact_best_response(tree, rows)),
        "last_round": list(exact_best_response(tree, rows, done == 2 * GAME["draws"])),
        "after_first_draw": list(exact_best_response(tree, rows, done >= 2)),
    }


def _measure(name: str, rows_of: Callable[[], Any], tree: Any, cached: Any) -> dict[str, Any]:
    load, started = os.getloadavg()[0], time.time()
    rows = rows_of()
    read = time.time() - started
    row = {"row": name, **_values(tree, cached, rows)}
    row |= {"seconds": round(time.time() - started, 1), "read_seconds": round(read, 1)}
    return row | {"load": [round(load, 2), round(os.getloadavg()[0], 2)]}


def run(args: argparse.Namespace) -> None:
    import pyspiel

    import badugi_fast.spiel  # noqa: F401  (registers "badugi")
    from badugi_fast.blueprint import Deck, Trainer
    from badugi_fast.solve.lbr.blueprint import BlueprintStrategy
    from badugi_fast.solve.resolving import SearchBot
    from badugi_fast.spiel import bot_policy
    from badugi_fast.spiel.exact import flat_tree, policy_rows, table_rows

    done = {json.loads(line)["row"] for line in args.out.open()} if args.out.exists() else set()
    game = pyspiel.load_game("badugi", GAME)
    started = time.time()
    tree = flat_tree(game)
    print(f"walked {tree.size} histories, {len(tree.keys)} information states "
          f"in {time.time() - started:.0f} s")  # fmt: skip
    cached = pyspiel.convert_to_cached_tree(game)
    deck = Deck(GAME["ranks"], GAME["suits"], GAME["draws"])
    every = args.discount_every
    trainer = Trainer(deck, seed=args.seed, batch=500, discount_every=every)
    trainer.run(args.iterations, threads=1)
    blueprint = trainer.blueprint()
    tag = f"{args.iterations} it, seed {args.seed}" + (
        f", Linear CFR every {every}" if every else ""
    )
    plain = bot_policy(BlueprintStrategy(blueprint), game)
    jobs: list[tuple[str, Callable[[], Any]]] = [
        (f"blueprint ({tag})", lambda: policy_rows(tree, plain))
    ]
    searches: list[tuple[str, Callable[[], Any]]] = []
    for iterations in args.search:
        for safe in (True, False):
            name = f"search, {'safe' if safe else 'unsafe'}, {iterations} it ({tag})"
            bot = SearchBot(blueprint, safe=safe, iterations=iterations, cut=0)
            searches.append((name, lambda bot=bot: policy_rows(tree, bot_policy(bot, game))))
    jobs += searches[:2]
    for threshold in args.threshold:  # Blueprint.thresholded, and the safe search over it
        thresholded = blueprint.thresholded(threshold)
        policy = bot_policy(BlueprintStrategy(thresholded), game)
        name = f"blueprint thresholded at {threshold} ({tag})"
        jobs.append((name, lambda policy=policy: policy_rows(tree, policy)))
        for iterations in args.search[:1]:
            bot = SearchBot(thresholded, iterations=iterations, cut=0)
            name = f"search, safe, {iterations} it (thresholded at {threshold}, {tag})"
            jobs.append((name, lambda bot=bot: policy_rows(tree, bot_policy(bot, game))))
    solver = None
    reached = 0
    for target in args.cfr:
        name = f"CFR+ on the real game, {target} it"

        def cfr_rows(target: int = target) -> Any:
            nonlocal solver, reached
            solver = solver or pyspiel.CFRPlusSolver(cached)
            for _ in range(target - reached):
                solver.evaluate_and_update_policy()
            reached = target
            return table_rows(tree, solver.tabular_average_policy().policy_table())

        jobs.append((name, cfr_rows))
    for name, rows_of in jobs + searches[2:]:
        if name in done:
            continue
        row = _measure(name, rows_of, tree, cached)
        with args.out.open("a") as file:
            file.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def table(path: Path) -> None:
    """The rows of ``path`` as a markdown table: each seat's best-response value and their mean
    (the exploitability) by OpenSpiel's best response, the exploitability by ours, and what a
    responder free after the last draw only gains (the mean of its two seats' values: free
    nowhere, they cancel); where rows hold it, also free after the first draw."""
    rows = [json.loads(line) for line in path.open()]
    rounds = any("after_first_draw" in row for row in rows)
    print("| strategy | best response as player 0 (big blind) | as player 1 (button) "
          "| exploitability: chips a hand (mbb a hand) | ours | free in the last round only "
          + ("| free after the first draw " if rounds else "") + "| seconds |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|" + ("---:|" if rounds else "") + "---:|")
    for row in rows:
        first, second = row["openspiel"]
        mean, ours, late = (
            (a + b) / 2 for a, b in (row["openspiel"], row["ours"], row["last_round"])
        )
        later = ""
        if rounds:
            later = (
                f" {sum(row['after_first_draw']) / 2:.4f} |"
                if "after_first_draw" in row
                else " - |"
            )
        print(f"| {row['row']} | {first:.4f} | {second:.4f} | {mean:.4f} "
              f"({1000 * mean / BIG_BLIND:.1f}) | {ours:.6f} | {late:.4f} |{later} "
              f"{row['seconds']:.0f} |")  # fmt: skip


def _exploitability(row: dict[str, Any]) -> float:
    return sum(row["openspiel"]) / 2  # type: ignore[no-any-return]


def cuts(paths: list[Path]) -> None:
    """Each unthresholded blueprint of the files' rows beside the searches over it (a search
    row names its blueprint's training in its parentheses): the exploitabilities, chips a
    hand, and the search's cut (the blueprint's figure over the search's), as a markdown
    table; a blueprint without both searches is left out. Then each training of two seeds or
    more: the mean figures over its seeds and the geometric mean of each search's cut with a
    95 % interval (Student's t over the seeds' logarithms of the cut)."""
    rows = {r["row"]: r for path in paths for r in map(json.loads, path.open())}
    groups: dict[str, list[list[float]]] = {}  # each training's figures, a seed a row
    print("| blueprint | exploitability | search, safe (cut) | search, unsafe (cut) "
          "| blueprint, free in the last round only |")  # fmt: skip
    print("|---|---:|---:|---:|---:|")
    for name, row in rows.items():
        if not name.startswith("blueprint ("):
            continue
        tag, base = name[len("blueprint ") :], _exploitability(row)
        found = [rows.get(f"search, {kind}, 32 it {tag}") for kind in ("safe", "unsafe")]
        if None in found:
            continue
        shown = [f"{_exploitability(r):.4f} ({base / _exploitability(r):.2f}x)" for r in found]
        print(f"| {tag[1:-1]} | {base:.4f} | {shown[0]} | {shown[1]} "
              f"| {sum(row['last_round']) / 2:.4f} |")  # fmt: skip
        training = re.sub(r", seed \d+", "", tag[1:-1])
        figures = [base, *map(_exploitability, found)]
        groups.setdefault(training, []).append(figures)  # type: ignore[arg-type]
    print()
    print("| training | seeds | blueprint, mean | safe, mean | unsafe, mean "
          "| safe: geometric mean cut (95 %) | unsafe: the same |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|")
    for training, seeds in groups.items():
        if len(seeds) < 2:
            continue
        means = [statistics.mean(column) for column in zip(*seeds, strict=True)]
        shown = []
        for k in (1, 2):  # the search's cut, by the mean and spread of its logarithm over seeds
            logs = [math.log(figures[0] / figures[k]) for figures in seeds]
            centre = statistics.mean(logs)
            half = t95(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
            shown.append(
                f"{math.exp(centre):.2f}x ({math.exp(centre - half):.2f} to "
                f"{math.exp(centre + half):.2f})"
            )
        print(f"| {training} | {len(seeds)} | {means[0]:.4f} | {means[1]:.4f} | {means[2]:.4f} "
              f"| {shown[0]} | {shown[1]} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="append each row here (JSON lines)")
    parser.add_argument("--table", type=Path, help="print this file's rows as a table")
    parser.add_argument(
        "--cuts", type=Path, nargs="+", help="print each blueprint's searches and their cuts"
    )
    parser.add_argument("--iterations", type=int, default=100_000, help="of the blueprint")
    parser.add_argument("--seed", type=int, default=1, help="of the blueprint")
    parser.add_argument(
        "--discount-every", type=int, default=0, help="train it by Linear CFR (Trainer's)"
    )
    parser.add_argument("--search", type=int, nargs="*", default=[32], help="re-solve iterations")
    parser.add_argument("--cfr", type=int, nargs="*", default=[100], help="CFR+ iterations")
    parser.add_argument(
        "--threshold", type=float, nargs="*", default=[], help="the blueprint thresholded too"
    )
    args = parser.parse_args()
    if args.table:
        table(args.table)
        return
    if args.cuts:
        cuts(args.cuts)
        return
    if args.out is None:
        parser.error("--out or --table")
    run(args)
    table(args.out)


if __name__ == "__main__":
    main()
