"""`simulate`, `play` and `replay`: bots against bots, a person against bots, a hand reviewed."""

from __future__ import annotations

import argparse
import dataclasses
import secrets
import sys
from math import isnan
from pathlib import Path
from typing import Any

from ..._runtime.threads import max_threads
from ..._runtime.validate import MAX_HANDS
from ...blueprint.strategy import DEFAULT_STRATEGY, SHIPPED_STRATEGIES
from ...draws.policies.optimal import OBJECTIVES
from ...draws.policies.policy import POLICY_NAMES
from ...game.rules import KoreanRules, Rules, RuleSet
from ...game.state import Game
from ...game.table import start_stacks
from ...play.simulation.local import ENGINES
from ...play.vector.seats import check_bots_game
from ..cluster import add_distributed_options, dask_executor
from ..common import (
    EXIT_OK,
    BadInput,
    Commands,
    HelpFormatter,
    checked_seed,
    dump,
    positive,
    progress_wanted,
    user_values,
)

BOTS_HELP = (
    "comma-separated bots, one per seat: drawer, random, threshold:R:C[:N] (bet and raise a "
    "badugi topped by R or lower, call with one topped by C or lower, stay in on a draw with N "
    "or more badugi cards, 0..5; drawer is threshold:9:K:3), or threshold:R:C:N:POLICY, the "
    f"same bot drawing by POLICY: default or a solved table ({', '.join(OBJECTIVES)}), e.g. "
    "threshold:9:K:3:max-equity; or blueprint, the heads-up fixed-limit strategy (the shipped "
    "default, or --blueprint NAME|FILE); or search, the blueprint that re-solves the last "
    "betting round in a safe gadget (played by the Python engine); or unsafe, the same "
    "re-solving from the beliefs alone; blueprint:T, search:T and unsafe:T play that strategy "
    "thresholded at T (each decision's actions below T dropped), e.g. unsafe:0.2, the least "
    "exploitable bot measured"
)
BLUEPRINT = "blueprint"
SEARCH = "search"
UNSAFE = "unsafe"


def make_bot(name: str, seed: int | None, blueprint: str | None = None) -> Any:
    from ...game import bots

    text = name.strip().lower()
    if text == "drawer":
        return bots.drawer
    head, colon, threshold = text.partition(":")
    if head in (BLUEPRINT, SEARCH, UNSAFE):
        played = _blueprint_bot(blueprint, name, _threshold(name, threshold) if colon else None)
        if head == BLUEPRINT:
            return played
        from ...solve.resolving import SearchBot

        return SearchBot(played.blueprint, safe=head == SEARCH)
    if text == "random":
        return bots.random_bot(seed)
    if text == "threshold" or text.startswith("threshold:"):
        parts = text.split(":")[1:]
        if len(parts) > 4:
            raise BadInput(f"bot {name!r}: threshold takes at most R:C:N:POLICY")
        raise_top = parts[0] if parts else "9"
        call_top = parts[1] if len(parts) > 1 else "K"
        if len(parts) > 2 and not parts[2].isdigit():
            raise BadInput(f"bot {name!r}: N (badugi cards to stay in on a draw) is 0..5")
        draw_with = int(parts[2]) if len(parts) > 2 else 3
        policy = parts[3] if len(parts) > 3 else "default"
        if policy not in POLICY_NAMES:
            raise BadInput(f"bot {name!r}: POLICY is one of {', '.join(POLICY_NAMES)}")
        with user_values(f"bot {name!r}"):
            return bots.threshold(raise_top, call_top, draw_with, policy=policy)
    raise BadInput(
        f"unknown bot {name!r}; use drawer, random, threshold:R:C[:N[:POLICY]], blueprint[:T], "
        "search[:T] or unsafe[:T]"
    )


def _blueprint_bot(path: str | None, name: str = BLUEPRINT, threshold: float | None = None) -> Any:
    """The blueprint bot from --blueprint FILE, or the default shipped strategy (BadInput
    naming what to do when none ships), thresholded at ``threshold`` when given; a file that
    is not a strategy file, or a bad threshold, is bad input too."""
    from ...blueprint import blueprint_bot

    try:
        with user_values(f"bot {name!r}"):
            return blueprint_bot(path, threshold=threshold)
    except FileNotFoundError as error:
        if path is not None:  # the user's file is missing: an unreadable input
            raise
        raise BadInput(f"bot {name!r}: {error} with --blueprint FILE") from None


def _threshold(name: str, text: str) -> float:
    """T of ``blueprint:T`` (its range is the library's to check)."""
    try:
        return float(text)
    except ValueError:
        raise BadInput(f"bot {name!r}: T (the threshold) is a number in (0, 1]") from None


