"""The cards of a hand: the stacked deck, the deal, and each draw, whose replacements come from
the stub after the draw's burn card; when the stub runs out mid-draw, the discards so far
become the new stub (state.py's docstring gives the rules)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards import DECK, Card, CardLike, card_id
from .actions import ROUNDS, Action, ActionKind, Event, IllegalActionError
from .hand import HandState
from .hidden import HIDDEN, HiddenCard, check_shown

K = ActionKind
_BY_TEXT = {str(card): card for card in DECK}  # "As": a stacked deck's cards, read at once


class Dealer(HandState):
    """The part of ``Game`` that deals: the stub, the deal, the draws."""

    _seed: int | None
    _random: random.Random | None  # made on first use: seeding costs ~20 us
    _reshuffle: Callable[[list[Card]], None]  # orders the discards that become the new stub
    _chosen: dict[int, tuple[Card, ...]]  # simultaneous draws not dealt yet

    def _shuffle(self, cards: list[Card]) -> None:
        if self._random is None:
            self._random = random.Random(self._seed)
        self._random.shuffle(cards)

    def _stacked_deck(self, deck: Sequence[CardLike] | None) -> list[Card]:
        top = [_stacked_card(i, c) for i, c in enumerate(deck or ())]
        stacked = set(top)
        if len(stacked) != len(top):
            raise ValueError("the stacked deck repeats a card")
        rest = [card for card in DECK if card not in stacked]
        if rest:
            self._shuffle(rest)
        unknown = sum(type(card) is HiddenCard for card in top)
        if unknown:  # each stands for one of the rest: the stub is the 52 cards still
            rest = rest[: max(len(rest) - unknown, 0)]
        return (top + rest)[::-1]

    def _deal(self) -> None:
        order = [(self.button + i) % self.seats for i in range(1, self.seats + 1)]
        for _ in range(4):
            for seat in order:
                self.hands[seat].append(self.stub.pop())
        for seat in order:
            self._record(Event(K.DEAL, seat, cards=tuple(self.hands[seat])))

    def _draw(self, seat: int, action: Action) -> None:
        """``seat`` throws ``action``'s cards; ``Game.act`` starts the next betting round once
        every seat has drawn."""
        cap = self.rules.draw_cap(self.round_index)
        if action.kind is not K.DRAW:
            raise IllegalActionError(
                f"seat {seat} must draw now (0 to {cap} cards), not {action.kind}"
            )
        thrown = action.cards
        if len(set(thrown)) != len(thrown) or not set(thrown) <= set(self.hands[seat]):
            raise IllegalActionError(f"seat {seat} can only throw distinct cards of its own hand")
        if len(thrown) > cap:
            raise IllegalActionError(
                f"the cutting limit allows {cap} cards at this draw, not {len(thrown)}"
            )
        last = self.round_index == ROUNDS - 2  # the hand it draws now is the hand it shows
        if last and seat in self._reveal and not self.rules.simultaneous_draws:
            shows = self._reveal[seat]
            check_shown(seat, [c for c in self.hands[seat] if c not in thrown], shows)
            check_shown(seat, self._next_cards(len(thrown)), shows)
        self._draw_order.pop(0)
        if self.rules.simultaneous_draws:  # 동시에: deal once everyone has chosen
            self._chosen[seat] = thrown
            if not self._draw_order:
                for chooser, cards in self._chosen.items():
                    self._exchange(chooser, cards)
                self._chosen = {}
        else:
            self._exchange(seat, thrown)

    def _next_cards(self, count: int) -> list[Card]:
        """The cards the next ``count`` replacements will be, as far as the stub holds them (a
        reshuffle's are not known before it)."""
        if not count:
            return []
        burn = 1 if self._burn_due else 0
        return self.stub[::-1][burn : burn + count]

    def _next_card(self) -> Card:
        """The top card; when the stub has run out, the discards so far become the stub."""
        if not self.stub:
            self.stub, self.discards = self.discards, []
            self._reshuffle(self.stub)
            self._record(Event(K.RESHUFFLE, None, len(self.stub)))
        return self.stub.pop()

    def _exchange(self, seat: int, thrown: tuple[Card, ...]) -> None:
        """Deal the replacements (after this draw's burn card, when the rules burn one)."""
        kept = [c for c in self.hands[seat] if c not in thrown]
        if thrown and self._burn_due:
            self._burn_due = False
            burned = self._next_card()
            self.muck.append(burned)
            self._record(Event(K.BURN, None, 1, (burned,)))
        received = [self._next_card() for _ in thrown]
        self.hands[seat] = kept + received
        self.discards.extend(thrown)
        self._record(Event(K.DRAW, seat, len(thrown), thrown, tuple(received)))


def _stacked_card(i: int, card: CardLike) -> Card:
    """A stacked deck's card ``i``: a Card, ``??`` (the ``i``-th unknown card), or any card
    ``card_id`` reads (``"As"`` at once)."""
    if type(card) is Card:
        return card
    if card == HIDDEN:
        return HiddenCard(i)
    if type(card) is str and card in _BY_TEXT:
        return _BY_TEXT[card]
    return DECK[card_id(card)]
