"""The table a hand is played at: seats, stacks, the button, 선 and the seats that always show,
checked before a hand starts (TypeError for a wrong type, ValueError naming the field)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .._badugi import lib
from .._runtime.validate import is_whole
from .rules import Rules, RuleSet

MIN_SEATS, MAX_SEATS = 2, lib.BF_MAX_SEATS  # the C header is the one source of the most
MAX_CHIPS = lib.BF_GAME_MAX_STACK  # 2**40: every engine's per-hand results stay inside int64


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


def check_extra_blinds(
    extra: Mapping[int, tuple[int, int]] | None, rules: RuleSet, seats: int
) -> dict[int, tuple[int, int]]:
    """``Game``'s blinds posted out of turn: seat -> (live, dead), each a whole number of chips
    of at least 0, the live part at most the big blind; only under casino rules with blinds."""
    if not extra:
        return {}
    if not isinstance(extra, Mapping):
        raise TypeError(f"extra_blinds maps seats to (live, dead), not {type(extra).__name__}")
    if not isinstance(rules, Rules) or not rules.has_blinds:
        raise ValueError("extra_blinds are blinds: they need casino rules with blinds")
    checked = {}
    for seat, posted in extra.items():
        if not is_whole(seat) or not 0 <= seat < seats:
            raise ValueError(f"extra_blinds holds seats 0..{seats - 1}, not {seat!r}")
        if (
            not isinstance(posted, tuple | list)
            or len(posted) != 2
            or not all(is_whole(a) and a >= 0 for a in posted)
        ):
            raise ValueError(f"extra_blinds gives (live, dead) chips for each seat, not {posted!r}")
        live, dead = int(posted[0]), int(posted[1])
        if live > rules.blinds[1]:
            raise ValueError(f"a live blind out of turn is at most the big blind, not {live}")
        checked[int(seat)] = (live, dead)
    return checked


def check_no_small_blind(absent: object, rules: RuleSet) -> bool:
    """``Game``'s ``no_small_blind``: True or False; True only under casino rules with blinds."""
    if not isinstance(absent, bool):
        raise TypeError(f"no_small_blind is True or False, not {type(absent).__name__}")
    if absent and (not isinstance(rules, Rules) or not rules.has_blinds):
        raise ValueError("no_small_blind is about blinds: it needs casino rules with blinds")
    return absent


def start_stacks(rules: RuleSet, stacks: int | Sequence[int] | None, seats: int) -> list[int]:
    """Every seat's chips at the start of each hand of a simulation or a batched game: one
    number for all or one per seat, 100 units (big blinds, or antes) when None; every stack,
    bet and blind within MAX_CHIPS."""
    start: list[object]
    if stacks is None:
        start = [100 * rules.unit] * seats
    elif isinstance(stacks, Sequence):
        start = list(stacks)
    else:
        start = [stacks] * seats
    if not all(is_whole(s) for s in start):
        raise TypeError(f"stacks are whole numbers of chips, got {stacks!r}")
    chips = [int(s) for s in start]  # type: ignore[call-overload]
    if len(chips) != seats or min(chips) < 1:
        raise ValueError(
            f"stacks is a positive whole number of chips, or one per seat ({seats}), got {stacks!r}"
        )
    most = max([*rules.largest_amounts(), *chips])
    if most > MAX_CHIPS:
        raise ValueError(f"stacks, bets and blinds are at most 2**40 chips, not {most}")
    return chips
