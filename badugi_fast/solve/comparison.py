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
probabilities, over the pairs of histories whose cards are all distinct. This module keeps the
two players apart: player p's range is ``r_p(h)``, the chance that p ends the line holding h when
its own cards come from a deck without the opponent (dealt 4 of the deck, each draw's cards
uniform over the cards it has not seen), weighted by its own blueprint probabilities. The
solver then meets the two ranges with card removal between the final hands, so the spot is
exact but for one effect: the cards one player threw cannot be in the other's final hand (nor,
on a small deck, a reshuffled stub's). That is the usual product of reaches a last-round
solver works on; the discards it leaves out are a few cards, mostly high ones.

Each ``r_p`` is computed **exactly** where the enumeration is small (every hand of the deck,
then every set of replacement cards at each draw: the small decks of the OpenSpiel game), and
otherwise (the standard deck: 270,725 hands times 48 cards, then 47, ... is billions of
histories) by **Monte Carlo**: every hand of the deck is dealt the same number of times
(``samples`` / 270,725 copies each, 16 by default), and each copy's replacement cards are drawn
at each draw (uniformly from the cards it has not seen, by rejection) from
``numpy.random.default_rng((seed, p))``.
The reach is almost the same for every relabelling of the suits (the buckets do not see suits),
but not quite: where two badugis of a hand tie, the abstraction keeps the one of the lowest card
ids, so which suits stay after a draw depends on the labels. By default a Monte Carlo range on
a deck of four suits (``symmetric``) is averaged over each suit orbit: that keeps every orbit's
total, pools the samples of up to 24 hands and lets the solver run on the orbits; the spot then
differs from the sampled one only in how each orbit's weight is spread over its suits.
Exact ranges are left as they are unless asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from .._runtime.threads import thread_count
from .._runtime.validate import whole
from ..blueprint import Blueprint
from ..blueprint.abstraction import (
    AGGRESSIVE,
    BREAK,
    FOLD,
    KEEP,
    MAX_BETS,
    PASSIVE,
    PAT,
    PUBLIC,
    SLOTS,
    public_betting,
    public_draw,
)
from ..blueprint.buckets import hand_buckets, legal_slots, slot_sizes
from ..blueprint.strategy import MIN_STACK_BETS
from ..draws import Range
from ..game.actions import ActionKind
from ..game.rules import RuleSet
from ..hands.evaluator import NUM_HANDS
from ..hands.universe import all_hands, lex_index
from .api import LastRoundSolution, solve_last_round
from .best_response import Exploitability, Tables, exploitability
from .problem import LastRound
from .ranges import hand_classes

K = ActionKind
EXACT_LIMIT = 1 << 22  # histories per player: enumerated below this, sampled above
DEFAULT_SAMPLES = 1 << 22  # sampled histories per player (16 copies of each standard hand)
_CHUNK = 1 << 17  # rows per vectorised step (bounds the (rows, 52) work arrays)
_NAMES = ("big blind", "button")
_LETTERS = {"k": K.CHECK, "c": K.CALL, "b": K.BET, "r": K.RAISE}
_SLOT_OF_KIND: dict[str, int] = {
    K.FOLD: FOLD,
    K.CHECK: PASSIVE,
    K.CALL: PASSIVE,
    K.BET: AGGRESSIVE,
    K.RAISE: AGGRESSIVE,
}


# -- the line ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineStep:
    """One decision of the line: the ``player`` (0 big blind, 1 button), its public index in the
    abstraction, whether it is a ``draw``, and the ``slot`` played (betting) or the ``count`` of
    cards thrown (draws: the slot then depends on the hand); ``legal`` the betting slots."""

    player: int
    public: int
    draw: bool
    slot: int
    count: int
    legal: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """A line read in the abstraction: its ``decisions`` in order, and the last round's start:
    ``committed`` (chips each player has in), ``pot_index`` (that in small bets, less one),
    ``last_aggressor`` (of the round before: -1 nobody, else the player) and ``drew``
    (each player's count at each draw)."""

    text: str
    round: int
    decisions: tuple[LineStep, ...]
    committed: int
    pot_index: int
    last_aggressor: int
    drew: tuple[tuple[int, ...], tuple[int, ...]]

    def public(self, player: int, bets: int, flag: int) -> int:
        """The public index of ``player``'s last-round decision after ``bets`` bets and raises,
        ``flag`` 1 when the round opened with a check."""
        who = self.last_aggressor
        relative = 0 if who < 0 else 1 if who == player else 2
        opp_drew = self.drew[1 - player][self.round - 1]
        return public_betting(self.round, 2 * bets + flag, self.pot_index, relative, opp_drew)


