"""The game: rules (casino and Korean), actions, the ``Game`` state machine, bots, simulation
and PHH hand histories."""

from .engine import Action, Event, Game, IllegalActionError, KoreanRules, Phase, Rules, View

__all__ = ["Action", "Event", "Game", "IllegalActionError", "KoreanRules", "Phase", "Rules", "View"]
