"""The ``badugi`` command: evaluate and compare hands from arguments, a file or stdin.

Exit status: 0 on success; 1 for bad input (a hand or card that cannot be read, draws or limits
out of range, ...); 2 for a usage error or an input file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any

from .. import __version__
from .. import draws as draws_api
from ..errors import InvalidHandError
from ..game.rules import KoreanRules, Rules
from ..game.simulate import ENGINES
from ..hands.hand import Hand, describe

EXIT_OK, EXIT_BAD_INPUT, EXIT_USAGE = 0, 1, 2


def hand_json(hand: Hand) -> dict[str, Any]:
    """The --json object for one hand (schema in the README)."""
    return {
        "hand": [str(card) for card in hand.dealt],
        "rank": hand.rank,
        "size": hand.size,
        "category": hand.category.value,
        "badugi": [str(card) for card in hand.cards],
        "name": hand.name,
        "name_ko": hand.name_ko,
        "aliases": list(hand.aliases),
    }


def hand_line(hand: Hand, korean: bool) -> str:
    dealt = " ".join(str(card) for card in hand.dealt)
    badugi = " ".join(str(card) for card in hand.cards)
    return f"{dealt}\t{hand.rank}\t{hand.name_ko if korean else hand.name}\t{badugi}"


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _hand_sources(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """(where, text) for each hand: the arguments, else the lines of the file or stdin."""
    if args.hands:
        for i, text in enumerate(args.hands, start=1):
            yield f"hand {i}", text
        return
    stream: IO[str] = sys.stdin if args.file in (None, "-") else open(args.file, encoding="utf-8")
    with stream:
        for number, line in enumerate(stream, start=1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield f"line {number}", text


def _error(where: str, error: Exception) -> None:
    print(f"badugi: {where}: {error}", file=sys.stderr)


def cmd_eval(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for where, text in _hand_sources(args):
        try:
            hand = describe(text)
        except InvalidHandError as error:
            _error(where, error)
            status = EXIT_BAD_INPUT
            continue
        print(_dump(hand_json(hand)) if args.json else hand_line(hand, args.ko))
    return status


def cmd_compare(args: argparse.Namespace) -> int:
    hands: list[Hand] = []
    for where, text in _hand_sources(args):
        try:
            hands.append(describe(text))
        except InvalidHandError as error:
            _error(where, error)
            return EXIT_BAD_INPUT
    if len(hands) < 2:
        print("badugi: compare needs at least two hands", file=sys.stderr)
        return EXIT_USAGE
    best = min(hand.rank for hand in hands)
    winners = [i for i, hand in enumerate(hands) if hand.rank == best]
    if args.json:
        print(_dump({"hands": [hand_json(hand) for hand in hands], "winners": winners}))
        return EXIT_OK
    for i, hand in enumerate(hands, start=1):
        print(f"#{i}\t{hand_line(hand, args.ko)}")
    numbers = " ".join(f"#{i + 1}" for i in winners)
    if len(winners) == 1:
        print(f"{'승' if args.ko else 'winner'}: {numbers}")
    else:
        print(f"{'무승부 (판돈 분할)' if args.ko else 'split pot'}: {numbers}")
    return EXIT_OK


def _percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def _draw_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options odds and equity share, the policy built in this one place."""
    policy: Any = args.policy
    if args.break_above is not None:
        if args.policy != "default":
            raise ValueError("--break-above is a policy of its own: drop --policy")
        policy = draws_api.break_above(args.break_above)
    return {
        "dead": args.dead or (),
        "limits": args.limits,
        "policy": policy,
        "trials": args.trials,
        "seed": args.seed,
        "threads": args.threads,
        "progress": _progress(args),
    }


def _progress(args: argparse.Namespace) -> bool:
    return not args.json and not args.no_progress and sys.stderr.isatty()


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
    odds = draws_api.draw_odds(args.hand, args.draws, args.discard, **_draw_options(args))
    if args.json:
        print(_dump({"hand": args.hand, "draws": args.draws, **odds_json(odds)}))
        return EXIT_OK
    how = f"exact, {odds.badugi_fraction}" if odds.exact else f"± {_percent(odds.stderr or 0)}"
    thrown = " ".join(str(c) for c in odds.discard) or "nothing (pat)"
    print(f"{args.hand}: {args.draws} draw(s), first discard {thrown}")
    print(f"four-card badugi: {_percent(odds.badugi)} ({how})")
    print("final size: " + ", ".join(f"{k} {_percent(p)}" for k, p in odds.sizes.items()))
    print(f"expected final rank: {odds.expected_rank:.1f}")
    return EXIT_OK


