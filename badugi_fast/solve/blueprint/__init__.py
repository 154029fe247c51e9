"""Training the blueprint (``badugi_fast.game.blueprint`` plays it): external-sampling MCCFR in
C over the abstraction, reproducible for a seed on any thread and worker count (``trainer``)."""

from .trainer import Deck, Trainer

__all__ = ["Deck", "Trainer"]
