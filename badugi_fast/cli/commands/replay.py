"""`badugi replay FILE [--seat N]`: a PHH history step by step, as everyone or one seat saw it.

Seats are numbered as the table numbered them (the history's ``_seats``, as `play --save` and
`simulate --save-hands` write it); without that field, p1 is seat 0.
"""

from __future__ import annotations

import tomllib
from typing import TextIO

from ...game.actions import ActionKind, Event
from ...game.rules import KoreanRules
from ...notation import phh
from ..common import BadInput, user_values
from ..words import say, who
from .play import describe_event

HIDDEN = "??"


def _table_seats(text: str, seats: int) -> tuple[list[int], list[str] | None]:
    """The table's seat number of each replayed seat, and the players' names (by table seat)."""
    data = tomllib.loads(text)
    order = [int(s) for s in data.get("_seats", range(seats))]
    if sorted(order) != list(range(seats)):
        raise BadInput(f"_seats must number the {seats} seats 0..{seats - 1}, got {order}")
    names: list[str] | None = None
    if "players" in data:
        names = [""] * seats
        for replayed, name in enumerate(data["players"]):
            names[order[replayed]] = str(name)
    return order, names


def replay(text: str, stdout: TextIO, *, seat: int | None = None, korean: bool = False) -> None:
    with user_values("the history"):
        game = phh.loads(text, unknown_cards=True)  # an imported or observer history too
        order, names = _table_seats(text, game.seats)
    if seat is not None and not 0 <= seat < game.seats:
        raise BadInput(f"--seat must be 0..{game.seats - 1} for this {game.seats}-seat hand")
    replayed_seat = None if seat is None else order.index(seat)
    history = game.history if replayed_seat is None else game.view(replayed_seat).history

    def out(line: str) -> None:
        print(line, file=stdout)

    rules = "Korean" if isinstance(game.rules, KoreanRules) else "casino"
    out(say("replay_rules", korean, rules=f"{rules} {game.rules}"))
    stacks = {order[s]: game.starting_stacks[s] for s in range(game.seats)}
    out(say("stacks", korean, stacks=" ".join(f"{k}:{v}" for k, v in sorted(stacks.items()))))
    for event in history:
        moved = Event(event.kind, None if event.seat is None else order[event.seat],
                      event.amount, event.cards, event.received)  # fmt: skip
        if moved.kind == ActionKind.DEAL:
            cards = " ".join(str(c) for c in moved.cards) or " ".join([HIDDEN] * 4)
            out(f"{who(moved.seat, seat, names, korean)}: {cards}")
            continue
        line = describe_event(moved, seat, names, korean)
        if line:
            out(line)
