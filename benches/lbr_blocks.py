"""The local best response against a bot in resumable blocks: blocks of 100 duplicate deals,
one thread, seeds FIRST..LAST (the protocol of docs/exploitability.md), each block's result
appended to a JSON-lines file as it ends (a block already in the file is not played again).

    nice python benches/lbr_blocks.py search 1 40 lbr_search.jsonl
    python benches/lbr_blocks.py --pool lbr_search.jsonl      # the blocks pooled
    python benches/lbr_blocks.py --pair lbr_blueprint.jsonl lbr_search.jsonl

``--pair A B``: the difference A - B block by block over the seeds both files hold (the same
deals: the responder is deterministic for a seed), its mean and 95 % interval from the spread
of the block differences (Student's t with blocks - 1 degrees of freedom).

BOT: search (the default shipped blueprint with last-round search, safe), maxmargin (the same in the
max-margin gadget), unsafe (the same, unsafe re-solving), blueprint (the default blueprint
alone). The search bots run with ``eager=False``: the same decisions, without beliefs carried
along in hands that end before the last round (the responder plays many). ``NAME=FILE`` plays
that bot over the blueprint file FILE, or the shipped strategy so named, instead of the
default (``blueprint=run.bin``: a checkpoint's strategy measured on the same deals;
``search=v1``: the search on the default of before). ``@T`` after either plays the blueprint
thresholded at T (``Blueprint.thresholded``: ``blueprint@0.2``, ``search=v2@0.2``). ``:N`` at
the end runs a search bot's re-solves for N iterations instead of its default
(``search:128``), and ``~E`` at the very end its beliefs' tremble (``unsafe@0.2~0.01``:
``SearchBot(tremble=0.01)``, the share of uniform play mixed into the blueprint). ``^K``
after all of them leaves the responder free only after K draws (``local_best_response(...,
free_after=K)``: before, it plays the bot's own strategy; ``blueprint^3``: free in the last
round only; a block's ``decisions`` are the responder's own, where blocks without a
``free_after`` field, written before 2026-12-05, counted the followed ones too). The files
in docs/data name the bot each block played (``lbr-search.jsonl``'s "search" ran when ``v1``
was the default).
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

from _blocks import command_line, costs, mean, play_blocks, pooled_error, read_rows, t95

BLOCK = 100  # deals a block


def _bot(name: str):  # type: ignore[no-untyped-def]
    from badugi_fast.blueprint import BlueprintBot, load_blueprint
    from badugi_fast.solve.resolving import search

    name, tilde, tremble = name.partition("~")
    name, colon, iterations = name.partition(":")
    name, _, threshold = name.partition("@")
    name, _, file = name.partition("=")
    strategy = load_blueprint(file or None)
    if threshold:
        strategy = strategy.thresholded(float(threshold))
    given: dict[str, float] = {"iterations": int(iterations)} if colon else {}
    if tilde:
        given["tremble"] = float(tremble)
    bots = {
        "search": lambda: search(strategy, eager=False, **given),
        "maxmargin": lambda: search(strategy, gadget="maxmargin", eager=False, **given),
        "unsafe": lambda: search(strategy, safe=False, eager=False, **given),
        "blueprint": lambda: BlueprintBot(strategy),
    }
    if name not in bots or ((colon or tilde) and name == "blueprint"):
        raise SystemExit(
            f"BOT is one of {', '.join(bots)} (NAME=FILE for another blueprint, NAME@T for it "
            "thresholded at T, a search's NAME:N for N iterations, ~E for a tremble of E)"
        )
    return bots[name]()


def run(name: str, first: int, last: int, out: Path) -> None:
    from badugi_fast.solve import local_best_response

    named, caret, after = name.partition("^")
    if caret and not after.isdigit():
        raise SystemExit(f"^K after BOT is a whole number of draws, not {after!r}")
    bot = _bot(named)
    free_after = int(after) if caret else 0

    def block(seed: int) -> dict[str, object]:
        found = local_best_response(bot, hands=BLOCK, seed=seed, threads=1, free_after=free_after)
        return dataclasses.asdict(found) | {"seed": seed, "bot": name}

    play_blocks(first, last, out, block, lambda: getattr(bot, "solves", 0))


def pool(path: Path) -> dict[str, float]:
    """The blocks pooled: the mean of their means, the interval from their intervals."""
    rows = read_rows(path)
    out = {"blocks": len(rows), "deals": sum(r["deals"] for r in rows)}
    out["value"] = mean([r["value"] for r in rows])
    out["interval"] = pooled_error([r["interval"] for r in rows])
    for seat in (0, 1):
        out[f"seat{seat}"] = mean([r["seats"][seat] for r in rows])
        out[f"seat{seat}_interval"] = pooled_error([r["seat_intervals"][seat] for r in rows])
    return out | costs(rows)


def pair(first: Path, second: Path) -> dict[str, float]:
    """The block-by-block difference of two runs on their common seeds (see the module)."""
    a = {row["seed"]: row for row in read_rows(first)}
    b = {row["seed"]: row for row in read_rows(second)}
    seeds = sorted(set(a) & set(b))
    if len(seeds) < 2:
        raise SystemExit("--pair needs two or more seeds in both files")
    gaps = [a[s]["value"] - b[s]["value"] for s in seeds]
    n = len(gaps)
    mean_gap = mean(gaps)
    spread = math.sqrt(sum((g - mean_gap) ** 2 for g in gaps) / (n - 1))
    t = t95(n - 1)
    return {"blocks": n, "deals": n * BLOCK, "difference": mean_gap,
            "interval": t * spread / math.sqrt(n)}  # fmt: skip


if __name__ == "__main__":
    command_line(run, pool, pair)
