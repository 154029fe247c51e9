"""`eval`, `compare` and `lookup`: hands to ranks and names, and names back to hands."""

from __future__ import annotations

import argparse
import sys
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from ...cards import DECK
from ...errors import InvalidHandError
from ...hands.evaluator import NUM_HANDS
from ...hands.hand import Hand, describe
from ...hands.naming import class_ranks, english_name, korean_name, lookup_name
from ..common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    Commands,
    HelpFormatter,
    dump,
    error,
    user_values,
)
from ..io import batch
from ..io.sources import Segment, argument_hands, stream_segments

ROWS_PER_WRITE = 1 << 14  # rows formatted at once: the output buffer stays under 5 MB


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


@cache
def line_texts(
    korean: bool, as_json: bool, end: str = "\n", numbered: bool = False
) -> batch.LineTexts:
    """What C needs to write the lines hand_line or hand_json make (followed by ``end``), and
    compare's numbers ``#1\t`` before them when ``numbered``."""
    numbers = ("#", "\t") if numbered else ("", "")
    if as_json:
        return batch.line_texts(lambda hand: dump(hand_json(hand)) + end,
                                lambda card: dump(str(card)), ", ", numbers)  # fmt: skip
    return batch.line_texts(lambda hand: hand_line(hand, korean) + end, str, " ", numbers)


