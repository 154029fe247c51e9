"""The blueprint: a strategy for the whole hand of heads-up fixed-limit Badugi, trained in an
abstraction (``abstraction``; every hand's bucket and draw slots at once in ``buckets``), stored
in a versioned file (``strategy``), played as a bot (``bot``: ``blueprint_bot()``) and trained
by external-sampling MCCFR in C, reproducible for a seed on any thread and worker count
(``trainer``). Its C twin is ``csrc/blueprint/``. How its last round compares with the exact
solution is a solver's question: ``badugi_fast.solve.comparison``."""

from .abstraction import Decision, NotInAbstraction, read_decision
from .bot import BlueprintBot, blueprint_bot
from .strategy import (
    DEFAULT_STRATEGY,
    SHIPPED_STRATEGIES,
    Blueprint,
    ShippedStrategy,
    StrategyFileError,
    load_blueprint,
)
from .trainer import Deck, Trainer

__all__ = [
    "DEFAULT_STRATEGY",
    "SHIPPED_STRATEGIES",
    "Blueprint",
    "BlueprintBot",
    "Decision",
    "Deck",
    "NotInAbstraction",
    "ShippedStrategy",
    "StrategyFileError",
    "Trainer",
    "blueprint_bot",
    "load_blueprint",
    "read_decision",
]
