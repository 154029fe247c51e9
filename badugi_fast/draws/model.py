"""The drawing model in plain Python: the specification the C engine follows, the oracle of the
tests for small exact cases, and the engine for policies written as Python callables.

A player sees their hand, their own discards and the known dead cards; every other card is
unseen to them, and drawn cards come uniformly from the stub. Policies:

- the default keeps the cards of the current badugi and draws to the rest; a four-card badugi
  stands pat. For the dealt hand, among tied best subsets it keeps the one leaving the most live
  outs (unseen cards whose suit and rank differ from every kept card: for three kept cards, the
  cards that complete a badugi), then the lowest card ids. After a draw, the new cards enter the
  kept cards only if the hand's badugi is now strictly better than the kept cards'; then the new
  best subset is kept, preferring the one holding most of the previous kept cards, then the most
  live outs, then the lowest ids;
- ``break_above=R`` is the default, except that a four-card badugi whose top card ranks above R
  throws that card (and keeps the other three);
- ``best`` throws, at each draw, what maximizes the chance of a four-card badugi after that
  one draw (ties: fewer cards, better kept cards, lowest ids);
- a callable ``policy(hand, draws_left, max_discard, dead) -> cards to throw``.

Cutting limits cap the cards thrown per draw; a policy throwing more throws its highest-ranked
candidates (higher id first among equal ranks) up to the cap. When a simulated draw empties the
stub, the other players' discards become the new stub; if that is empty too (the dead cards
hold the rest), a thrown card that cannot be replaced stays in the hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb

from ..cards import DECK, Card
from ..hands.naming import class_rank

PolicyFn = Callable[[tuple[Card, ...], int, int, frozenset[Card]], Sequence[object]]
NO_CAP = 4


def is_badugi(cards: Sequence[int]) -> bool:
    return len({c >> 2 for c in cards}) == len(cards) == len({c & 3 for c in cards})


def subset_rank(cards: Sequence[int]) -> int:
    """Rank of a set of cards that is itself a badugi (all suits and ranks different)."""
    return class_rank(tuple(c >> 2 for c in cards))


def tied_best_subsets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every subset of the hand that is a best badugi of it, as sorted ids."""
    ids = sorted(hand)
    for size in (4, 3, 2, 1):
        subsets = [sub for sub in combinations(ids, size) if is_badugi(sub)]
        if subsets:
            best = min(subset_rank(sub) for sub in subsets)
            return [sub for sub in subsets if subset_rank(sub) == best]
    raise AssertionError("a single card is always a badugi")


def live_outs(kept: Sequence[int], known: frozenset[int]) -> int:
    """Unseen cards whose suit and rank differ from every kept card."""
    suits, ranks = {c & 3 for c in kept}, {c >> 2 for c in kept}
    return sum(
        1 for c in range(52) if c not in known and c & 3 not in suits and c >> 2 not in ranks
    )


def choose_kept(
    hand: Sequence[int], known: frozenset[int], previous: frozenset[int] = frozenset()
) -> frozenset[int]:
    """The best subset to keep: most previous kept cards, most live outs, lowest ids."""
    subsets = tied_best_subsets(hand)
    best = min(subsets, key=lambda sub: (-len(previous & set(sub)), -live_outs(sub, known), sub))
    return frozenset(best)


@dataclass
class Player:
    hand: tuple[int, ...]
    known: frozenset[int]  # cards this player knows are not in the stub
    kept: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def dealt(cls, hand: Sequence[int], dead: frozenset[int]) -> Player:
        known = frozenset(hand) | dead
        return cls(tuple(hand), known, choose_kept(hand, known))


@dataclass(frozen=True)
class Policy:
    """A drawing policy: the default, ``break_above``, ``best``, or a Python callable."""

    break_above: int | None = None  # a rank 0 (ace) .. 12 (king)
    best: bool = False
    function: PolicyFn | None = None

    def throw(self, player: Player, draws_left: int, cap: int) -> tuple[int, ...]:
        """The cards to throw, at most ``cap``; updates the kept cards they leave."""
        if self.function is not None:
            dead = frozenset(DECK[c] for c in player.known - set(player.hand))
            chosen = self.function(tuple(DECK[c] for c in player.hand), draws_left, cap, dead)
            return cap_discards(_policy_cards(chosen, player.hand), cap)
        if self.best:
            thrown = best_one_draw_throw(player, cap)
            keep_rest(player, thrown)
            return thrown
        top = max(player.kept, key=lambda c: c >> 2)
        if self.break_above is not None and len(player.kept) == 4 and top >> 2 > self.break_above:
            player.kept = player.kept - {top}
        return cap_discards(tuple(c for c in player.hand if c not in player.kept), cap)


def keep_rest(player: Player, thrown: Sequence[int]) -> None:
    """After an explicit discard, keep the best subset of the cards left in hand."""
    left = tuple(c for c in player.hand if c not in thrown)
    player.kept = choose_kept(left, player.known) if left else frozenset()


def completions(kept: Sequence[int], known: frozenset[int]) -> int:
    """Sets of unseen cards that make ``kept`` a four-card badugi: one card of each missing
    suit, with ranks all different and absent from the kept cards."""
    if not is_badugi(kept):
        return 0
    used_ranks = {c >> 2 for c in kept}
    missing = [s for s in range(4) if s not in {c & 3 for c in kept}]
    options = [
        [r for r in range(13) if r not in used_ranks and 4 * r + s not in known] for s in missing
    ]

    def count(i: int, taken: frozenset[int]) -> int:
        if i == len(options):
            return 1
        return sum(count(i + 1, taken | {r}) for r in options[i] if r not in taken)

    return count(0, frozenset())


