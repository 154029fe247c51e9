"""badugi_fast: fast, exhaustively verified Badugi (바둑이) hand evaluation.

Rank 1 is the best hand (A-2-3-4 of four suits, 골프) and 1092 the worst (four kings); equal
ranks tie. Card id = 4 * rank + suit with rank A=0 ... K=12 and suit c=0, d=1, h=2, s=3.
"""

from .cards import DECK, Card, card_id, format_cards, hand_cards, parse_cards
from .draws import DiscardOption, DrawOdds, Equity, best_discard, break_above, draw_odds, equity
from .errors import InvalidHandError
from .evaluator import (
    BEST_RANK,
    NUM_HANDS,
    NUM_RANKS,
    WORST_RANK,
    compare,
    evaluate,
    evaluate_many,
    winners,
)
from .hand import Category, Hand, describe
from .kernels import available_kernels
from .naming import lookup_name
from .random_deal import random_hands
from .text_batch import parse_hands

__version__ = "0.1.0"

__all__ = [
    "BEST_RANK",
    "DECK",
    "NUM_HANDS",
    "NUM_RANKS",
    "WORST_RANK",
    "Card",
    "Category",
    "DiscardOption",
    "DrawOdds",
    "Equity",
    "Hand",
    "InvalidHandError",
    "available_kernels",
    "best_discard",
    "break_above",
    "card_id",
    "compare",
    "describe",
    "draw_odds",
    "equity",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "hand_cards",
    "lookup_name",
    "parse_cards",
    "parse_hands",
    "random_hands",
    "winners",
]
