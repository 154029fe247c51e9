"""The public betting tree of the last betting round, heads-up, for any rule set.

Every node's legal actions come from the rule set's own ``options`` (rules.py), asked of a
``Spot``: the part of ``Game``'s public surface the rule sets read, for two players after the
last draw (player 0 acts first: the player left of the button, or 선 under the Korean rules).
A bet or raise moves the spot exactly as ``Game`` moves (``full_raise`` decides whether it
counts and re-opens the betting), so fixed limit (the round's big bet, ``max_raises``,
``cap_heads_up``, stacks), the Korean rules (삥, 체크, 콜, 따당, 쿼터, 하프, 풀) and pot,
half-pot and no limit come out as ``Game`` plays them. Where a legal bet spans a range of
amounts (pot and no limit), the tree keeps one branch per size: a size ``f`` puts in the call
plus ``f`` times the pot after calling (rounded to a chip), ``"allin"`` the most allowed, each
clamped into the legal range; equal amounts are kept once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from .._runtime.validate import is_real
from ..game.actions import FOLD_KINDS, Action, ActionKind
from ..game.rules import KoreanRules, Rules, RuleSet, someone_can_call

K = ActionKind
ALLIN = "allin"
DEFAULT_SIZES: tuple[float | str, ...] = (0.5, 1.0, ALLIN)
Pays = tuple[float, float, float]  # a terminal's chips for a win, a tie and a loss
MAX_NODES = 200_000  # a tree beyond this is refused: fewer sizes, or a cap on raises


@dataclass
class Spot:
    """What the rule sets read of a game (game/betting.py's ``BettingState``), for the last round
    heads-up."""

    stacks: list[int]  # chips behind
    round_bets: list[int]
    pot: int  # every chip in the middle, this round's bets included
    raise_size: int = 0
    closed: set[int] = field(default_factory=set)
    acted: bool = False
    current: int = 0  # the amount to match
    raises: int = 0  # bets and raises that counted
    pending: list[int] = field(default_factory=lambda: [0, 1])
    seats: int = 2
    button: int = 1
    first: int = 0
    round_index: int = 3

    def in_hand(self) -> list[int]:
        return [0, 1]

    def may_raise(self, seat: int) -> bool:
        return seat not in self.closed

    def to_call(self, seat: int) -> int:
        return self.current - self.round_bets[seat]

    @property
    def not_all_in_at_last_bet(self) -> int:
        """Heads-up never more than two: the fixed-limit cap binds only under cap_heads_up."""
        return sum(stack > 0 for stack in self.stacks)

    def round_has_action(self) -> bool:
        return self.acted

    def copy(self) -> Spot:
        return Spot(
            list(self.stacks), list(self.round_bets), self.pot, self.raise_size,
            set(self.closed), self.acted, self.current, self.raises, list(self.pending),
        )  # fmt: skip


def _start(stacks: tuple[int, int], pot: int) -> Spot:
    """The round's start, as Game._start_round opens it: seats with chips act, 0 first."""
    spot = Spot(list(stacks), [0, 0], pot)
    spot.pending = [p for p in (0, 1) if stacks[p] > 0]
    _skip_settled(spot)
    return spot


def _skip_settled(spot: Spot) -> None:
    """Game._skip_settled: nothing to decide with nothing to call and no one to answer."""
    spot.pending = [
        p for p in spot.pending if spot.round_bets[p] < spot.current or someone_can_call(spot, p)
    ]


def _apply(rules: RuleSet, spot: Spot, action: Action) -> Spot | None:
    """The spot after ``action`` by the seat to act (Game._bet), or None when it folds."""
    seat = spot.pending[0]
    after = spot.copy()
    after.pending.pop(0)
    after.acted = True
    if action.kind in FOLD_KINDS:
        return None
    if action.kind is not K.CHECK:
        after.stacks[seat] -= action.amount
        after.round_bets[seat] += action.amount
        after.pot += action.amount
        raised_by = after.round_bets[seat] - after.current
        if raised_by > 0:
            if rules.full_raise(after, raised_by):
                after.raises += 1
                after.closed.clear()
            after.raise_size = max(after.raise_size, raised_by)
            after.current = after.round_bets[seat]
            other = 1 - seat
            after.pending = [other] if after.stacks[other] > 0 else []
    after.closed.add(seat)
    _skip_settled(after)
    return after


def _amounts(legal: Action, spot: Spot, seat: int, sizes: Sequence[float | str]) -> list[int]:
    """The amounts the tree keeps for one legal action."""
    least = legal.amount
    most = max(legal.max_amount, least)
    if most == least:
        return [least]
    to_call = spot.current - spot.round_bets[seat]
    chosen = set()
    for size in sizes:
        if size == ALLIN:
            chosen.add(most)
            continue
        share = float(size) * (spot.pot + to_call)
        if not math.isfinite(share):  # math.floor(inf) is an OverflowError
            raise ValueError(
                f"sizes: {size!r} times the pot ({spot.pot + to_call} chips) is past any "
                "number of chips a float holds"
            )
        amount = to_call + math.floor(share + 0.5)
        chosen.add(min(max(amount, least), most))
    return sorted(chosen)


@dataclass(frozen=True)
class Node:
    """One node: ``history`` the actions from the root, ``actor`` (None at a terminal),
    ``legal`` the rule set's legal actions, ``actions`` the branches kept (one per amount) with
    ``children`` their node indices, ``folded`` the seat that folded (terminals), ``invested``
    each player's chips put in this round, ``pot`` the chips in the middle."""

    index: int
    history: tuple[Action, ...]
    actor: int | None
    legal: tuple[Action, ...]
    actions: tuple[Action, ...]
    children: tuple[int, ...]
    folded: int | None
    invested: tuple[int, int]
    pot: int

    @property
    def terminal(self) -> bool:
        return self.actor is None

    @property
    def showdown(self) -> bool:
        return self.actor is None and self.folded is None


@dataclass(frozen=True)
class Tree:
    """The round's public tree: ``nodes`` in breadth-first order (parents first, a node's
    children consecutive), the starting ``pot`` and ``stacks``."""

    nodes: tuple[Node, ...]
    pot: int
    stacks: tuple[int, int]
    rules: RuleSet

    def payoffs(self, node: Node) -> tuple[Pays, Pays]:
        """(win, tie, lose) chips for player 0 and player 1 at a terminal, counted from the
        start of the round. A fold pays alike whatever the cards. A tie splits the pot as
        ``Game`` does: the odd chip to player 0 (first from the button's left)."""
        x0, x1 = node.invested
        if node.folded is not None:
            loser = node.folded
            lost = node.invested[loser]
            pay = [0.0, 0.0]
            pay[loser] = -lost
            pay[1 - loser] = self.pot + lost
            return (pay[0], pay[0], pay[0]), (pay[1], pay[1], pay[1])
        matched = min(x0, x1)
        total = self.pot + 2 * matched
        half, odd = divmod(total, 2)
        p0 = (float(self.pot + matched), float(half + odd - matched), float(-matched))
        p1 = (float(self.pot + matched), float(half - matched), float(-matched))
        return p0, p1

    def find(self, history: Sequence[object]) -> Node:
        """The node after a public history: ActionKinds (or their names), or Actions (or
        (kind, amount) pairs) where the amounts vary. ValueError naming the step otherwise."""
        node = self.nodes[0]
        for step, entry in enumerate(history):
            if node.terminal:
                raise ValueError(f"history step {step}: the round is over before {entry!r}")
            if isinstance(entry, Action):
                kind, amount = entry.kind, entry.amount
            elif isinstance(entry, tuple) and len(entry) == 2:
                kind, amount = Action(entry[0]).kind, entry[1]
            else:
                kind, amount = Action(entry).kind, None  # type: ignore[arg-type]
            same = FOLD_KINDS if kind in FOLD_KINDS else (kind,)  # 다이 is a fold
            matches = [
                i
                for i, a in enumerate(node.actions)
                if a.kind in same and (amount is None or amount == 0 or a.amount == amount)
            ]
            if len(matches) != 1:
                choices = ", ".join(f"{a.kind} {a.amount}" for a in node.actions)
                what = "no" if not matches else "more than one"
                raise ValueError(
                    f"history step {step}: {what} branch is {entry!r} (the branches: {choices})"
                )
            node = self.nodes[node.children[matches[0]]]
        return node


def check_sizes(rules: RuleSet, sizes: object) -> tuple[float | str, ...]:
    """The bet sizes (fractions of the pot after calling, and ``"allin"``) for pot and no
    limit; fixed limit and the Korean rules fix their own amounts."""
    fixed = isinstance(rules, KoreanRules) or (
        isinstance(rules, Rules) and rules.structure == "fixed-limit"
    )
    if sizes is None:
        return () if fixed else DEFAULT_SIZES
    if fixed:
        raise ValueError("sizes apply to pot, half-pot and no limit; these rules fix the amounts")
    if isinstance(sizes, str) or not isinstance(sizes, Sequence) or not sizes:
        raise ValueError(
            f"sizes is a non-empty sequence of pot fractions or 'allin', not {sizes!r}"
        )
    checked: list[float | str] = []
    for size in sizes:
        if size == ALLIN:
            checked.append(ALLIN)
            continue
        if not is_real(size):  # a bad token, not a bad type: 'allin' is a string
            raise ValueError(f"sizes holds pot fractions or 'allin', not {size!r}")
        if not (math.isfinite(size) and size > 0):
            raise ValueError(f"sizes are positive fractions of the pot, not {size!r}")
        checked.append(float(size))
    return tuple(checked)


def build_tree(
    rules: RuleSet, pot: int, stacks: tuple[int, int], sizes: Sequence[float | str] = ()
) -> Tree:
    """The public tree of the last round from ``pot`` (chips in the middle) and ``stacks``
    (chips behind, player 0 first); ``sizes`` as check_sizes gives them."""
    start = _start(stacks, pot)
    spots: list[Spot | None] = [start]
    folded_by: list[int | None] = [None]
    histories: list[tuple[Action, ...]] = [()]
    built: list[Node] = []
    at = 0
    while at < len(spots):
        spot = spots[at]
        history = histories[at]
        index = len(built)
        if spot is None:
            raise AssertionError("every queued spot is a spot")
        if folded_by[at] is not None or not spot.pending:  # a fold, or the betting is over
            invested = (stacks[0] - spot.stacks[0], stacks[1] - spot.stacks[1])
            built.append(
                Node(index, history, None, (), (), (), folded_by[at], invested, _pot(pot, invested))
            )
            at += 1
            continue
        seat = spot.pending[0]
        legal = tuple(rules.options(spot, seat, spot.current, spot.raises))
        actions = [
            Action(a.kind, amount) for a in legal for amount in _amounts(a, spot, seat, sizes)
        ]
        first = len(spots)
        for action in actions:
            after = _apply(rules, spot, action)
            spots.append(spot if after is None else after)  # a fold keeps the spot it left
            folded_by.append(seat if after is None else None)
            histories.append((*history, action))
        if len(spots) > MAX_NODES:
            raise ValueError(
                f"the betting tree has more than {MAX_NODES:,} nodes: give fewer sizes"
            )
        invested = (stacks[0] - spot.stacks[0], stacks[1] - spot.stacks[1])
        built.append(
            Node(
                index,
                history,
                seat,
                legal,
                tuple(actions),
                tuple(range(first, first + len(actions))),
                None,
                invested,
                spot.pot,
            )
        )
        at += 1
    return Tree(tuple(built), pot, stacks, rules)


def _pot(pot: int, invested: tuple[int, int]) -> int:
    return pot + invested[0] + invested[1]


__all__ = ["ALLIN", "DEFAULT_SIZES", "Node", "Spot", "Tree", "build_tree", "check_sizes"]