def best_one_draw_throw(player: Player, cap: int) -> tuple[int, ...]:
    """The throw (at most ``cap`` cards) most likely to make a four-card badugi in one draw;
    ties go to fewer cards thrown, then the better kept cards, then the lowest ids."""
    unseen = 52 - len(player.known)
    candidates = []
    for size in range(min(cap, 4, unseen) + 1):  # no more than the unseen cards can replace
        for thrown in combinations(sorted(player.hand), size):
            kept = tuple(c for c in player.hand if c not in thrown)
            chance = Fraction(completions(kept, player.known), comb(unseen, size))
            kept_rank = min_rank(kept) if kept else 10**6
            candidates.append((-chance, size, kept_rank, thrown))
    return min(candidates)[3]


def _policy_cards(chosen: Sequence[object], hand: tuple[int, ...]) -> tuple[int, ...]:
    from ..cards import card_id

    ids = tuple(card_id(card) for card in chosen)  # type: ignore[arg-type]
    if len(set(ids)) != len(ids) or not set(ids) <= set(hand):
        raise ValueError(f"the policy threw {ids}, which are not distinct cards of the hand {hand}")
    return ids


def cap_discards(wanted: Sequence[int], cap: int) -> tuple[int, ...]:
    """At most ``cap`` cards: the highest-ranked first (the higher id among equal ranks)."""
    return tuple(sorted(wanted, key=lambda c: (c >> 2, c), reverse=True)[:cap])


def caps_for(limits: Sequence[int] | None, draws: int) -> list[int]:
    """The cap of each of the remaining ``draws`` draws: the last entries of the limits."""
    if limits is None:
        return [NO_CAP] * draws
    return list(limits[len(limits) - draws :])


def receive(player: Player, thrown: tuple[int, ...], new: Sequence[int], policy: Policy) -> None:
    """Replace the thrown cards by the new ones and update what the player knows and keeps."""
    hand = tuple(c for c in player.hand if c not in thrown) + tuple(new)
    player.hand = hand
    player.known = player.known | set(new)
    if policy.function is None:
        if not player.kept or min_rank(hand) < subset_rank(tuple(player.kept)):
            player.kept = choose_kept(hand, player.known, player.kept)


def min_rank(hand: Sequence[int]) -> int:
    return subset_rank(tied_best_subsets(hand)[0])


def enumerate_draws(
    hands: Sequence[Sequence[int]],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    limits: Sequence[int] | None,
    first_throw: tuple[int, ...] | None = None,
) -> list[tuple[Fraction, tuple[tuple[int, ...], ...]]]:
    """Every way the draws can go, with exact probabilities (for small cases: it is slow)."""
    players = [Player.dealt(hand, dead) for hand in hands]
    stub = sorted(set(range(52)) - dead - {c for hand in hands for c in hand})
    caps = caps_for(limits, draws)
    results: list[tuple[Fraction, tuple[tuple[int, ...], ...]]] = []

    def step(players: list[Player], stub: list[int], index: int, weight: Fraction) -> None:
        if index == draws * len(players):
            results.append((weight, tuple(tuple(p.hand) for p in players)))
            return
        draw, seat = divmod(index, len(players))
        player = players[seat]
        if index == 0 and first_throw is not None:
            thrown = first_throw
            keep_rest(player, thrown)
        else:
            thrown = policy.throw(player, draws - draw, caps[draw])
        if len(thrown) > len(stub):
            raise ValueError("the stub runs out: exact enumeration does not model the reshuffle")
        options = list(combinations(stub, len(thrown)))
        for new in options:
            copies = [_copy(p) for p in players]
            receive(copies[seat], thrown, new, policy)
            rest = [c for c in stub if c not in new]
            step(copies, rest, index + 1, weight / len(options))

    step(players, stub, 0, Fraction(1))
    return results


def _copy(player: Player) -> Player:
    return Player(player.hand, player.known, player.kept)


def simulate_draws(
    hands: Sequence[Sequence[int] | None],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    limits: Sequence[int] | None,
    rng: random.Random,
    first_throw: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """One random play of the draws; random players (None) are dealt from the stub first."""
    stub = [c for c in range(52) if c not in dead and all(h is None or c not in h for h in hands)]
    rng.shuffle(stub)
    dealt = [tuple(h) if h is not None else tuple(stub.pop() for _ in range(4)) for h in hands]
    players = [Player.dealt(hand, dead) for hand in dealt]
    discards: list[int] = []
    caps = caps_for(limits, draws)
    for draw in range(draws):
        for seat, player in enumerate(players):
            if draw == 0 and seat == 0 and first_throw is not None:
                thrown = first_throw
                keep_rest(player, thrown)
            else:
                thrown = policy.throw(player, draws - draw, caps[draw])
            new = []
            for count in range(len(thrown)):
                if not stub:  # the game's rule: the others' discards become the new stub
                    stub = discards
                    discards = []
                    rng.shuffle(stub)
                if not stub:  # every other card is held or dead: the rest of the throw stays
                    thrown = thrown[:count]
                    break
                new.append(stub.pop())
            receive(player, thrown, new, policy)
            discards.extend(thrown)
    return tuple(tuple(p.hand) for p in players)


def showdown_shares(ranks: Sequence[int]) -> list[Fraction]:
    """Each player's share of the pot: 1/w for each of the w players with the best rank."""
    best = min(ranks)
    winners = sum(1 for r in ranks if r == best)
    return [Fraction(1, winners) if r == best else Fraction(0) for r in ranks]
