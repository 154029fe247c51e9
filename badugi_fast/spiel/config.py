"""The OpenSpiel game's parameters, checked (``Config``), and its action ids: the 16 discards of a
draw (a 4-bit mask over the hand's cards, lowest card id first), then the betting kinds."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

from ..cards import DECK, Card
from ..game import ActionKind, KoreanRules, Rules
from ..game.rules import RuleSet

K = ActionKind
HAND = 4
PLAYERS = 2
DRAW_ACTIONS = 16  # a discard is a 4-bit mask over the hand's cards, lowest card id first
# The betting kinds, in action-id order after the 16 discards. 다이 (die) is the Korean fold and
# shares fold's id; every other kind has one amount in a fixed-limit or Korean spot.
BETTING = (
    K.FOLD, K.CHECK, K.CALL, K.BET, K.RAISE, K.BBING, K.TTADANG, K.QUARTER, K.HALF, K.FULL,
)  # fmt: skip
BET_ID: dict[str, int] = {kind: DRAW_ACTIONS + i for i, kind in enumerate(BETTING)}
BET_ID[K.DIE] = BET_ID[K.FOLD]
NUM_ACTIONS = DRAW_ACTIONS + len(BETTING)
DEFAULTS: dict[str, int | bool] = {
    "ranks": 13,
    "suits": 4,
    "draws": 3,
    "small_bet": 2,
    "stack": 200,
    "cap_heads_up": True,
    "korean": False,
}
_LIMITS = {"ranks": (1, 13), "suits": (1, 4), "draws": (0, 3)}


def _whole(name: str, value: object, least: int, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is a whole number, not {type(value).__name__}")
    if value < least or (most is not None and value > most):
        span = f"at least {least}" if most is None else f"{least} .. {most}"
        raise ValueError(f"{name} is {span}, not {value}")
    return value


@dataclass(frozen=True)
class Config:
    """The game's parameters, checked: ``ranks`` lowest ranks (ace low) of ``suits`` first suits
    (clubs, diamonds, hearts, spades), ``draws`` draws, ``small_bet`` (the Korean rules' ante
    when ``korean``), ``stack`` chips each, ``cap_heads_up`` (casino fixed limit)."""

    ranks: int = 13
    suits: int = 4
    draws: int = 3
    small_bet: int = 2
    stack: int = 200
    cap_heads_up: bool = True
    korean: bool = False

    def __post_init__(self) -> None:
        for name, (least, most) in _LIMITS.items():
            _whole(name, getattr(self, name), least, most)
        _whole("small_bet", self.small_bet, 1)
        _whole("stack", self.stack, 1)
        for name in ("cap_heads_up", "korean"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} is true or false, not {getattr(self, name)!r}")
        if self.ranks * self.suits < 2 * HAND:
            raise ValueError(
                f"ranks x suits is at least {2 * HAND} cards (two hands of four), "
                f"not {self.ranks} x {self.suits} = {self.ranks * self.suits}"
            )

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> Config:
        unknown = sorted(set(params) - set(DEFAULTS))
        if unknown:
            known = ", ".join(DEFAULTS)
            raise ValueError(f"badugi has no parameter {unknown[0]!r}; it has {known}")
        return cls(**{**DEFAULTS, **params})

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck's cards in id order."""
        return tuple(DECK[4 * r + s] for r in range(self.ranks) for s in range(self.suits))

    @property
    def most_thrown(self) -> int:
        """The most cards a draw can deal: every card outside the two hands (tree.py: why)."""
        return min(HAND, len(self.deck) - 2 * HAND)

    @property
    def rules(self) -> RuleSet:
        if self.korean:
            return KoreanRules(ante=self.small_bet)
        return Rules(small_bet=self.small_bet, cap_heads_up=self.cap_heads_up)

    def position(self, card: Card) -> int:
        """A card's index in ``deck``."""
        return card.rank * self.suits + card.suit

    @property
    def max_chance_outcomes(self) -> int:
        return comb(len(self.deck), HAND)

    @property
    def max_betting_actions(self) -> int:
        """A bound on the betting decisions of a hand: at most two that neither bet nor raise per
        round, and the bets and raises, each of which puts in at least the smallest increase
        (fixed limit: the small bet; Korean: one chip) unless it is an all-in, or, capped, the
        opening bet and three raises a round."""
        rounds = self.draws + 1
        increase = 1 if self.korean else self.small_bet
        raises = 2 * (self.stack // increase + 1)
        if not self.korean and self.cap_heads_up:
            raises = min(raises, rounds * 4)
        return 2 * rounds + raises

    @property
    def max_game_length(self) -> int:
        return PLAYERS * self.draws + self.max_betting_actions