def cmd_discard(args: argparse.Namespace) -> int:
    options = draws_api.best_discard(
        args.hand,
        args.draws,
        args.dead or (),
        args.objective,
        opponents=args.vs or None,
        limits=args.limits,
        trials=args.trials,
        seed=args.seed,
    )
    label = "equity" if args.vs else {"badugi": "P(badugi)", "rank": "E[rank]"}[args.objective]
    if args.json:
        rows = [
            {
                "discard": [str(c) for c in o.discard],
                "keep": [str(c) for c in o.keep],
                "value": o.value,
                "exact": o.exact,
            }
            for o in options
        ]
        print(_dump({"hand": args.hand, "objective": label, "options": rows}))
        return EXIT_OK
    print(f"discard\tkeep\t{label}")
    for o in options:
        value = _percent(o.value) if label != "E[rank]" else f"{o.value:.1f}"
        thrown = " ".join(str(c) for c in o.discard) or "pat"
        print(f"{thrown}\t{' '.join(str(c) for c in o.keep) or '-'}\t{value}")
    return EXIT_OK


def cmd_equity(args: argparse.Namespace) -> int:
    hands = [None if h.lower() in ("random", "?") else h for h in args.hands]
    result = draws_api.equity(hands, args.draws, **_draw_options(args))
    if args.json:
        players = [
            {"hand": h, "equity": e, "win": w, "tie": t}
            for h, e, w, t in zip(args.hands, result.equity, result.win, result.tie, strict=True)
        ]
        for i, player in enumerate(players):
            if result.fractions is not None:
                player["fraction"] = str(result.fractions[i])
            if result.stderr is not None:
                player["stderr"] = result.stderr[i]
        print(
            _dump(
                {
                    "draws": args.draws,
                    "exact": result.exact,
                    "trials": result.trials,
                    "players": players,
                }
            )
        )
        return EXIT_OK
    for i, hand in enumerate(args.hands):
        extra = f" ± {_percent(result.stderr[i])}" if result.stderr else ""
        print(
            f"#{i + 1}\t{hand}\tequity {_percent(result.equity[i])}{extra}"
            f"\t(win {_percent(result.win[i])}, tie {_percent(result.tie[i])})"
        )
    print("exact" if result.exact else f"Monte Carlo, {result.trials:,} trials")
    return EXIT_OK


def _bot(name: str, seed: int | None) -> Any:
    from ..game import bots

    text = name.strip().lower()
    if text == "drawer":
        return bots.drawer
    if text == "random":
        return bots.random_bot(seed)
    if text.startswith("threshold"):  # threshold:RAISE_TOP:CALL_TOP, e.g. threshold:7:J
        parts = text.split(":")[1:]
        raise_top = parts[0] if parts else "9"
        call_top = parts[1] if len(parts) > 1 else "K"
        return bots.threshold(raise_top, call_top)
    raise ValueError(f"unknown bot {name!r}; use drawer, random or threshold:RAISE:CALL")


