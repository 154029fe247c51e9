"""Train the blueprint: external-sampling MCCFR over its abstraction, checkpointed, logged.

Every ``--every`` iterations the run writes its checkpoint (``--checkpoint``: the regret and
strategy tables and where it stands; ``--resume`` continues from it, on the same batch schedule,
so a resumed run ends with the tables of an unbroken one) and logs a line of its exploitability
estimate to ``--log``:

- on a small deck (``--exact``, the OpenSpiel game ``badugi`` of those ``ranks``, ``suits``
  and ``draws``, which must be small enough for OpenSpiel to walk: a few seconds for 9 cards and
  no draw), the exact exploitability of the average strategy in the real (unabstracted) game,
  by OpenSpiel's best response: the mean of the two players' best-response gains, chips a hand;
- always, the regret bound: the sum of each information set's largest positive average regret,
  halved (Trainer.regret_bound). It bounds the exploitability in the abstract game when the
  regrets are exact; from sampled regrets it is an estimate of that bound, biased upwards by the
  sampling noise early on, and it says nothing of the abstraction's own price.

Each line also gives ``seconds`` (wall time since this run started) and ``train_seconds`` (the
part of it in the trainer, without the estimates); both start from zero on a resume.

At the end the strategy file (``--out``) is written and its sha256 printed.

Usage:
    python tools/train_blueprint.py --iterations 20000000 --threads 2 --out blueprint.bin
    python tools/train_blueprint.py --resume run.npz --iterations 5000000 --out blueprint.bin
    python tools/train_blueprint.py --ranks 3 --suits 3 --draws 0 --iterations 200000 --exact
    python tools/train_blueprint.py --iterations 1000000 --workers 2   # a local Dask cluster
    python tools/train_blueprint.py --iterations 4718592 --discount-every 131072 --out lcfr.bin

``--discount-every N`` trains by Linear CFR in intervals of N iterations (a whole number of
batches; ``Trainer(discount_every=)``), up to ``--discount-until`` (0: the whole run); a
checkpoint keeps both. A resumed run keeps every setting of its checkpoint (the deck, seed,
batch, abstraction and discounting) and refuses such a flag given otherwise.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from badugi_fast.blueprint import Blueprint, Deck, Trainer
from badugi_fast.blueprint.abstraction import ABSTRACTIONS
from badugi_fast.blueprint.strategy import MIN_STACK_BETS
from badugi_fast.cli.cluster import add_distributed_options, dask_executor


def spiel_games(blueprint: Blueprint, stack: int | None = None) -> tuple[Any, Any]:
    """The OpenSpiel game of the blueprint's deck and rules (deep stacks), and its cached tree
    (what OpenSpiel's best response walks fast)."""
    import pyspiel  # type: ignore[import-not-found]

    import badugi_fast.spiel  # noqa: F401  (registers "badugi")

    params = {
        "ranks": blueprint.ranks,
        "suits": blueprint.suits,
        "draws": blueprint.draws,
        "small_bet": blueprint.small_bet,
        "stack": stack or MIN_STACK_BETS * blueprint.small_bet,
        "cap_heads_up": True,
    }
    game = pyspiel.load_game("badugi", params)
    return game, pyspiel.convert_to_cached_tree(game)


def spiel_probabilities(blueprint: Blueprint, state: Any) -> dict[int, float]:
    """The blueprint's probability of each OpenSpiel action at a decision of the Python game
    "badugi" (a draw action is the mask over the hand's cards, lowest id first)."""
    from badugi_fast.spiel.tree import BET_ID

    view = state.node.game.view(state.current_player())
    hand = sorted(view.hand)
    probabilities: dict[int, float] = {}
    for action, p in blueprint.probabilities(view):
        if action.kind == "draw":
            key = sum(1 << hand.index(c) for c in action.cards)
        else:
            key = BET_ID[action.kind]
        probabilities[key] = probabilities.get(key, 0.0) + p
    return probabilities


def spiel_policy(blueprint: Blueprint, games: tuple[Any, Any]) -> Any:
    """The blueprint as OpenSpiel's TabularPolicy of the cached game, filled by walking every
    information state of the Python game once."""
    from open_spiel.python import policy  # type: ignore[import-untyped]

    game, cached = games
    tabular = policy.TabularPolicy(cached)
    seen: set[str] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        key = state.information_state_string()
        if key not in seen:
            seen.add(key)
            row = tabular.policy_for_key(key)
            row[:] = 0
            for action, p in spiel_probabilities(blueprint, state).items():
                row[action] = p
        stack.extend(state.child(a) for a in state.legal_actions())
    return tabular


def exact_exploitability(blueprint: Blueprint, games: tuple[Any, Any] | None = None) -> float:
    """The blueprint's exact exploitability in the real game (the mean of the two players'
    best-response gains), chips a hand, by OpenSpiel's best response."""
    from open_spiel.python.algorithms import exploitability  # type: ignore[import-untyped]

    games = games or spiel_games(blueprint)
    return float(exploitability.exploitability(games[1], spiel_policy(blueprint, games)))


DEFAULTS = {name: p.default for name, p in inspect.signature(Trainer).parameters.items()}


def _count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (the flag named by argparse)."""

    def count(text: str) -> int:
        value = int(text)  # ValueError: argparse says "invalid count value"
        if value < least:
            raise argparse.ArgumentTypeError(f"at least {least}, not {value}")
        return value

    return count


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=_count(0), required=True, help="iterations to run")
    parser.add_argument("--threads", type=int, help="threads (default: every core)")
    # The run's own settings default to None, "not given": a resumed run keeps its
    # checkpoint's, and refuses one given otherwise; a new run takes Deck's and Trainer's.
    parser.add_argument("--seed", type=int)
    parser.add_argument(
        "--batch", type=int, help=f"iterations a frozen strategy ({DEFAULTS['batch']})"
    )
    parser.add_argument("--ranks", type=int)
    parser.add_argument("--suits", type=int)
    parser.add_argument("--draws", type=int)
    parser.add_argument("--small-bet", type=int)
    parser.add_argument(
        "--abstraction",
        type=int,
        help=f"one of {ABSTRACTIONS} (badugi_fast/blueprint/abstraction.py; "
        f"{DEFAULTS['abstraction']})",
    )
    parser.add_argument(
        "--discount-every",
        type=int,
        help="Linear CFR: discount the tables by t/(t+1) every this many iterations (0: never)",
    )
    parser.add_argument("--discount-until", type=int, help="the last discount's iteration (0: all)")
    parser.add_argument("--resume", type=Path, help="continue from this checkpoint")
    parser.add_argument("--checkpoint", type=Path, help="write checkpoints here (.npz)")
    parser.add_argument(
        "--every", type=_count(1), default=1_000_000, help="log and checkpoint step"
    )
    parser.add_argument("--log", type=Path, help="append a JSON line per log step here")
    parser.add_argument("--exact", action="store_true", help="log OpenSpiel's exact value")
    parser.add_argument("--out", type=Path, help="write the strategy file here")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_distributed_options(parser)
    return parser


DECK_SETTINGS = tuple(field.name for field in dataclasses.fields(Deck))
TRAINER_SETTINGS = ("seed", "batch", "abstraction", "discount_every", "discount_until")


def _given(args: argparse.Namespace, names: Sequence[str]) -> dict[str, int]:
    return {name: getattr(args, name) for name in names if getattr(args, name) is not None}


def _trainer(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Trainer:
    """A new trainer of the flags' settings (Deck's and Trainer's own defaults for those not
    given), or the checkpoint's on ``--resume``, where a setting given otherwise than the
    checkpoint's is refused (it would be silently ignored)."""
    deck, rest = _given(args, DECK_SETTINGS), _given(args, TRAINER_SETTINGS)
    if not args.resume:
        try:
            return Trainer(Deck(**deck), **rest)
        except (TypeError, ValueError) as error:
            parser.error(str(error))
    try:
        trainer = Trainer.load(args.resume)
    except (OSError, ValueError) as error:
        parser.error(f"--resume: {error}")
    kept = {name: getattr(trainer.deck, name) for name in deck}
    kept |= {name: getattr(trainer, name) for name in rest}
    for name, given in (deck | rest).items():
        if given != kept[name]:
            flag = "--" + name.replace("_", "-")
            parser.error(
                f"{flag} {given} differs from the checkpoint's {kept[name]}: a resumed run "
                "keeps its checkpoint's settings (leave the flag out)"
            )
    return trainer


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    for flag in ("checkpoint", "out", "log"):  # refused now, not after hours of training
        path = getattr(args, flag)
        if path is not None and path.is_dir():
            parser.error(f"--{flag} {path} is a directory: name a file")
    trainer = _trainer(args, parser)
    checkpoint = args.checkpoint or args.resume
    games = spiel_games(trainer.blueprint()) if args.exact else None
    bar = None
    if not args.quiet:
        from tqdm import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=args.iterations, unit="it", unit_scale=True)
    start, left, trained = time.monotonic(), args.iterations, 0.0
    workers = args.workers or 1
    threads = args.threads
    if threads is None and (args.workers or args.scheduler):
        threads = 1  # a worker process is one core's work: processes give the parallelism
    with dask_executor(args) as executor:
        while left:
            step = min(left, args.every)
            began = time.monotonic()
            trainer.run(
                step,
                threads=threads,
                executor=executor,
                workers=workers,
                progress=bar.update if bar is not None else None,
            )
            trained += time.monotonic() - began
            left -= step
            if checkpoint:
                trainer.save(checkpoint)
            line: dict[str, Any] = {
                "iterations": trainer.iterations,
                "seconds": round(time.monotonic() - start, 1),
                "train_seconds": round(trained, 1),  # in the trainer alone, without the estimates
                "regret_bound": trainer.regret_bound(),
            }
            if games is not None:
                line["exploitability"] = exact_exploitability(trainer.blueprint(), games)
            text = json.dumps(line)
            if args.log:
                with args.log.open("a", encoding="utf-8") as log:
                    log.write(text + "\n")
            (bar.write if bar is not None else print)(text)
    if bar is not None:
        bar.close()
    if args.out:
        digest = trainer.blueprint().save(args.out)
        print(f"{args.out}: sha256 {digest}")
    return 0


__all__ = ["exact_exploitability", "main", "spiel_games", "spiel_policy", "spiel_probabilities"]

if __name__ == "__main__":
    sys.exit(main())
