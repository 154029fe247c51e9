"""The package's exception: a ValueError, so callers may catch either."""

from __future__ import annotations

import reprlib
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


_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = 80  # what a message echoes of an input: ~80 characters
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxset = _SHOWN.maxdict = 6
_SHOWN.maxlevel = 2


def shown(value: object) -> str:
    """``repr(value)`` cut to about 80 characters, for echoing an input in a message: a 100 MB
    string or a list of ten million cards must not become a 100 MB message (nor take seconds to
    format: lists are cut before their items are formatted)."""
    return _SHOWN.repr(value)
