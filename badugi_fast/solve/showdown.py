"""Showdown values of a range against a range, card removal and ties included, in C.

``showdown_values(problem, player, opponent, pays)`` gives, for each row (class) of
``player``'s range and each lane k, win_k W + tie_k T + lose_k L, where W, T and L are the
opponent weights (``opponent[:, k]``, per member of each of its rows) of the hands that share
no card with the row's hand and that it beats, ties with and loses to. One sweep over the hands
sorted by rank (csrc/solve/sweep.c): running tallies of the opponent weight inserted so
far per card, pair and triple (or per suit orbit of them) give each hand the weight below it
disjoint from it by inclusion-exclusion, hands of equal rank handled as a group; that is one
pass over the hands with 15 tally updates and 15 reads per hand and lane. reference.py is the
pairwise loop it is checked against.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .problem import LastRound


def showdown_values(
    problem: LastRound,
    player: int,
    opponent: npt.ArrayLike,
    pays: npt.ArrayLike,
) -> npt.NDArray[np.float64]:
    """(rows of ``player``, lanes) values; ``opponent`` (rows of the other player, lanes),
    ``pays`` (lanes, 3): win, tie, lose. ``player`` is 0 or 1, and every weight and pay is
    finite (a NaN or infinity in would be one out): ValueError naming the argument."""
    player = problem.check_player(player)
    weights = np.ascontiguousarray(opponent, dtype=np.float64)
    pay = np.ascontiguousarray(pays, dtype=np.float64)
    for name, values in (("opponent", weights), ("pays", pay)):
        if not np.all(np.isfinite(values)):
            raise ValueError(f"{name}: every entry is a finite number")
    if weights.ndim == 1:
        weights = weights[:, None]
    lanes = weights.shape[1]
    if weights.shape[0] != problem.rows(1 - player) or pay.shape != (lanes, 3):
        raise ValueError(
            f"opponent is ({problem.rows(1 - player)}, lanes) and pays (lanes, 3), "
            f"not {weights.shape} and {pay.shape}"
        )
    if not 1 <= lanes <= lib.BF_LR_MAX_LANES:
        raise ValueError(f"lanes is 1 .. {lib.BF_LR_MAX_LANES}, not {lanes}")
    out = np.empty((problem.rows(player), lanes))
    status = lib.bf_lr_showdown(
        problem.c,
        player,
        lanes,
        ffi.from_buffer("double[]", weights),
        ffi.from_buffer("double[]", pay),
        ffi.from_buffer("double[]", out),
    )
    if status:
        raise RuntimeError(f"bf_lr_showdown refused its input ({status})")
    return out


__all__ = ["showdown_values"]
