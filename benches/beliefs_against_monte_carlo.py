"""How far the public beliefs' pass (which lets a player's own earlier discards come back to
it) is from a Monte Carlo that deals them right: on compare_last_round's six lines under the
shipped blueprint, each player's hand-class shares from ``reached_ranges`` by the beliefs and by
2^22 sampled histories (seed 0), their total variation distance, and each one's seconds.

    python benches/beliefs_against_monte_carlo.py
"""

from __future__ import annotations

import time

import numpy as np
from search_last_round import LINES  # benches/ is the script's folder

from badugi_fast.blueprint import load_blueprint
from badugi_fast.hands.universe import class_of_hands
from badugi_fast.solve.comparison import DEFAULT_SAMPLES, reached_ranges


def main() -> None:
    blueprint = load_blueprint()
    ranks = class_of_hands()
    print("| line | distance, big blind | distance, button | beliefs s | Monte Carlo s |")
    print("|---|---:|---:|---:|---:|")
    for line in LINES:
        started = time.perf_counter()
        believed = reached_ranges(blueprint, line)
        middle = time.perf_counter()
        sampled = reached_ranges(blueprint, line, samples=DEFAULT_SAMPLES, seed=0)
        done = time.perf_counter()
        cells = []
        for p in (0, 1):
            a = np.bincount(ranks, believed.weights[p], minlength=1093)
            b = np.bincount(ranks, sampled.weights[p], minlength=1093)
            cells.append(f"{0.5 * np.abs(a / a.sum() - b / b.sum()).sum():.4f}")
        print(
            f"| `{line}` | {cells[0]} | {cells[1]} | {middle - started:.1f} | {done - middle:.1f} |"
        )


if __name__ == "__main__":
    main()
