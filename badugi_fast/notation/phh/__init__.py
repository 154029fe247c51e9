"""PHH hand histories (the Poker Hand History format): writing a ``Game``'s history
(``write``) and reading one back into a replayed ``Game`` (``read``)."""

from .read import loads
from .write import dumps

__all__ = ["dumps", "loads"]
