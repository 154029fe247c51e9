"""Notation: hands written down and read back. PHH, the Poker Hand History format (``phh``:
``dumps`` a ``Game``, ``loads`` one back), and the hand histories of online rooms (``histories``:
PokerStars, Full Tilt, KingsClub, Merge), each hand replayed through ``Game`` and checked
(``read_histories``), with each player's figures (``summarize``)."""

from . import phh
from .histories import ImportedHand, PlayerSummary, SeatFigures, read_histories, summarize

__all__ = ["ImportedHand", "PlayerSummary", "SeatFigures", "phh", "read_histories", "summarize"]
