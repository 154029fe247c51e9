"""The batched engine: the action and observation spec (``spec``), the C engine's wrapper
``VectorGame`` (``engine``), its plain-Python specification (``reference``) and vector
policies (``policies``)."""

from .engine import VectorGame, VectorPolicy

__all__ = ["VectorGame", "VectorPolicy"]
