"""Training the blueprint (``badugi_fast.game.blueprint`` plays it): external-sampling MCCFR in
C over the abstraction, reproducible for a seed on any thread and worker count (``trainer``);
its last betting round against the exact equilibrium of the same spot (``last_round``)."""

from .last_round import (
    LastRoundComparison,
    Line,
    ReachedRanges,
    compare_last_round,
    last_round_profile,
    reached_ranges,
    read_line,
)
from .trainer import Deck, Trainer

__all__ = [
    "Deck",
    "LastRoundComparison",
    "Line",
    "ReachedRanges",
    "Trainer",
    "compare_last_round",
    "last_round_profile",
    "reached_ranges",
    "read_line",
]
