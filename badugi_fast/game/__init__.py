"""The game: rules (casino and Korean: rules.py), actions and views (actions.py), the ``Game``
state machine (state.py), bots, simulation and PHH hand histories."""

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
]
