"""The ranges the blueprint reaches at the start of a line's last betting round (the package's
docstring says what they are, and what is exact): each player's private histories walked
through its own blueprint probabilities, every one of them (small decks), or on the standard
deck the public beliefs' exact pass over the current hand (solve/belief_states), or a Monte Carlo
sample when one is asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from ..._runtime.validate import whole
from ...blueprint import Blueprint
from ...blueprint.abstraction import BREAK, KEEP, PAT, SLOTS
from ...blueprint.buckets import hand_buckets, legal_slots, slot_sizes
from ...draws import Range
from ...hands.evaluator import NUM_HANDS
from ...hands.universe import all_hands, lex_index
from ..belief_states import beliefs
from ..ranges import hand_classes
from .line import Line, read_line

EXACT_LIMIT = 1 << 22  # histories per player: enumerated below this, sampled above
DEFAULT_SAMPLES = 1 << 22  # a Monte Carlo's size that pins its noise far below the gaps measured
_CHUNK = 1 << 17  # rows per vectorised step (bounds the (rows, 52) work arrays)
_NAMES = ("big blind", "button")


def _deck_cards(blueprint: Blueprint) -> npt.NDArray[np.int64]:
    return np.array(
        [4 * rank + suit for rank in range(blueprint.ranks) for suit in range(blueprint.suits)]
    )


def _unseen(seen: npt.NDArray[np.uint64], deck_bits: int, count: int) -> npt.NDArray[np.uint8]:
    """Each row's cards of the deck outside ``seen`` (ascending), ``count`` of them a row."""
    bits = ((~seen[:, None] & np.uint64(deck_bits)) >> np.arange(52, dtype=np.uint64)) & np.uint64(
        1
    )
    return (np.flatnonzero(bits.astype(bool)) % 52).reshape(len(seen), count).astype(np.uint8)


@dataclass
class _States:
    """Private histories of one player: hands (ascending ids), seen cards, chance x strategy."""

    hands: npt.NDArray[np.uint8]
    seen: npt.NDArray[np.uint64]
    weight: npt.NDArray[np.float64]

    def keep(self, mask: npt.NDArray[np.bool_]) -> None:
        self.hands, self.seen, self.weight = self.hands[mask], self.seen[mask], self.weight[mask]


