"""The blueprint's last betting round against the exact equilibrium of the same spot.

``compare_last_round(blueprint, "rc/11/bc/11/bc/11")`` follows a public line of the hand up to
the last betting round, and returns:

- the two **ranges** the blueprint reaches there (``reached_ranges``): weights over the 270,725
  hands from the blueprint's own probabilities along the line, the draws' card distributions
  and card removal;
- the blueprint's last-round **profile** on those ranges (``last_round_profile``): each hand's
  probabilities at each node of the last round's tree, read from the blueprint at the hand's
  bucket;
- the **exploitability** of that profile in the spot (chips a hand and fraction of the pot, by
  the last-round solver's best responses) beside the exact equilibrium's (``solve_last_round``
  from the same ranges), and each player's value under both.

**The line.** Text of ``2 * draws`` segments split by ``/``: a betting round, a draw, a betting
round, and so on up to the last draw. A betting round is its actions in order, one letter each:
``k`` check, ``c`` call, ``b`` bet, ``r`` raise (before the first draw the button acts first and
the big blind's blind is the first bet: ``c`` is the button's limp, ``r`` its raise). A draw is
two digits, the cards the big blind threw (it draws first), then the button's: ``11``. A fold
ends the hand and has no last round. Players are numbered as the blueprint and the solver number
them: 0 the big blind (first to act after each draw), 1 the button.

**The ranges, and what is exact.** The chance of any history of a hand is the same for every
history the line allows (the deal is uniform, and each draw's cards are uniform over a stub whose
size the line fixes). So the chance of the two final hands is a sum, over each player's private
history (its hands at each decision and the cards it threw), of the two players' blueprint
probabilities, over the pairs of histories whose cards are all distinct. This package keeps the
two players apart: player p's range is ``r_p(h)``, the chance that p ends the line holding h when
its own cards come from a deck without the opponent (dealt 4 of the deck, each draw's cards
uniform over the cards it has not seen), weighted by its own blueprint probabilities. The
solver then meets the two ranges with card removal between the final hands, so the spot is
exact but for one effect: the cards one player threw cannot be in the other's final hand (nor,
on a small deck, a reshuffled stub's). That is the usual product of reaches a last-round
solver works on; the discards it leaves out are a few cards, mostly high ones.

Each ``r_p`` is computed **exactly** where the enumeration is small (every hand of the deck,
then every set of replacement cards at each draw: the small decks of the OpenSpiel game). On the
standard deck (270,725 hands times 48 cards, then 47, ... is billions of histories) it comes by
default from the public beliefs (solve/belief_states): the same Bayes' rule over the current hand,
each draw carried by an exact subset-sum pass in C, in about a second; what that leaves out is
that a player's own earlier discards cannot come back to it (docs/search.md measures it beside
the Monte Carlo). With ``samples`` it is a **Monte Carlo** instead: every hand of the deck is
dealt the same number of times (``samples`` / 270,725 copies each: 16 for ``DEFAULT_SAMPLES``,
2^22), and each copy's replacement cards are drawn at each draw (uniformly from the cards it has not
seen, by rejection) from ``numpy.random.default_rng((seed, p))``.
The reach is almost the same for every relabelling of the suits (the buckets do not see suits),
but not quite: where two badugis of a hand tie, the abstraction keeps the one of the lowest card
ids, so which suits stay after a draw depends on the labels. By default ranges that are not
exact (on a deck of four suits: ``symmetric``) are averaged over each suit orbit: that keeps
every orbit's total, pools the samples of up to 24 hands and lets the solver run on the orbits;
the spot then differs from the computed one only in how each orbit's weight is spread over its
suits.
Exact ranges are left as they are unless asked.

**The modules.** line.py reads the line by playing it in ``Game`` (so the betting is ``Game``'s),
reach.py computes the ranges, compare.py reads the blueprint's profile and compares it.
"""

from .compare import LastRoundComparison, compare_last_round, last_round_profile
from .line import Line, LineStep, read_line
from .reach import DEFAULT_SAMPLES, EXACT_LIMIT, ReachedRanges, histories, reached_ranges

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "LastRoundComparison",
    "Line",
    "LineStep",
    "ReachedRanges",
    "compare_last_round",
    "histories",
    "last_round_profile",
    "reached_ranges",
    "read_line",
]
