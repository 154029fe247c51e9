"""best_discard's one pass: which options are exact, which are sampled in C together, and
which fall back to the draw engine option by option (draws/api.py hands that path in).

Exact options need every opponent known (ranges: only where every deal of the ranges fits in
the budget, through the range engine); the rest share one Monte Carlo run on common random
numbers (draws/best.py) when the seats' parts fit in the stub, else go one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from ..checks import Holding, Seat, check_apart
from ..engine import native as engine
from ..limits import Limits
from ..policies.policy import Policy
from ..ranges.range import Range
from ..results import Equity
from . import deal as best_deal
from . import native as best

# The one-pass path's pilot: smaller than the engine's 8,192, as it tops each option up until
# its stderr is met (draws/best.py), so options that need few trials stop early.
BEST_PILOT_TRIALS = 4096
# Against known hands that stand pat our last draw is counted (about 2 ns a play, not 0.2 us):
# the default budget grows by this much, so one draw against a pat hand is exact.
BEST_DISCARD_PAT_FACTOR = 50

OneByOne = Callable[[Sequence[tuple[int, ...]]], list[Equity]]


class Matchup(NamedTuple):
    """What every option of one best_discard call is played in: the seats (ours first), the
    draws, the dead cards, our policy and the opponents', the cutting limits."""

    seats: list[Holding]
    draws: int
    dead: frozenset[int]
    ours: Policy
    theirs: Policy
    caps: Limits | None


class Run(Protocol):
    """What best_discard decided about running the numbers (api._Run)."""

    @property
    def trials(self) -> int | None: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def max_exact(self) -> int: ...
    @property
    def threads(self) -> int | None: ...
    @property
    def progress(self) -> bool: ...
    @property
    def target_stderr(self) -> float | None: ...
    @property
    def scale_exact(self) -> bool: ...


def options_in_one_pass(
    matchup: Matchup, discards: Sequence[tuple[int, ...]], run: Run, one_by_one: OneByOne
) -> list[Equity]:
    """Every option in C at once: exact where it fits, else Monte Carlo on common random
    numbers when no reshuffle can happen; the rest by ``one_by_one``. Range seats are dealt
    per trial (draws/best_deal.py), the same hands for every option."""
    seats, draws, dead, ours, theirs, caps = matchup
    hands: list[Seat] = [None if isinstance(seat, Range) else seat for seat in seats]
    check_apart(hands, dead)
    if 52 - len(dead) < 4 * len(seats):
        raise ValueError("not enough cards for every player")
    dealer = _dealer(seats, hands, dead, run.seed or 0)
    if dealer is not None:
        hands = [dealer.placeholders().get(p, hand) for p, hand in enumerate(hands)]
    spec = engine.Spec(hands, draws, [ours] + [theirs] * (len(seats) - 1), caps, dead)
    ids = hands[0]
    assert ids is not None
    masks = [sum(1 << i for i, card in enumerate(ids) if card in thrown) for thrown in discards]
    stated = {"draws": draws, "policy": ours.name, "limits": caps}
    found: list[Equity | None] = [None] * len(masks)
    if all(seat is not None for seat in seats):
        if dealer is None:
            budget = run.max_exact
            if run.scale_exact and best.others_stand_pat(spec):
                budget *= BEST_DISCARD_PAT_FACTOR
            found = best.exact_options(spec, masks, budget, **stated)
        else:  # small enough to enumerate every deal of the ranges: the range engine
            cheap = best.cheap_options(spec, masks, run.max_exact, dealer.combinations)
            for i, result in zip(cheap, one_by_one([discards[i] for i in cheap]), strict=True):
                found[i] = result
    missing = [i for i, result in enumerate(found) if result is None]
    if missing and best.fits(spec, dealer):
        assert run.trials is not None  # best_discard sets its default
        sampling = best.Sampling(
            run.trials, run.seed or 0, run.threads, run.progress, run.target_stderr,
            BEST_PILOT_TRIALS,
        )  # fmt: skip
        subset = [masks[i] for i in missing]
        sampled = best.sampled_options(spec, subset, sampling, dealer, **stated)
        for i, result in zip(missing, sampled, strict=True):
            found[i] = result
    elif missing:
        for i, result in zip(missing, one_by_one([discards[i] for i in missing]), strict=True):
            found[i] = result
    return [result for result in found if result is not None]


def _dealer(
    seats: list[Holding], hands: list[Seat], dead: frozenset[int], seed: int
) -> best_deal.Dealer | None:
    """The range seats' live ranges and how to deal them (None: no range seat)."""
    if not any(isinstance(seat, Range) for seat in seats):
        return None
    known = set(dead).union(*(hand for hand in hands if hand is not None))
    live = {
        p: best_deal.live_range(seat, known, p + 1)
        for p, seat in enumerate(seats)
        if isinstance(seat, Range)
    }
    return best_deal.Dealer(len(seats), live, seed)
