"""Draw mathematics: draw odds, equity with draws to come, the best discard and the draw policies.

- ``api``: the public functions (draw_odds, equity, best_discard);
- ``results``: what they return (DrawOdds, Equity, DiscardOption);
- ``policy`` and ``kept``: the policies in plain Python (the specification of
  csrc/badugi_discard.c) and their building blocks, which the game's bots use too;
- ``model``: the drawing model in plain Python (the specification of csrc/badugi_draw.c and the
  oracle of the tests);
- ``optimal``: optimal policies solved in C (csrc/badugi_solve.c) in the table model;
- ``ranges``, ``range_text``, ``range_hands``, ``range_equity``: the range language and equity
  against ranges (csrc/badugi_range.c deals from them);
- ``best``, ``best_pass``, ``best_deal``: best_discard in C, every discard in one pass
  (csrc/badugi_draw_best.c): the C marshalling, which options go where, range deals;
- ``_checks``, ``_engine``, ``_fallback``: argument checks, the C engine's marshalling, and the
  Python loops for policies the C engine cannot play.
"""

from .api import (
    DiscardOption,
    DrawOdds,
    Equity,
    best_discard,
    break_above,
    draw_odds,
    equity,
)
from .policies.policy import Policy, optimal_policy
from .ranges.equity import equity_matrix
from .ranges.range import InvalidRangeError, Range, parse_range

__all__ = [
    "DiscardOption",
    "DrawOdds",
    "Equity",
    "InvalidRangeError",
    "Policy",
    "Range",
    "best_discard",
    "break_above",
    "draw_odds",
    "equity",
    "equity_matrix",
    "optimal_policy",
    "parse_range",
]
