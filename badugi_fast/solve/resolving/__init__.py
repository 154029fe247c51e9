"""Search on top of the blueprint: the last betting round re-solved from the players' beliefs
inside a safe gadget (bot.py, gadget.py, spot.py)."""

from .bot import TREMBLE, Resolved, SearchBot, search
from .gadget import counterfactual_best, resolve, unsafe
from .spot import RoundSpot, line_of, pooled, round_spot

__all__ = [
    "TREMBLE",
    "Resolved",
    "RoundSpot",
    "SearchBot",
    "counterfactual_best",
    "line_of",
    "pooled",
    "resolve",
    "round_spot",
    "search",
    "unsafe",
]
