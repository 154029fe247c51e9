"""`badugi import FILE...`: room hand histories (PokerStars, Full Tilt, KingsClub, Merge) read,
replayed and written as PHH, with how many hands were read and skipped and why, and each
player's summary as a table or JSON.

Exit status: 0 when every hand was imported or skipped as a game the library does not play;
1 when some hand had a problem (each is printed on stderr with its file and line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ...notation.histories import ImportedHand, read_histories
from ...notation.histories.model import SITES
from ...notation.histories.summary import PlayerSummary, summarize, table
from ..common import EXIT_BAD_INPUT, EXIT_OK, Commands, HelpFormatter, dump

_SKIPPED = ": skipped: "  # an unsupported game, not a problem of the file


def _hands(args: argparse.Namespace) -> Iterator[ImportedHand]:
    for name in args.files:
        path = Path(name)
        if path.is_dir():
            raise IsADirectoryError(21, "A folder, not a history file", name)
        if not path.exists():
            raise FileNotFoundError(2, "No such file", name)
        yield from read_histories(path, site=args.site)  # a device or a pipe: read as it is


def _file_name(hand: ImportedHand, taken: set[str]) -> str:
    stem = f"{hand.site}-{hand.hand_id or hand.source[1]}"
    stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in stem)
    name, k = f"{stem}.phh", 1
    while name in taken:
        k += 1
        name = f"{stem}-{k}.phh"
    taken.add(name)
    return name


class _Writer:
    """PHH out: one ``.phhs`` file (hands as ``[1]``, ``[2]``, ... tables), a folder with a
    ``.phh`` file per hand, or ``-`` for the ``.phhs`` text on stdout."""

    def __init__(self, out: str | None, stdout: TextIO) -> None:
        self.count = 0
        self.folder: Path | None = None
        self.file: TextIO | None = None
        self.taken: set[str] = set()
        self.owned = False
        if out is None:
            return
        if out == "-":
            self.file = stdout
        elif out.endswith(".phhs"):
            self.file, self.owned = open(out, "w", encoding="utf-8"), True
        else:
            self.folder = Path(out)
            self.folder.mkdir(parents=True, exist_ok=True)

    def write(self, hand: ImportedHand) -> None:
        if hand.phh is None:
            return
        self.count += 1
        if self.file is not None:
            self.file.write(("\n" if self.count > 1 else "") + f"[{self.count}]\n{hand.phh}")
        elif self.folder is not None:
            path = self.folder / _file_name(hand, self.taken)
            path.write_text(hand.phh, encoding="utf-8")

    def close(self) -> None:
        if self.owned and self.file is not None:
            self.file.close()


def cmd_import(args: argparse.Namespace) -> int:
    stdout = sys.stdout
    report = sys.stderr if args.out == "-" else stdout
    writer = _Writer(args.out, stdout)
    imported: list[ImportedHand] = []
    read = skipped = unsupported = repeated = 0
    reasons: list[str] = []
    first_seen: dict[tuple[str, str], tuple[str, int]] = {}  # (room, hand id) -> its source
    hands = _hands(args)
    if not args.json and not args.no_progress and sys.stderr.isatty():
        from tqdm import tqdm  # type: ignore[import-untyped]

        hands = tqdm(hands, unit=" hands", file=sys.stderr)
    try:
        for hand in hands:
            read += hand.hand_id is not None
            if not hand.imported:  # (not hand.game: that replays a hand the C reader read)
                skipped += 1
                unsupported += all(_SKIPPED in p for p in hand.problems)
                reasons += hand.problems
                for problem in hand.problems:
                    print(f"badugi: {problem}", file=sys.stderr)
                continue
            key = (hand.site, hand.hand_id or "")
            if key in first_seen:  # the same file twice, or exports that overlap
                repeated += 1
                file, line = first_seen[key]
                print(f"badugi: {hand.source[0]}:line {hand.source[1]}: {hand.site} hand "
                      f"#{hand.hand_id} repeats the hand at {file}:line {line}: counted once",
                      file=sys.stderr)  # fmt: skip
                continue
            first_seen[key] = hand.source
            writer.write(hand)
            imported.append(hand)
    finally:
        writer.close()
    figures = summarize(imported, player=args.player)
    counts = (read, len(imported), skipped, unsupported, repeated)
    _report(args, report, counts, figures)
    return EXIT_OK if skipped == unsupported else EXIT_BAD_INPUT


def _report(args: argparse.Namespace, out: TextIO, counts: tuple[int, int, int, int, int],
            figures: dict[str, PlayerSummary]) -> None:  # fmt: skip
    read, imported, skipped, unsupported, repeated = counts
    if args.json:
        print(dump({
            "read": read,
            "imported": imported,
            "skipped": skipped,
            "unsupported": unsupported,
            "repeated": repeated,
            "players": {name: s.as_dict() for name, s in sorted(figures.items())},
        }), file=out)  # fmt: skip
        return
    again = f", {repeated} repeated (counted once)" if repeated else ""
    print(f"{read} hands read: {imported} imported, {skipped} skipped "
          f"({unsupported} of a game the library does not play, "
          f"{skipped - unsupported} with problems){again}", file=out)  # fmt: skip
    if figures:
        print(table(figures), file=out)


def add_import(commands: Commands) -> argparse.ArgumentParser:
    sub = commands.add_parser(
        "import", help="read room hand histories (PokerStars, Full Tilt, KingsClub, Merge) to PHH",
        description="Read Badugi hand histories as PokerStars, Full Tilt, KingsClub or Merge\n"
                    "wrote them, replay every hand (unknown cards as ??) checking each action\n"
                    "and amount, write them as PHH and print how many hands were read and\n"
                    "skipped, and why, with each player's summary: hands, net won (and bb/100),\n"
                    "VPIP, preflop raise (PFR), went to showdown (WTSD), won at showdown (W$SD),\n"
                    "cards drawn at each draw, stood pat and snowed. Exit status 1 when a hand\n"
                    "had a problem (a game the library does not play is not one).",
        epilog="examples:\n  badugi import HH20100905.txt\n"
               "  badugi import --out hands.phhs --player Hero *.txt\n"
               "  badugi import --out hands/ --json export.xml",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    sub.add_argument("files", nargs="+", metavar="FILE", help="history files")
    sub.add_argument("--site", choices=SITES, help="the room (default: told from the file)")
    sub.add_argument("--out", metavar="FILE.phhs|DIR|-",
                     help="write the imported hands as PHH: one .phhs file, a folder with a "
                          ".phh file per hand, or - for stdout (the report then goes to "
                          "stderr) (default: no PHH written)")  # fmt: skip
    sub.add_argument("--json", action="store_true", help="the report and summary as JSON")
    sub.add_argument(
        "--player", metavar="NAME", help="the summary of this player only (default: every player)"
    )
    sub.add_argument("--no-progress", action="store_true", help="no progress bar")
    sub.set_defaults(run=cmd_import)
    return sub


def add_commands(commands: Commands) -> None:
    add_import(commands)


__all__ = ["add_commands", "cmd_import"]
