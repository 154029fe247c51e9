"""The search bot's last round beside the blueprint's on compare_last_round's six lines: on the
public beliefs at the round's start (solve/belief_states, pooled over suit orbits, the lightest
0.1 % of orbits left out, as the search solves), the exploitability in the spot of the blueprint's
profile, of the safe search's (each player its own re-solve; Burch's gadget, then the
max-margin gadget), of the unsafe search's, and of the spot's equilibrium (solve_last_round to
0.1 % of the pot).

    python benches/search_last_round.py                  # the default shipped strategy
    python benches/search_last_round.py --blueprint v1   # a shipped one by name, or a file
    python benches/search_last_round.py --iterations 128 --line rc/11/bc/11/bc/01
    python benches/search_last_round.py --guard     # how near each re-solve is its guarantee

``--guard``: instead, for each re-solve (each seat's, as the searcher), the share of the
opponent's range whose best response gains more against it than against the blueprint's round
(``Resolved.guard``: the gadget's guarantee holds where that share is 0) and the mean of those
gains, in chips a hand.
"""

from __future__ import annotations

import argparse
import time

from badugi_fast.blueprint import load_blueprint
from badugi_fast.solve import solve_last_round
from badugi_fast.solve.best_response import exploitability
from badugi_fast.solve.resolving import SearchBot

LINES = (
    "ck/11/kk/11/kk/11",
    "rc/11/bc/11/bc/11",
    "rrrc/11/kk/11/kk/11",
    "rc/22/bc/11/bc/11",
    "rc/11/bc/11/bc/01",
    "rc/10/bc/10/bc/10",
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blueprint", help="a shipped strategy's name or a strategy file")
    parser.add_argument("--iterations", type=int, help="each re-solve's (the bot's default)")
    parser.add_argument("--line", action="append", help="only this line (repeatable)")
    parser.add_argument("--guard", action="store_true", help="how near the guarantee each is")
    args = parser.parse_args(argv)
    blueprint = load_blueprint(args.blueprint)
    given = {} if args.iterations is None else {"iterations": args.iterations}
    bots = (SearchBot(blueprint, **given), SearchBot(blueprint, gadget="maxmargin", **given),
            SearchBot(blueprint, safe=False, **given))  # fmt: skip
    if args.guard:
        guard(bots, args.line or LINES)
        return
    print("| line | pot | blueprint | search (safe) | search (max-margin) | search (unsafe) "
          "| equilibrium | seconds |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for line in args.line or LINES:
        started = time.perf_counter()
        cells = []
        first = bots[0].solve_line(line, 0)
        problem = first.solution.problem
        cells.append(exploitability(problem, first.spot.blueprint_tables))
        for bot in bots:
            tables = (bot.solve_line(line, 0).solution.tables[0],
                      bot.solve_line(line, 1).solution.tables[1])  # fmt: skip
            cells.append(exploitability(problem, tables))
        ranges = [p.range for p in problem.players]
        equilibrium = solve_last_round(ranges, pot=problem.pot, stacks=problem.tree.stacks,
                                       rules=blueprint.rules, threads=1)  # fmt: skip
        seconds = time.perf_counter() - started
        text = [f"{e.chips:.3f} ({e.fraction:.2%})" for e in cells]
        text.append(f"{equilibrium.exploitability:.4f} ({equilibrium.exploitability_fraction:.3%})")
        print(f"| `{line}` | {problem.pot} | " + " | ".join(text) + f" | {seconds:.0f} |")


def guard(bots: tuple[SearchBot, ...], lines: list[str] | tuple[str, ...]) -> None:
    """The --guard table: each re-solve's share of the opponent's range above its bound and
    the mean gain above it, the big blind searching, then the button."""
    print("| line | pot | search (safe) | search (max-margin) | search (unsafe) | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    for line in lines:
        started = time.perf_counter()
        cells = []
        for bot in bots:
            seats = [bot.solve_line(line, searcher).guard() for searcher in (0, 1)]
            cells.append(" · ".join(f"{share:.0%} {mean:.3f}" for share, mean in seats))
        pot = bots[0].solve_line(line, 0).solution.problem.pot
        seconds = time.perf_counter() - started
        print(f"| `{line}` | {pot} | " + " | ".join(cells) + f" | {seconds:.0f} |")


if __name__ == "__main__":
    main()
