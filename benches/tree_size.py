"""How many histories a small-deck OpenSpiel ``badugi`` game has, before walking it: Knuth's
estimate (Knuth, "Estimating the Efficiency of Backtrack Programs", 1975). Each path picks a
uniform random action at every node, chance nodes included; the product of the branching
factors along it, summed over its depths, is an unbiased estimate of the number of nodes.
Not a test: a measurement for docs/search.md.

    python benches/tree_size.py '{"ranks": 3, "suits": 3, "draws": 2}' [PATHS] [SEED]

The parameters given override those of the exact small deck (``search_exact.GAME``: eight
cards, two draws, stacks of 48, ``small_bet=2``, the heads-up cap), as docs/search.md's decks.
"""

from __future__ import annotations

import json
import random
import statistics
import sys

import pyspiel
from search_exact import GAME

import badugi_fast.spiel  # noqa: F401  (registers "badugi")


def estimate(state: pyspiel.State, rng: random.Random) -> int:
    """One path's estimate of the number of histories below ``state``, ``state`` included."""
    nodes, width = 1, 1
    while not state.is_terminal():
        if state.is_chance_node():
            actions = [action for action, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        width *= len(actions)
        nodes += width
        state.apply_action(rng.choice(actions))
    return nodes


def main() -> None:
    params = GAME | json.loads(sys.argv[1])
    paths = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    game = pyspiel.load_game("badugi", params)
    rng = random.Random(seed)
    found = [estimate(game.new_initial_state(), rng) for _ in range(paths)]
    error = statistics.stdev(found) / paths**0.5
    print(f"{params}: {statistics.mean(found):.3g} histories +- {1.96 * error:.2g} (95 %),"
          f" {paths:,} paths, seed {seed}")  # fmt: skip


if __name__ == "__main__":
    main()
