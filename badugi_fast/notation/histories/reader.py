"""``read_histories``: every hand of a history file, one at a time, imported or not.

The site is told by the first line that begins a hand of one of them (``PokerStars Game #``,
``PokerStars Hand #``, ``Full Tilt Poker Game #``, KingsClub's ``#ID: ``, or XML for Merge);
lines before it are reported as one problem. A text file's hands are cut at each line that
begins a hand, so blank lines (between hands, or after every line as some Full Tilt exports
have them) do not matter; a hand of more than ``MAX_HAND_LINES`` lines is reported, not kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain

from ..phh.write import toml_value
from . import fast, fulltilt, kingsclub, merge, pokerstars
from .detect import Source, lines_of, texts_of
from .lines import Line, TextParser, Unsupported
from .model import SITES, ImportedHand, LineProblem
from .replay import import_hand

MAX_HAND_LINES = 2_000  # a Badugi hand takes well under a hundred lines
_STARTS: dict[str, re.Pattern[str]] = {
    "pokerstars": pokerstars.START,
    "fulltilt": fulltilt.START,
    "kingsclub": kingsclub.START,
    "merge": merge.START,
}
_PARSERS: dict[str, type[TextParser]] = {
    "pokerstars": pokerstars.PokerStars,
    "fulltilt": fulltilt.FullTilt,
    "kingsclub": kingsclub.KingsClub,
}
_UNITS = {"kingsclub": "hundredth"}
C_READER = True  # PokerStars through the C reader (False: the Python importer alone, its spec)
_NOISE = [parser.NOISE for parser in _PARSERS.values()]
_ID = re.compile(r"#([0-9]+)")


def read_histories(source: Source, *, site: str | None = None) -> Iterator[ImportedHand]:
    """Every hand of ``source`` (a path, an open text or binary file, bytes, or the text itself:
    a ``str`` is a path when it names a file, else the text) as an ``ImportedHand``, in order:
    replayed, or with the problems that kept it out. ``site``
    ("pokerstars", "fulltilt", "kingsclub" or "merge") is detected when not given. Lines the
    file holds outside any hand come as an ``ImportedHand`` without a ``hand_id``."""
    if site is not None and site not in SITES:
        raise ValueError(f"site is one of {', '.join(SITES)}, not {site!r}")
    name, texts = texts_of(source)
    if C_READER and site in (None, "pokerstars"):
        return _fast_hands(name, texts, site)
    return _hands(name, _lines(texts, site), site)


def _lines(texts: Iterator[str], site: str | None) -> Iterator[Line]:
    """The file's lines; an XML file's (Merge, told by its first character that is not white
    space) with its long lines in pieces: a Merge export may hold every game on one line."""
    head = ""
    for chunk in texts:
        head += chunk
        if head.lstrip("\ufeff \t\r\n") or len(head) > FIRST_HAND_WITHIN:
            break
    xml = site == "merge" or (site is None and head.lstrip("\ufeff \t\r\n").startswith("<"))
    return lines_of(chain([head], texts), pieces=xml)


def _site_of(text: str) -> str | None:
    return next((site for site, start in _STARTS.items() if start.match(text)), None)


def _hands(name: str, lines: Iterator[Line], site: str | None) -> Iterator[ImportedHand]:
    stray: list[Line] = []
    stray_count = 0
    for line, text in lines:
        if not text.strip():
            continue
        found = _site_of(text) if site is None else site if _STARTS[site].match(text) else None
        if found is None and any(noise.fullmatch(text) for noise in _NOISE):
            continue  # a room's notice before the first hand
        if found is None:
            stray_count += 1
            if len(stray) < 3:
                stray.append((line, text))
            continue
        if stray_count:
            yield _stray(name, site or found, stray, stray_count)
        if found == "merge":
            yield from merge.read(name, (line, text), lines)
        else:
            yield from _text_hands(name, found, (line, text), lines)
        return
    if stray_count:
        yield _stray(name, site or "unknown", stray, stray_count)


def _stray(name: str, site: str, stray: list[Line], count: int) -> ImportedHand:
    first, text = stray[0]
    return ImportedHand(
        site,
        None,
        (name, first),
        problems=[
            f"{name}:line {first}: {count} line(s) outside any hand that the importer does "
            f"not know, the first {text[:200]!r}"
        ],
    )


def _text_hands(name: str, site: str, first: Line, lines: Iterator[Line]) -> Iterator[ImportedHand]:
    start = _STARTS[site]
    hand = [first]
    dropped = 0
    for line, text in lines:
        if not text.strip():
            continue
        if start.match(text):
            yield from _text_hand_and_stray(name, site, hand, dropped)
            hand, dropped = [(line, text)], 0
        elif len(hand) < MAX_HAND_LINES:
            hand.append((line, text))
        else:
            dropped += 1
    yield from _text_hand_and_stray(name, site, hand, dropped)


_NOT_TEXT = re.compile(r"[\ufffd\x00-\x20\x7f-\x9f]*")  # undecodable bytes, controls, spaces


def _text_hand_and_stray(
    name: str, site: str, lines: list[Line], dropped: int
) -> Iterator[ImportedHand]:
    """The hand, then the lines after its last that hold no text at all (bytes that are not
    text in the file's encoding, such as the odd byte that ends some UTF-16 files, or control
    characters): those lie between hands, and are reported as the file's, not the hand's."""
    end = len(lines)
    while end > 1 and _NOT_TEXT.fullmatch(lines[end - 1][1]):
        end -= 1
    yield _text_hand(name, site, lines[:end], dropped)
    if end < len(lines):
        first, text = lines[end]
        yield ImportedHand(site, None, (name, first), problems=[
            f"{name}:line {first}: {len(lines) - end} line(s) between hands that are not "
            f"text (bytes the file's encoding does not read), the first {text[:200]!r}"
        ])  # fmt: skip


def _text_hand(name: str, site: str, lines: list[Line], dropped: int) -> ImportedHand:
    line, text = lines[0]
    found = _ID.search(text)
    hand_id = found.group(1) if found else None
    if dropped:
        return ImportedHand(site, hand_id, (name, line), problems=[
            f"{name}:line {line}: a hand of more than {MAX_HAND_LINES} lines: not a hand"
        ])  # fmt: skip
    try:
        record = _PARSERS[site](lines).parse()
    except Unsupported as reason:
        return ImportedHand(site, hand_id, (name, line), problems=[
            f"{name}:line {line}: skipped: {reason}: {text[:200]!r}"
        ])  # fmt: skip
    except LineProblem as problem:
        return ImportedHand(site, hand_id, (name, line), problems=[f"{name}:{problem}"])
    return import_hand(record, name, _UNITS.get(site, ""))


# -- PokerStars through the C reader (fast.py) ---------------------------------------------------

FIRST_HAND_WITHIN = 1 << 20  # characters: a file whose first hand starts later is read in Python
MAX_PENDING = 1 << 18  # bytes of one hand still going on: past this the rest is read in Python


def _fast_hands(name: str, texts: Iterator[str], site: str | None) -> Iterator[ImportedHand]:
    """``_hands`` for a file that may be PokerStars: the lines before its first hand read as
    ``_hands`` reads them, then its hands through the C reader (``_c_hands``). Any other
    file, or one whose start is unusual (a second BOM, another site's line first, no hand in
    the first megabyte): ``_hands`` itself."""
    head = ""
    found = None
    for chunk in texts:
        head += chunk
        found = fast.FIRST_HAND.search(head.removeprefix("\ufeff"))
        if found is not None or len(head) > FIRST_HAND_WITHIN:
            break
    body = head.removeprefix("\ufeff")
    before = _before_first_hand(body[: found.start()], site) if found is not None else None
    if found is None or body.startswith("\ufeff") or before is None:
        yield from _hands(name, _lines(chain([head], texts), site), site)
        return
    first_line, stray, stray_count = before
    if stray_count:
        yield _stray(name, "pokerstars", stray, stray_count)
    yield from _c_hands(name, fast.encode(body[found.start() :]), first_line, texts)


def _before_first_hand(text: str, site: str | None) -> tuple[int, list[Line], int] | None:
    """The first hand's line number and the lines before it that ``_hands`` reports (the
    first three, and how many), or None when one of them begins another site's hand."""
    before = list(lines_of([text + "P"]))  # "P": as the first hand's line ends the last
    first_line = before.pop()[0]
    stray: list[Line] = []
    stray_count = 0
    for line, text in before:
        if not text.strip():
            continue
        if (site is None and _site_of(text) is not None) or (site and _STARTS[site].match(text)):
            return None
        if any(noise.fullmatch(text) for noise in _NOISE):
            continue
        stray_count += 1
        if len(stray) < 3:
            stray.append((line, text))
    return first_line, stray, stray_count


