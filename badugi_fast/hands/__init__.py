"""Hand evaluation: the C table lookups, ``Hand``/``describe``, names (족보), the text and batch
readers, the SIMD kernels, random dealing, and the pure-Python reference that checks them all."""

from .deal import random_hands
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
from .text import parse_hands

__all__ = [
    "BEST_RANK",
    "NUM_HANDS",
    "NUM_RANKS",
    "WORST_RANK",
    "Category",
    "Hand",
    "available_kernels",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "lookup_name",
    "parse_hands",
    "random_hands",
    "winners",
]
