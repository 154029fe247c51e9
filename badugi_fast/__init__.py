"""badugi_fast: fast, exhaustively verified Badugi (바둑이) hand evaluation.

Rank 1 is the best hand (A-2-3-4 of four suits, 골프) and 1092 the worst (four kings); equal
ranks tie. Card id = 4 * rank + suit with rank A=0 ... K=12 and suit c=0, d=1, h=2, s=3.
"""

from importlib.metadata import version
from importlib.util import find_spec

if find_spec("badugi_fast._badugi") is None:  # a source checkout without the compiled core
    raise ImportError(
        "badugi_fast's C core (badugi_fast._badugi) is not built here. In this source folder run "
        "`pip install -e .` (it builds the core in place), or run Python from another folder to "
        "use an installed badugi_fast."
    )

from .cards import DECK, Card, card_id, format_cards, hand_cards, parse_cards
from .draws import (
    DiscardOption,
    DrawOdds,
    Equity,
    InvalidRangeError,
    Policy,
    Range,
    best_discard,
    break_above,
    draw_odds,
    equity,
    equity_matrix,
    optimal_policy,
    parse_range,
)
from .draws.chart.lookup import starting_hand_equity
from .errors import InvalidHandError
from .hands import (
    BEST_RANK,
    NUM_HANDS,
    NUM_RANKS,
    WORST_RANK,
    Category,
    Hand,
    available_kernels,
    compare,
    describe,
    evaluate,
    evaluate_many,
    lookup_name,
    parse_hands,
    random_hands,
    winners,
)

__version__ = version("badugi_fast")

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
    "InvalidRangeError",
    "Policy",
    "Range",
    "available_kernels",
    "best_discard",
    "break_above",
    "card_id",
    "compare",
    "describe",
    "draw_odds",
    "equity",
    "equity_matrix",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "hand_cards",
    "lookup_name",
    "optimal_policy",
    "parse_cards",
    "parse_hands",
    "parse_range",
    "random_hands",
    "starting_hand_equity",
    "winners",
]