def _bits(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    one = np.uint64(1)
    out = np.zeros(len(hands), dtype=np.uint64)
    for k in range(hands.shape[1]):
        out |= one << hands[:, k].astype(np.uint64)
    return out


def _reach(
    blueprint: Blueprint, spot: Line, player: int, repeats: int | None, seed: int
) -> npt.NDArray[np.float64]:
    """Player ``player``'s reach of each hand (see the package's docstring): exact when
    ``repeats`` is None, else sampled with ``repeats`` copies of each dealt hand."""
    buckets, thrown = hand_buckets()
    deck = _deck_cards(blueprint)
    universe = all_hands()
    dealt = np.flatnonzero(np.isin(universe, deck).all(axis=1))
    copies = 1 if repeats is None else repeats
    rows = np.repeat(dealt, copies)
    states = _States(
        universe[rows].copy(),
        _bits(universe[rows]),
        np.full(len(rows), 1.0 / (len(dealt) * copies)),
    )
    rng = np.random.default_rng((seed, player))
    unseen_count = len(deck) - 4
    most = blueprint.most_thrown
    for decision in spot.decisions:
        if decision.player != player:
            continue
        index = lex_index(states.hands).astype(np.int64)
        infoset = blueprint.infoset(buckets[index].astype(np.int64), decision.public)
        if not decision.draw:
            legal = np.zeros((len(index), SLOTS), dtype=bool)
            legal[:, list(decision.legal)] = True
            slot = np.full(len(index), decision.slot, dtype=np.int64)
            states.weight = states.weight * _chosen(blueprint, infoset, legal, slot)
            states.keep(states.weight > 0)
            continue
        masks = thrown[index].astype(np.int64)
        counts = slot_sizes(masks)
        legal = legal_slots(masks, most)
        c = decision.count
        if c == 0:
            slot = np.full(len(index), PAT, dtype=np.int64)
            found = np.ones(len(index), dtype=bool)
        else:
            keep_fits = legal[:, KEEP] & (counts[:, KEEP] == c)
            break_fits = legal[:, BREAK] & (counts[:, BREAK] == c)
            slot = np.where(keep_fits, KEEP, BREAK).astype(np.int64)
            found = keep_fits | break_fits
        weight = np.where(found, states.weight * _chosen(blueprint, infoset, legal, slot), 0)
        alive = weight > 0
        states.weight = weight
        states.keep(alive)
        if c == 0 or not alive.any():
            continue
        chosen = np.take_along_axis(masks[alive], slot[alive][:, None], axis=1)[:, 0]
        states = _replace(states, chosen, c, deck, unseen_count, repeats, rng)
        unseen_count -= c
    out = np.zeros(NUM_HANDS)
    if len(states.weight):
        np.add.at(out, lex_index(states.hands), states.weight)
    return out


def _chosen(
    blueprint: Blueprint,
    infoset: npt.NDArray[np.int64],
    legal: npt.NDArray[np.bool_],
    slot: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:
    """The blueprint's probability of each decision's ``slot`` among its ``legal`` slots."""
    rows = blueprint.rows(infoset, legal)
    return np.take_along_axis(rows, slot[:, None], axis=1)[:, 0]


def _sample(
    seen: npt.NDArray[np.uint64], count: int, deck: npt.NDArray[np.int64], rng: np.random.Generator
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64]]:
    """``count`` cards for each row, a uniform set of the deck's cards outside ``seen``: one card
    at a time, each drawn from the whole deck again until it is one the row has not seen
    (rejection sampling: uniform over what is left). Returns the cards and the new seen sets."""
    seen = seen.copy()
    new = np.empty((len(seen), count), dtype=np.uint8)
    one = np.uint64(1)
    for k in range(count):
        pending = np.arange(len(seen))
        while len(pending):
            card = deck[rng.integers(0, len(deck), len(pending))].astype(np.uint64)
            fresh = (seen[pending] >> card) & one == 0
            rows = pending[fresh]
            new[rows, k] = card[fresh]
            seen[rows] |= one << card[fresh]
            pending = pending[~fresh]
    return new, seen


def _replace(
    states: _States,
    masks: npt.NDArray[np.int64],
    count: int,
    deck: npt.NDArray[np.int64],
    unseen_count: int,
    repeats: int | None,
    rng: np.random.Generator,
) -> _States:
    """Throws each row's ``masks`` positions and deals ``count`` cards from those it has not
    seen: every set of them (exact) or one sampled set (Monte Carlo)."""
    deck_bits = int(sum(1 << int(c) for c in deck))
    position = np.arange(4)
    kept_at = ((masks[:, None] >> position) & 1) == 0
    kept = states.hands[kept_at].reshape(len(masks), 4 - count)
    parts: list[_States] = []
    combos = (
        None if repeats is not None else np.array(list(combinations(range(unseen_count), count)))
    )
    for lo in range(0, len(masks), _CHUNK):
        hi = min(lo + _CHUNK, len(masks))
        if combos is None:
            new, seen = _sample(states.seen[lo:hi], count, deck, rng)
            hands = np.concatenate([kept[lo:hi], new], axis=1)
            weight = states.weight[lo:hi]
        else:
            unseen = _unseen(states.seen[lo:hi], deck_bits, unseen_count)
            new = unseen[:, combos].reshape(-1, count)  # (rows x sets, count)
            n = len(combos)
            hands = np.concatenate([np.repeat(kept[lo:hi], n, axis=0), new], axis=1)
            seen = np.repeat(states.seen[lo:hi], n)
            weight = np.repeat(states.weight[lo:hi] / n, n)
            seen = seen | _bits(new)
        parts.append(_States(np.sort(hands, axis=1), seen, weight))
    return _States(
        np.concatenate([s.hands for s in parts]),
        np.concatenate([s.seen for s in parts]),
        np.concatenate([s.weight for s in parts]),
    )


def histories(blueprint: Blueprint, spot: Line, player: int) -> int:
    """How many private histories of ``player`` the exact enumeration walks at most: every
    hand of the deck times every set of replacement cards at each of its draws."""
    cards = blueprint.ranks * blueprint.suits
    count, unseen = comb(cards, 4), cards - 4
    for decision in spot.decisions:
        if decision.player == player and decision.draw and decision.count:
            count *= comb(unseen, decision.count)
            unseen -= decision.count
    return count


@dataclass(frozen=True)
class ReachedRanges:
    """The ranges the blueprint reaches at the start of the last round: ``weights[p][h]`` is
    player p's reach of hand h (all_hands() order; see the package's docstring), ``exact``,
    sampled (``samples`` private histories a player, from ``seed``) or from the beliefs (neither:
    ``method`` says which), averaged over the suit orbits or not (``symmetric``), and the
    ``spot``."""

    spot: Line
    weights: npt.NDArray[np.float64] = field(repr=False)
    exact: bool
    samples: int
    seed: int
    symmetric: bool

    @property
    def method(self) -> str:
        """How the weights were found: "exact", "monte carlo" or "beliefs"."""
        return "exact" if self.exact else "monte carlo" if self.samples else "beliefs"

    @property
    def ranges(self) -> tuple[Range, Range]:
        """The two weight vectors as Ranges (each scaled to a largest weight of 1)."""
        r0, r1 = (Range.from_vector(w / w.max()) for w in self.weights)
        return r0, r1


def _symmetric(blueprint: Blueprint, symmetric: object, exact: bool) -> bool:
    """Whether to average the ranges over the suit orbits (reached_ranges' ``symmetric``)."""
    if symmetric is None:
        return not exact and blueprint.suits == 4
    if not isinstance(symmetric, bool):
        raise TypeError(f"symmetric is True, False or None, not {symmetric!r}")
    if symmetric and blueprint.suits != 4:
        raise ValueError(
            f"symmetric: a deck of {blueprint.suits} suits is not closed under relabelling the "
            "four suits"
        )
    return symmetric


def _believed(blueprint: Blueprint, line: str) -> npt.NDArray[np.float64]:
    """Each player's reach from its public belief (solve/belief_states): the belief times the chance
    that it plays its actions of the line."""
    found = beliefs(blueprint, line)
    return np.stack([found.weights[p] * found.chance[p] for p in (0, 1)])


def reached_ranges(
    blueprint: Blueprint,
    line: str,
    *,
    samples: int | None = None,
    seed: int = 0,
    symmetric: bool | None = None,
) -> ReachedRanges:
    """The two ranges ``blueprint`` reaches at the start of ``line``'s last betting round: exact
    when ``samples`` is None and the enumeration is at most EXACT_LIMIT histories a player, else
    (``samples`` None) the public beliefs' pass, exact for a belief over the current hand (a
    player's earlier discards may come back to it there), or a Monte Carlo over ``samples``
    private histories a player, every dealt hand the same number of times; ``symmetric``:
    average each range over the suit orbits (four suits only; default: for ranges not exact).
    ValueError for a line the rules do not allow, or one the blueprint never plays (a player
    reaches it with no hand)."""
    if not isinstance(blueprint, Blueprint):
        raise TypeError(f"blueprint is a Blueprint, not {type(blueprint).__name__}")
    spot = read_line(line, blueprint)
    seed = whole("seed", seed, 0, (1 << 63) - 1)
    dealt = comb(blueprint.ranks * blueprint.suits, 4)
    cards = blueprint.ranks * blueprint.suits
    for p in (0, 1):
        unseen = cards - 4
        for decision in spot.decisions:
            if decision.player == p and decision.draw:
                if decision.count > unseen:
                    raise ValueError(
                        f"line {line!r}: the {_NAMES[p]} throws {decision.count} cards when "
                        f"only {unseen} of this deck are outside what it has seen (the range "
                        "would need its own discards reshuffled)"
                    )
                unseen -= decision.count
    if samples is None:
        exact = max(histories(blueprint, spot, p) for p in (0, 1)) <= EXACT_LIMIT
        wanted = 0
    else:
        exact = False
        wanted = whole("samples", samples, 1)
    averaged = _symmetric(blueprint, symmetric, exact)
    repeats = None if exact or not wanted else -(-wanted // dealt)
    if exact or wanted:
        weights = np.stack([_reach(blueprint, spot, p, repeats, seed) for p in (0, 1)])
    else:  # too many histories to enumerate, no samples asked: the beliefs' exact pass
        weights = _believed(blueprint, line)
    if averaged:
        of_hand = hand_classes(True).of_hand
        sizes = np.bincount(of_hand)
        for p in (0, 1):  # each orbit's weight spread evenly over its hands
            weights[p] = (np.bincount(of_hand, weights[p]) / sizes)[of_hand]
    for p in (0, 1):
        if not weights[p].max() > 0:
            raise ValueError(
                f"line {line!r}: the blueprint never plays it: the "
                f"{_NAMES[p]} reaches it with no hand"
                + ("" if repeats is None else f" in {repeats * dealt:,} samples")
            )
    samples_done = 0 if repeats is None else repeats * dealt
    return ReachedRanges(spot, weights, exact, samples_done, seed, averaged)


__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "ReachedRanges", "histories", "reached_ranges"]
