"""Where `eval` and `compare` read hands: the arguments, or the lines of a file or stdin.

A stream is read in blocks of whole lines, each block parsed in C in one call; a line the C
reader refuses comes back alone (with its number), so the command can report it and go on.
On a terminal stdin is read line by line, after saying so.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

import numpy as np
import numpy.typing as npt

from ...cards import card_id
from ...errors import InvalidHandError
from ...hands.text import parse_hands
from ..common import BadInput, UnreadableInput

BLOCK_CHARS = 1 << 22  # about 350,000 lines of text a block
BOM = "\ufeff"

Cards = npt.NDArray[np.uint8]
# A block's good hands as an (N, 4) array, or one line the batch reader refused: (number, text).
Segment = Cards | tuple[int, str]


def argument_hands(texts: Sequence[str]) -> list[tuple[str, str]]:
    """(where, text) per hand given as arguments. When every argument is one card (the shell
    split an unquoted hand: ``badugi eval As 2d 3h 4c``), the cards make hands four at a time."""
    if len(texts) > 1 and all(_one_card(text) for text in texts):
        if len(texts) % 4:
            left = " ".join(texts[len(texts) - len(texts) % 4 :])
            raise BadInput(
                f"{len(texts)} single cards make no whole number of hands (four cards each): "
                f'{left} left over; quote each hand, e.g. "As 2d 3h 4c"'
            )
        texts = [" ".join(texts[i : i + 4]) for i in range(0, len(texts), 4)]
    return [(f"hand {i}", text) for i, text in enumerate(texts, start=1)]


def _one_card(text: str) -> bool:
    try:
        card_id(text.strip())
    except (InvalidHandError, TypeError):
        return False
    return True


def open_input(path: str | None) -> TextIO:
    """The file, or stdin for None or '-': UTF-8 text, a byte-order mark skipped."""
    if path not in (None, "-"):
        return open(path, encoding="utf-8-sig")  # the caller closes it
    stream = sys.stdin
    if stream is None or stream.closed:
        raise UnreadableInput(
            "standard input is closed: give hands as arguments or with --file FILE"
        )
    if stream.isatty():
        print(
            "badugi: reading hands from standard input, one per line (end with Ctrl-D)",
            file=sys.stderr,
        )
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # already text (a test's StringIO)
        return stream
    # The same decoding as --file, whatever the locale says: UTF-8, strict, BOM skipped.
    return io.TextIOWrapper(buffer, encoding="utf-8-sig", line_buffering=False)


def blocks(stream: TextIO) -> Iterator[tuple[int, str]]:
    """(number of the first line, text of whole lines) blocks; single lines on a terminal."""
    line_number = 1
    interactive = stream.isatty()
    # utf-8-sig already dropped one BOM: a second one is text, refused as the per-line path does
    first = getattr(stream, "encoding", None) != "utf-8-sig"
    while True:
        text = stream.readline() if interactive else stream.read(BLOCK_CHARS)
        if not text:
            return
        if not interactive and not text.endswith("\n"):
            text += stream.readline()
        if first and text.startswith(BOM):  # a BOM read through a stream that kept it
            text = text[1:]
        first = False
        yield line_number, text
        line_number += text.count("\n")


def segments(first_line: int, text: str) -> Iterator[Segment]:
    """The block's hands: runs of good lines as arrays, each refused line alone. Blank lines and
    comment lines (starting with '#') are skipped."""
    if "#" in text:  # blank the comments, keeping the line numbers
        text = "\n".join("" if line.lstrip().startswith("#") else line for line in text.split("\n"))
    while text:
        try:
            yield parse_hands(text)
            return
        except InvalidHandError as refused:
            if refused.line is None:
                raise
            parts = text.split("\n", refused.line)
            good = "\n".join(parts[: refused.line - 1])
            if good.strip():
                yield parse_hands(good)
            yield first_line + refused.line - 1, parts[refused.line - 1].strip()
            text = parts[refused.line] if len(parts) > refused.line else ""
            first_line += refused.line


def stream_segments(path: str | None) -> Iterator[Segment]:
    stream = open_input(path)
    try:
        for first_line, text in blocks(stream):
            yield from segments(first_line, text)
    finally:
        if stream is not sys.stdin:
            if path in (None, "-"):
                stream.detach()  # type: ignore[attr-defined]  # leave sys.stdin open
            else:
                stream.close()
