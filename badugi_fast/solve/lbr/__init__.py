"""The local best response (Lisý and Bowling, 2017): a lower bound on any strategy's
exploitability in the whole hand, by playing against it.

- ``local_best_response(bot, rules=, hands=, seed=, threads=)`` -> ``LocalBestResponse`` (api.py)
- the strategy a bot is read as (strategy.py): ``HandStrategy``, ``strategy_of``, ``public_view``
- the opponent's range as weighted particles (particles.py), the equity estimates (equity.py),
  and the player and its table (play.py)
"""

from .api import LocalBestResponse, local_best_response
from .play import Settings, Table
from .strategy import (
    CallableStrategy,
    HandStrategy,
    MixedStrategy,
    RandomStrategy,
    ThresholdStrategy,
    public_view,
    strategy_of,
)

__all__ = [
    "CallableStrategy",
    "HandStrategy",
    "LocalBestResponse",
    "MixedStrategy",
    "RandomStrategy",
    "Settings",
    "Table",
    "ThresholdStrategy",
    "local_best_response",
    "public_view",
    "strategy_of",
]
