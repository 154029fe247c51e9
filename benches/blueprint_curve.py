"""Draws docs/images/blueprint-curve.svg: the blueprint's exploitability estimates against training
time, from the JSON-line logs ``tools/train_blueprint.py --log`` writes (matplotlib, the
``[plot]`` extra).

    python benches/blueprint_curve.py                 # the logs kept in docs/data/

Left, the 9-card deck (``--ranks 3 --suits 3 --draws 0 --exact``): the exact exploitability in
the real game and the regret bound. Right, the full deck: the regret bound, the estimate that
exists there. Time is the trainer's own (``train_seconds``; ``seconds`` in logs older than that
field), added up over the resumes of a run (each resume starts its clock from zero). The SVG is
the same bytes for the same logs on the same matplotlib: fixed ``svg.hashsalt``, no date.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1] / "docs"
CURVE_SVG = DOCS / "images" / "blueprint-curve.svg"
FULL_LOG = DOCS / "data" / "blueprint-train.jsonl"
SMALL_LOG = DOCS / "data" / "blueprint-small.jsonl"

Point = dict[str, float]


def read_log(path: Path) -> list[Point]:
    """A log's lines with ``time``: the trainer's seconds since the run began, over resumes."""
    points: list[Point] = []
    offset = last = 0.0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            seconds = float(entry.get("train_seconds", entry["seconds"]))
            iterations = int(entry["iterations"])
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path}: line {number} is not a training log line: {error}") from None
        if seconds < last:  # a resume: its clock starts again from zero
            offset += last
        last = seconds
        points.append({**entry, "iterations": iterations, "time": offset + seconds})
    if not points:
        raise ValueError(f"{path}: no log lines")
    return points


def write_curve_svg(small: list[Point], full: list[Point], path: Path) -> None:
    """The two panels, as the module docstring says, into ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    style: dict[str, Any] = {"svg.hashsalt": "badugi_fast blueprint curve", "svg.fonttype": "path"}
    with plt.rc_context(style):
        fig, (left, right) = plt.subplots(1, 2, figsize=(9.0, 3.8))
        t = [p["time"] for p in small]
        exact = [(p["time"], p["exploitability"]) for p in small if "exploitability" in p]
        if exact:
            left.plot(*zip(*exact, strict=True), marker="o", label="exact exploitability")
        left.plot(t, [p["regret_bound"] for p in small], marker=".", label="regret bound")
        left.set_title("9-card deck, no draw")
        right.plot([p["time"] for p in full], [p["regret_bound"] for p in full], marker=".")
        right.set_title("full deck, three draws: regret bound")
        for ax in (left, right):
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("training seconds")
            ax.set_ylabel("chips a hand")
            ax.grid(True, which="both", alpha=0.3)
        left.legend()
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="svg", metadata={"Date": None})
        plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=Path, default=SMALL_LOG, help="the 9-card deck's log")
    parser.add_argument("--full", type=Path, default=FULL_LOG, help="the full deck's log")
    parser.add_argument("--out", type=Path, default=CURVE_SVG)
    args = parser.parse_args(argv)
    write_curve_svg(read_log(args.small), read_log(args.full), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
