"""What a solved draw table is worth at the table: the drawer (``threshold("9", "K", 3)``)
drawing by each named table, heads-up against the same drawer drawing by the default policy,
fixed limit, in the C hand loop on one thread. Prints bb/100 with its standard error. The seats
swap the button every hand. Not a test: a measurement for the README.

    python benches/table_bot_winrate.py [HANDS] [SEED]
"""

from __future__ import annotations

import sys
import time

from badugi_fast.draws.policies.optimal import OBJECTIVES
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.play import simulate


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    for objective in OBJECTIVES:
        bot = threshold("9", "K", 3, policy=objective)
        bot.table()  # solved before the clock starts
        start = time.perf_counter()
        result = simulate([bot, drawer], hands, seed, engine="c", threads=1)
        seconds = time.perf_counter() - start
        won = result.big_blinds_per_100[0]
        stderr = result.stderr_per_100[0] / result.big_blind
        print(
            f"{objective:>10} vs drawer: {won:+6.2f} bb/100 +- {stderr:.2f}"
            f"  ({hands:,} hands in {seconds:.1f} s, {hands / seconds:,.0f} hands/s)"
        )


if __name__ == "__main__":
    main()
