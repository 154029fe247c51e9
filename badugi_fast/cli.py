"""The ``badugi`` command: evaluate and compare hands from arguments, a file or stdin.

Exit status: 0 on success, 1 when a hand could not be read, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any

from . import __version__
from .errors import InvalidHandError
from .hand import Hand, describe

EXIT_OK, EXIT_BAD_HAND, EXIT_USAGE = 0, 1, 2


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
            status = EXIT_BAD_HAND
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
            return EXIT_BAD_HAND
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.hands and args.file:
        parser.error("give hands as arguments or with --file, not both")
    try:
        return cmd_eval(args) if args.command == "eval" else cmd_compare(args)
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
