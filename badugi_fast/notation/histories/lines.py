"""What the text formats share: a hand's lines matched against a table of (pattern, handler),
noise lines skipped by name, and the variant named in a header line.

A line no pattern takes is a problem of its hand (``LineProblem``); a handler that finds its
line at odds with the hand raises one too. Cards are checked to be cards (``As``, never ``10h``:
the rooms write ``T``), amounts to be amounts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .model import HandRecord, LineProblem, amount

Line = tuple[int, str]  # (line number in the file, text without the line end)
Handler = Callable[[re.Match[str], int], None]
# A pattern, its handler and, optionally, the literals of which a line it matches holds at least
# one (``": folds"``): the pattern is tried only on such lines (none given: on every line).
Rule = tuple[re.Pattern[str], Handler] | tuple[re.Pattern[str], Handler, tuple[str, ...]]
_Entry = tuple[re.Pattern[str], Callable[..., None], tuple[str, ...]]

_CARD = re.compile(r"[AKQJT98765432][cdhs]")
# control characters (escape sequences start with one) and U+FFFD, what bytes that are not text
# in the file's encoding decode to: no room writes them, so a line holding one is corrupt
NOT_TEXT = re.compile(r"[\x00-\x1f\x7f-\x9f\ufffd]")
NOT_TEXT_REASON = (
    "a line holding control characters or bytes that are not text in the file's encoding "
    "(shown as U+FFFD): a corrupt line, names included"
)
_UNKNOWN_VARIANTS = ("badacey", "badeucey", "triple draw", "2-7", "a-5", "a5", "hold", "omaha")


class Unsupported(ValueError):
    """A hand of a game the library does not play (2-7 triple draw, Badacey, ...)."""


def cards(text: str, line: int, whole: str, unknown: str | None = None) -> tuple[str, ...]:
    """The cards in ``text`` (space separated), each checked; ``unknown`` (KingsClub's ``X``)
    is kept as ``??``."""
    found = []
    for token in text.split():
        if unknown is not None and token == unknown:
            found.append("??")
        elif _CARD.fullmatch(token):
            found.append(token)
        else:
            raise LineProblem(line, whole, f"{token!r} is not a card")
    if len(set(found) - {"??"}) != len([c for c in found if c != "??"]):
        raise LineProblem(line, whole, "a card appears twice")
    return tuple(found)


def money(text: str, scale: int, line: int, whole: str) -> int:
    try:
        return amount(text, scale)
    except ValueError as error:
        raise LineProblem(line, whole, str(error)) from None


def structure_of(game: str) -> str:
    """The betting structure of a Badugi game's name ("Badugi Limit", "Limit Badugi", "FL
    Badugi", "Half Pot Limit"); Unsupported for any other game."""
    lower = game.lower()
    if "badugi" not in lower or any(word in lower for word in _UNKNOWN_VARIANTS):
        raise Unsupported(f"the game {game!r} is not Badugi, which is all the library plays")
    if "half pot" in lower:
        return "half-pot-limit"
    if "pot limit" in lower or "pl badugi" in lower:
        return "pot-limit"
    if "no limit" in lower or "nl badugi" in lower:
        return "no-limit"
    if "limit" in lower or "fl badugi" in lower:
        return "fixed-limit"
    raise Unsupported(f"the game {game!r} names no betting structure the library knows")


def noise(patterns: Sequence[str]) -> re.Pattern[str]:
    """One pattern for the lines that carry nothing for the hand."""
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


class TextParser:
    """The loop every text format runs: each line goes to the first pattern that matches it.
    A subclass sets ``site``, ``NOISE`` and ``patterns()``, and ``header()`` for the first
    line. ``patterns()`` is read once per class (its handlers by name): a rule's literals
    only spare the patterns a line cannot match, so the first pattern that matches is the one
    the whole table would give."""

    site = ""
    NOISE: re.Pattern[str] = re.compile(r"(?!)")
    CHAT: re.Pattern[str] = re.compile(r"(?!)")  # tried after every pattern, as it takes most
    _TABLE: ClassVar[list[_Entry]]  # patterns() as read once, set on each class

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        line, text = lines[0]
        self.hand = HandRecord(self.site, "", line, text)
        self.scale = 100
        # amounts written with a dollar sign (True: a cash game's), without (False: chips), or
        # either (None: the room writes no sign); set by header()
        self.dollars: bool | None = None
        self.round = 0
        self.text = ""  # the line being read

    def header(self, line: int, text: str) -> None:
        raise NotImplementedError

    def patterns(self) -> list[Rule]:
        raise NotImplementedError

    def _table(self) -> list[_Entry]:
        cls = type(self)
        table: list[_Entry] | None = cls.__dict__.get("_TABLE")
        if table is None:
            table = []
            for rule in self.patterns():
                handler: Any = getattr(cls, rule[1].__name__)
                table.append((rule[0], handler, rule[2] if len(rule) == 3 else ("",)))
            cls._TABLE = table
        return table

    def parse(self) -> HandRecord:
        """The hand as the file tells it; problems of single lines go to ``hand.problems`` (the
        hand is then not imported), an unsupported game raises Unsupported."""
        line, text = self.lines[0]
        self.text = text
        if NOT_TEXT.search(text):
            raise LineProblem(line, text, NOT_TEXT_REASON)
        self.header(line, text)
        table = self._table()
        for line, text in self.lines[1:]:
            self.text = text
            try:
                if NOT_TEXT.search(text):
                    raise LineProblem(line, text, NOT_TEXT_REASON)
                for pattern, handle, needs in table:
                    for literal in needs:
                        if literal in text:
                            break
                    else:
                        continue  # no line this pattern matches
                    match = pattern.fullmatch(text)
                    if match is not None:
                        handle(self, match, line)
                        break
                else:  # noise is rare: tried once nothing else takes the line
                    if not self.NOISE.fullmatch(text) and not self.CHAT.fullmatch(text):
                        raise LineProblem(line, text, "a line the importer does not know")
            except LineProblem as problem:
                self.hand.problems.append(str(problem))
        self.finish()
        return self.hand

    def finish(self) -> None:
        """Checks once every line is read (a subclass adds its own)."""

    def problem(self, line: int, reason: str) -> LineProblem:
        return LineProblem(line, self.text, reason)

    def money(self, text: str, line: int) -> int:
        if self.dollars is not None and text.startswith("$") is not self.dollars:
            raise LineProblem(
                line,
                self.text,
                f"a cash game's amounts are dollars, not {text!r}"
                if self.dollars
                else f"amounts in chips (a tournament, play money) carry no dollar sign, "
                f"not {text!r}",
            )
        try:  # money() inlined: the parsers read ~20 amounts a hand
            return amount(text, self.scale)
        except ValueError as error:
            raise LineProblem(line, self.text, str(error)) from None

    def cards(self, text: str, line: int, unknown: str | None = None) -> tuple[str, ...]:
        return cards(text, line, self.text, unknown)


__all__ = [
    "NOT_TEXT",
    "NOT_TEXT_REASON",
    "Line",
    "Rule",
    "TextParser",
    "Unsupported",
    "cards",
    "money",
    "noise",
    "structure_of",
]
