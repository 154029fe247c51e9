"""The table a hand is played at: seats, stacks, the button, 선 and the seats that always show,
checked before a hand starts (TypeError for a wrong type, ValueError naming the field)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._badugi import lib
from .._validate import is_whole

MIN_SEATS, MAX_SEATS = 2, lib.BF_MAX_SEATS  # the C header is the one source of the most


def check_table(
    stacks: Sequence[int], button: int, first: int | None, show: Iterable[int]
) -> tuple[int, int, int, frozenset[int]]:
    """(seats, button, first, show) for ``Game``; ``first`` (선) defaults to the button's left."""
    if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
        raise ValueError(f"a game has {MIN_SEATS} to {MAX_SEATS} seats, got {len(stacks)}")
    if any(not is_whole(s) or s <= 0 for s in stacks):
        raise ValueError(f"stacks are positive whole numbers of chips, got {list(stacks)}")
    seats = len(stacks)
    for name, seat in (("button", button), ("first", first)):
        if seat is None and name == "first":
            continue
        if not is_whole(seat):
            raise TypeError(f"{name} is a seat number, not {type(seat).__name__}")
        if not 0 <= seat < seats:  # type: ignore[operator]
            raise ValueError(f"{name} must be a seat 0..{seats - 1}, got {seat}")
    first = (button + 1) % seats if first is None else first
    return seats, int(button), int(first), seat_set("show", show, seats)


def seat_set(name: str, seats: Iterable[int], count: int) -> frozenset[int]:
    """A set of seat numbers 0 .. count-1, checked."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Iterable):
        raise TypeError(f"{name} is a collection of seat numbers, not {type(seats).__name__}")
    chosen = list(seats)
    if not all(is_whole(s) for s in chosen):
        raise TypeError(f"{name} holds seat numbers, not {chosen!r}")
    if any(not 0 <= s < count for s in chosen):
        raise ValueError(f"{name} holds seats 0..{count - 1}, not {chosen!r}")
    return frozenset(int(s) for s in chosen)
