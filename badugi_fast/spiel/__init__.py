"""OpenSpiel on Badugi: ``import badugi_fast.spiel`` registers the game ``"badugi"`` (game.py)
with OpenSpiel, so its algorithms (CFR, MCCFR, ``exploitability``) run on the library's rules.

Needs the ``[openspiel]`` extra (``pip install badugi_fast[openspiel]``); the rest of the
library never imports it."""

from .game import GAME_TYPE, BadugiGame, BadugiState
from .observer import BadugiObserver
from .tree import Config, fork

__all__ = ["GAME_TYPE", "BadugiGame", "BadugiObserver", "BadugiState", "Config", "fork"]