def _c_hands(name: str, data: bytes, line: int, texts: Iterator[str]) -> Iterator[ImportedHand]:
    """The hands of ``data`` (which begins with a hand's first line, numbered ``line``) and of
    the text still to come, through the C reader; each hand it gives back through
    ``_text_hand``; where a hand is too long for it (more than MAX_HAND_LINES lines or
    MAX_PENDING bytes), the rest of the file through ``_text_hands``."""
    scanner = fast.Scanner(name, f"_source_file = {toml_value(name)}\n", _bytes_hand)
    final = False
    while True:
        status, consumed, line, hands = scanner.scan(data, final, line)
        for hand in hands:
            if isinstance(hand, ImportedHand):
                yield hand
            else:
                yield from _given_back(name, hand)
        data = data[consumed:]
        if status == fast.DONE:
            return
        if status == fast.REST or (status == fast.MORE and len(data) > MAX_PENDING):
            rest = data.decode("utf-8", "surrogatepass")
            start = line - 1
            lines = ((number + start, text) for number, text in lines_of(chain([rest], texts)))
            yield from _text_hands(name, "pokerstars", next(lines), lines)
            return
        if status == fast.MORE:
            chunk = next(texts, None)
            if chunk is None:
                final = True
            else:
                data += fast.encode(chunk)


def _given_back(name: str, hand: fast.GivenBack) -> Iterator[ImportedHand]:
    """A hand the C reader gave back, through ``_text_hand`` as ``_text_hands`` reads it (and
    the lines after it that are not text, reported apart)."""
    if hand.last:
        numbered = list(lines_of([hand.text]))
    else:  # "P": as the next hand's first line ends the last line
        numbered = list(lines_of([hand.text + "P"]))[:-1]
    lines: list[Line] = []
    dropped = 0
    for number, text in numbered:
        if not text.strip():
            continue
        if len(lines) < MAX_HAND_LINES:
            lines.append((number + hand.line - 1, text))
        else:
            dropped += 1
    return _text_hand_and_stray(name, "pokerstars", lines, dropped)


def _bytes_hand(name: str, data: bytes, line: int, last: bool) -> ImportedHand:
    """The Python import of a hand the C reader imported (its ``game`` and ``record``)."""
    (hand,) = _given_back(name, fast.GivenBack(data.decode("utf-8", "surrogatepass"), line, last))
    return hand  # the C reader imported it: no line of it is stray


__all__ = ["MAX_HAND_LINES", "read_histories"]
