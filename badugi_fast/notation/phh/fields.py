"""A PHH file's TOML, read field by field: each value's TOML type is checked before use (a
float is never truncated to an int, a string never read as a boolean) and a bad one raises
ValueError naming the field; and the rules those fields give (``phh``'s docstring lists them)."""

from __future__ import annotations

import tomllib
from typing import Any

from ...game.rules import KoreanRules, Rules, RuleSet

_MISSING: Any = object()
MAX_TEXT = 1_000_000  # characters: a badugi hand's history is a few kilobytes
_TOML_NAMES = {bool: "boolean", int: "integer", str: "string"}


def short_repr(value: object) -> str:
    """``repr(value)``, cut to 40 characters for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def toml_field(data: dict[str, Any], name: str, kind: type, default: Any = _MISSING) -> Any:
    """``data[name]``, which must be a TOML value of ``kind`` (bool is not an integer here)."""
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"the history lacks the field {name!r}")
        return default
    value = data[name]
    if type(value) is not kind:
        raise ValueError(f"{name} must be a TOML {_TOML_NAMES[kind]}, not {short_repr(value)}")
    return value


def toml_array(data: dict[str, Any], name: str, kind: type, default: Any = _MISSING) -> Any:
    """``data[name]``, which must be a TOML array of ``kind`` values."""
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"the history lacks the field {name!r}")
        return default
    value = data[name]
    if type(value) is not list or any(type(item) is not kind for item in value):
        what = _TOML_NAMES[kind]
        raise ValueError(f"{name} must be a TOML array of {what}s, not {short_repr(value)}")
    return value


def parse_toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise TypeError(f"loads reads PHH text (a str), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a PHH hand is at most {MAX_TEXT:,} characters, got {len(text):,}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH (TOML) file: {error}") from None
    except RecursionError:  # tomllib recurses once per level of nested arrays or tables
        raise ValueError("not a PHH file: its arrays or tables are nested too deeply") from None


def check_seat_fields(data: dict[str, Any], n: int) -> None:
    """``players`` (names) and ``_seats`` (the game's seat of each player) are not needed to
    replay, but a history whose own fields disagree is not trusted."""
    players = toml_array(data, "players", str, None)
    if players is not None and len(players) != n:
        raise ValueError(f"players has {len(players)} names for {n} players")
    seats = toml_array(data, "_seats", int, None)
    if seats is not None and sorted(seats) != list(range(n)):
        raise ValueError(f"_seats numbers the {n} seats 0..{n - 1} once each, not {seats}")


def _forced_bets(data: dict[str, Any], n: int) -> tuple[list[int], list[int]]:
    antes = toml_array(data, "antes", int, [0] * n)
    blinds = toml_array(data, "blinds_or_straddles", int, [0] * n)
    for name, values in (("antes", antes), ("blinds_or_straddles", blinds)):
        if len(values) != n:
            raise ValueError(f"{name} has {len(values)} entries for {n} players")
        if min(values) < 0:
            raise ValueError(f"{name} are chips (0 or more), not {short_repr(values)}")
    return antes, blinds


def read_extra_blinds(data: dict[str, Any], n: int) -> dict[int, tuple[int, int]]:
    """``_live_blinds`` and ``_dead_blinds`` as ``Game``'s ``extra_blinds`` (player k+1 is the
    replay's seat k)."""
    live = toml_array(data, "_live_blinds", int, [0] * n)
    dead = toml_array(data, "_dead_blinds", int, [0] * n)
    for name, values in (("_live_blinds", live), ("_dead_blinds", dead)):
        if len(values) != n:
            raise ValueError(f"{name} has {len(values)} entries for {n} players")
    return {k: (live[k], dead[k]) for k in range(n) if live[k] or dead[k]}


def _no_small_blind(blinds: list[int]) -> bool:
    """``blinds_or_straddles`` of a hand without a small blind (``Game(no_small_blind=True)``)
    at three players or more: p1, left of the button, posts the big blind, nobody else a blind
    (pokerkit's reading too: the first round opens after p1, the later ones at p1). Heads-up,
    ``[0, big]`` says the same of the game with a small blind of 0, which is read."""
    return len(blinds) > 2 and blinds[0] > 0 and not any(blinds[1:])


def read_no_small_blind(data: dict[str, Any], n: int) -> bool:
    """Whether the hand has no small blind (``Game``'s ``no_small_blind``): casino rules only,
    as the Korean rules' reader never reads the blinds."""
    return "_rules" not in data and _no_small_blind(_forced_bets(data, n)[1])


def read_rules(data: dict[str, Any], n: int) -> tuple[RuleSet, int | None]:
    """The rules from the standard's fields and ours (see ``phh``'s docstring)."""
    antes, blinds = _forced_bets(data, n)
    name = toml_field(data, "_rules", str, None)
    if name == "korean":
        return _read_korean(data, antes, n)
    if name is not None:
        raise ValueError(f"unknown _rules {short_repr(name)}; only 'korean' is defined")
    if len(set(antes)) != 1:
        raise ValueError(f"the casino rules have one ante for all, not {sorted(set(antes))}")
    small, big = blinds[:2]  # heads-up too: [small, big]
    if _no_small_blind(blinds):
        small, big = 0, blinds[0]
    elif any(blinds[2:]):
        raise ValueError(f"blinds_or_straddles: straddles are not played here, got {blinds}")
    rules = Rules(
        toml_field(data, "small_bet", int),
        toml_field(data, "big_bet", int),
        small,
        big,
        toml_field(data, "_max_raises", int, Rules.max_raises),
        toml_field(data, "_structure", str, "fixed-limit"),
        toml_field(data, "_burn", bool, False),
        ante=antes[0],
        cap_heads_up=toml_field(data, "_cap_heads_up", bool, False),
        short_all_in=toml_field(data, "_short_all_in", str, Rules.short_all_in),
        free_fold=toml_field(data, "_free_fold", bool, False),
    )
    return rules, None


def _read_korean(data: dict[str, Any], antes: list[int], n: int) -> tuple[KoreanRules, int]:
    if len(set(antes)) != 1:
        raise ValueError(f"the Korean rules have one ante for all, not {sorted(set(antes))}")
    first = toml_field(data, "_first", int, 1)
    if not 1 <= first <= n:
        raise ValueError(f"_first names player {first} of {n}")
    cutting = toml_array(data, "_cutting", int, [3, 2, 1])
    if len(cutting) != 3:
        raise ValueError(f"_cutting is three limits, e.g. [3, 2, 1], not {cutting}")
    korean = KoreanRules(
        ante=antes[0],
        chip=toml_field(data, "_chip", int, 1),
        cutting=(cutting[0], cutting[1], cutting[2]),
        cutting_type=toml_field(data, "_cutting_type", str, "simultaneous"),
        allow_full=toml_field(data, "_allow_full", bool, False),
        max_raises=toml_field(data, "_max_raises", int, None),
        muck=toml_field(data, "_muck", bool, False),
    )
    return korean, first - 1


__all__ = [
    "MAX_TEXT",
    "check_seat_fields",
    "parse_toml",
    "read_extra_blinds",
    "read_no_small_blind",
    "read_rules",
    "short_repr",
    "toml_array",
    "toml_field",
]
