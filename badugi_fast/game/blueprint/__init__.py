"""The blueprint: a strategy for the whole hand of heads-up fixed-limit Badugi, trained in an
abstraction (``abstraction``), stored in a versioned file (``strategy``) and played as a bot
(``bot``; ``bots.blueprint()``). The trainer is ``badugi_fast.solve.blueprint``."""

from .abstraction import Decision, NotInAbstraction, read_decision
from .bot import BlueprintBot
from .strategy import Blueprint, StrategyFileError, load_blueprint

__all__ = [
    "Blueprint",
    "BlueprintBot",
    "Decision",
    "NotInAbstraction",
    "StrategyFileError",
    "load_blueprint",
    "read_decision",
]
