"""What both engines of the batched game check and keep of their arguments: the C engine's
wrapper (engine.py) and its plain-Python specification (reference.py)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import lib
from ..._runtime.validate import check_seed, whole
from ...game.rules import RuleSet, check_rules
from ...game.table import MAX_SEATS, MIN_SEATS, start_stacks
from .spec import N_ACTIONS, NO_ACTION, Obs

HAND_BITS = int(lib.BF_VEC_HAND_BITS)  # table t's hand h is hand t << 32 | h of the stream
MAX_TABLES = int(lib.BF_VEC_MAX_TABLES)  # 2**20 tables of about 2 kB each
MAX_FIRST_TABLE = int(lib.BF_VEC_MAX_FIRST_TABLE)  # hand numbers stay below simulate's 2**54
ILLEGAL_MODES = ("raise", "fallback")

Step = tuple[Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], dict[str, Any]]


def index_array(name: str, values: npt.ArrayLike, tables: int) -> npt.NDArray[np.int64]:
    """``values`` as one int64 per table, or TypeError / ValueError naming the field."""
    array = np.asarray(values)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{name} is an integer array, not {array.dtype}")
    if array.shape != (tables,):
        raise ValueError(f"{name} has shape ({tables},): one per table, not {array.shape}")
    if array.dtype.kind == "u" and array.size and array.max() > np.iinfo(np.int64).max:
        t = int(np.argmax(array))  # would wrap to a negative int64
        raise ValueError(f"table {t}: {name} holds {array[t]}, beyond any action or amount")
    if name == "amounts" and array.size and array.min() < 0:
        t = int(np.argmin(array))
        raise ValueError(f"table {t}: amounts are chips, 0 or more, not {array[t]}")
    return np.ascontiguousarray(array, dtype=np.int64)


def check_action_range(chosen: npt.NDArray[np.int64]) -> None:
    bad = np.flatnonzero((chosen < NO_ACTION) | (chosen >= N_ACTIONS))
    if bad.size:
        t = int(bad[0])
        raise ValueError(f"table {t}: action {chosen[t]} is outside -1..{N_ACTIONS - 1}")


class Settings:
    """What both engines of the batched game check and keep of their arguments (the C
    one, engine.py, and ``reference.VectorGame``, its specification)."""

    def __init__(
        self,
        tables: int,
        seats: int,
        rules: RuleSet | None,
        seed: int | None,
        *,
        stacks: int | Sequence[int] | None,
        illegal: str,
        first_table: int,
    ) -> None:
        self.tables = whole("tables", tables, 1, MAX_TABLES)
        self.first_table = whole("first_table", first_table, 0, MAX_FIRST_TABLE - self.tables)
        self.seats = whole("seats", seats, MIN_SEATS, MAX_SEATS)
        self.rules = check_rules(rules)
        check_seed(seed)
        self.seed = secrets.randbits(64) if seed is None else int(seed)
        self.start = start_stacks(self.rules, stacks, self.seats)
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal is 'raise' or 'fallback', not {illegal!r}")
        self.illegal = illegal
        self.unit = self.rules.unit
        self.illegal_count = 0
