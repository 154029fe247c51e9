"""Draw policies in plain Python, and the state of a drawing seat: the specification the C
policies follow (csrc/draws/policy.c), and the engine for policies written as Python callables.

- the default keeps the cards of the current badugi and draws to the rest; a four-card badugi
  stands pat. For the dealt hand, among tied best subsets it keeps the one leaving the most live
  outs (unseen cards whose suit and rank differ from every kept card: for three kept cards, the
  cards that complete a badugi), then the lowest card ids. After a draw, the new cards enter the
  kept cards only if the hand's badugi is now strictly better than the kept cards'; then the new
  best subset is kept, preferring the one holding most of the previous kept cards, then the most
  live outs, then the lowest ids;
- ``break_above=R`` is the default, except that a four-card badugi whose top card ranks above R
  throws that card (and keeps the other three);
- solved tables (``"max-badugi"``, ``"min-rank"``, ``"max-equity"``, or ``optimal_policy``):
  the discard of every hand for each number of draws to come, solved in the table model
  (draws/optimal.py) and played in C;
- a callable ``policy(hand, draws_left, max_discard, dead) -> cards to throw``.

Cutting limits cap the cards thrown per draw; a policy throwing more throws its highest-ranked
candidates (higher id first among equal ranks) up to the cap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...cards import DECK, Card, card_id, parse_rank
from . import optimal
from .kept import cap_discards, choose_kept, min_rank, subset_rank

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
    """A drawing policy: the default, ``break_above``, a solved table, or a Python callable."""

    break_above: int | None = None  # a rank 0 (ace) .. 12 (king)
    function: PolicyFn | None = None
    objective: str | None = None  # a named objective, solved for the limits it is played under
    solved: optimal.Solved | None = None  # a table from optimal_policy, for its own limits

    @property
    def name(self) -> str:
        """How results and the command line name the policy."""
        if self.function is not None:
            return getattr(self.function, "__name__", "callable")
        if self.objective is not None:
            return self.objective
        if self.solved is not None:
            return self.solved.name
        if self.break_above is not None:
            return f"break-above-{str(DECK[4 * self.break_above])[0]}"
        return "default"

    @property
    def in_c(self) -> bool:
        """True when the C engine plays this policy."""
        return self.function is None

    def c_table(self, limits: tuple[int, int, int] | None, draws: int = 3) -> optimal.Solved | None:
        """The solved table the C engine reads (None: the default or break-above rule)."""
        caps = limits or optimal.NO_LIMITS
        if self.objective is not None:
            return optimal.named(self.objective, caps)
        if self.solved is None:
            return None
        if self.solved.limits != caps:
            raise ValueError(
                f"this policy was solved for cutting limits {self.solved.limits}, not {caps}"
            )
        if draws > self.solved.draws:
            raise ValueError(f"this policy was solved for {self.solved.draws} draws, not {draws}")
        return self.solved

    def throw(self, player: Player, draws_left: int, cap: int) -> tuple[int, ...]:
        """The cards to throw, at most ``cap``; updates the kept cards they leave."""
        if self.function is not None:
            dead = frozenset(DECK[c] for c in player.known - set(player.hand))
            chosen = self.function(tuple(DECK[c] for c in player.hand), draws_left, cap, dead)
            return cap_discards(_policy_cards(chosen, player.hand), cap)
        if self.objective is not None or self.solved is not None:
            raise TypeError("a solved table is played by the C engine, not the Python model")
        top = max(player.kept, key=lambda c: c >> 2)
        if self.break_above is not None and len(player.kept) == 4 and top >> 2 > self.break_above:
            player.kept = player.kept - {top}
        return cap_discards(tuple(c for c in player.hand if c not in player.kept), cap)


def break_above(rank: str | int) -> Policy:
    """The default policy, except that a four-card badugi whose top card ranks above ``rank``
    (text such as ``"8"``, ``"T"``, ``"10"``, or a face value 1 = ace ... 13 = king) throws it."""
    return Policy(break_above=parse_rank(rank))


PolicyLike = None | str | Policy | Callable[..., Sequence[object]]


POLICY_NAMES = ("default", *optimal.OBJECTIVES)


def to_policy(policy: PolicyLike) -> Policy:
    """A policy argument as a Policy: None or a name of POLICY_NAMES, a Policy, or a callable."""
    if policy is None or policy == "default":
        return Policy()
    if isinstance(policy, str) and policy in optimal.OBJECTIVES:
        return Policy(objective=policy)
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, str):
        names = ", ".join(repr(name) for name in POLICY_NAMES)
        raise ValueError(
            f"unknown policy {policy!r}; use {names}, break_above(R), optimal_policy(...) or a"
            " callable"
        )
    if callable(policy):
        return Policy(function=policy)
    raise TypeError(
        f"a policy is a name, break_above(R), optimal_policy(...) or a callable, not {policy!r}"
    )


def optimal_policy(
    utility: Sequence[float], draws: int, limits: Sequence[int] | str | None = None
) -> Policy:
    """The optimal policy for a utility over final ranks (``utility[r - 1]`` is the value of
    rank r, 1,092 numbers), solved in C in the table model (see draws/optimal.py) for 1 ..
    ``draws`` draws to come under the cutting ``limits``; play it under those limits. Only the
    order of expected utilities matters: ``a * utility + b`` with a > 0 gives the same policy,
    and a utility with no spread (every rank worth the same) is refused."""
    return Policy(solved=optimal.solve_custom(utility, draws, limits))


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


def _policy_cards(chosen: Sequence[object], hand: tuple[int, ...]) -> tuple[int, ...]:
    ids = tuple(card_id(card) for card in chosen)  # type: ignore[arg-type]
    if len(set(ids)) != len(ids) or not set(ids) <= set(hand):
        raise ValueError(f"the policy threw {ids}, which are not distinct cards of the hand {hand}")
    return ids
