"""How much worse can "max-badugi" be than the default policy, played by the real engine?

For seeded random hands, P(four-card badugi) after three draws by each policy: exact when the
plays fit in MAX_EXACT, else Monte Carlo on common random numbers (the same seed for both, so
the gap's noise is small). Prints the worst gaps. Not a test: a measurement for the README.

    python benches/compare_policies.py [HANDS] [SEED]
"""

from __future__ import annotations

import random
import sys
import time

import badugi_fast as bf

MAX_EXACT = 100_000
TRIALS = 100_000


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    gaps = []
    start = time.perf_counter()
    for _ in range(hands):
        hand = rng.sample(range(52), 4)
        seed = rng.getrandbits(64)
        runs = [
            bf.draw_odds(hand, 3, policy=policy, max_exact=MAX_EXACT, trials=TRIALS, seed=seed)
            for policy in ("default", "max-badugi")
        ]
        gaps.append((runs[0].badugi - runs[1].badugi, bf.format_cards(hand), runs))
    gaps.sort(key=lambda gap: gap[0], reverse=True)
    print(f"{hands} hands in {time.perf_counter() - start:.0f} s")
    for gap, hand, (default, table) in gaps[:5]:
        how = "exact" if default.exact and table.exact else f"MC {TRIALS} trials"
        print(f"{hand}: default {default.badugi:.5f}, max-badugi {table.badugi:.5f}, "
              f"gap {gap:+.5f} ({how})")  # fmt: skip
    better = sum(1 for gap, _, _ in gaps if gap < -1e-9)
    print(f"max-badugi better on {better} hands; worst gap {gaps[0][0]:+.5f}")


if __name__ == "__main__":
    main()
