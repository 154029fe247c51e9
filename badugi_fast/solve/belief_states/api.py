"""``beliefs``: each player's distribution over their four cards after a public history, given
the strategy both play (public belief states).

    b = beliefs(blueprint_bot(), "rc/11/kk/2")
    b.weights[1]                 # the button's weight of each hand of all_hands(), sum 1
    b.top(0, 5)                  # the big blind's five likeliest hand classes and their shares
    b.range(1)                   # the button's belief as a Range (for the solver, equity, ...)

The history (public.py) is the betting and each draw's count; the strategy any ``HandStrategy``
(solve/lbr/strategy.py: a blueprint, a built-in bot, a bot stating its probabilities), one for
both seats or a pair (seat 0 the big blind, seat 1 the button). Each player starts on every
hand of the deck alike; at its betting action its weights are multiplied by each hand's
probability of the action (Bayes' rule); at its draw of k cards by each hand's probability of
throwing k, and carried to the hands the kept cards and k new cards make, the new cards uniform
over those not in the hand before (update.py, exact for that model).

What is exact: with ``observer`` (a seat's ``View``, or ``(seat, cards)``), the other player's
belief is conditioned on every card the observer has held (blocked from the other's hands and
deals), and the observer's own belief is its hand (a view of a seat that folded has no hand:
its thrown cards still condition the other's belief, and its own belief is read from its play
as the other's is). That is the exact posterior on a deck where
no reshuffle happens, up to the draws after the first: there, the cards a player threw at an
earlier draw cannot come back to it, which a belief over the current hand alone does not know
(the size of that effect is measured in docs/search.md). Without an observer each belief is the
player's alone (its public belief): the two are not independent (card removal between the two
hands), which the last-round solver applies when it meets them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._runtime.validate import player_number, real, whole
from ...blueprint import Blueprint
from ...cards import DECK, card_id, hand_ids
from ...draws import Range
from ...game import ActionKind, Rules
from ...game.actions import Event, View
from ...hands.naming import class_ranks, english_name, korean_name
from ...hands.universe import class_of_hands, lex_index
from ..lbr.particles import mask_of
from ..lbr.play import Table
from ..lbr.strategy import HandStrategy, strategy_of
from .public import Step, play, player_of, starting_stacks
from .update import bet, draw, open_hands

Floats = npt.NDArray[np.float64]
PLAYERS = 2
_NAMES = ("the big blind", "the button")


@dataclass(frozen=True)
class Beliefs:
    """Each player's belief after a public history (see the module): ``weights[p]`` over
    ``all_hands()``, summing to 1; ``chance[p]``: the probability, under the strategy, that p
    takes its actions of the history, averaged over its hands at the start (0: the strategy
    never plays the history); ``observer``: the seat whose cards condition the other's, or
    None."""

    weights: tuple[Floats, Floats] = field(repr=False)
    chance: tuple[float, float]
    observer: int | None
    steps: tuple[Step, ...] = field(repr=False)

    def range(self, player: int) -> Range:
        """Player ``player``'s belief as a Range (its hands of positive weight)."""
        return Range.from_vector(self.weights[player_number("player", player)])

    def classes(self, player: int) -> Floats:
        """The belief's share of each hand class (index: rank 1 = best .. 1092; 0 unused)."""
        shares = np.bincount(
            class_of_hands(), self.weights[player_number("player", player)], minlength=1093
        )
        out: Floats = shares.astype(np.float64)
        return out

    def top(self, player: int, count: int = 10) -> list[tuple[int, float]]:
        """The ``count`` likeliest hand classes of ``player``: (rank, share), likeliest first."""
        count = whole("count", count, 0)
        shares = self.classes(player)
        order = np.argsort(-shares, kind="stable")
        return [(int(r), float(shares[r])) for r in order[:count] if shares[r] > 0]

    def describe(self, player: int, count: int = 10, *, korean: bool = False) -> list[str]:
        """``top`` as lines of text: the share and the class's name."""
        name = korean_name if korean else english_name
        return [
            f"{share:7.2%}  {name(class_ranks(rank))}" for rank, share in self.top(player, count)
        ]


