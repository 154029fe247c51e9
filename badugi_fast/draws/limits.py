"""Cutting limits (the Korean rooms' caps on the cards drawn at each draw): the leaf type that
the draw engine, the optimal policies and the game's bots share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._runtime.validate import is_whole

Limits = tuple[int, int, int]  # the most cards drawn at the first, second and third draw
LimitsLike = Sequence[int] | str | None


def check_limits(limits: LimitsLike) -> Limits | None:
    """Cutting limits: three caps of 0..4 cards, e.g. (3, 2, 1) or "3-2-1"; None: no cap."""
    if limits is None:
        return None
    if isinstance(limits, str):
        parts: list[Any] = limits.replace(",", "-").split("-")
        try:
            parts = [int(part) for part in parts]
        except ValueError:
            raise ValueError(f"limits are three caps like '3-2-1', got {limits!r}") from None
    else:
        parts = list(limits)
    if len(parts) != 3 or not all(is_whole(p) for p in parts):
        raise ValueError(f"limits are three whole numbers like (3, 2, 1), got {limits!r}")
    if any(not 0 <= p <= 4 for p in parts):
        raise ValueError(f"each cutting limit is 0..4 cards, got {limits!r}")
    return int(parts[0]), int(parts[1]), int(parts[2])
