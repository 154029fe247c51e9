"""The game: the rule sets (``rules``: casino and Korean), actions and views (``actions``), the
``Game`` state machine (``state``) with its table checks (``table``) and showdown
(``showdown``), the bots (``bots``), the hands of a seed's stream (``stream``), PHH hand
histories (``phh``), the rooms' hand histories read in (``histories``: ``read_histories``),
simulation (``simulation``: the C hand loop, ``Game``, executors, duplicate head-to-head
matches) and the batched engine
(``vector``: ``VectorGame``, its Python reference and vector policies)."""

from . import bots, phh
from .actions import Action, ActionKind, Event, IllegalActionError, Phase, View
from .histories import ImportedHand, read_histories
from .rules import KoreanRules, Rules, RuleSet
from .simulation import HeadToHead, head_to_head, play_hands, simulate
from .simulation.local import SimulationResult
from .state import Game
from .vector import VectorGame, VectorPolicy

__all__ = [
    "Action",
    "ActionKind",
    "Event",
    "Game",
    "HeadToHead",
    "IllegalActionError",
    "ImportedHand",
    "KoreanRules",
    "Phase",
    "RuleSet",
    "Rules",
    "SimulationResult",
    "VectorGame",
    "VectorPolicy",
    "View",
    "bots",
    "head_to_head",
    "phh",
    "play_hands",
    "read_histories",
    "simulate",
]
