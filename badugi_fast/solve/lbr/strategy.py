"""What the local best response reads of the player it measures: a ``HandStrategy``.

A strategy answers, for one public spot (a ``View`` with the player's cards taken out: see
``public_view``) and many hands at once, how likely each legal action is:

- ``betting(spot, hands, dead)``: an array (hands x legal actions) of probabilities, aligned
  with ``spot.legal``;
- ``discards(spot, hands, dead)``: an array (hands x 16): the probability of each discard, a
  mask over the hand's cards sorted by id (bit i throws the i-th lowest card, as OpenSpiel's
  ``badugi`` numbers its draw actions), zero for discards over the spot's cap;
- ``rollout_policy()``: the draw policy the equity estimates draw it by in C: a ``bf_policy``
  pointer and the object keeping its table alive, or None for the default policy;
- optionally ``strategy_at(spot)``: the strategy that decides at ``spot``, where it plays
  another's (the search bot plays its blueprint's at every draw and before the last round):
  the beliefs and the responder ask that one (``deciding``).

``hands`` is an (n, 4) uint8 array of card ids, each row sorted; ``dead`` an (n,) uint64 array of
each hand's own discards so far (card bitmasks: what ``View.dead`` holds). The built-in bots are
wrapped by ``strategy_of``: a ``ThresholdBot`` (the drawer among them) is read in numpy and its
draws in C, exactly as it plays; the random bot's choices are uniform by definition; a bot that
states its mixed strategy (a ``probabilities(view)`` method of its own or of its ``blueprint``,
as a bot of a trained file may have) is asked hand by hand for it, except the blueprint
bot, read from its table for all hands at once (blueprint.py); any other
``bot(view) -> Action`` is asked hand by hand and taken as deterministic given its view (its
``View.stream`` is never the game's: the local best response must not know the bot's coins). A
strategy written for the purpose (a blueprint's table) implements the three methods itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol, cast, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..._badugi import lib
from ...blueprint import Blueprint
from ...cards import DECK
from ...draws.policies.kept import cap_discards
from ...game.actions import HIDDEN_KINDS, Action, ActionKind, Event, Phase, View
from ...game.bots import AGGRESSIVE, PASSIVE, RandomBot, ThresholdBot
from ...hands.evaluator import evaluate_many
from ...hands.naming import class_ranks
from .arrays import MASKS, POPCOUNT, Floats, Hands, Masks, checked_call, draw_cap
from .blueprint import BlueprintStrategy

K = ActionKind


@runtime_checkable
class HandStrategy(Protocol):
    """A strategy for the whole hand as the local best response reads it: the probabilities
    of a player's actions for many hands at one public spot (see the module)."""

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats: ...

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats: ...

    def rollout_policy(self) -> Any: ...


def deciding(strategy: HandStrategy, spot: View) -> HandStrategy:
    """The strategy that decides at ``spot``: ``strategy``, or the one it names by a
    ``strategy_at(spot)`` method of its own (a search bot plays its blueprint's at every draw
    and before the last round). Asking that one directly spares the wrapper's second check
    of every hand, and lets the beliefs read a blueprint's table for all hands at once."""
    found = getattr(strategy, "strategy_at", None)
    return strategy if found is None else cast(HandStrategy, found(spot))


SUM_TOLERANCE = 1e-6  # a row's sum off 1 by more is a mistake, not rounding (the files: 1e-9)


def checked_probabilities(
    probs: object,
    method: str,
    spot: View,
    hands: Hands,
    columns: int,
    whose: str = "opponent",
    whole_rows: bool = True,
) -> npt.NDArray[np.float64]:
    """What ``strategy.<method>(spot, hands, dead)`` gave, or a ValueError naming the decision
    (``whose``: the opponent's or the responder's own) when it is not a (hands x ``columns``)
    array of finite probabilities of at least 0, each row summing to 1 (``whole_rows``; False
    for some of a row's columns)."""
    out = np.asarray(probs, dtype=np.float64)
    where = (
        f"the strategy's {method} at the {whose}'s {spot.phase.value} decision "
        f"(seat {spot.seat}, {spot.draws_left} draws left, legal "
        f"{', '.join(a.kind for a in spot.legal)})"
    )
    if out.shape != (len(hands), columns):
        raise ValueError(f"{where} is {len(hands)} x {columns} probabilities, not {out.shape}")
    # the whole array at once first (a row at a time costs 5x more: 270,725 rows a belief);
    # NaN fails both comparisons
    if out.size == 0 or (out.min() >= 0.0 and out.max() < np.inf):
        with np.errstate(over="ignore"):  # a row of huge values sums to inf: not 1
            off = np.abs(out.sum(axis=1) - 1.0).max(initial=0.0) if whole_rows else 0.0
        if off <= SUM_TOLERANCE:
            return out
    sound = np.isfinite(out).all(axis=1) & (out >= 0.0).all(axis=1)
    if whole_rows:
        with np.errstate(over="ignore"):
            sound &= np.abs(out.sum(axis=1) - 1.0) <= SUM_TOLERANCE
    row = int(np.flatnonzero(~sound)[0])
    raise ValueError(
        f"{where} gives {out[row].tolist()} for the hand of card ids {hands[row].tolist()}: "
        "probabilities are finite, at least 0" + (" and sum to 1" if whole_rows else "")
    )