def _rules(args: argparse.Namespace) -> Rules | KoreanRules:
    """--korean: the Korean room rules with an ante of half the small bet; else casino limit."""
    if args.korean:
        return KoreanRules(ante=args.small_bet // 2 or 1)
    return Rules(small_bet=args.small_bet)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..game.simulate import simulate

    names = args.bots.split(",")
    players = [
        _bot(name, None if args.seed is None else args.seed + i) for i, name in enumerate(names)
    ]
    result = simulate(
        players,
        args.hands,
        args.seed,
        _rules(args),
        stacks=args.stacks,
        progress=_progress(args),
        engine=args.engine,
        threads=args.threads,
    )
    rows = zip(
        names, result.profit_per_100, result.stderr_per_100, result.big_blinds_per_100, strict=True
    )
    if args.json:
        seats = [
            {"bot": n, "profit_per_100": p, "stderr_per_100": e, "big_blinds_per_100": b}
            for n, p, e, b in rows
        ]
        print(_dump({"hands": result.hands, "engine": result.engine, "seats": seats}))
        return EXIT_OK
    stakes = f"ante {result.big_blind}" if args.korean else f"small bet {args.small_bet}"
    print(f"{result.hands:,} hands, {stakes}, played in {result.engine}")
    for seat, (name, profit, error, blinds) in enumerate(rows):
        chips = f"{profit:+.1f} ± {error:.1f} chips/100 hands"
        print(f"seat {seat}\t{name}\t{chips}\t{blinds:+.2f} bb/100")
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from .play import play

    names = args.bots.split(",")
    if not 0 <= args.seat <= len(names):
        raise ValueError(f"--seat must be 0..{len(names)} with {len(names)} bots")
    players = [
        _bot(name, None if args.seed is None else args.seed + i) for i, name in enumerate(names)
    ]
    won = play(players, args.seat, sys.stdin, sys.stdout, hands=args.hands, seed=args.seed,
               rules=_rules(args), korean=args.ko)  # fmt: skip
    print(f"total: {won:+d} chips")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badugi",
        description="Badugi (바둑이) hand evaluation. Rank 1 is the best hand, 1092 the worst.",
    )
    parser.add_argument("--version", action="version", version=f"badugi_fast {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, help_text: str, nargs: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument(
            "hands", nargs=nargs, metavar="HAND", help='four cards, e.g. "As 2d 3h 4c"'
        )
        sub.add_argument("-f", "--file", help="read hands one per line from FILE ('-' for stdin)")
        sub.add_argument("--ko", action="store_true", help="Korean hand names (족보)")
        sub.add_argument("--json", action="store_true", help="machine-readable JSON output")
        return sub

    add("eval", "rank and name each hand (one line per hand; with no HAND, read stdin)", "*")
    add("compare", "find the winner(s) among hands (with no HAND, read stdin)", "*")

    def draw_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--draws", type=int, default=1, help="draws to come, 0..3 (default 1)")
        sub.add_argument("--dead", help="known dead cards, e.g. 'Kc 7h'")
        sub.add_argument("--limits", help="cutting limits, e.g. 3-2-1 or 3-3-3")
        sub.add_argument("--trials", type=int, help="Monte Carlo trials when not exact")
        sub.add_argument("--seed", type=int, help="seed for reproducible Monte Carlo")
        sub.add_argument("--json", action="store_true", help="machine-readable JSON output")
        return sub

    odds = draw_command("odds", "chance of a four-card badugi after the draws")
    odds.add_argument("hand", metavar="HAND")
    odds.add_argument("--discard", help="the first draw's discard (default: the policy's)")
    discard = draw_command("discard", "every discard ranked, best first")
    discard.add_argument("hand", metavar="HAND")
    discard.add_argument("--objective", choices=("badugi", "rank"), default="badugi")
    discard.add_argument("--vs", nargs="+", metavar="HAND", help="rank by equity against these")
    equity = draw_command("equity", "each hand's share of the pot ('random' for a random hand)")
    equity.add_argument("hands", nargs="+", metavar="HAND")
    sim = commands.add_parser("simulate", help="play bots against each other")
    sim.add_argument("--bots", default="drawer,drawer", help="comma-separated: drawer, random, ...")
    sim.add_argument("--hands", type=int, default=10_000)
    sim.add_argument("--seed", type=int)
    sim.add_argument("--small-bet", type=int, default=2)
    sim.add_argument("--stacks", type=int, help="chips each seat starts a hand with")
    sim.add_argument(
        "--korean", action="store_true", help="Korean room rules (antes, 3-2-1 cutting)"
    )
    sim.add_argument("--engine", choices=ENGINES, default="auto", help="C hand loop or Game")
    sim.add_argument("--threads", type=int, help="threads for the C hand loop")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    game = commands.add_parser("play", help="play against bots in the terminal")
    game.add_argument("--bots", default="drawer", help="comma-separated: drawer, random, ...")
    game.add_argument("--seat", type=int, default=0, help="your seat (0 = first)")
    game.add_argument("--hands", type=int, default=1)
    game.add_argument("--seed", type=int)
    game.add_argument("--small-bet", type=int, default=2)
    game.add_argument(
        "--korean", action="store_true", help="Korean room rules (antes, 3-2-1 cutting)"
    )
    game.add_argument("--ko", action="store_true", help="Korean action names (콜, 다이, 따당, ...)")
    for sub in (odds, equity):
        sub.add_argument("--policy", choices=("default", "best"), default="default")
        sub.add_argument("--break-above", metavar="RANK", help="break a badugi above RANK, e.g. 8")
        sub.add_argument("--threads", type=int, help="threads for Monte Carlo (default: all)")
        sub.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "hands", None) and getattr(args, "file", None):
        parser.error("give hands as arguments or with --file, not both")
    commands = {
        "eval": cmd_eval,
        "compare": cmd_compare,
        "odds": cmd_odds,
        "discard": cmd_discard,
        "equity": cmd_equity,
        "simulate": cmd_simulate,
        "play": cmd_play,
    }
    try:
        return commands[args.command](args)
    except UnicodeDecodeError as error:  # a file that is not UTF-8 text
        print(f"badugi: cannot read the input as UTF-8 text: {error.reason}", file=sys.stderr)
        return EXIT_USAGE
    except (ValueError, TypeError) as error:  # bad cards, limits, draws, ...: one line
        print(f"badugi: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        if isinstance(error, BrokenPipeError):  # e.g. `badugi eval < hands | head`
            sys.stderr.close()
            return EXIT_OK
        print(
            f"badugi: {error.strerror or error}: {error.filename or ''}".rstrip(": "),
            file=sys.stderr,
        )
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
