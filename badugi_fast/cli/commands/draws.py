"""`odds`, `discard` and `equity`: what the draws to come make of a hand.

Every output, text and JSON, states what it assumed: the draws, the policy and the cutting
limits (read from the result when the library records them, else the values passed).
"""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from ... import draws as draws_api
from ..._runtime.threads import max_threads
from ..._runtime.validate import MAX_TRIALS, MIN_TRIALS
from ...draws.api import DEFAULT_DRAWS, OBJECTIVES
from ...draws.checks import seat_of
from ...draws.policies.policy import POLICY_NAMES
from ..cluster import add_distributed_options, dask_executor
from ..common import (
    EXIT_OK,
    BadInput,
    Commands,
    HelpFormatter,
    checked_seed,
    dump,
    percent,
    positive,
    progress_wanted,
    user_values,
)

RANDOM_WORDS = ("random", "?")


def _opponent(text: str) -> str | None:
    return None if text.strip().lower() in RANDOM_WORDS else text


def player_json(text: str) -> dict[str, Any]:
    """A player as given, for JSON: the text, and a range in canonical form (``str(Range)``)
    or ``"random": true``, so a reader need not parse the range language itself. The text is
    read as the library reads a player (seat_of), with the same hand-or-range decision."""
    found: dict[str, Any] = {"hand": text}
    if _opponent(text) is None:
        found["random"] = True
        return found
    with user_values():
        seat = seat_of(text)
    if isinstance(seat, draws_api.Range):
        found["range"] = str(seat)
    return found


def _policy(args: argparse.Namespace) -> tuple[Any, str]:
    """The policy to pass, and its name for the output."""
    if args.break_above is None:
        if args.policy not in POLICY_NAMES:
            raise BadInput(f"--policy is one of {', '.join(POLICY_NAMES)}, not {args.policy!r}")
        return args.policy, args.policy
    if args.policy != "default":
        raise BadInput("--break-above is a policy of its own: drop --policy")
    with user_values("--break-above"):
        return draws_api.break_above(args.break_above), f"break above {args.break_above}"


def assumed(args: argparse.Namespace, result: Any, policy: str | None = None) -> dict[str, Any]:
    """The draws, policy and cutting limits behind a result, as the result records them (the
    values passed, for a result that does not): JSON limits are a list, or null for none."""
    limits = getattr(result, "limits", None)
    if limits is None and args.limits:
        limits = [int(n) for n in args.limits.replace(",", "-").split("-")]
    return {
        "draws": getattr(result, "draws", args.draws),
        "policy": str(getattr(result, "policy", None) or policy or "default"),
        "limits": None if limits is None else list(limits),
    }


def _assumed_text(facts: dict[str, Any]) -> str:
    limits = "-".join(str(n) for n in facts["limits"]) if facts["limits"] else "none"
    return f"{facts['draws']} draw(s), policy {facts['policy']}, cutting limits {limits}"


