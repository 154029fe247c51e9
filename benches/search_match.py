"""The search bot against another bot, head to head in duplicate pairs, in resumable blocks:
blocks of 200 hands (100 deals, each played with the seats one way and then swapped) in
``Game`` (the Python engine: the C loop cannot host the search), seeds FIRST..LAST, each
block's result appended to a JSON-lines file (a block already there is not played again).

    nice python benches/search_match.py blueprint 1 50 match_blueprint.jsonl
    python benches/search_match.py --pool match_blueprint.jsonl

OPPONENT: blueprint (the shipped one), drawer, random, or threshold:R:C[:N] as the command
line names them. The search bot is the default ``search()`` on the shipped blueprint, with
``eager=False`` (the same decisions; no beliefs carried along in hands that end early).
``SEARCHER/OPPONENT`` seats another search bot by its command-line name instead
(``unsafe:0.2/blueprint``: the unsafe search over the blueprint thresholded at 0.2).
"""

from __future__ import annotations

from pathlib import Path

from _blocks import command_line, costs, mean, play_blocks, pooled_error, read_rows

HANDS = 200  # hands a block


def run(opponent: str, first: int, last: int, out: Path) -> None:
    from badugi_fast.cli.commands.game import make_bot
    from badugi_fast.play import head_to_head
    from badugi_fast.solve import search
    from badugi_fast.solve.resolving import SearchBot

    searcher, slash, opponent = opponent.rpartition("/")
    bot = make_bot(searcher, 1) if slash else search()
    if not isinstance(bot, SearchBot):
        raise SystemExit(f"SEARCHER is search[:T] or unsafe[:T], not {searcher!r}")
    bot.eager = False
    other = make_bot(opponent, 1)
    rules = bot.blueprint.rules

    def block(seed: int) -> dict[str, object]:
        found = head_to_head([bot, other], HANDS, rules, seed=seed, engine="python")
        return {
            "seed": seed, "opponent": opponent, "searcher": searcher or "search",
            "bb_per_100": found.bb_per_100, "stderr_per_100": found.stderr_per_100,
            "hands": found.hands,
        }  # fmt: skip

    play_blocks(first, last, out, block, lambda: bot.solves)


def pool(path: Path) -> dict[str, float]:
    """The blocks pooled: the mean of their means, the 95 % interval from their errors."""
    rows = read_rows(path)
    stderr = pooled_error([r["stderr_per_100"] for r in rows])
    return {
        "blocks": len(rows), "hands": sum(r["hands"] for r in rows),
        "bb_per_100": mean([r["bb_per_100"] for r in rows]),
        "interval_95": 1.959963984540054 * stderr,
    } | costs(rows)  # fmt: skip


if __name__ == "__main__":
    command_line(run, pool)
