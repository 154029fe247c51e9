"""The state of a hand in play, declared once for ``Game`` (state.py) and the parts it is made of:
the betting rounds (betting_round.py) and the cards (stub.py). Each part is a base class of
``Game`` whose methods move this state (methods, as most of it is private: a function outside
the class would reach into it). Only ``Game`` builds it, and only ``Game`` answers a player or a
rule set (its answers are declared here for the type checker)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from .actions import Event, Phase
from .rules import RuleSet


class HandState:
    """A hand's chips, cards, history and turn (set by ``Game.__init__``)."""

    rules: RuleSet
    seats: int
    button: int
    first: int
    no_small_blind: bool  # the small blind's seat is empty this hand (rules.py reads it)
    show: frozenset[int]  # seats that show at showdown whatever they hold
    stacks: list[int]
    starting_stacks: list[int]
    stub: list[Card]  # stub[-1] is the top card
    hands: list[list[Card]]
    discards: list[Card]
    muck: list[Card]
    folded: list[bool]
    committed: list[int]  # chips put into the pot this hand
    round_bets: list[int]
    history: list[Event]
    phase: Phase
    round_index: int
    _reveal: dict[int, tuple[Card, ...]]  # the cards each of these seats shows at showdown
    _draw_order: list[int]  # seats still to draw, in order
    _burn_due: bool  # this draw's burn card is still to come

    if TYPE_CHECKING:  # Game's own answers (state.py), which the parts read too

        @property
        def pot(self) -> int: ...
        @property
        def raise_size(self) -> int: ...
        @property
        def not_all_in_at_last_bet(self) -> int: ...
        def in_hand(self) -> list[int]: ...
        def not_all_in(self) -> int: ...
        def to_call(self, seat: int) -> int: ...
        def may_raise(self, seat: int) -> bool: ...
        def round_has_action(self) -> bool: ...

    def _record(self, event: Event) -> None:
        """Append to the history (each player's view of it follows when asked: ``_catch_up``)."""
        self.history.append(event)

    def _put_in(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        self.round_bets[seat] += amount

    def _can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def _seats_after(self, seat: int, keep: object) -> list[int]:
        order = [(seat + i) % self.seats for i in range(1, self.seats + 1)]
        return [p for p in order if keep(p)]  # type: ignore[operator]
