"""The package's exception: a ValueError, so callers may catch either."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class InvalidHandError(ValueError):
    """A hand that is not four distinct readable cards, or a card that is not one of the 52.

    ``token`` is the offending card text or id when one is to blame; ``row`` and ``hand`` are set
    by batch evaluation to the index and contents of the first bad row, and ``line`` (from 1)
    when the hands came one per line in a string.
    """

    def __init__(
        self,
        message: str,
        *,
        token: Any = None,
        row: int | None = None,
        hand: Sequence[Any] | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.token = token
        self.row = row
        self.hand = None if hand is None else list(hand)
        self.line = line
