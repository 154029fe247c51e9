"""The C reader of PokerStars histories (csrc/notation/, a file a stage from reader.c on): a
file's hands cut, read, replayed with every action and amount checked, and written as PHH in C,
a batch at a time.

The Python importer (reader, pokerstars, replay) is its specification: the C reader imports
only the hands it reads exactly as they do, and gives every other hand back (a row marked
``BF_HISTORY_PYTHON``), with its place in the text, for the Python importer to import or to
report. The text goes to C as UTF-8 (``surrogatepass``: any ``str`` encodes, and a hand given
back decodes to the very text it was).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..._badugi import ffi, lib
from .model import ImportedHand, SeatFigures

ROWS = 256  # hands a batch
OUT = 1 << 19  # bytes of PHH text and fields a batch
ROW = int(lib.BF_HISTORY_ROW)
OK = int(lib.BF_HISTORY_OK)
DONE, MORE, FULL, REST = (
    int(lib.BF_HISTORY_DONE),
    int(lib.BF_HISTORY_MORE),
    int(lib.BF_HISTORY_FULL),
    int(lib.BF_HISTORY_REST),
)
# the first line that begins a PokerStars hand
FIRST_HAND = re.compile(r"(?:\A|(?<=[\r\n]))PokerStars (?:Game|Hand) #")
_S, _ID, _CUR, _RAKE, _BB = (
    int(lib.BF_HR_SEATS),
    int(lib.BF_HR_ID),
    int(lib.BF_HR_CURRENCY),
    int(lib.BF_HR_RAKE),
    int(lib.BF_HR_BIG_BLIND),
)
_PHH, _TAIL, _SEAT, _WON, _LABELS = (
    int(lib.BF_HR_PHH),
    int(lib.BF_HR_PHH_TAIL),
    int(lib.BF_HR_SEAT),
    int(lib.BF_HR_WON),
    int(lib.BF_HR_LABELS),
)
_FIGURES, _FIGURE_WIDTH = int(lib.BF_HR_FIGURES), int(lib.BF_HR_FIGURE_WIDTH)


@dataclass
class GivenBack:
    """A hand for the Python importer: its text, first line number, and whether it ends the
    file (its last line then has no line end to wait for)."""

    text: str
    line: int
    last: bool


class Scanner:
    """Batches of hands through ``bf_history_scan``, the buffers made once."""

    def __init__(self, name: str, source_line: str, lazy: object) -> None:
        self.name = name
        self.source_line = source_line  # "_source_file = ...\n", the PHH field C leaves out
        self.lazy = lazy  # the Python importer of a hand's bytes (name, bytes, line, last)
        self.rows = ffi.new("int64_t[]", ROWS * ROW)
        self.out = ffi.new("char[]", OUT)
        self.progress = ffi.new("bf_history_progress *")

    def scan(
        self, data: bytes, final: bool, line: int
    ) -> tuple[int, int, int, list[ImportedHand | GivenBack]]:
        """(status, bytes consumed, the line number there, the hands: ImportedHand or
        GivenBack)."""
        progress = self.progress
        status = lib.bf_history_scan(
            data, len(data), final, line, self.rows, ROWS, self.out, OUT, progress
        )
        if status < 0:
            raise ValueError("the C reader refused its arguments")  # never: reader.py's bug
        count = progress.rows
        rows = memoryview(ffi.buffer(self.rows, 8 * ROW * count)).cast("q").tolist()
        out = ffi.buffer(self.out, progress.out_len)[:].decode("utf-8")
        hands: list[ImportedHand | GivenBack] = []
        name, source_line, lazy, size = self.name, self.source_line, self.lazy, len(data)
        for b in range(0, ROW * count, ROW):
            begin, end, first = rows[b + 1], rows[b + 2], rows[b + 3]
            if rows[b] != OK:
                text = data[begin:end].decode("utf-8", "surrogatepass")
                hands.append(GivenBack(text, first, final and end == size))
                continue
            players = {}
            stacks = {}
            numbers = []
            for at in range(b + _SEAT, b + _SEAT + 4 * rows[b + _S], 4):
                number = rows[at]
                numbers.append(number)
                players[number] = out[rows[at + 1] : rows[at + 1] + rows[at + 2]]
                stacks[number] = rows[at + 3]
            won = rows[b + _WON]
            winnings = {
                numbers[rows[at]]: rows[at + 1]
                for at in range(b + _WON + 1, b + _WON + 1 + 2 * won, 2)
            }
            labels = {
                numbers[rows[at]]: out[rows[at + 1] : rows[at + 1] + rows[at + 2]]
                for at in range(b + _LABELS + 1, b + _LABELS + 1 + 3 * rows[b + _LABELS], 3)
            }
            head, tail = rows[b + _PHH], rows[b + _TAIL]
            phh = (
                out[head : head + rows[b + _PHH + 1]]
                + source_line
                + out[tail : tail + rows[b + _TAIL + 1]]
            )
            cur = rows[b + _CUR + 1]
            currency = out[rows[b + _CUR] : rows[b + _CUR] + cur] if cur else None
            hand = ImportedHand(
                "pokerstars",
                out[rows[b + _ID] : rows[b + _ID] + rows[b + _ID + 1]],
                (name, first),
                None,
                phh,
                [],
                players,
                stacks,
                winnings,
                rows[b + _RAKE],
                labels,
                "cent" if currency else "chip",
                currency,
                rows[b + _BB],
                None,
                (lazy, (name, data[begin:end], first, final and end == size)),  # type: ignore[arg-type]
                (_figures, rows[b + _FIGURES : b + _FIGURES + _FIGURE_WIDTH * rows[b + _S]]),
            )
            hands.append(hand)
        return status, progress.consumed, progress.line, hands


def _figures(row: list[int]) -> tuple[SeatFigures, ...]:
    """Each seat's figures from its part of the row: net, flags, cards drawn at each draw."""
    out = []
    for at in range(0, len(row), _FIGURE_WIDTH):
        net, flags, *drawn = row[at : at + _FIGURE_WIDTH]
        out.append(
            SeatFigures(
                net=net,
                voluntary=bool(flags & lib.BF_HF_VOLUNTARY),
                raised=bool(flags & lib.BF_HF_RAISED),
                saw_draw=bool(flags & lib.BF_HF_SAW_DRAW),
                showdown=bool(flags & lib.BF_HF_SHOWDOWN),
                won=bool(flags & lib.BF_HF_WON),
                drawn=(*(None if c < 0 else c for c in drawn),),  # type: ignore[arg-type]
                snowed=bool(flags & lib.BF_HF_SNOWED),
            )
        )
    return tuple(out)


def encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def chunks_encoded(chunks: Iterator[str]) -> Iterator[bytes]:
    for chunk in chunks:
        yield encode(chunk)


__all__ = ["DONE", "FIRST_HAND", "FULL", "MORE", "REST", "GivenBack", "Scanner", "encode"]
