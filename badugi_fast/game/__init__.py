"""The game: the rules of play. The rule sets (``rules``: casino and Korean), actions and views
(``actions``), the ``Game`` state machine (``state``) with its table checks (``table``) and
showdown (``showdown``), the reference bots (``bots``) and the hands of a seed's stream
(``stream``). Hand histories are ``badugi_fast.notation``; the hand loop, simulation and the
batched engine ``badugi_fast.play``."""

from . import bots
from .actions import Action, ActionKind, Event, IllegalActionError, Phase, View
from .rules import KoreanRules, Rules, RuleSet
from .state import Game

__all__ = [
    "Action",
    "ActionKind",
    "Event",
    "Game",
    "IllegalActionError",
    "KoreanRules",
    "Phase",
    "RuleSet",
    "Rules",
    "View",
    "bots",
]
