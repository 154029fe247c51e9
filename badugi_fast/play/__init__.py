"""Play: many hands at once. ``simulate`` and ``play_hands`` (the C hand loop, or ``Game`` hand
by hand; executors and Dask by blocks), duplicate head-to-head matches (``head_to_head``), and
the batched engine (``vector``: ``VectorGame``, its plain-Python reference and vector
policies), whose seats the C engines also play by a strategy (``vector.seats``)."""

from .simulation import HeadToHead, head_to_head, play_hands, simulate
from .simulation.local import SimulationResult
from .vector import VectorGame, VectorPolicy

__all__ = [
    "HeadToHead",
    "SimulationResult",
    "VectorGame",
    "VectorPolicy",
    "head_to_head",
    "play_hands",
    "simulate",
]
