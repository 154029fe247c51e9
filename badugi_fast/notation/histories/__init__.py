"""Hand histories of online rooms (PokerStars, Full Tilt, KingsClub, Merge) read into ``Game``
and PHH: ``read_histories`` yields an ``ImportedHand`` for every hand of a file, replayed and
checked, or with the problems that kept it out; ``summarize`` gives each player's figures."""

from .model import ImportedHand, SeatFigures
from .reader import read_histories
from .summary import PlayerSummary, summarize

__all__ = ["ImportedHand", "PlayerSummary", "SeatFigures", "read_histories", "summarize"]
