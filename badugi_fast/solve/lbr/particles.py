"""The opponent's range as weighted particles: sampled hands (with each hand's own discards)
and their weights, kept by Bayes' rule as the hand goes on.

- At the start: every hand the opponent can hold when they are few (a small deck: the range is
  then exact), else ``size`` hands drawn uniformly from the cards the local best response cannot
  see, each of weight 1.
- At an opponent's betting action: each weight times the strategy's probability of that action
  with that hand.
- At an opponent's draw of k cards (an exact range is first copied to about ``size``
  particles, so a hand's copies may throw and draw differently): each weight times the
  probability that the strategy throws k cards; each particle then throws a discard of k cards
  drawn from the strategy's conditional probabilities, and is dealt k cards uniformly from the
  cards it cannot see (the deck less the local best response's hand and discards and its own
  hand and discards: when those leave too few, the discards are counted back, as a reshuffle
  would); the particles are then resampled by weight (systematic resampling), so each keeps
  weight 1.
- At the local best response's own new cards: hands holding one of them get weight 0.

When every weight falls to 0 (the range lost track of a strategy that played a hand the
particles did not hold), the range starts afresh from the cards unseen (``lost`` counts it).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from ...game.actions import Action, View
from .arrays import MASKS, POPCOUNT
from .strategy import HandStrategy, checked_probabilities, deciding

Hands = npt.NDArray[np.uint8]
Masks = npt.NDArray[np.uint64]
ONE = np.uint64(1)


def card_masks(hands: Hands) -> Masks:
    """Each row's cards as a 64-bit mask."""
    masks: Masks = np.bitwise_or.reduce(np.left_shift(ONE, hands.astype(np.uint64)), axis=1)
    return masks


