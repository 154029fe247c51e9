"""The starting-hand chart shipped with the package: its lookups (``lookup``) and how its cells
are computed (``build``, used by tools/gen_chart.py and by the tests that recompute cells)."""

from .lookup import starting_hand_equity, top_percent

__all__ = ["starting_hand_equity", "top_percent"]