def public_view(view: View) -> View:
    """``view`` with everything its seat alone knows taken out: no cards in hand, no own
    discards, the cards of dealt and drawn events hidden (their counts stay), and a stream of
    0. What a strategy may read besides the hands it is asked about."""
    history = tuple(
        Event(e.kind, e.seat, e.amount) if e.kind in HIDDEN_KINDS else e for e in view.history
    )
    return dataclasses.replace(view, hand=(), dead=frozenset(), history=history, stream=0)


@cache
def _class_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """Each rank's badugi size and top card rank (index 0 unused)."""
    size = np.zeros(1093, dtype=np.int8)
    top = np.zeros(1093, dtype=np.int8)
    for rank in range(1, 1093):
        ranks = class_ranks(rank)
        size[rank], top[rank] = len(ranks), ranks[-1]
    return size, top


def hand_classes(hands: Hands) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The badugi size and top rank of each hand (as ThresholdBot reads them)."""
    size, top = _class_tables()
    ranks = evaluate_many(np.ascontiguousarray(hands, dtype=np.uint8), threads=1)
    return size[ranks], top[ranks]


def _index(spot: View, wanted: tuple[ActionKind, ...]) -> int | None:
    kinds = [a.kind for a in spot.legal]
    return next((kinds.index(k) for k in wanted if k in kinds), None)


def _throws_to_masks(hands: Hands, thrown: list[tuple[int, ...]]) -> npt.NDArray[np.int64]:
    masks = np.zeros(len(thrown), dtype=np.int64)
    for row, cards in enumerate(thrown):
        hand = hands[row].tolist()
        masks[row] = sum(1 << hand.index(card) for card in cards)
    return masks


def _one_hot(masks: npt.NDArray[np.int64]) -> Floats:
    out = np.zeros((len(masks), MASKS))
    out[np.arange(len(masks)), masks] = 1.0
    return out


@dataclasses.dataclass(frozen=True)
class ThresholdStrategy:
    """A ThresholdBot as a strategy: its betting rule in numpy, its draws through the same C
    calls the bot makes (game/bots.py), so each probability is the bot's choice exactly."""

    bot: ThresholdBot

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.BETTING)
        bot, n = self.bot, len(hands)
        size, top = hand_classes(hands)
        strong = (size == 4) & (top <= bot.raise_top)
        keep_going = ((size == 4) & (top <= bot.call_top)) | (
            (size >= bot.draw_with) & (spot.draws_left > 0)
        )
        wanted = AGGRESSIVE + PASSIVE if spot.bets < bot.max_bets else PASSIVE
        strong_at = _index(spot, wanted)
        passive_at = _index(spot, (K.CHECK, K.FOLD, K.DIE))
        call_at = _index(spot, (K.CALL,))
        choice = np.full(n, -1 if passive_at is None else passive_at)
        if call_at is not None:
            calls = keep_going | (spot.legal[call_at].amount == 0)
            choice[calls] = call_at
        if strong_at is not None:
            choice[strong] = strong_at
        if (choice < 0).any():
            raise ValueError("the threshold bot has no action it takes at this spot")
        out = np.zeros((n, len(spot.legal)))
        out[np.arange(n), choice] = 1.0
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.DRAW)
        cap = draw_cap(spot)
        policy, solved = self.bot.c_policy()
        thrown: list[tuple[int, ...]] = []
        for hand, known in zip(hands.tolist(), dead.tolist(), strict=True):
            cards = bytes(hand)
            if solved is None:
                kept = lib.bf_draw_keep(cards, known, 0)
                at = -1 if kept < 0 else ~kept & 15  # the positions thrown
            else:
                at = lib.bf_policy_table_throw(policy, cards, known, 0, spot.draws_left, cap)
            if at < 0:  # C refused the hand (its dead cards among its own): never "keep all"
                raise ValueError(f"the threshold bot cannot draw to {hand} with dead {known:#x}")
            thrown.append(cap_discards([c for i, c in enumerate(hand) if at >> i & 1], cap))
        return _one_hot(_throws_to_masks(hands, thrown))

    def rollout_policy(self) -> Any:
        return self.bot.c_policy()


