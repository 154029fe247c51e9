"""Many hands from text, read in C: a list of strings, or one string with a hand per line."""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TextIO

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from ..cards import hand_ids
from ..errors import InvalidHandError


def refuse_unordered_hands(hands: object, who: str) -> None:
    """Many hands come in order, one result per hand: a mapping would be read as its keys and a
    set in no stated order."""
    if isinstance(hands, Mapping | AbstractSet):
        raise TypeError(
            f"{who} takes the hands in order (a list or an array), not a {type(hands).__name__}"
        )


def parse_hands(hands: str | os.PathLike[str] | TextIO | Iterable[str]) -> npt.NDArray[np.uint8]:
    """An (N, 4) uint8 array of card ids from hands given as text.

    ``hands`` is a sequence of strings, one hand each; or one string, a path or an open text
    file with a hand per line (lines end at ``\\n``; blank lines are skipped). Raises
    InvalidHandError naming the first bad row (``error.row``) or line (``error.line``, from 1).
    """
    if isinstance(hands, os.PathLike):
        return _parse_lines(Path(hands).read_text(encoding="utf-8"))
    if isinstance(hands, io.TextIOBase):
        return _parse_lines(hands.read())
    if isinstance(hands, str):
        return _parse_lines(hands)
    refuse_unordered_hands(hands, "parse_hands")
    try:
        rows = list(hands)
    except TypeError:
        raise TypeError(
            "hands must be a str, a path, a text file or a sequence of str,"
            f" not {type(hands).__name__}"
        ) from None
    n = len(rows)
    cards = np.empty((n, 4), dtype=np.uint8)
    if n == 0:
        return cards
    try:
        joined = "\n".join(rows)
    except TypeError:
        row = next(i for i, text in enumerate(rows) if not isinstance(text, str))
        raise TypeError(
            f"row {row}: a text hand is a str, not {type(rows[row]).__name__}"
        ) from None
    first_unread = 0
    # One C call for the whole batch, unless a row holds a newline (the rows would shift) or text
    # that UTF-8 cannot encode; the row-by-row path below then takes over.
    if joined.count("\n") == n - 1:
        try:
            data = joined.encode()
        except UnicodeEncodeError:
            pass
        else:
            first_unread = lib.bf_parse_hands(data, len(data), n, ffi.from_buffer(cards))
    for i in range(first_unread, n):
        cards[i] = _one_hand(rows[i], f"row {i}", row=i)
    return cards


def _parse_lines(text: str) -> npt.NDArray[np.uint8]:
    try:
        data = text.encode()
    except UnicodeEncodeError:  # lone surrogates: every line through the row reader
        data = text.encode(errors="surrogatepass")
    cards = np.empty((data.count(b"\n") + 1, 4), dtype=np.uint8)
    buffer, out, stop = ffi.from_buffer(data), ffi.from_buffer(cards), ffi.new("size_t *")
    rows = start = 0
    line_number = 1  # of the line starting at `start`
    while start < len(data):
        room = len(cards) - rows
        rows += lib.bf_parse_lines(buffer + start, len(data) - start, room, out + 4 * rows, stop)
        line_number += data.count(b"\n", start, start + stop[0])
        start += stop[0]
        if start >= len(data):
            break
        # C could not read this line: the Python reader accepts it or names what is wrong.
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        line = data[start:end].decode(errors="surrogatepass")
        if line.replace(",", " ").strip():  # blank: only separators (C skips the ASCII ones)
            cards[rows] = _one_hand(line, f"line {line_number}", row=rows, line=line_number)
            rows += 1
        start, line_number = end + 1, line_number + 1
    return cards[:rows]


def c_hand_ids(text: str) -> tuple[int, int, int, int] | None:
    """The hand's ids read by the C reader, or None when it leaves the text to Python."""
    try:
        data = text.encode()
    except UnicodeEncodeError:
        return None
    packed = lib.bf_parse_hand(data, len(data))
    if packed < 0:
        return None
    return packed & 255, packed >> 8 & 255, packed >> 16 & 255, packed >> 24 & 255


def _one_hand(text: str, where: str, *, row: int, line: int | None = None) -> tuple[int, ...]:
    """One hand: C when it can read it, else the Python reader (the specification)."""
    ids = c_hand_ids(text)
    if ids is not None:
        return ids
    try:
        return hand_ids(text)
    except InvalidHandError as error:
        raise InvalidHandError(
            f"{where}: {error}", token=error.token, row=row, hand=[text], line=line
        ) from None
