"""The search bot against another bot, head to head in duplicate pairs, in resumable blocks:
blocks of 200 hands (100 deals, each played with the seats one way and then swapped) in
``Game`` (the Python engine: the C loop cannot host the search), seeds FIRST..LAST, each
block's result appended to a JSON-lines file (a block already there is not played again).

    nice python benches/search_match.py blueprint 1 50 match_blueprint.jsonl
    python benches/search_match.py --pool match_blueprint.jsonl

OPPONENT: blueprint (the shipped one), drawer, random, or threshold:R:C[:N] as the command
line names them. The search bot is the default ``search()`` on the shipped blueprint.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

HANDS = 200  # hands a block


def run(opponent: str, first: int, last: int, out: Path) -> None:
    from badugi_fast.cli.commands.game import make_bot
    from badugi_fast.play import head_to_head
    from badugi_fast.solve import search

    bot = search()
    other = make_bot(opponent, 1)
    rules = bot.blueprint.rules
    done = {json.loads(line)["seed"] for line in out.open()} if out.exists() else set()
    for seed in range(first, last + 1):
        if seed in done:
            continue
        load, started = os.getloadavg()[0], time.time()
        found = head_to_head([bot, other], HANDS, rules, seed=seed, engine="python")
        row = {
            "seed": seed, "opponent": opponent, "bb_per_100": found.bb_per_100,
            "stderr_per_100": found.stderr_per_100, "hands": found.hands,
            "seconds": time.time() - started, "load": [load, os.getloadavg()[0]],
            "solves": bot.solves,
        }  # fmt: skip
        with out.open("a") as file:
            file.write(json.dumps(row) + "\n")


def pool(path: Path) -> dict[str, float]:
    """The blocks pooled: the mean of their means, the 95 % interval from their errors."""
    rows = [json.loads(line) for line in path.open()]
    n = len(rows)
    mean = sum(r["bb_per_100"] for r in rows) / n
    stderr = math.sqrt(sum(r["stderr_per_100"] ** 2 for r in rows)) / n
    return {
        "blocks": n, "hands": sum(r["hands"] for r in rows), "bb_per_100": mean,
        "interval_95": 1.959963984540054 * stderr, "seconds": sum(r["seconds"] for r in rows),
        "load": [min(r["load"][0] for r in rows), max(max(r["load"]) for r in rows)],
    }  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "--pool":
        print(json.dumps(pool(Path(sys.argv[2]))))
    else:
        run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))
