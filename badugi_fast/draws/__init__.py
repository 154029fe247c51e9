"""Draw mathematics: draw odds, equity with draws to come, the best discard and the draw policies.

The Python model (``model``) is the specification; the C engine runs the same rules fast.
"""

from .api import DiscardOption, DrawOdds, Equity, best_discard, break_above, draw_odds, equity

__all__ = [
    "DiscardOption",
    "DrawOdds",
    "Equity",
    "best_discard",
    "break_above",
    "draw_odds",
    "equity",
]
