"""Opening a history: the source (a path, an open file or the text itself), its encoding and
its lines, read a chunk at a time so that a file of any size costs about one chunk of memory.

Encodings: UTF-8 with or without a BOM, UTF-16 with a BOM (as Full Tilt writes), and UTF-16
without one when every other byte of the start is zero. Bytes that are not text in the
encoding become U+FFFD and the lines holding them are reported like any line not understood;
bytes left at the end that make no whole character (the odd byte of a UTF-16 file) make a line
of their own, which the reader reports as the file's (reader.py).
Line ends: ``\\n``, ``\\r\\n`` or ``\\r``. A line longer than ``MAX_LINE`` characters is cut
there (the rest, up to the next line end, is dropped) so that binary noise cannot grow a line
without bound.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .lines import Line

CHUNK = 1 << 16  # characters or bytes read at a time
MAX_LINE = 100_000  # characters: a line of a history is at most a few hundred
_BREAK = re.compile(r"\r\n|\r|\n")

Source = str | os.PathLike[str] | bytes | IO[str] | IO[bytes]


def _encoding(start: bytes) -> str:
    """The codec for bytes that begin with ``start``."""
    if start.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    pairs = start[: len(start) // 2 * 2][:200]
    if pairs and pairs[1::2].count(0) == len(pairs) // 2 and pairs[0::2].count(0) == 0:
        return "utf-16-le"
    if pairs and pairs[0::2].count(0) == len(pairs) // 2 and pairs[1::2].count(0) == 0:
        return "utf-16-be"
    return "utf-8"


def _decoded(chunks: Iterator[bytes]) -> Iterator[str]:
    first = next(chunks, b"")
    while len(first) < 4:  # enough to see a BOM
        more = next(chunks, b"")
        if not more:
            break
        first += more
    decoder = codecs.getincrementaldecoder(_encoding(first))(errors="replace")
    last = decoder.decode(first)
    yield last
    for chunk in chunks:
        text = decoder.decode(chunk)
        last = text or last
        yield text
    tail = decoder.decode(b"", final=True)  # bytes left that end no character: not text
    if tail and last and not last.endswith(("\n", "\r")):
        tail = "\n" + tail  # a line of their own, not the end of the file's last line
    yield tail


def _read(file: IO[Any]) -> Iterator[Any]:
    while True:
        chunk = file.read(CHUNK)
        if not chunk:
            return
        yield chunk


def _bytes_chunks(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), CHUNK):
        yield data[start : start + CHUNK]


def _text_chunks(text: str) -> Iterator[str]:
    for start in range(0, len(text), CHUNK):
        yield text[start : start + CHUNK]


def _texts(source: Source) -> tuple[str, Iterator[str]]:
    """The source's name and its text, a chunk at a time."""
    if isinstance(source, bytes | bytearray):
        return "<bytes>", _decoded(_bytes_chunks(bytes(source)))
    if isinstance(source, str) and ("\n" in source or "\r" in source or not os.path.isfile(source)):
        return "<text>", _text_chunks(source)
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        return str(path), _file_texts(path)
    if hasattr(source, "read"):
        name = str(getattr(source, "name", "<file>"))
        if isinstance(source, io.TextIOBase) or isinstance(source.read(0), str):
            return name, _read(source)
        return name, _decoded(_read(source))
    raise TypeError(f"a history is a path, an open file or its text, not {type(source).__name__}")


def _file_texts(path: Path) -> Iterator[str]:
    with path.open("rb") as file:
        yield from _decoded(_read(file))


def lines_of(texts: Iterable[str], pieces: bool = False) -> Iterator[Line]:
    """(line number, text) of every line, from 1, blank lines included; a BOM read as text
    (U+FEFF at the start) is dropped. A line of MAX_LINE characters or more is cut there (the
    rest dropped), or with ``pieces`` (for XML, where a whole file may be one line) given in
    pieces of the same line number: every piece but the last exactly MAX_LINE characters, the
    last shorter (maybe empty), so a piece of MAX_LINE characters always goes on."""
    if pieces:
        yield from _pieces(texts)
        return
    pending = ""
    number = 0
    skipping = False  # within an over-long line, up to its end
    first = True
    for chunk in texts:
        if first and chunk:
            chunk, first = chunk.removeprefix("\ufeff"), False
        pending += chunk
        held = ""
        if pending.endswith("\r"):  # it may be the first half of "\r\n"
            pending, held = pending[:-1], "\r"
        parts = _BREAK.split(pending)
        for part in parts[:-1]:
            number += 1
            if skipping:
                skipping = False
                continue
            yield number, part[:MAX_LINE]
        pending = parts[-1] + held
        if len(pending) > MAX_LINE and not skipping:  # counted when its line end comes
            yield number + 1, pending[:MAX_LINE]
            pending, skipping = "", True
        elif skipping:
            pending = held
    pending = pending.removesuffix("\r")  # the file's last line end (old Mac line ends)
    if pending and not skipping:
        yield number + 1, pending[:MAX_LINE]


def _pieces(texts: Iterable[str]) -> Iterator[Line]:
    """lines_of with ``pieces``: as lines_of, but a long line's pieces instead of its start."""
    pending = ""
    number = 1
    first = True
    for chunk in texts:
        if first and chunk:
            chunk, first = chunk.removeprefix("\ufeff"), False
        pending += chunk
        held = ""
        if pending.endswith("\r"):  # it may be the first half of "\r\n"
            pending, held = pending[:-1], "\r"
        parts = _BREAK.split(pending)
        for part in parts[:-1]:
            while len(part) >= MAX_LINE:
                yield number, part[:MAX_LINE]
                part = part[MAX_LINE:]
            yield number, part
            number += 1
        pending = parts[-1]
        while len(pending) >= MAX_LINE:
            yield number, pending[:MAX_LINE]
            pending = pending[MAX_LINE:]
        pending += held
    pending = pending.removesuffix("\r")
    if pending:
        yield number, pending


def texts_of(source: Source) -> tuple[str, Iterator[str]]:
    """The source's name and its text, decoded, a chunk at a time."""
    name, texts = _texts(source)
    return name, iter(texts)


def open_lines(source: Source) -> tuple[str, Iterator[Line]]:
    """The source's name and its lines."""
    name, texts = _texts(source)
    return name, lines_of(texts)


__all__ = ["MAX_LINE", "Source", "lines_of", "open_lines", "texts_of"]
