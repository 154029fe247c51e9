"""What an imported hand is: the site's record of it (``HandRecord``, read by a site module),
the hand as imported (``ImportedHand``, what ``read_histories`` yields) and the problems found.

Amounts are whole numbers of the file's smallest unit: cents in a cash game, chips in a
tournament, hundredths of a chip at KingsClub (which writes two decimals). Seats are the
site's own seat numbers; names are as the file spells them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from ...game.state import Game

SITES = ("pokerstars", "fulltilt", "kingsclub", "merge")
MOST_SEATS = 10  # a table's seats when its file does not say (no room seats more)


def seat_range(site: str, seat_count: int | None) -> range:
    """The seat numbers a room's table has: from 1 (Merge: from 0), as many as the file's
    ``N-max`` says, else MOST_SEATS."""
    first = 0 if site == "merge" else 1
    return range(first, first + (seat_count or MOST_SEATS))


MAX_LINE = 2_000  # characters of a line kept in a problem's text


class LineProblem(ValueError):
    """A line the importer does not understand, or that does not agree with the rest of its
    hand: its number in the file, its text and the reason."""

    def __init__(self, line: int, text: str, reason: str) -> None:
        super().__init__(f"line {line}: {reason}: {text[:MAX_LINE]!r}")
        self.line = line
        self.text = text
        self.reason = reason


class HandProblem(ValueError):
    """A hand that does not replay as its file tells it."""


def hand_problem(line: int, reason: str) -> HandProblem:
    """The problem of the hand that starts at (or goes wrong at) ``line`` of its file."""
    return HandProblem(f"line {line}: {reason}")


@dataclass
class Seat:
    number: int  # the site's seat number
    name: str
    stack: int


@dataclass
class Step:
    """One thing a player did, as the file writes it. ``kind``: fold, check, call, bet, raise,
    draw, show or muck. ``amount``: chips this action puts in; when ``total`` is True it is the
    player's total for the round instead (``raises to``), when None the site leaves it open
    and the replay reads it both ways (Merge). A draw has ``count`` cards thrown, ``cards``
    (the discards) and ``received`` (the replacements) when the file names them."""

    line: int
    name: str
    kind: str
    amount: int = 0
    total: bool | None = False
    count: int = 0
    cards: tuple[str, ...] | None = None
    received: tuple[str, ...] | None = None
    kept: tuple[str, ...] | None = None  # the hero's kept cards, when the file lists them
    round: int = 0  # betting rounds and draws: 0 .. 3 betting, 1 .. 3 draws


@dataclass
class Post:
    line: int
    name: str
    kind: str  # "small", "big", "both" (small and big blinds) or "ante"
    amount: int


@dataclass
class HandRecord:
    """A hand as the file tells it, before the replay checks it."""

    site: str
    hand_id: str
    line: int  # the line of the hand's first line in the file
    first_line: str
    structure: str = "fixed-limit"
    small_bet: int = 0
    big_bet: int = 0
    currency: str | None = None  # "USD" in a cash game; None: chips
    tournament: str | None = None
    level: str | None = None
    table: str | None = None
    time: str | None = None
    date: str | None = None
    time_zone: str | None = None
    seat_count: int | None = None
    seats: list[Seat] = field(default_factory=list)  # every seat listed, in seat order
    # names the file marks sitting out (on the seat line or a notice): such a seat is dealt in
    # only when it posts or acts (a tournament deals the absent in, a cash game does not)
    sitting_out: set[str] = field(default_factory=set)
    button: int | None = None  # the site's seat number of the button
    posts: list[Post] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    hero: str | None = None
    hero_cards: tuple[str, ...] | None = None
    shown: dict[str, tuple[str, ...]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    mucked: set[str] = field(default_factory=set)
    # mucked at the showdown, conceding ("mucks hand"): never a winner that did not show
    # (a Merge or KingsClub muck may be a winner's too, so they leave this empty)
    conceded: set[str] = field(default_factory=set)
    collected: dict[str, int] = field(default_factory=dict)
    returned: dict[str, int] = field(default_factory=dict)  # uncalled bets given back
    rake: int | None = 0  # None: the file does not say (Merge); the replay works it out
    total_pot: int | None = None
    finishing: dict[str, int] | None = None  # KingsClub's summary: each seat's final stack
    problems: list[str] = field(default_factory=list)

    def seat_of(self, name: str) -> Seat:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)


@dataclass(frozen=True)
class SeatFigures:
    """What one imported hand adds to one player's summary (summary.py defines each):
    ``net`` chips, whether it put chips in ``voluntary``-ly or ``raised`` before the first
    draw, ``saw_draw`` (did not fold before it), was at the ``showdown``, ``won`` chips, the
    cards it ``drawn`` at each draw (None: no draw) and whether it ``snowed``."""

    net: int
    voluntary: bool
    raised: bool
    saw_draw: bool
    showdown: bool
    won: bool
    drawn: tuple[int | None, int | None, int | None]
    snowed: bool


# how the C reader's figures of a hand are decoded: (decoder, the hand's part of its row)
FigureSource = tuple[Callable[[list[int]], tuple[SeatFigures, ...]], list[int]]


class ImportedHand:
    """One hand of a history file. ``game`` is the replayed ``Game`` and ``phh`` its PHH text,
    or both None when the hand could not be imported; ``problems`` says why (each with the
    file, the line and its text), empty when the hand is clean. ``winnings`` (what each seat
    collected, as the file says), ``rake`` and ``stacks`` (starting stacks) are in the file's
    smallest unit (``unit``: "cent", "chip" or "hundredth") and keyed by the site's seat
    numbers, as are ``players`` (names) and ``labels`` (the site's showdown labels).
    ``source`` is the file's name and the hand's first line number.

    A hand the C reader imported (PokerStars; its replay checked in C) makes ``game`` and
    ``record`` when first asked for: the Python importer replays the hand's text then. Its
    ``figures`` are each seat's ``SeatFigures`` (seats in the file's order), as the C reader
    computed them; None for a hand the Python importer read (``summarize`` then reads them
    from the replay)."""

    __slots__ = (
        "_figure_source",
        "_figures",
        "_game",
        "_lazy",
        "_record",
        "big_blind",
        "currency",
        "hand_id",
        "labels",
        "phh",
        "players",
        "problems",
        "rake",
        "site",
        "source",
        "stacks",
        "unit",
        "winnings",
    )

    def __init__(
        self,
        site: str,
        hand_id: str | None,
        source: tuple[str, int],
        game: Game | None = None,
        phh: str | None = None,
        problems: list[str] | None = None,
        players: dict[int, str] | None = None,
        stacks: dict[int, int] | None = None,
        winnings: dict[int, int] | None = None,
        rake: int = 0,
        labels: dict[int, str] | None = None,
        unit: str = "chip",
        currency: str | None = None,
        big_blind: int = 0,
        record: HandRecord | None = None,
        lazy: tuple[Callable[..., ImportedHand], tuple[object, ...]] | None = None,
        figure_source: FigureSource | None = None,
    ) -> None:
        self.site = site
        self.hand_id = hand_id
        self.source = source
        self._game = game
        self.phh = phh
        self.problems = [] if problems is None else problems
        self.players = {} if players is None else players
        self.stacks = {} if stacks is None else stacks
        self.winnings = {} if winnings is None else winnings
        self.rake = rake
        self.labels = {} if labels is None else labels
        self.unit = unit
        self.currency = currency
        self.big_blind = big_blind
        self._record = record
        self._lazy = lazy  # (importer, its arguments): the Python import of this hand
        # (decoder, its row) of the C reader's figures: decoding every hand's while scanning
        # would double the import's time, and most readers never ask
        self._figure_source = figure_source
        self._figures: tuple[SeatFigures, ...] | None = None

    def _replay(self) -> None:
        if self._lazy is not None:
            importer, arguments = self._lazy
            again = importer(*arguments)
            self._game, self._record, self._lazy = again.game, again.record, None

    @property
    def figures(self) -> tuple[SeatFigures, ...] | None:
        if self._figures is None and self._figure_source is not None:
            decode, row = self._figure_source
            self._figures = decode(row)
        return self._figures

    @property
    def game(self) -> Game | None:
        self._replay()
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._lazy = None
        self._game = game

    @property
    def record(self) -> HandRecord | None:
        self._replay()
        return self._record

    @record.setter
    def record(self, record: HandRecord | None) -> None:
        self._record = record

    @property
    def imported(self) -> bool:
        return self._game is not None or self._lazy is not None

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "site", "hand_id", "source", "phh", "problems", "players", "stacks", "winnings",
        "rake", "labels", "unit", "currency", "big_blind",
    )  # fmt: skip

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"ImportedHand({shown}, imported={self.imported})"

    def __eq__(self, other: object) -> bool:
        """The same fields (the games are not compared: each replay makes its own)."""
        if not isinstance(other, ImportedHand):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._FIELDS) and (
            self.imported == other.imported
        )

    __hash__ = None  # type: ignore[assignment]


_AMOUNT = re.compile(r"\$?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,12})(?:\.([0-9]{1,2}))?")


def amount(text: str, scale: int) -> int:
    """``$2,666.24`` as 266624 at ``scale`` 100 (cents); ``1,285`` as 1285 at scale 1 (chips).
    ValueError for anything else, or a fraction finer than the scale."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not an amount: {text!r}")
    whole_part, cents = match.group(1, 2)
    if "," in whole_part:
        whole_part = whole_part.replace(",", "")
    if scale == 1:
        if cents is not None and cents.strip("0"):
            raise ValueError(f"a tournament amount is whole chips, not {text!r}")
        return int(whole_part)
    if cents is None:
        return int(whole_part) * 100
    return int(whole_part) * 100 + int(cents if len(cents) == 2 else cents + "0")


__all__ = [
    "MOST_SEATS",
    "SITES",
    "HandProblem",
    "HandRecord",
    "ImportedHand",
    "LineProblem",
    "Post",
    "Seat",
    "SeatFigures",
    "Step",
    "amount",
    "hand_problem",
    "seat_range",
]