@dataclasses.dataclass(frozen=True)
class RandomStrategy:
    """The random bot: every legal action alike; every discard within the cap alike."""

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.BETTING)
        return np.full((len(hands), len(spot.legal)), 1.0 / len(spot.legal))

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.DRAW)
        allowed = (POPCOUNT <= draw_cap(spot)).astype(np.float64)
        return np.tile(allowed / allowed.sum(), (len(hands), 1))

    def rollout_policy(self) -> Any:
        return None


@dataclasses.dataclass(frozen=True)
class CallableStrategy:
    """Any ``bot(view) -> Action``, asked once per hand with the spot's view holding that hand
    and its discards; taken as deterministic given the view (one-hot probabilities)."""

    bot: Callable[[View], Action]

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.BETTING)
        kinds = [a.kind for a in spot.legal]
        out = np.zeros((len(hands), len(kinds)))
        for row, view in enumerate(_views(spot, hands, dead)):
            action = action_of(self.bot, view)
            if action.kind not in kinds:
                raise ValueError(f"the bot chose {action.kind}, not one of {', '.join(kinds)}")
            out[row, kinds.index(action.kind)] = 1.0
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.DRAW)
        thrown = [action_of(self.bot, view).cards for view in _views(spot, hands, dead)]
        cap = draw_cap(spot)
        for cards in thrown:
            if len(cards) > cap:
                raise ValueError(f"the bot threw {len(cards)} cards where {cap} is the most")
        return _one_hot(_throws_to_masks(hands, [tuple(map(int, t)) for t in thrown]))

    def rollout_policy(self) -> Any:
        return None


Probabilities = Callable[[View], Sequence[tuple[Action, float]]]


@dataclasses.dataclass(frozen=True)
class MixedStrategy:
    """A player that states its mixed strategy: ``probabilities(view)`` lists each action it
    may take at the view with its probability (the blueprint's table does), asked once per hand
    with the spot's view holding that hand and its discards."""

    probabilities: Probabilities

    def _rows(self, spot: View, hands: Hands, dead: Masks) -> list[Sequence[tuple[Action, float]]]:
        return [self.probabilities(view) for view in _views(spot, hands, dead)]

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.BETTING)
        kinds = [a.kind for a in spot.legal]
        out = np.zeros((len(hands), len(kinds)))
        for row, choices in enumerate(self._rows(spot, hands, dead)):
            for action, p in choices:
                if action.kind not in kinds:
                    raise ValueError(f"{action.kind} is not one of {', '.join(kinds)}")
                out[row, kinds.index(action.kind)] += p
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.DRAW)
        out = np.zeros((len(hands), MASKS))
        for row, choices in enumerate(self._rows(spot, hands, dead)):
            hand = hands[row].tolist()
            for action, p in choices:
                out[row, sum(1 << hand.index(int(card)) for card in action.cards)] += p
        return out

    def rollout_policy(self) -> Any:
        return None


def action_of(bot: Callable[[View], Action], view: View) -> Action:
    """``bot(view)``, or a ValueError naming the bot and what it returned when that is not an
    Action."""
    action = bot(view)
    if not isinstance(action, Action):
        raise ValueError(
            f"the bot {bot!r} returned {action!r} at a {view.phase.value} decision "
            f"(seat {view.seat}), not an Action"
        )
    return action


def _views(spot: View, hands: Hands, dead: Masks) -> list[View]:
    """The spot's view holding each hand and its discards."""
    return [
        dataclasses.replace(
            spot,
            hand=tuple(DECK[c] for c in hand),
            dead=frozenset(DECK[c] for c in range(52) if known >> c & 1),
        )
        for hand, known in zip(hands.tolist(), dead.tolist(), strict=True)
    ]


def _stated(player: object) -> Probabilities | None:
    """The ``probabilities(view)`` a bot states, its own or its blueprint's."""
    for owner in (player, getattr(player, "blueprint", None)):
        found = getattr(owner, "probabilities", None)
        if callable(found):
            return found  # type: ignore[no-any-return]
    return None


def strategy_of(player: object) -> HandStrategy:
    """The strategy of a built-in bot, a strategy itself, a bot stating its probabilities, or
    any other bot callable (see the module)."""
    if isinstance(player, ThresholdBot):
        return ThresholdStrategy(player)
    if isinstance(player, RandomBot):
        return RandomStrategy()
    if isinstance(player, HandStrategy):
        return player
    if isinstance(getattr(player, "blueprint", None), Blueprint):
        return BlueprintStrategy(player.blueprint)  # type: ignore[attr-defined]
    stated = _stated(player)
    if stated is not None:
        return MixedStrategy(stated)
    if callable(player):
        return CallableStrategy(player)
    raise TypeError(f"a strategy or a bot(view) -> Action, not {type(player).__name__}")


__all__ = [
    "CallableStrategy",
    "HandStrategy",
    "MixedStrategy",
    "RandomStrategy",
    "ThresholdStrategy",
    "checked_probabilities",
    "deciding",
    "draw_cap",
    "hand_classes",
    "public_view",
    "strategy_of",
]
