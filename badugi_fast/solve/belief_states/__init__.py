"""Public belief states of heads-up fixed-limit Badugi: each player's distribution over its four
cards after a public history, given the strategy both play (api.py says what is exact)."""

from .api import Beliefs, beliefs, beliefs_after, table_for
from .public import Played, Step, play

__all__ = ["Beliefs", "Played", "Step", "beliefs", "beliefs_after", "play", "table_for"]
