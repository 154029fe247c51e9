"""``fork``: a copy of a ``Game`` that plays on alone, made for each child node of the OpenSpiel
game's tree (tree.py): its mutable containers copied, its immutable values shared."""

from __future__ import annotations

import copy
import dataclasses
import random
import types
from typing import Any

from ..cards import Card
from ..game import Action, ActionKind, Event, Game, Phase
from .chance import STACKER

K = ActionKind
# Values shared by a fork: immutable (Card is an int, the kinds and phases are str enums).
_FLAT = frozenset(
    {int, bool, float, str, bytes, tuple, frozenset, type(None), Card, Event, Action, Phase, K}
)


def fork(game: Game) -> Game:
    """A copy of ``game`` that plays on alone: its lists, sets, dicts and mutable records are
    copied, immutable values (cards, events, actions, rules) shared. Several times faster than
    ``deepcopy``; anything of a kind it does not know is deep-copied. ``Game``'s lists are
    typed and so hold one kind each: the first item tells a list's kind."""
    new = object.__new__(type(game))
    new.__dict__.update({k: _copy(v, game, new) for k, v in vars(game).items()})
    return new


def _copy(value: Any, old: object, new: object) -> Any:
    kind = type(value)
    if kind in _FLAT:
        return value
    if kind is list:
        if not value or type(value[0]) in _FLAT:
            return value.copy()
        if type(value[0]) is list:
            return [v.copy() if not v or type(v[0]) in _FLAT else _copy(v, old, new) for v in value]
        return [_copy(v, old, new) for v in value]
    if kind is dict:
        return {k: _copy(v, old, new) for k, v in value.items()}
    if kind is set:
        return set(value)
    return _copy_object(value, old, new)


_RECORDS: dict[type, bool] = {}  # dataclass -> frozen


def _copy_object(value: Any, old: object, new: object) -> Any:
    """Records (copied field by field unless frozen), methods of the game (bound to the copy),
    functions and the reshuffle hook (shared), random generators (their state copied)."""
    kind = type(value)
    frozen = _RECORDS.get(kind)
    if frozen is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = _RECORDS[kind] = bool(kind.__dataclass_params__.frozen)
    if frozen is not None:
        if frozen:
            return value
        twin = object.__new__(kind)
        twin.__dict__.update({k: _copy(v, old, new) for k, v in vars(value).items()})
        return twin
    if isinstance(value, types.MethodType) and value.__self__ is old:
        return types.MethodType(value.__func__, new)
    if value is STACKER or isinstance(value, types.FunctionType | types.BuiltinFunctionType):
        return value
    if kind is random.Random:
        generator = random.Random()
        generator.setstate(value.getstate())
        return generator
    return copy.deepcopy(value)
