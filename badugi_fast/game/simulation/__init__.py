"""Simulation: hands played in the C hand loop or by ``Game`` (``local``), split into blocks for
an executor (``blocks``), and vector policies played by the batched engine (``vector``)."""

from .api import play_hands, simulate

__all__ = ["play_hands", "simulate"]