def _strategies(strategy: object) -> tuple[HandStrategy, HandStrategy]:
    if isinstance(strategy, Blueprint):
        strategy = strategy_of(_BlueprintHolder(strategy))
    if isinstance(strategy, tuple | list):
        if len(strategy) != PLAYERS:
            raise ValueError(f"strategy is one for both seats or a pair, not {len(strategy)}")
        first, second = (_strategies(s)[0] for s in strategy)
        return first, second
    one = strategy_of(strategy)
    return one, one


@dataclass(frozen=True)
class _BlueprintHolder:
    blueprint: Blueprint


def table_for(strategy: object, rules: Rules | None, table: Table | None) -> Table:
    """The table of the hand: ``table``, or one of ``rules`` (200 chips a seat), or the game a
    blueprint (or a bot of one) was trained for."""
    if table is not None:
        if not isinstance(table, Table):
            raise TypeError(f"table is a solve.lbr Table, not {type(table).__name__}")
        if rules is not None and rules != table.rules:
            raise ValueError("give rules or a table, not two different games")
        return table
    if rules is not None:
        return Table(rules=rules)
    found = strategy.blueprint if hasattr(strategy, "blueprint") else strategy
    if isinstance(found, Blueprint):
        return Table(found.rules, found.least_stack, found.ranks, found.suits,
                     found.draws)  # fmt: skip
    return Table()


def _observer(observer: object, table: Table) -> tuple[int, int, int] | None:
    """(seat, every card it has held as a mask, its hand as a mask: 0 for the view of a seat
    that folded), or None; TypeError or ValueError naming what is wrong (a hand not of four
    different cards of the table's deck)."""
    if observer is None:
        return None
    if isinstance(observer, View):
        seat, hand_cards, dead = player_of(observer), observer.hand, observer.dead
        if not hand_cards and observer.folded[observer.seat]:
            # folded: its cards are gone, and its play speaks as the other's does
            return seat, _known(dead, table), 0
    elif isinstance(observer, Sequence) and not isinstance(observer, str) and len(observer) == 2:
        seat, hand_cards = player_number("player", observer[0]), observer[1]
        dead = frozenset()
    else:
        raise TypeError(f"observer is a View or (seat, cards), not {observer!r}")
    ids = hand_ids(hand_cards)  # four different cards, or InvalidHandError (a ValueError)
    return seat, _known([*ids, *dead], table), mask_of(ids)


def _known(cards: Iterable[Any], table: Table) -> int:
    """``cards`` (an observer's, held or thrown) as a mask: ValueError naming those outside
    the table's deck."""
    held = mask_of(card_id(c) for c in cards)
    outside = held & ~table.deck_mask
    if outside:
        names = " ".join(str(DECK[c]) for c in range(52) if outside >> c & 1)
        raise ValueError(
            f"the observer holds {names}, outside the deck played ({table.ranks} ranks, "
            f"{table.suits} suits)"
        )
    return held


def _check_blueprints(strategy: object, table: Table, history: object) -> None:
    """ValueError unless every blueprint the strategy plays (its own, or a bot's) was trained
    for the table's game (its deck, draws and rules) and, when ``history`` is a ``View``, the
    stacks its seats began with."""
    pair = strategy if isinstance(strategy, tuple | list) else (strategy,)
    for one in pair:
        found = one if isinstance(one, Blueprint) else getattr(one, "blueprint", None)
        if not isinstance(found, Blueprint):
            continue
        trained = (found.ranks, found.suits, found.draws)
        if trained != (table.ranks, table.suits, table.draws):
            raise ValueError(
                f"the blueprint was trained on {found.ranks} ranks, {found.suits} suits and "
                f"{found.draws} draws, not the table's {table.ranks}, {table.suits} and "
                f"{table.draws}"
            )
        found.check_rules(table.rules, (table.stack, table.stack))
        if isinstance(history, View):
            check_view_stacks(found, history)


def check_view_stacks(blueprint: Blueprint, view: View) -> None:
    """ValueError unless the stacks the view's seats began with are deep enough for the
    blueprint (deeper ones never bind a capped limit hand: the same game)."""
    began = starting_stacks(view)
    if min(began) < blueprint.least_stack:
        raise ValueError(
            f"the view's seats began with {list(began)} chips: the blueprint plays stacks of "
            f"at least {blueprint.least_stack} chips (four bets a round)"
        )