def mask_of(cards: Iterable[int]) -> int:
    """Cards as a 64-bit mask."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


class Particles:
    """The range of the opponent of a player holding cards it sees (see the module)."""

    def __init__(self, deck: int, size: int, rng: np.random.Generator) -> None:
        self.deck, self.size, self.rng = deck, size, rng
        self.lost = 0
        self.hands: Hands = np.zeros((0, 4), dtype=np.uint8)
        self.dead: Masks = np.zeros(0, dtype=np.uint64)
        self.weights = np.zeros(0)
        self.exact = False
        self.other = 0  # the other player's hand, a card mask
        self.other_thrown = 0  # and its discards

    def know(self, hand: int, thrown: int) -> None:
        """The other player's hand and discards now (card masks): what the range never holds
        (its discards only while the stub lasts: a reshuffle may deal them)."""
        self.other, self.other_thrown = hand, thrown

    # -- making and keeping ------------------------------------------------------------------

    def start(self) -> None:
        """Every hand, or ``size`` uniform ones, of the deck's cards the other player neither
        holds nor threw (when those leave fewer than four: that it does not hold)."""
        seen = self.other | self.other_thrown
        if (self.deck & ~seen).bit_count() < 4:
            seen = self.other
        cards = np.array([c for c in range(64) if self.deck >> c & 1 and not seen >> c & 1])
        if comb(len(cards), 4) <= self.size:
            rows = np.array(list(combinations(cards.tolist(), 4)), dtype=np.uint8)
            self.exact = True
        else:
            keys = self.rng.random((self.size, len(cards)))
            picked = cards[np.argpartition(keys, 4, axis=1)[:, :4]]
            rows = np.sort(picked, axis=1).astype(np.uint8)
            self.exact = False
        self.hands = rows.reshape(-1, 4)
        self.dead = np.zeros(len(self.hands), dtype=np.uint64)
        self.weights = np.ones(len(self.hands))

    def total(self) -> float:
        return float(self.weights.sum())

    def _check(self) -> None:
        if not self.total() > 0:
            self.lost += 1
            self.start()

    def live(self) -> tuple[Hands, npt.NDArray[np.float64]]:
        """The hands of positive weight and their weights."""
        keep = self.weights > 0
        return self.hands[keep], self.weights[keep]

    def resample(self) -> None:
        """Systematic resampling to ``size`` particles of weight 1 (an exact range is kept)."""
        if self.exact:
            return
        w = self.weights / self.weights.sum()
        points = (self.rng.random() + np.arange(self.size)) / self.size
        index = np.minimum(np.searchsorted(np.cumsum(w), points), len(w) - 1)
        self.hands, self.dead = self.hands[index], self.dead[index]
        self.weights = np.ones(self.size)

    # -- what is seen ------------------------------------------------------------------------

    def exclude(self) -> None:
        """Hands holding a card of the other player's hand are impossible."""
        clash = (card_masks(self.hands) & np.uint64(self.other)) != 0
        self.weights[clash] = 0.0
        self._check()

    def bet(self, strategy: HandStrategy, spot: View, action: Action) -> None:
        """The opponent took ``action`` (a betting action of ``spot.legal``)."""
        kinds = [a.kind for a in spot.legal]
        if action.kind not in kinds:
            raise ValueError(f"{action.kind} is not among the spot's actions {kinds}")
        hands, dead, live = self._live_rows()
        probs = checked_probabilities(
            deciding(strategy, spot).betting(spot, hands, dead), "betting", spot, hands,
            len(kinds),
        )  # fmt: skip
        probs = probs[:, kinds.index(action.kind)]
        self.weights[live] *= probs
        self._check()

    def _live_rows(self) -> tuple[Hands, Masks, npt.NDArray[np.intp]]:
        live = np.flatnonzero(self.weights > 0)
        return self.hands[live], self.dead[live], live

    def fold_share(
        self, strategy: HandStrategy, spot: View
    ) -> tuple[float, npt.NDArray[np.float64]]:
        """The weight share of hands folding at ``spot``, and the weights left by not folding
        (for the hands of positive weight, in ``live`` order)."""
        hands, dead, live = self._live_rows()
        probs = deciding(strategy, spot).betting(spot, hands, dead)
        probs = checked_probabilities(probs, "betting", spot, hands, len(spot.legal))
        folds = np.array([a.kind in ("fold", "die") for a in spot.legal])
        fold = probs[:, folds].sum(axis=1)
        w = self.weights[live]
        return float(fold @ w / w.sum()), w * (1.0 - fold)

    def draw(self, strategy: HandStrategy, spot: View, count: int) -> None:
        """The opponent threw ``count`` cards at ``spot``."""
        if self.exact:  # each hand's discards and new cards vary: a copy for each of them
            copies = max(self.size // len(self.hands), 1)
            self.hands = np.repeat(self.hands, copies, axis=0)
            self.dead = np.repeat(self.dead, copies)
            self.weights = np.repeat(self.weights, copies)
            self.exact = False
        hands, dead, live = self._live_rows()
        probs = checked_probabilities(
            deciding(strategy, spot).discards(spot, hands, dead), "discards", spot, hands, MASKS
        )
        probs = np.where(POPCOUNT[None, :] == count, probs, 0.0)
        chance = probs.sum(axis=1)
        self.weights[live] *= chance
        keep = chance > 0
        live, hands, dead, probs = live[keep], hands[keep], dead[keep], probs[keep]
        if len(live) == 0:
            self.lost += 1
            self.start()  # a fresh range: its hands are the ones after the draw
            return
        cum = np.cumsum(probs / probs.sum(axis=1, keepdims=True), axis=1)
        u = self.rng.random(len(live))[:, None]
        masks = np.minimum((cum < u).sum(axis=1), MASKS - 1)
        if count:
            hands, dead, possible = self._deal(hands, dead, masks, count)
            self.weights[live[~possible]] = 0.0
        self.hands[live], self.dead[live] = hands, dead
        self._check()
        self.resample()

    def _deal(
        self, hands: Hands, dead: Masks, masks: npt.NDArray[np.int64], count: int
    ) -> tuple[Hands, Masks, npt.NDArray[np.bool_]]:
        n = len(hands)
        positions = (masks[:, None] >> np.arange(4)) & 1
        thrown_bits = np.where(positions == 1, np.left_shift(ONE, hands.astype(np.uint64)), 0)
        thrown = np.bitwise_or.reduce(thrown_bits.astype(np.uint64), axis=1)
        held = card_masks(hands)
        deck = np.uint64(self.deck)
        other = np.uint64(self.other)
        pool = deck & ~other & ~np.uint64(self.other_thrown) & ~held & ~dead
        short = _popcount(pool) < count
        if short.any():  # the discards come back, as the reshuffle the deal would need
            pool[short] = deck & ~other & ~held[short]
        bits = (pool[:, None] >> np.arange(64, dtype=np.uint64)) & ONE
        keys = np.where(bits == 1, self.rng.random((n, 64)), 2.0)
        new = np.argpartition(keys, count - 1, axis=1)[:, :count].astype(np.uint8)
        # a particle with too few cards unseen to deal from cannot be: weight 0
        short_of_cards = np.take_along_axis(keys, new.astype(np.intp), axis=1) > 1.0
        possible = np.logical_not(short_of_cards.any(axis=1))
        kept = [row[positions[i] == 0] for i, row in enumerate(hands)]
        rows = np.sort(np.array([np.concatenate([k, new[i]]) for i, k in enumerate(kept)]), axis=1)
        dealt: Masks = dead | thrown
        return rows.astype(np.uint8), dealt, possible


def _popcount(values: Masks) -> npt.NDArray[np.int64]:
    bits = (values[:, None] >> np.arange(64, dtype=np.uint64)) & ONE
    counts: npt.NDArray[np.int64] = bits.sum(axis=1).astype(np.int64)
    return counts


__all__ = ["Particles", "card_masks", "mask_of"]
