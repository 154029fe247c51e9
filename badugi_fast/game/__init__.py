"""The game: rules (casino and Korean: rules.py), actions and views (actions.py), the ``Game``
state machine (state.py) with its table checks (table.py) and showdown (showdown.py), bots,
simulation (simulate.py; the C hand loop in csrc/badugi_game.c) and PHH hand histories."""

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