def _run_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options odds and equity share; the counts checked even where unused (exact)."""
    positive("--trials", args.trials, MAX_TRIALS, MIN_TRIALS)
    positive("--threads", args.threads, max_threads())
    checked_seed(args.seed)
    policy, _ = _policy(args)
    return {
        "dead": args.dead or (),
        "limits": args.limits,
        "policy": policy,
        "trials": args.trials,
        "seed": args.seed,
        "threads": args.threads,
        "progress": progress_wanted(args),
    }


def odds_json(odds: draws_api.DrawOdds) -> dict[str, Any]:
    return {
        "badugi": odds.badugi,
        "badugi_fraction": None if odds.badugi_fraction is None else str(odds.badugi_fraction),
        "sizes": {str(size): p for size, p in odds.sizes.items()},
        "expected_rank": odds.expected_rank,
        "discard": [str(card) for card in odds.discard],
        "exact": odds.exact,
        "stderr": odds.stderr,
        "trials": odds.trials,
        "paths": odds.paths,
    }


def cmd_odds(args: argparse.Namespace) -> int:
    options = _run_options(args)
    if args.plot is not None:
        from ..io.plots import check_picture_path

        check_picture_path(args.plot)  # before the work, not after it
    with user_values():
        odds = draws_api.draw_odds(args.hand, args.draws, discard=args.discard, **options)
    facts = assumed(args, odds, _policy(args)[1])
    if args.plot is not None:
        from ..io.plots import odds_picture

        with user_values():
            by_draws = [
                draws_api.draw_odds(args.hand, d, **{**options, "progress": False})
                for d in range(args.draws)
            ]
        odds_picture(args.plot, args.hand, [*by_draws, odds])
    if args.json:
        print(dump({"hand": args.hand, **facts, **odds_json(odds)}))
        return EXIT_OK
    how = f"exact, {odds.badugi_fraction}" if odds.exact else f"± {percent(odds.stderr or 0)}"
    thrown = " ".join(str(c) for c in odds.discard) or "nothing (pat)"
    print(f"{args.hand}: {_assumed_text(facts)}; first discard {thrown}")
    print(f"four-card badugi: {percent(odds.badugi)} ({how})")
    print("final size: " + ", ".join(f"{k} {percent(p)}" for k, p in odds.sizes.items()))
    print(f"expected final rank: {odds.expected_rank:.1f}")
    return EXIT_OK


def cmd_discard(args: argparse.Namespace) -> int:
    positive("--trials", args.trials, MAX_TRIALS, MIN_TRIALS)
    positive("--threads", args.threads, max_threads())
    checked_seed(args.seed)
    opponents: Any = [_opponent(h) for h in args.vs] if args.vs else None
    with user_values():
        options = draws_api.best_discard(
            args.hand,
            args.draws,
            dead=args.dead or (),
            objective=args.objective,
            opponents=opponents,
            policy=None if args.policy == "objective" else args.policy,
            limits=args.limits,
            trials=args.trials,
            seed=args.seed,
            threads=args.threads,
            progress=progress_wanted(args),
        )
    facts = assumed(args, options[0].odds if options else None)
    labels = {"max-badugi": "P(badugi)", "min-rank": "E[rank]", "max-equity": "equity"}
    label = "equity" if args.vs else labels[args.objective]
    if args.json:
        rows = [
            {"discard": [str(c) for c in o.discard], "keep": [str(c) for c in o.keep],
             "value": o.value, "exact": o.exact, "stderr": o.stderr}
            for o in options
        ]  # fmt: skip
        against = [player_json(h) for h in args.vs] if args.vs else None
        print(dump({"hand": args.hand, **facts, "objective": label, "opponents": against,
                    "options": rows}))  # fmt: skip
        return EXIT_OK
    print(f"{args.hand}: {_assumed_text(facts)}")
    print(f"discard\tkeep\t{label}")
    for o in options:
        value = percent(o.value) if label != "E[rank]" else f"{o.value:.1f}"
        thrown = " ".join(str(c) for c in o.discard) or "pat"
        print(f"{thrown}\t{' '.join(str(c) for c in o.keep) or '-'}\t{value}")
    return EXIT_OK


def cmd_equity(args: argparse.Namespace) -> int:
    options = _run_options(args)
    if options["seed"] is None:  # drawn here and printed, so a Monte Carlo run repeats
        options["seed"] = secrets.randbits(64)
    hands = [_opponent(h) for h in args.hands]
    with dask_executor(args) as executor, user_values():
        result = draws_api.equity(hands, args.draws, **options, executor=executor)
    facts = assumed(args, result, _policy(args)[1])
    if args.json:
        players = [
            {**player_json(h), "equity": e, "win": w, "tie": t}
            for h, e, w, t in zip(args.hands, result.equity, result.win, result.tie, strict=True)
        ]
        for i, player in enumerate(players):
            if result.fractions is not None:
                player["fraction"] = str(result.fractions[i])
            if result.stderr is not None:
                player["stderr"] = result.stderr[i]
        print(dump({**facts, "exact": result.exact, "trials": result.trials,
                    "seed": options["seed"], "players": players}))  # fmt: skip
        return EXIT_OK
    print(_assumed_text(facts))
    for i, hand in enumerate(args.hands):
        extra = f" ± {percent(result.stderr[i])}" if result.stderr else ""
        print(
            f"#{i + 1}\t{hand}\tequity {percent(result.equity[i])}{extra}"
            f"\t(win {percent(result.win[i])}, tie {percent(result.tie[i])})"
        )
    seed = options["seed"]
    repeat = f"seed {seed} (repeat with --seed {seed})"
    print("exact" if result.exact else f"Monte Carlo, {result.trials:,} trials, {repeat}")
    return EXIT_OK


def _common(commands: Commands, name: str, summary: str, example: str) -> argparse.ArgumentParser:
    sub = commands.add_parser(
        name,
        help=summary,
        description=f"{summary[0].upper()}{summary[1:]}.",
        epilog=f"examples:\n  {example}",
        formatter_class=HelpFormatter,
    )
    sub.add_argument(
        "--draws", type=int, default=DEFAULT_DRAWS,
        help=f"draws to come, 0..3 (default {DEFAULT_DRAWS}: a dealt hand in triple draw)",
    )  # fmt: skip
    sub.add_argument(
        "--dead", metavar="CARDS", help="known dead cards, e.g. 'Kc 7h' (default none)"
    )
    sub.add_argument(
        "--limits", metavar="A-B-C",
        help="cutting limits: most cards thrown at each draw, e.g. 3-2-1 (default: no limit)",
    )  # fmt: skip
    sub.add_argument(
        "--trials", type=int, metavar="N",
        help="Monte Carlo trials when the answer cannot be exact (default 1,000,000)",
    )  # fmt: skip
    sub.add_argument("--seed", type=int, help="seed for a repeatable Monte Carlo (default: random)")
    sub.add_argument("--json", action="store_true", help="JSON output")
    return sub


def _policy_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--policy", metavar="NAME", default="default",
        help="how the draws choose discards: default (keep the best badugi) or a solved "
             f"table, {', '.join(OBJECTIVES)} (default: default)",
    )  # fmt: skip
    sub.add_argument(
        "--break-above",
        metavar="RANK",
        help="a policy: break a four-card badugi whose top card is above RANK, e.g. 8 "
        "(default: never break one)",
    )
    sub.add_argument("--threads", type=int, metavar="N",
                     help="threads for Monte Carlo (default: all cores)")  # fmt: skip
    sub.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_odds(commands: Commands) -> argparse.ArgumentParser:
    odds = _common(commands, "odds", "chance of a four-card badugi after the draws",
                   'badugi odds "As 2d 3c 3h"\n  badugi odds "As 2d 4c 9h" --draws 2 '
                   "--break-above 8\n  badugi odds \"As 2d 3c Kh\" --plot odds.png")  # fmt: skip
    odds.add_argument("hand", metavar="HAND", help='the hand, e.g. "As 2d 3c 3h"')
    odds.add_argument("--discard", metavar="CARDS",
                      help="the first draw's discard (default: the policy's)")  # fmt: skip
    odds.add_argument(
        "--plot",
        metavar="FILE.png",
        help="also draw the final hand's distribution by draw (needs matplotlib)",
    )
    _policy_options(odds)
    odds.set_defaults(run=cmd_odds)
    return odds


def add_discard(commands: Commands) -> argparse.ArgumentParser:
    discard = _common(commands, "discard", "every discard ranked, best first",
                      'badugi discard "As 2d 3c Kh"\n  badugi discard "As 2d 3c Kh" '
                      '--vs "5s 6d 7c 8h"')  # fmt: skip
    discard.add_argument("hand", metavar="HAND", help='the hand, e.g. "As 2d 3c Kh"')
    discard.add_argument(
        "--objective", choices=OBJECTIVES, default="max-equity",
        help="without --vs, rank discards by the chance of a four-card badugi (max-badugi), "
             "the expected final rank (min-rank) or the equity against a random hand "
             "(max-equity) (default: max-equity)",
    )  # fmt: skip
    discard.add_argument(
        "--vs",
        nargs="+",
        metavar="HAND",
        help="rank by equity against these players: hands, 'random' for a random one, or "
        "ranges such as '8-' (default: no opponent)",
    )
    discard.add_argument(
        "--policy", choices=("objective", *POLICY_NAMES), default="objective",
        help="how our later draws choose discards: the objective's solved table, the default "
             "policy or another table (default: objective)",
    )  # fmt: skip
    discard.add_argument("--threads", type=int, metavar="N",
                         help="threads for Monte Carlo (default: all cores)")  # fmt: skip
    discard.add_argument("--no-progress", action="store_true", help="no progress bar")
    discard.set_defaults(run=cmd_discard)
    return discard


def add_equity(commands: Commands) -> argparse.ArgumentParser:
    equity = _common(commands, "equity", "each hand's share of the pot after the draws",
                     'badugi equity "As 2d 3c Kc" "5s 6d 7c 8h"\n  badugi equity "As 2d 3c Kc" '
                     "random --trials 100000 --seed 1")  # fmt: skip
    equity.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="two to eight hands; 'random' (or ?) for a random hand",
    )
    _policy_options(equity)
    add_distributed_options(equity)
    equity.set_defaults(run=cmd_equity)
    return equity


def add_commands(commands: Commands) -> None:
    """odds, discard and equity: one function per command, so each grows in one place."""
    add_odds(commands)
    add_discard(commands)
    add_equity(commands)
