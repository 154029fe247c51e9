"""A training run's strategies side by side, as the run goes on: for each strategy file, the
local best response (lbr_blocks.py's protocol: blocks of 100 duplicate deals, seeds 1..BLOCKS,
resumable, each file's blocks in DIR/lbr-<file name>.jsonl) and the head-to-head match against a
reference strategy (the shipped default unless --against names another) in the C hand loop, as
duplicate pairs; printed as a markdown table, with the regret bound from the run's log when
--log gives it.

    python benches/blueprint_progress.py --checkpoint run.npz --out run-2m.bin   # its strategy
    nice python benches/blueprint_progress.py run-1m.bin run-2m.bin --dir progress --log run.jsonl

The match's hands (--hands, 10^7 by default) take 15-90 s a file; the local best response
about 7-20 s a block of the blueprint on one free core.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from lbr_blocks import pool
from lbr_blocks import run as lbr_run


def write_strategy(checkpoint: Path, out: Path) -> None:
    """The strategy file of a checkpoint (what tools/train_blueprint.py --out writes at its
    end), with its sha256 printed."""
    from badugi_fast.blueprint import Trainer

    trainer = Trainer.load(checkpoint)
    print(f"{out}: {trainer.iterations:,} iterations, sha256 {trainer.blueprint().save(out)}")


def match(path: Path, against: str | None, hands: int) -> tuple[float, float, float]:
    """bb/100 of the file's strategy against ``against`` (a shipped name or a file; None: the
    default), its 95 % half-interval, and the seconds it took."""
    from badugi_fast.blueprint import blueprint_bot
    from badugi_fast.game import Rules
    from badugi_fast.play import head_to_head

    started = time.time()
    result = head_to_head(
        [blueprint_bot(path), blueprint_bot(against)],
        hands,
        Rules(small_bet=2, cap_heads_up=True),
        seed=1,
    )
    lo, hi = result.interval
    return result.bb_per_100, (hi - lo) / 2, time.time() - started


def regret_bounds(log: Path | None) -> dict[int, float]:
    if log is None:
        return {}
    rows = [json.loads(line) for line in log.open()]
    return {row["iterations"]: row["regret_bound"] for row in rows}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="*", type=Path, help="strategy files")
    parser.add_argument("--checkpoint", type=Path, help="write this checkpoint's strategy")
    parser.add_argument("--out", type=Path, help="... to this file")
    parser.add_argument("--blocks", type=int, default=20, help="LBR blocks of 100 deals")
    parser.add_argument("--dir", type=Path, default=Path("."), help="where the blocks go")
    parser.add_argument("--against", help="the reference: a shipped name or a file")
    parser.add_argument("--hands", type=int, default=10_000_000, help="hands of the match")
    parser.add_argument("--log", type=Path, help="the run's log (tools/train_blueprint.py)")
    args = parser.parse_args()
    if args.checkpoint or args.out:
        if not (args.checkpoint and args.out):
            parser.error("--checkpoint and --out go together")
        write_strategy(args.checkpoint, args.out)
        return
    if not args.files:
        parser.error("name strategy files, or --checkpoint and --out")
    if args.blocks < 2:
        parser.error("--blocks is at least 2 (the interval needs two blocks)")
    from badugi_fast.blueprint import load_blueprint

    bounds = regret_bounds(args.log)
    print(f"Load {os.getloadavg()[0]:.1f} at the start; against {args.against or 'the default'}")
    print("| iterations | regret bound | LBR mbb/hand (95 %) | deals | bb/100 head to head "
          "(95 %) | seconds (LBR, match) |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|")
    for path in args.files:
        iterations = load_blueprint(path).iterations
        blocks = args.dir / f"lbr-{path.stem}.jsonl"
        lbr_run(f"blueprint={path}", 1, args.blocks, blocks)
        lbr = pool(blocks)
        won, half, seconds = match(path, args.against, args.hands)
        bound = bounds.get(iterations)
        print(
            f"| {iterations:,} | {'' if bound is None else f'{bound:.1f}'} | "
            f"{lbr['value']:.0f} ± {lbr['interval']:.0f} | {lbr['deals']:,} | "
            f"{won:+.2f} ± {half:.2f} | {lbr['seconds']:.0f}, {seconds:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