class _Walk:
    """The public state of a hand as csrc/blueprint/train.c plays it."""

    def __init__(self, small_bet: int) -> None:
        self.small_bet = small_bet
        self.round, self.bets, self.flag = 0, 1, 0
        self.aggressor = self.last_aggressor = -1
        self.pot = 0
        self.committed = [small_bet, small_bet // 2]
        self.drew = [[0, 0, 0], [0, 0, 0]]

    def actor(self) -> int:
        base = opener = 1 if self.round == 0 else 0
        return opener ^ ((self.bets - base + self.flag) & 1)

    def relative(self, who: int, me: int) -> int:
        return 0 if who < 0 else 1 if who == me else 2

    def bet(self, kind: str, where: str) -> tuple[LineStep, bool]:
        """Plays one betting action; returns its decision and whether it ended the round."""
        a = self.actor()
        to_call = self.committed[1 - a] - self.committed[a]
        node = 2 * (self.bets - (self.round == 0)) + self.flag
        opp_drew = self.drew[1 - a][self.round - 1] if self.round else 0
        public = public_betting(
            self.round, node, self.pot, self.relative(self.last_aggressor, a), opp_drew
        )
        legal = (
            *((FOLD,) if to_call else ()),
            PASSIVE,
            *((AGGRESSIVE,) if self.bets < MAX_BETS else ()),
        )
        who = "the big blind" if a == 0 else "the button"
        if kind in (K.CHECK, K.CALL):
            if (kind is K.CHECK) != (to_call == 0):
                need = f"a call of {to_call}" if to_call else "a check (nothing to call)"
                raise ValueError(f"{where}: {who} faces {need}, not a {kind}")
            self.committed[a] += to_call
            opens = self.flag == 0 and (
                self.bets == 1 and a == 1 if self.round == 0 else self.bets == 0
            )
            if opens:
                self.flag = 1
            else:
                self.last_aggressor = self.aggressor
                self.pot = self.committed[0] // self.small_bet - 1
            return LineStep(a, public, False, PASSIVE, 0, legal), not opens
        if self.bets >= MAX_BETS:
            raise ValueError(f"{where}: the round is capped at a bet and three raises")
        wanted = K.BET if self.round > 0 and self.bets == 0 else K.RAISE
        if kind is not wanted:
            raise ValueError(f"{where}: {who}'s bet here is a {wanted}, not a {kind}")
        size = self.small_bet if self.round < 2 else 2 * self.small_bet
        self.committed[a] += to_call + size
        self.bets += 1
        self.aggressor = a
        return LineStep(a, public, False, AGGRESSIVE, 0, legal), False

    def draw(self, a: int, count: int) -> LineStep:
        k = self.round + 1
        other = 1 - a
        before = self.drew[other][k - 2] if k > 1 else 0
        now = 0 if a == 0 else 1 + self.drew[other][k - 1]
        public = public_draw(k, self.pot, self.relative(self.last_aggressor, a), before, now)
        self.drew[a][self.round] = count
        return LineStep(a, public, True, -1, count, ())


def _betting_round(walk: _Walk, text: str, where: str) -> list[LineStep]:
    """One betting round's letters played on ``walk``: its decisions."""
    if not text:
        raise ValueError(f"{where}: a betting round has at least one action")
    decisions = []
    over = False
    for at, letter in enumerate(text):
        if over:
            raise ValueError(f"{where}: the round is over before {text[at:]!r}")
        if letter == "f":
            raise ValueError(f"{where}: a fold ends the hand before the last round")
        if letter not in _LETTERS:
            raise ValueError(
                f"{where}: {letter!r} is not a betting action (k check, c call, b bet, r raise)"
            )
        decision, over = walk.bet(_LETTERS[letter], where)
        decisions.append(decision)
    if not over:
        who = "the big blind" if walk.actor() == 0 else "the button"
        raise ValueError(f"{where}: the round is not over ({who} is to act)")
    return decisions


def read_line(line: str, blueprint: Blueprint) -> Line:
    """The line (see the module docstring) read in the blueprint's abstraction, up to the start
    of its last betting round. ValueError naming the segment and the token the rules do not
    allow."""
    if not isinstance(line, str):
        raise TypeError(f"a line is text such as 'kk/11/kk/11/kk/11', not {type(line).__name__}")
    draws = blueprint.draws
    if draws < 1:
        raise ValueError("the blueprint's game has no draw, so no last round after one")
    if draws == 1:
        raise ValueError(
            "the last-round solver plays the big bet of the rounds after the second draw; a "
            "game of one draw ends on small bets"
        )
    segments = line.split("/")
    if len(segments) != 2 * draws:
        raise ValueError(
            f"a line of a {draws}-draw game is {2 * draws} segments split by '/' (a betting "
            f"round and a draw, {draws} times), not {len(segments)}: {line!r}"
        )
    walk = _Walk(blueprint.small_bet)
    decisions: list[LineStep] = []
    for number, segment in enumerate(segments, start=1):
        text = segment.replace(" ", "")
        where = f"line segment {number} ({segment!r})"
        if number % 2:  # a betting round
            decisions += _betting_round(walk, text, where)
            continue
        if not re.fullmatch(r"[0-9],?[0-9]", text):
            raise ValueError(
                f"{where}: a draw is two digits, the cards the big blind threw and then the "
                "button's (such as '12')"
            )
        counts = (int(text[0]), int(text[-1]))
        most = blueprint.most_thrown
        for a, count in enumerate(counts):
            if count > most:
                raise ValueError(
                    f"{where}: a draw throws 0 .. {most} cards on this deck, not {count}"
                )
            decisions.append(walk.draw(a, count))
        walk.round += 1
        walk.bets = walk.flag = 0
        walk.aggressor = -1
    return Line(
        line,
        walk.round,
        tuple(decisions),
        walk.committed[0],
        walk.pot,
        walk.last_aggressor,
        (tuple(walk.drew[0][:draws]), tuple(walk.drew[1][:draws])),
    )


# -- the ranges --------------------------------------------------------------------------------


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
    """Player ``player``'s reach of each hand (see the module docstring): exact when
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
        infoset = buckets[index].astype(np.int64) * PUBLIC + decision.public
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
    player p's reach of hand h (all_hands() order; see the module docstring), ``exact`` or
    sampled (``samples`` private histories a player, from ``seed``), averaged over the suit
    orbits or not (``symmetric``), and the ``spot``."""

    spot: Line
    weights: npt.NDArray[np.float64] = field(repr=False)
    exact: bool
    samples: int
    seed: int
    symmetric: bool

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


def reached_ranges(
    blueprint: Blueprint,
    line: str,
    *,
    samples: int | None = None,
    seed: int = 0,
    symmetric: bool | None = None,
) -> ReachedRanges:
    """The two ranges ``blueprint`` reaches at the start of ``line``'s last betting round: exact
    when ``samples`` is None and the enumeration is at most EXACT_LIMIT histories a player,
    else Monte Carlo over ``samples`` (default DEFAULT_SAMPLES) private histories a player,
    every dealt hand the same number of times; ``symmetric``: average each range over the suit
    orbits (four suits only; default: for Monte Carlo ranges). ValueError for a line the rules
    do not allow, or one the blueprint never plays (a player reaches it with no hand)."""
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
        wanted = 0 if exact else DEFAULT_SAMPLES
    else:
        exact = False
        wanted = whole("samples", samples, 1)
    averaged = _symmetric(blueprint, symmetric, exact)
    repeats = None if exact else -(-wanted // dealt)
    weights = np.stack([_reach(blueprint, spot, p, repeats, seed) for p in (0, 1)])
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


# -- the profile and the comparison ------------------------------------------------------------


def last_round_profile(blueprint: Blueprint, spot: Line, problem: LastRound) -> Tables:
    """The blueprint's last-round strategy as a profile of ``problem``'s tree (player 0's
    table, player 1's): at each node, each row (class of hands of the range) plays the
    probabilities of the blueprint's information set of its bucket, uniform where training
    never reached it."""
    buckets, _ = hand_buckets()
    rows_bucket = []
    for p in (0, 1):
        player = problem.players[p]
        of_hand = buckets[player.range.positions].astype(np.int64)
        mine = np.full(problem.rows(p), -1, dtype=np.int64)
        mine[player.row_of_hand] = of_hand
        if not np.array_equal(mine[player.row_of_hand], of_hand):
            raise AssertionError("the hands of one class share a bucket (suits do not count)")
        rows_bucket.append(mine)
    tables = (np.empty(problem.table_len[0]), np.empty(problem.table_len[1]))
    for node in problem.tree.nodes:
        if node.actor is None:
            continue
        kinds = [a.kind for a in node.history]
        bets = sum(kind in (K.BET, K.RAISE) for kind in kinds)
        flag = int(bool(kinds) and kinds[0] is K.CHECK)
        try:
            slots = [_SLOT_OF_KIND[a.kind] for a in node.actions]
        except KeyError as missing:
            raise ValueError(f"the blueprint has no slot for {missing} in its last round") from None
        infoset = rows_bucket[node.actor] * PUBLIC + spot.public(node.actor, bets, flag)
        legal = np.zeros((len(infoset), SLOTS), dtype=bool)
        legal[:, slots] = True
        problem.block(tables[node.actor], node)[:] = blueprint.rows(infoset, legal)[:, slots]
    return tables


@dataclass(frozen=True)
class LastRoundComparison:
    """The blueprint's last round of a line against the exact equilibrium of that spot.

    ``reached``: the ranges (ReachedRanges); ``pot`` and ``stacks``: the spot's chips;
    ``tables``: the blueprint's profile on ``solution.problem``; ``blueprint``: that profile's
    Exploitability (``chips`` a hand, ``fraction`` of the pot, each player's ``gains``,
    ``best`` responses and ``values``); ``solution``: the equilibrium (solve_last_round from the
    same ranges); ``frequency``: about how often a hand follows the line when both players play
    the blueprint (the product of the two reaches met with card removal, scaled by the
    chance of the deal and the draws from one stub; the discards' removal left out)."""

    reached: ReachedRanges
    pot: int
    stacks: int
    tables: Tables = field(repr=False)
    blueprint: Exploitability
    solution: LastRoundSolution = field(repr=False)
    frequency: float

    @property
    def exploitability(self) -> float:
        """The blueprint's exploitability in the spot, chips a hand."""
        return self.blueprint.chips

    @property
    def exploitability_fraction(self) -> float:
        """The blueprint's exploitability in the spot, as a fraction of the pot."""
        return self.blueprint.fraction

    @property
    def value(self) -> tuple[float, float]:
        """Each player's expected net chips from the round's start under the blueprint."""
        return self.blueprint.values

    @property
    def equilibrium_value(self) -> tuple[float, float]:
        """Each player's expected net chips from the round's start at the equilibrium."""
        return self.solution.value

    def strategy(self, history: list[object] | tuple[object, ...]) -> npt.NDArray[np.float64]:
        """The blueprint's rows at the node after ``history`` for the player to act: (hands of
        its range, actions), as LastRoundSolution.strategy gives the equilibrium's."""
        problem = self.solution.problem
        node = problem.node(history)
        if node.actor is None:
            raise ValueError(f"history {list(history)} ends the round: nobody acts")
        return problem.per_hand(node.actor, problem.block(self.tables[node.actor], node)).copy()


def compare_last_round(
    blueprint: Blueprint,
    line: str,
    *,
    rules: RuleSet | None = None,
    samples: int | None = None,
    seed: int = 0,
    symmetric: bool | None = None,
    target: float = 1e-3,
    iterations: int | None = None,
    threads: int | None = None,
) -> LastRoundComparison:
    """The blueprint's last round of ``line`` against the exact equilibrium of the spot (see
    the module docstring). ``rules``: when given, the rules of the game asked about
    (ValueError unless the blueprint was trained for them); ``samples``, ``seed`` and
    ``symmetric``: as reached_ranges; ``target``/``iterations``/``threads``: as solve_last_round."""
    if not isinstance(blueprint, Blueprint):
        raise TypeError(f"blueprint is a Blueprint, not {type(blueprint).__name__}")
    if rules is not None:
        blueprint.check_rules(rules)
    reached = reached_ranges(blueprint, line, samples=samples, seed=seed, symmetric=symmetric)
    spot = reached.spot
    pot = 2 * spot.committed
    stacks = MIN_STACK_BETS * blueprint.small_bet - spot.committed
    solution = solve_last_round(
        reached.ranges,
        pot=pot,
        stacks=stacks,
        rules=blueprint.rules,
        target=target,
        iterations=iterations,
        threads=threads,
    )
    problem = solution.problem
    tables = last_round_profile(blueprint, spot, problem)
    work = (problem.rows(0) + problem.rows(1)) * len(problem.tree.nodes)
    measured = exploitability(problem, tables, min(thread_count(threads, work), 64))
    return LastRoundComparison(
        reached, pot, stacks, tables, measured, solution, _frequency(blueprint, reached, problem)
    )


def _frequency(blueprint: Blueprint, reached: ReachedRanges, problem: LastRound) -> float:
    """About how often a hand follows the line (LastRoundComparison.frequency)."""
    cards = blueprint.ranks * blueprint.suits
    scale = float(reached.weights[0].max() * reached.weights[1].max())
    chance = comb(cards, 4) / comb(cards - 4, 4)
    own = [cards - 4, cards - 4]
    stub = cards - 8
    for decision in reached.spot.decisions:
        if decision.draw and decision.count:
            c, p = decision.count, decision.player
            chance *= comb(own[p], c) / comb(max(stub, c), c)
            own[p] -= c
            stub -= c
    return problem.disjoint_mass() * scale * chance


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