def _write(data: bytes | memoryview) -> None:
    """Bytes to stdout after whatever text went before them."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(bytes(data).decode())
    else:
        buffer.write(data)
        buffer.flush()


def _one_hand(where: str, text: str) -> Hand | None:
    """The hand, or None after reporting why it cannot be read."""
    try:
        return describe(text)
    except InvalidHandError as refused:
        error(where, refused)
        return None


def cmd_eval(args: argparse.Namespace) -> int:
    status = EXIT_OK
    if args.hands:
        for where, text in argument_hands(args.hands):
            hand = _one_hand(where, text)
            if hand is None:
                status = EXIT_BAD_INPUT
            else:
                print(dump(hand_json(hand)) if args.json else hand_line(hand, args.ko))
        return status
    for segment in stream_segments(args.file):
        if isinstance(segment, tuple):  # a line the batch reader refused: the full reader's word
            hand = _one_hand(f"line {segment[0]}", segment[1])
            if hand is None:
                status = EXIT_BAD_INPUT
            else:
                print(dump(hand_json(hand)) if args.json else hand_line(hand, args.ko))
            continue
        texts = line_texts(args.ko and not args.json, args.json)
        for block in batch.format_lines(segment, texts, block_rows=ROWS_PER_WRITE):
            _write(block)
    return status


def _compare_cards(args: argparse.Namespace) -> npt.NDArray[np.uint8] | None:
    """Every hand to compare as an (N, 4) array; None after reporting the first bad one."""
    parts: list[npt.NDArray[np.uint8]] = []
    sources: list[tuple[str, str]] | Any = (
        argument_hands(args.hands) if args.hands else stream_segments(args.file)
    )
    for item in sources:
        segment: Segment | tuple[str, str] = item
        if isinstance(segment, tuple):
            where = segment[0] if isinstance(segment[0], str) else f"line {segment[0]}"
            hand = _one_hand(where, segment[1])
            if hand is None:
                return None
            segment = np.array([hand.dealt], dtype=np.uint8)
        parts.append(segment)
    return np.concatenate(parts) if parts else np.empty((0, 4), dtype=np.uint8)


def cmd_compare(args: argparse.Namespace) -> int:
    cards = _compare_cards(args)
    if cards is None:
        return EXIT_BAD_INPUT
    if len(cards) < 2:
        print("badugi: compare needs at least two hands", file=sys.stderr)
        return EXIT_USAGE
    ranks = batch.ranks_of(cards)
    winners = np.flatnonzero(ranks == ranks.min()).tolist()
    if args.json:  # one object: the hands separated by ", ", the last one without
        _write(b'{"hands": [')
        for part, end in ((cards[:-1], ", "), (cards[-1:], "")):
            for block in batch.format_lines(part, line_texts(False, True, end), 0, ROWS_PER_WRITE):
                _write(block)
        _write(b'], "winners": ' + dump(winners).encode() + b"}\n")
        return EXIT_OK
    numbered = line_texts(args.ko, False, numbered=True)
    for block in batch.format_lines(cards, numbered, 1, ROWS_PER_WRITE):
        _write(block)
    numbers_text = " ".join(f"#{i + 1}" for i in winners)
    if len(winners) == 1:
        print(f"{'승' if args.ko else 'winner'}: {numbers_text}")
    else:
        print(f"{'무승부 (판돈 분할)' if args.ko else 'split pot'}: {numbers_text}")
    return EXIT_OK


@cache
def _census() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp], npt.NDArray[np.uint8]]:
    """Every one of the 270,725 hands ranked once: hands per rank, and a first example."""
    every = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    ranks = batch.ranks_of(every)
    counts = np.bincount(ranks, minlength=1093)
    _, first = np.unique(ranks, return_index=True)
    examples = np.zeros(1093, dtype=np.intp)
    examples[1:] = first
    return counts, examples, every


def cmd_lookup(args: argparse.Namespace) -> int:
    with user_values():
        ranks = lookup_name(args.name)
    counts, examples, every = _census()
    rows: list[dict[str, Any]] = []
    for rank in ranks:
        card_ranks = tuple(sorted(class_ranks(rank), reverse=True))
        example = [str(DECK[int(c)]) for c in sorted(every[examples[rank]], reverse=True)]
        rows.append({"rank": rank, "name": english_name(card_ranks),
                     "name_ko": korean_name(card_ranks), "hands": int(counts[rank]),
                     "example": example})  # fmt: skip
    total = sum(row["hands"] for row in rows)
    if args.json:
        print(dump({"name": args.name, "hands": total, "classes": rows}))
        return EXIT_OK
    share = f"{100 * total / NUM_HANDS:.3f}%"
    if args.ko:
        print(f"{args.name}: {len(rows)}개 족보, {total:,}가지 패 (전체 {NUM_HANDS:,}의 {share})")
        print("순위\t이름\t영어 이름\t패 수\t예")
    else:
        print(f"{args.name}: {len(rows)} class(es), {total:,} hands ({share} of {NUM_HANDS:,})")
        print("rank\tname\tKorean name\thands\texample")
    for row in rows:
        names = (row["name_ko"], row["name"]) if args.ko else (row["name"], row["name_ko"])
        print(
            f"{row['rank']}\t{names[0]}\t{names[1]}\t{row['hands']:,}\t{' '.join(row['example'])}"
        )
    return EXIT_OK


def add_commands(commands: Commands) -> None:
    """eval, compare and lookup."""
    hand_help = 'a hand of four cards, e.g. "As 2d 3h 4c" (quoted), or As 2d 3h 4c unquoted'
    for name, summary, example in (
        ("eval", "rank and name each hand, one line per hand",
         'badugi eval "As 2d 3h 4c" "Kc Kd Kh Ks"\n  badugi eval --ko --file hands.txt\n'
         "  badugi eval < hands.txt > ranks.tsv"),
        ("compare", "find the winner(s) among hands",
         'badugi compare "5d 7c Kc Kh" "2s 3d Ks Kd"'),
    ):  # fmt: skip
        sub = commands.add_parser(
            name,
            help=summary,
            description=f"{summary.capitalize()}. With no HAND and no --file, read stdin.",
            epilog=f"examples:\n  {example}",
            formatter_class=HelpFormatter,
        )
        sub.add_argument("hands", nargs="*", metavar="HAND", help=hand_help)
        sub.add_argument(
            "-f",
            "--file",
            help="read hands one per line from FILE, '-' for stdin; lines starting with '#' are "
            "comments (default: the HAND arguments, else stdin)",
        )
        sub.add_argument("--ko", action="store_true", help="Korean hand names (족보)")
        sub.add_argument("--json", action="store_true", help="JSON output (eval: one per line)")
        sub.set_defaults(run=cmd_eval if name == "eval" else cmd_compare, reads_hands=True)
    lookup = commands.add_parser(
        "lookup",
        help="the hands a name denotes (the inverse of eval)",
        description="The classes, hand counts and an example hand of a hand name (족보).",
        epilog='examples:\n  badugi lookup 골프\n  badugi lookup "7탑"\n'
        '  badugi lookup "three-card 3-2-A"',
        formatter_class=HelpFormatter,
    )
    lookup.add_argument("name", metavar="NAME", help='a hand name, e.g. 골프, "7탑", "엠비씨"')
    lookup.add_argument("--ko", action="store_true", help="Korean names first")
    lookup.add_argument("--json", action="store_true", help="JSON output")
    lookup.set_defaults(run=cmd_lookup)