def make_bots(
    text: str, seed: int | None, blueprint: str | None = None
) -> tuple[list[str], list[Any]]:
    """The bots of --bots; seat i's random bot is seeded by seed + i (mod 2**64, so the largest
    seed seeds every seat); ``blueprint``: the strategy file of the blueprint bots (None: the
    default shipped strategy)."""
    names = [name.strip() for name in text.split(",")]
    seeds = [None if seed is None else (seed + i) % 2**64 for i in range(len(names))]
    return names, [make_bot(n, s, blueprint) for n, s in zip(names, seeds, strict=True)]


def plays_blueprint(names: list[str]) -> bool:
    """Whether a bot of ``names`` plays a blueprint (its rules are then the default)."""
    heads = (BLUEPRINT, SEARCH, UNSAFE)
    return any(name.strip().lower().partition(":")[0] in heads for name in names)


def make_rules(args: argparse.Namespace, blueprint: bool = False) -> RuleSet:
    """--korean: the Korean room rules, betting from --ante; else casino fixed limit from
    --small-bet (with --ante when the casino rules take one), the raise cap binding heads-up
    with --cap-heads-up, by default when a blueprint plays (the rules it was trained for)."""
    positive("--ante", args.ante)
    positive("--small-bet", args.small_bet)
    if args.korean:
        if args.small_bet is not None:
            raise BadInput("--small-bet is a casino option; the Korean rules bet from --ante")
        if args.cap_heads_up:
            raise BadInput("--cap-heads-up is a casino option; the Korean rules cap by rounds")
        with user_values():
            return KoreanRules(ante=1 if args.ante is None else args.ante)
    options: dict[str, Any] = {"small_bet": 2 if args.small_bet is None else args.small_bet}
    cap = blueprint if args.cap_heads_up is None else args.cap_heads_up
    if cap:
        options["cap_heads_up"] = True
    if args.ante is not None:
        if "ante" not in {field.name for field in dataclasses.fields(Rules)}:
            raise BadInput("--ante needs --korean: these casino rules have no ante")
        options["ante"] = args.ante
    with user_values():
        return Rules(**options)


def rules_json(rules: Rules | KoreanRules) -> dict[str, Any]:
    fields = dataclasses.asdict(rules)
    return {"name": "korean" if isinstance(rules, KoreanRules) else "casino", **fields}


def _unit_name(rules: RuleSet, korean: bool) -> str:
    if isinstance(rules, KoreanRules):
        return "앤티" if korean else "ante"
    return "big blind"


def cmd_simulate(args: argparse.Namespace) -> int:
    from ...play.simulation import simulate

    positive("--hands", args.hands, MAX_HANDS)
    positive("--stacks", args.stacks)
    positive("--threads", args.threads, max_threads())
    seed = secrets.randbits(64) if checked_seed(args.seed) is None else args.seed
    names, players = make_bots(args.bots, seed, args.blueprint)
    rules = make_rules(args, plays_blueprint(names))
    saving = _save_folder(args)  # checked and made before the run, not after it
    if args.plot is not None:
        from ..io.plots import check_picture_path

        check_picture_path(args.plot)
    with dask_executor(args) as executor, user_values():
        result = simulate(players, args.hands, seed, rules, stacks=args.stacks,
                          progress=progress_wanted(args), engine=args.engine,
                          threads=args.threads, executor=executor)  # fmt: skip
    unit = _unit_name(rules, False)
    stacks = args.stacks if args.stacks is not None else 100 * result.big_blind
    if saving is not None:
        _save_hands(args, rules, seed, stacks, *saving)
    if args.plot is not None:
        from ...play.simulation import play_hands
        from ..io.plots import simulate_picture

        _, fresh = make_bots(args.bots, seed, args.blueprint)  # their random streams restarted
        won = play_hands(fresh, 0, args.hands, seed, rules, stacks=args.stacks,
                         engine=args.engine, threads=args.threads)  # fmt: skip
        simulate_picture(args.plot, names, won, result.big_blind, unit)
    rows = list(zip(names, result.profit_per_100, result.stderr_per_100,
                    result.big_blinds_per_100, strict=True))  # fmt: skip
    if args.json:
        seats = [  # a stderr that one hand leaves undefined (NaN) is null: JSON has no NaN
            {"bot": n, "profit_per_100": p, "stderr_per_100": None if isnan(e) else e,
             "big_blinds_per_100": b}
            for n, p, e, b in rows
        ]  # fmt: skip
        print(dump({"hands": result.hands, "seed": seed, "rules": rules_json(rules),
                    "stacks": stacks, "unit": unit, "unit_chips": result.big_blind,
                    "engine": result.engine, "seats": seats}))  # fmt: skip
        return EXIT_OK
    name = "Korean rules" if isinstance(rules, KoreanRules) else "casino fixed limit"
    stake = (
        f"ante {rules.ante}" if isinstance(rules, KoreanRules) else f"small bet {rules.small_bet}"
    )
    print(f"{result.hands:,} hands, {name}, {stake}, played in {result.engine}")
    print(f"seed {seed} (repeat with --seed {seed}); stacks {stacks:,} chips each")
    for seat, (bot, profit, error, per_unit) in enumerate(rows):
        spread = "undefined (one hand)" if isnan(error) else f"{error:.1f}"
        chips = f"{profit:+.1f} ± {spread} chips/100 hands"
        print(f"seat {seat}\t{bot}\t{chips}\t{per_unit:+.2f} {unit}s/100 hands")
    return EXIT_OK


