"""What players and the dealer do: action kinds, actions, history events and a player's view.

Every kind is an ``ActionKind``, a ``str`` enum whose values are the names PHH and JSON carry
("call", "raise", "ttadang", ...), so ``ActionKind.CALL == "call"``."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .._runtime.validate import is_whole
from ..cards import DECK, Card, CardLike, card_id

ROUNDS = 4  # betting rounds: before the first draw and after each of the three


class ActionKind(StrEnum):
    # players' actions, casino names
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"
    # the Korean rooms' own betting actions (the Korean room rules)
    BBING = "bbing"  # 삥
    TTADANG = "ttadang"  # 따당
    QUARTER = "quarter"  # 쿼터
    HALF = "half"  # 하프
    FULL = "full"  # 풀
    DIE = "die"  # 다이 (recorded as a fold)
    # forced bets and the dealer's events, in the history only
    POST = "post"
    ANTE = "ante"
    DEAL = "deal"
    BURN = "burn"
    RESHUFFLE = "reshuffle"
    SHOW = "show"
    MUCK = "muck"  # a hand not shown at showdown: its cards in the full history only
    WIN = "win"


K = ActionKind
PASS = "패스"  # stand pat, the Korean rooms' word ("패스 버튼"): a draw of no cards
KO_ACTIONS: dict[str, str] = {
    "삥": K.BBING, "체크": K.CHECK, "콜": K.CALL, "따당": K.TTADANG,
    "쿼터": K.QUARTER, "하프": K.HALF, "풀": K.FULL, "다이": K.DIE, PASS: K.DRAW,
}  # fmt: skip
# Every kind's Korean name where it has one, to show: the Korean kinds' own (a draw is 패스
# only when it throws nothing, so not here), and the casino kinds in the rooms' loanwords.
KO_NAMES: dict[str, str] = {
    **{english: ko for ko, english in KO_ACTIONS.items() if ko != PASS},
    K.FOLD: "다이", K.BET: "베팅", K.RAISE: "레이즈", K.POST: "블라인드", K.ANTE: "앤티",
}  # fmt: skip
# Every action that bets or raises, casino and Korean (삥, 따당, 쿼터, 하프, 풀).
BET_KINDS: tuple[str, ...] = (K.BET, K.RAISE, K.BBING, K.TTADANG, K.QUARTER, K.HALF, K.FULL)
FOLD_KINDS = (K.FOLD, K.DIE)
# Every action a player takes in a betting round (the forced bets and draws are not among them).
BETTING_KINDS: tuple[str, ...] = (*BET_KINDS, K.CALL, K.CHECK, *FOLD_KINDS)
FORCED_KINDS = (K.POST, K.ANTE)
HIDDEN_KINDS = (K.DEAL, K.DRAW, K.BURN, K.MUCK)  # their cards are seen only by their own seat


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the game is left exactly as it was."""


class Phase(StrEnum):
    BETTING = "betting"
    DRAW = "draw"
    DONE = "done"


def _kind(kind: object) -> str:
    """An ActionKind for a known name (English or Korean); other text is kept, for ``Game.act``
    to refuse as illegal with the legal choices in its message."""
    if not isinstance(kind, str):
        raise TypeError(f"an action's kind is text such as 'call', not {type(kind).__name__}")
    name = KO_ACTIONS.get(kind, kind)
    return ActionKind(name) if name in ActionKind._value2member_map_ else kind


def _chips(name: str, value: object) -> int:
    if not is_whole(value):
        raise TypeError(f"an action's {name} is a whole number of chips, not {value!r}")
    return operator.index(value)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Action:
    """``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount``: chips this action puts in),
    or ``draw`` (``cards``: the discards, possibly none: standing pat; in ``legal_actions`` its
    ``amount`` is the most cards that may be thrown). Korean rules use their own kinds (English
    or Korean names: ``Action("콜")`` is ``Action(ActionKind.CALL)``); ``Action("패스")``
    stands pat, as ``Action.draw()``."""

    kind: str  # an ActionKind whenever the name is known
    amount: int = 0
    cards: tuple[Card, ...] = ()
    max_amount: int = 0  # in legal_actions, pot and no limit: the most this bet may put in

    def __post_init__(self) -> None:
        # The engine builds ~50 actions a hand from values it made itself (an ActionKind, ints):
        # those need no conversion, and the checks below would leave them as they are.
        if type(self.kind) is ActionKind and type(self.amount) is int:
            if type(self.max_amount) is int:
                return
        if self.kind == PASS and self.cards:
            raise ValueError(f"{PASS} stands pat: it throws no cards, not {len(self.cards)}")
        object.__setattr__(self, "kind", _kind(self.kind))
        object.__setattr__(self, "amount", _chips("amount", self.amount))
        object.__setattr__(self, "max_amount", _chips("max_amount", self.max_amount))

    @classmethod
    def draw(cls, cards: Sequence[CardLike] = ()) -> Action:
        return cls(ActionKind.DRAW, 0, tuple(DECK[card_id(c)] for c in cards))


@dataclass(frozen=True)
class Event:
    """One line of the history: who did what (``seat`` is None for the dealer)."""

    kind: ActionKind
    seat: int | None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()


@dataclass(frozen=True)
class View:
    """What one player may see: their own cards, everybody's chips and actions, the number of
    cards each other player drew (not which), and the hands shown at showdown."""

    seat: int
    hand: tuple[Card, ...]
    phase: Phase
    draws_left: int  # draws still to come (during a draw: counting this one)
    stacks: tuple[int, ...]
    pot: int
    to_call: int
    folded: tuple[bool, ...]
    legal: tuple[Action, ...]  # empty unless it is this player's turn
    history: tuple[Event, ...]
    dead: frozenset[Card]  # this player's own discards: known to be out of the stub
    # bets and raises in this betting round as the raise cap counts them (before the first draw
    # the big blind is the first; an all-in short of a full raise does not count)
    bets: int = 0
    # this decision's 64 random bits, from the hand's stream, the seat and the history's length:
    # a bot's only randomness if it is to play alike on any executor (random_bot takes it)
    stream: int = 0


__all__ = [
    "BETTING_KINDS",
    "BET_KINDS",
    "KO_ACTIONS",
    "KO_NAMES",
    "PASS",
    "ROUNDS",
    "Action",
    "ActionKind",
    "Event",
    "IllegalActionError",
    "Phase",
    "View",
]
