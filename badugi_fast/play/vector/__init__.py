"""The batched engine: the action and observation spec (``spec``), the C engine's wrapper
``VectorGame`` (``engine``), its plain-Python specification (``reference``), vector
policies (``policies``) and the seats the C engines play by a round strategy (``tables``)."""

from .engine import VectorGame, VectorPolicy

__all__ = ["VectorGame", "VectorPolicy"]