def _save_folder(args: argparse.Namespace) -> tuple[int, Path] | None:
    """--save-hands N DIR: N a positive number of hands, DIR made (with its parents) now."""
    if not args.save_hands:
        return None
    count, folder = args.save_hands
    if not count.isdigit() or int(count) < 1:
        raise BadInput(f"--save-hands N DIR: N is a positive number of hands, got {count!r}")
    directory = Path(folder)
    directory.mkdir(parents=True, exist_ok=True)
    return int(count), directory


def _save_hands(
    args: argparse.Namespace, rules: RuleSet, seed: int, stacks: int, count: int, directory: Path
) -> None:
    """The first N hands replayed in Game (the same deals as either engine) and written as PHH."""
    from ...game.stream import play_out, stream_game
    from ...notation import phh

    names, players = make_bots(args.bots, seed, args.blueprint)
    for number in range(min(count, args.hands)):
        game = stream_game([stacks] * len(players), rules, seed, number)
        play_out(game, players, number)
        text = phh.dumps(game, players=[f"{n} (seat {i})" for i, n in enumerate(names)])
        (directory / f"hand-{number + 1:05d}.phh").write_text(text, encoding="utf-8")


def _rule_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--korean",
        action="store_true",
        help="Korean room rules (antes, 선, 3-2-1 cutting) (default: casino fixed limit)",
    )
    sub.add_argument("--ante", type=int, metavar="CHIPS",
                     help="the ante (Korean rules; default 1)")  # fmt: skip
    sub.add_argument("--small-bet", type=int, metavar="CHIPS",
                     help="casino small bet; the big bet is twice it, the blinds half and one "
                          "small bet (default 2)")  # fmt: skip
    sub.add_argument(
        "--seed",
        type=int,
        help="seed of the deals (default: a random one, printed so a run repeats)",
    )
    sub.add_argument(
        "--cap-heads-up",
        action=argparse.BooleanOptionalAction,
        help="casino: a bet and three raises a round heads-up too (default: on when a "
        "blueprint plays, the rules it was trained for, else off)",
    )
    sub.add_argument(
        "--blueprint",
        metavar="NAME|FILE",
        help="the strategy the blueprint bots play: a shipped one by name "
        f"({', '.join(SHIPPED_STRATEGIES)}; default {DEFAULT_STRATEGY}) or a strategy file "
        "(tools/train_blueprint.py --out)",
    )


def add_simulate(commands: Commands) -> argparse.ArgumentParser:
    sim = commands.add_parser(
        "simulate", help="play bots against each other for many hands",
        description="Play bots against each other; each seat's result per 100 hands with its "
                    "standard error.",
        epilog="examples:\n  badugi simulate --hands 100000 --seed 1\n"
               "  badugi simulate --bots drawer,threshold:7:J,random --korean --ante 2\n"
               "  badugi simulate --hands 20000 --plot results.png --save-hands 5 hands/\n"
               "  badugi simulate --bots blueprint,drawer --blueprint blueprint.bin",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    sim.add_argument("--bots", default="drawer,drawer", help=BOTS_HELP + " (default drawer,drawer)")
    sim.add_argument("--hands", type=int, default=10_000, help="hands to play (default 10,000)")
    _rule_options(sim)
    sim.add_argument(
        "--stacks",
        type=int,
        metavar="CHIPS",
        help="chips each seat starts every hand with (default 100 big blinds or antes)",
    )
    sim.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="the C hand loop, Game, or auto: C when it can (default auto)",
    )
    sim.add_argument(
        "--threads",
        type=int,
        metavar="N",
        help="threads for the C hand loop (default: all cores from 1,024 hands)",
    )
    sim.add_argument(
        "--save-hands",
        nargs=2,
        metavar=("N", "DIR"),
        help="write the first N hands as PHH histories into DIR",
    )
    sim.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw each seat's running result with a ±2 stderr band (needs matplotlib)",
    )
    sim.add_argument("--json", action="store_true", help="JSON output")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_distributed_options(sim)
    sim.set_defaults(run=cmd_simulate)
    return sim


