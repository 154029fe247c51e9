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

from . import fulltilt, kingsclub, merge, pokerstars
from .detect import Source, open_lines
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
    name, lines = open_lines(source)
    return _hands(name, lines, site)


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
            yield _text_hand(name, site, hand, dropped)
            hand, dropped = [(line, text)], 0
        elif len(hand) < MAX_HAND_LINES:
            hand.append((line, text))
        else:
            dropped += 1
    yield _text_hand(name, site, hand, dropped)


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


__all__ = ["MAX_HAND_LINES", "read_histories"]
