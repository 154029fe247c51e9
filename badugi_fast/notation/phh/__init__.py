"""PHH hand histories (the Poker Hand History format): writing a ``Game``'s history
(``write``) and reading one back into a replayed ``Game`` (``read``), or one action at a
time (``steps``)."""

from .read import loads, steps
from .write import dumps

__all__ = ["dumps", "loads", "steps"]
