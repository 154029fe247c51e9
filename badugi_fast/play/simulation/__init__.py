"""Simulation: hands played in the C hand loop or by ``Game`` (``local``), split into blocks for
an executor (``blocks``), vector policies played by the batched engine (``vector``), seats that
play by a round strategy (``tables``) and duplicate head-to-head matches (``duplicate``)."""

from .api import play_hands, simulate
from .duplicate import HeadToHead, head_to_head

__all__ = ["HeadToHead", "head_to_head", "play_hands", "simulate"]