def cmd_play(args: argparse.Namespace) -> int:
    from .play import play

    positive("--hands", args.hands, MAX_HANDS)
    positive("--stack", args.stack)
    if args.vs is not None and args.bots is not None:
        raise BadInput("--vs names your one opponent, --bots several: give one of them")
    chosen = args.vs if args.vs is not None else args.bots or "drawer"
    if args.vs is not None and "," in args.vs:
        raise BadInput(f"--vs names one opponent (heads-up), not {args.vs!r}; use --bots")
    seed = secrets.randbits(64) if checked_seed(args.seed) is None else args.seed  # printed
    names, players = make_bots(chosen, seed, args.blueprint)
    if not 0 <= args.seat <= len(players):
        raise BadInput(f"--seat must be 0..{len(players)} with {len(players)} bot(s)")
    rules = make_rules(args, plays_blueprint(names))
    with user_values("--stack"):
        start_stacks(rules, args.stack, len(players) + 1)  # the engines' bound on chips
    with user_values():  # a blueprint plays only the game it was trained for
        seated = [*players[: args.seat], None, *players[args.seat :]]  # None: your seat
        check_bots_game(seated, rules, [args.stack] * len(seated), "seat {}")
    save = Path(args.save) if args.save else None
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    with user_values():
        Game([args.stack] * (len(players) + 1), rules)  # the table's options, checked up front
    play(players, args.seat, sys.stdin, sys.stdout, hands=args.hands, seed=seed,
         rules=rules, korean=args.ko, stack=args.stack, names=names, save=save)  # fmt: skip
    return EXIT_OK


def add_play(commands: Commands) -> argparse.ArgumentParser:
    game = commands.add_parser(
        "play", help="play against bots in the terminal",
        description="Play hands against bots in the terminal. Type an action (call, raise, "
                    "fold, ...; 콜, 다이, 체크, 레이즈, ...), 'draw CARDS' or 'pat' when "
                    "drawing, 'help' for the legal moves, 'quit' to stop.",
        epilog="examples:\n  badugi play --hands 5\n"
               "  badugi play --korean --ko --bots drawer,random --save hands/\n"
               "  badugi play --vs blueprint --blueprint blueprint.bin --ko\n"
               "  badugi play --vs search --ko",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    game.add_argument("--bots", help=BOTS_HELP + " (default drawer)")
    game.add_argument(
        "--vs",
        metavar="BOT",
        help="your one opponent, heads-up: a bot name as --bots takes, e.g. --vs blueprint",
    )
    game.add_argument("--seat", type=int, default=0, help="your seat, 0 = first (default 0)")
    game.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    game.add_argument(
        "--stack",
        type=int,
        default=200,
        help="chips every seat starts each hand with (default 200)",
    )
    _rule_options(game)
    game.add_argument(
        "--ko",
        action="store_true",
        help="everything in Korean (actions, events, 족보, 아침/점심/저녁)",
    )
    game.add_argument("--save", metavar="DIR", help="write each hand as a PHH history into DIR")
    game.set_defaults(run=cmd_play)
    return game


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import replay

    text = Path(args.file).read_text(encoding="utf-8")
    replay(text, sys.stdout, seat=args.seat, korean=args.ko)
    return EXIT_OK


def add_replay(commands: Commands) -> argparse.ArgumentParser:
    sub = commands.add_parser(
        "replay", help="print a PHH hand history step by step",
        description="Print a hand history (PHH) step by step; with --seat, as that seat saw it "
                    "(others' unseen cards as ??).",
        epilog="examples:\n  badugi replay hands/hand-00001.phh\n"
               "  badugi replay --ko --seat 0 hands/hand-00001.phh",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    sub.add_argument("file", metavar="FILE", help="a .phh file (as play --save writes)")
    sub.add_argument("--seat", type=int, help="show what this seat saw (default: every card)")
    sub.add_argument("--ko", action="store_true", help="in Korean")
    sub.set_defaults(run=cmd_replay)
    return sub


def add_commands(commands: Commands) -> None:
    add_simulate(commands)
    add_play(commands)
    add_replay(commands)