def check_tremble(tremble: object) -> float:
    """A tremble as a float: TypeError unless it is a number, ValueError unless
    0 <= tremble < 1."""
    share = real("tremble", tremble)
    if not 0 <= share < 1:
        raise ValueError(f"tremble is a share, 0 <= tremble < 1, not {tremble!r}")
    return share


def beliefs(
    strategy: Any,
    history: str | Sequence[Event] | View,
    *,
    observer: View | tuple[int, Any] | None = None,
    rules: Rules | None = None,
    table: Table | None = None,
    tremble: float = 0.0,
) -> Beliefs:
    """Each player's belief after ``history`` when both play ``strategy`` (see the module).
    ``tremble``: a share of uniform play mixed into the strategy at every decision (each
    legal action, each allowed discard), so that a history the strategy never plays still has
    beliefs (the search bot trembles 1e-4 against players who leave the blueprint). ValueError
    naming the action the rules do not allow, or one the strategy never plays with any hand
    left (without a tremble)."""
    share = check_tremble(tremble)
    strategies = _strategies(strategy)
    game_table = table_for(strategy, rules, table)
    seen = _observer(observer, game_table)
    played = play(game_table, history)
    _check_blueprints(strategy, game_table, history)
    return beliefs_after(strategies, game_table, played.steps, seen, share)


def start(table: Table, observer: tuple[int, int, int] | None) -> list[Floats]:
    """Each player's weights before any action: every hand of the deck (the other's, when
    there is an observer: none holding an observer's card; ``beliefs_after`` puts the
    observer's own at its hand in the end)."""
    outside = ((1 << 52) - 1) & ~table.deck_mask
    weights = []
    for p in range(PLAYERS):
        blocked = outside | (observer[1] if observer and observer[0] != p else 0)
        w = open_hands(blocked).astype(np.float64)
        weights.append(w / w.sum())
    return weights


def advance(
    weights: list[Floats],
    chance: list[float],
    strategies: tuple[HandStrategy, HandStrategy],
    table: Table,
    step: Step,
    observer: tuple[int, int, int] | None,
    at: int,
    tremble: float = 0.0,
) -> None:
    """``weights`` and ``chance`` (each player's) carried through ``step``, the ``at``-th action
    of the history, in place (``tremble``: as ``beliefs``)."""
    p = step.seat
    if observer is not None and observer[0] == p and observer[2]:
        return  # the observer's own cards are known: its actions say nothing more
    if step.kind is ActionKind.DRAW:
        outside = ((1 << 52) - 1) & ~table.deck_mask
        # the observer's cards are blocked from the other's deals (a folded observer's own
        # draws are read as the public's: its thrown cards were once in its hand)
        blocked = outside | (observer[1] if observer and observer[0] != p else 0)
        after = draw(weights[p], strategies[p], step.spot, step.count, blocked, tremble)
    else:
        after = bet(weights[p], strategies[p], step.spot, step.kind, tremble)
    total = float(after.sum())
    if not total > 0:
        raise ValueError(
            f"action {at} of the history ({step.kind}{f' {step.count}' if step.count else ''}"
            f" by {_NAMES[p]}): the strategy never plays it with any hand the history leaves"
        )
    chance[p] *= total
    weights[p] = after / total


def beliefs_after(
    strategies: tuple[HandStrategy, HandStrategy],
    table: Table,
    steps: tuple[Step, ...],
    observer: tuple[int, int, int] | None,
    tremble: float = 0.0,
) -> Beliefs:
    """The beliefs after ``steps`` (beliefs' work once the history is read)."""
    weights = start(table, observer)
    chance = [1.0, 1.0]
    for at, step in enumerate(steps, start=1):
        advance(weights, chance, strategies, table, step, observer, at, tremble)
    if observer is not None and observer[2]:
        own = np.zeros(len(weights[0]))
        own[lex_index(np.array([_cards(observer[2])]))] = 1.0
        weights[observer[0]] = own
    return Beliefs((weights[0], weights[1]), (chance[0], chance[1]),
                   None if observer is None else observer[0], steps)  # fmt: skip


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


__all__ = ["Beliefs", "advance", "beliefs", "beliefs_after", "check_tremble", "start", "table_for"]
