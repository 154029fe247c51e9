"""What a rule set reads of a hand while it is bet, and does to it: the contract between the
rule sets (rules.py) and whatever runs a hand by them. ``Game`` (state.py) is the one that plays
every hand; the last round's public tree (``solve.tree.Spot``) is another, and a test walks
every node of that tree against ``Game``. A leaf module: the rule sets know this contract, not
``Game``, so rules and state import one way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actions import ActionKind


class BettingState(Protocol):
    """A hand between forced bets and showdown, as the rule sets read it."""

    @property
    def seats(self) -> int: ...
    @property
    def button(self) -> int: ...
    @property
    def first(self) -> int:
        """선 under the Korean rules: the seat left of the button."""

    @property
    def round_index(self) -> int: ...
    @property
    def stacks(self) -> Sequence[int]:
        """Chips behind, by seat."""

    @property
    def round_bets(self) -> Sequence[int]:
        """Chips put in this betting round, by seat."""

    @property
    def pot(self) -> int:
        """Every chip in the middle, this round's bets included."""

    @property
    def raise_size(self) -> int:
        """The largest bet or raise increase this round (pot and no limit)."""

    @property
    def not_all_in_at_last_bet(self) -> int:
        """Players with chips behind just after the round's last bet that counted."""

    def in_hand(self) -> list[int]: ...
    def to_call(self, seat: int) -> int: ...
    def may_raise(self, seat: int) -> bool:
        """The betting is open to ``seat``: it has not acted since the last full bet."""

    def round_has_action(self) -> bool:
        """Someone has acted (beyond forced bets) in this betting round."""


class ForcedBets(BettingState, Protocol):
    """A hand as its forced bets are posted (``RuleSet.post_forced``)."""

    def post_forced_bet(self, seat: int, amount: int, kind: ActionKind) -> None: ...


__all__ = ["BettingState", "ForcedBets"]
