"""Draw mathematics: draw odds, equity with draws to come, the best discard and the draw policies.

- ``api``: the public functions (draw_odds, equity, best_discard); ``results``: what they
  return (DrawOdds, Equity, DiscardOption); ``checks`` and ``limits``: their argument checks
  and the cutting limits;
- ``policies/``: the policies in plain Python (``policy``, ``kept``: the specification of
  csrc/draws/policy.c, which the game's bots use too) and the optimal policies solved in C in
  the table model (``optimal``: csrc/draws/optimal.c);
- ``engine/``: the C draw engine's marshalling (``native``: csrc/draws/engine.c), its
  plain-Python specification and the oracle of the tests (``reference``), the Python loops for
  policies the C engine cannot play (``fallback``) and executor blocks (``blocks``);
- ``best/``: best_discard in C, every discard in one pass (csrc/draws/best.c): the C
  marshalling, which options go where, range deals;
- ``ranges/``: the range language and equity against ranges (csrc/draws/range.c deals from
  them); ``chart/``: the starting-hand chart.
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
