"""PHH histories as ``ImportedHand``\\ s, so that what reads a room's file (the summary, a review)
reads PHH alike: one hand (a ``.phh`` file) or several (a ``.phhs`` file: ``[1]``, ``[2]``, ...
tables, as ``badugi import --out FILE.phhs`` writes them). Each hand is replayed by
``phh.loads`` (unknown cards allowed); one that does not replay is an ``ImportedHand`` with its
problem (the file, the line its table starts at, and ``loads``' message), as
``read_histories`` reports a room's hand.
"""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Iterator

from ..phh.read import loads
from .model import ImportedHand
from .reader import read_histories

_TABLE = re.compile(r"^\[([0-9]{1,9})\][ \t]*\r?$", re.MULTILINE)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*[ \t]*=")


def is_phh(text: str) -> bool:
    """Whether ``text`` reads as PHH: its first line that is neither blank nor a comment is a
    ``key = value`` line or a ``.phhs`` file's ``[1]``."""
    for line in text.removeprefix("\ufeff").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return bool(_KEY.match(line)) or bool(_TABLE.fullmatch(line))
    return False


def read_phh_hands(text: str, name: str = "<phh>") -> Iterator[ImportedHand]:
    """Every hand of a PHH text (``[n]`` tables of a ``.phhs`` file, or one hand) as an
    ``ImportedHand`` of ``site`` "phh": its ``game``, ``phh`` text and ``players`` (the file's
    ``players``, else p1, p2, ...), keyed by seat from 0 in the replay's order."""
    text = text.removeprefix("\ufeff")
    starts = list(_TABLE.finditer(text))
    if not starts:
        yield _hand(text, name, 1, None)
        return
    for k, found in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(text)
        line = text.count("\n", 0, found.start()) + 1
        yield _hand(text[found.end() : end], name, line, found.group(1))


def read_any(data: bytes, name: str = "<upload>") -> Iterator[ImportedHand]:
    """The hands of a history file's bytes, whichever it is: PHH (UTF-8, told by ``is_phh``)
    through ``read_phh_hands``, else any room's through ``read_histories`` (which tells the
    room and the encoding). ``name`` names the file in every problem's message."""
    try:
        text: str | None = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    if text is not None and is_phh(text):
        yield from read_phh_hands(text, name)
        return
    source = io.BytesIO(data)
    source.name = name
    yield from read_histories(source)


def _hand(text: str, name: str, line: int, table: str | None) -> ImportedHand:
    where = f"{name}:line {line}" + (f" (hand [{table}])" if table else "")
    try:
        game = loads(text, unknown_cards=True)
        fields = tomllib.loads(text)
    except ValueError as error:  # tomllib's errors are ValueErrors too
        return ImportedHand("phh", table, (name, line), problems=[f"{where}: {error}"])
    names = fields.get("players")
    if not isinstance(names, list) or len(names) != game.seats:
        names = [f"p{seat + 1}" for seat in range(game.seats)]
    rules = game.rules
    return ImportedHand(
        "phh",
        str(fields.get("_hand", fields.get("hand", table or ""))) or None,
        (name, line),
        game=game,
        phh=text,
        players={seat: str(player) for seat, player in enumerate(names)},
        stacks=dict(enumerate(game.starting_stacks)),
        big_blind=int(getattr(rules, "big_blind", 0) or getattr(rules, "ante", 0) or 0),
    )


__all__ = ["is_phh", "read_any", "read_phh_hands"]
