"""Draw policies in plain Python, and the state of a drawing seat: the specification the C
policies follow (csrc/badugi_discard.c), and the engine for policies written as Python callables.

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
candidates (higher id first among equal ranks) up to the cap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb

from ..cards import DECK, Card, card_id, parse_rank
from .kept import cap_discards, choose_kept, is_badugi, min_rank, subset_rank

PolicyFn = Callable[[tuple[Card, ...], int, int, frozenset[Card]], Sequence[object]]


@dataclass
class Player:
    """A drawing seat: its hand, the cards it knows are not in the stub, and its kept cards."""

    hand: tuple[int, ...]
    known: frozenset[int]
    kept: frozenset[int] = field(default_factory=frozenset)

    @classmethod
    def dealt(cls, hand: Sequence[int], dead: frozenset[int]) -> Player:
        known = frozenset(hand) | dead
        return cls(tuple(hand), known, choose_kept(hand, known))

    def copy(self) -> Player:
        return Player(self.hand, self.known, self.kept)


@dataclass(frozen=True)
class Policy:
    """A drawing policy: the default, ``break_above``, ``best``, or a Python callable."""

    break_above: int | None = None  # a rank 0 (ace) .. 12 (king)
    best: bool = False
    function: PolicyFn | None = None

    @property
    def name(self) -> str:
        """How results and the command line name the policy."""
        if self.function is not None:
            return getattr(self.function, "__name__", "callable")
        if self.best:
            return "best"
        if self.break_above is not None:
            return f"break-above-{str(DECK[4 * self.break_above])[0]}"
        return "default"

    @property
    def in_c(self) -> bool:
        """True when the C engine plays this policy."""
        return self.function is None and not self.best

    def c_table(self, limits: tuple[int, int, int] | None) -> bytes | None:
        """The policy table the C engine reads (None: the default or break-above rule)."""
        return None

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


def break_above(rank: str | int) -> Policy:
    """The default policy, except that a four-card badugi whose top card ranks above ``rank``
    (text such as ``"8"``, ``"T"``, ``"10"``, or a face value 1 = ace ... 13 = king) throws it."""
    return Policy(break_above=parse_rank(rank))


PolicyLike = None | str | Policy | Callable[..., Sequence[object]]


def to_policy(policy: PolicyLike) -> Policy:
    """A policy argument as a Policy: None or "default", "best", a Policy, or a callable."""
    if policy is None or policy == "default":
        return Policy()
    if policy == "best":
        return Policy(best=True)
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, str):
        raise ValueError(
            f"unknown policy {policy!r}; use 'default', 'best', break_above(R) or a callable"
        )
    if callable(policy):
        return Policy(function=policy)
    raise TypeError(f"a policy is 'default', 'best', break_above(R) or a callable, not {policy!r}")


def keep_rest(player: Player, thrown: Sequence[int]) -> None:
    """After an explicit discard, keep the best subset of the cards left in hand."""
    left = tuple(c for c in player.hand if c not in thrown)
    player.kept = choose_kept(left, player.known) if left else frozenset()


def receive(player: Player, thrown: tuple[int, ...], new: Sequence[int], policy: Policy) -> None:
    """Replace the thrown cards by the new ones and update what the player knows and keeps."""
    hand = tuple(c for c in player.hand if c not in thrown) + tuple(new)
    player.hand = hand
    player.known = player.known | set(new)
    if policy.function is None:
        if not player.kept or min_rank(hand) < subset_rank(tuple(player.kept)):
            player.kept = choose_kept(hand, player.known, player.kept)


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
            candidates.append((-chance, size, min_rank(kept), thrown))
    return min(candidates)[3]


def _policy_cards(chosen: Sequence[object], hand: tuple[int, ...]) -> tuple[int, ...]:
    ids = tuple(card_id(card) for card in chosen)  # type: ignore[arg-type]
    if len(set(ids)) != len(ids) or not set(ids) <= set(hand):
        raise ValueError(f"the policy threw {ids}, which are not distinct cards of the hand {hand}")
    return ids
