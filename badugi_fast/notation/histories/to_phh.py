"""A replayed hand written as PHH, with the fields its file gives (venue, table, hand number,
date and time, seats, rake, the sites' labels, where in the file it came from)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...game.state import Game
from ..phh import write as phh_write
from ..phh.write import toml_value
from .checks import won_by_seat
from .model import HandRecord
from .pokerstars import time_zone

_VENUES = {
    "pokerstars": "PokerStars",
    "fulltilt": "Full Tilt Poker",
    "kingsclub": "KingsClub",
    "merge": "Merge Network",
}


def _order(game: Game) -> list[int]:
    return [(game.button + k) % game.seats for k in range(1, game.seats + 1)]


def to_phh(record: HandRecord, game: Game, file: str) -> str:
    """The replay as PHH with the fields the file gives."""
    order = _order(game)
    names = [record.seats[s].name for s in order]
    lines = phh_write.history_lines(game, [s.name for s in record.seats], finishing=False)
    won = won_by_seat(game)
    final = []
    collected = []
    returned = {n: a for n, a in record.returned.items()}
    for s in order:
        name = record.seats[s].name
        got = record.collected.get(name, 0) + returned.get(name, 0)
        final.append(game.starting_stacks[s] - (game.starting_stacks[s] - game.stacks[s] + won[s])
                     + got)  # fmt: skip
        collected.append(record.collected.get(name, 0))
    lines += [f"{name} = {toml_value(value)}" for name, value in _fields(record, game, names)]
    lines.append(f"_source_file = {toml_value(file)}")
    lines += [f"finishing_stacks = {toml_value(final)}", f"winnings = {toml_value(collected)}"]
    return "\n".join(lines) + "\n"


def _fields(record: HandRecord, game: Game, names: list[str]) -> Iterator[tuple[str, object]]:
    order = _order(game)
    yield "venue", _VENUES[record.site]
    if record.table is not None:
        yield "table", record.table
    if record.hand_id.isdigit():
        yield "hand", int(record.hand_id)
    else:
        yield "_hand", record.hand_id
    if record.date is not None:
        year, month, day = (int(part) for part in re.split(r"[/-]", record.date))
        yield from (("year", year), ("month", month), ("day", day))
    if record.time is not None:
        yield "time", record.time if len(record.time) == 8 else "0" + record.time
    if record.time_zone is not None:
        yield "_time_zone_abbreviation", record.time_zone
        zone = time_zone(record.time_zone)
        if zone is not None:
            yield "time_zone", zone
    if record.currency is not None:
        yield "currency", record.currency
    yield "seats", [record.seats[s].number for s in order]
    if record.seat_count is not None:
        yield "seat_count", record.seat_count
    if record.tournament is not None:
        yield "_tournament", record.tournament
    yield "_rake", record.rake
    yield "_labels", [record.labels.get(name, "") for name in names]
    yield "_source_line", record.line
    yield "_first_line", record.first_line


__all__ = ["to_phh"]
