"""Seats the C hand loop plays by a round strategy: the form a bot gives to be played there.

A bot whose ``c_seat_form()`` returns a seat form plays in C: a ``RoundSeatForm`` (below), or
the blueprint's ``BlueprintForm`` (blueprint/bot.py: every decision of the hand by the
blueprint, csrc/blueprint/player.h). A ``RoundSeatForm`` plays by csrc/play/round_seats.h: its
``before`` ThresholdBot plays the draws and the earlier rounds, its ``table`` (a
``RoundStrategy``: a betting round's public tree with a row of probabilities per hand class at each
decision) the last round, and ``otherwise`` (a ThresholdBot, or None for an error) the
last-round decisions the table does not cover. The C loop draws each branch from the decision's
random bits, those ``Game`` gives a bot as ``View.stream`` (csrc/game/decision.h), so a bot that
plays by the same table in Python plays the same chips hand for hand in both. This layer knows
no solver: ``solve.bots.solution`` fills the table from a ``LastRoundSolution``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ...game.actions import ActionKind
from ...game.bots import ThresholdBot, drawer
from ...game.rules import RuleSet

K = ActionKind
# The C loop's kind of each betting action (a 다이 is a fold there, as Game records it)
C_KINDS = {
    K.FOLD: lib.BF_ACT_FOLD, K.DIE: lib.BF_ACT_FOLD, K.CHECK: lib.BF_ACT_CHECK,
    K.CALL: lib.BF_ACT_CALL, K.BET: lib.BF_ACT_BET, K.RAISE: lib.BF_ACT_RAISE,
    K.BBING: lib.BF_ACT_BBING, K.TTADANG: lib.BF_ACT_TTADANG, K.QUARTER: lib.BF_ACT_QUARTER,
    K.HALF: lib.BF_ACT_HALF, K.FULL: lib.BF_ACT_FULL,
}  # fmt: skip
# Why the C loop refused a round seat's decision (bf_game_refusal.reason)
REFUSALS = {
    int(lib.BF_REFUSE_NOT_HEADS_UP): "its table is for two players in the hand",
    int(lib.BF_REFUSE_OTHER_SPOT): "the round started from another pot or other stacks than "
    "its table's",
    int(lib.BF_REFUSE_OFF_TREE): "the round's actions leave its table's tree",
    int(lib.BF_REFUSE_NOT_ITS_TURN): "its table has the other player to act",
    int(lib.BF_REFUSE_OUTSIDE_RANGE): "the hand is outside its table's range",
    int(lib.BF_REFUSE_BAD_TABLE): "its table holds a row or branch the rules do not allow",
    int(lib.BF_REFUSE_OTHER_RULES): "the rules or stacks are not those it was trained for",
}


@dataclass(frozen=True, eq=False)
class RoundStrategy:
    """A betting round's strategy as the C loop reads it (bf_round_strategy): the round's public
    tree, nodes in breadth-first order with each node's children consecutive (``actor`` 0 or 1
    per node, -1 at an end; ``first_child``, ``n_children``; ``kind``, an ActionKind per node
    but the root, and ``amount``: the action leading to it), the ``pot`` and ``stacks`` it was
    worked out for, and per player ``probs``, the blocks of its decision nodes (node i's at
    ``offset[i]``: ``n_rows`` rows by its children), and ``row_of_hand``, each hand's row by its
    colex index (-1 outside the range)."""

    pot: int
    stacks: tuple[int, int]
    actor: npt.NDArray[np.int8]
    first_child: npt.NDArray[np.int32]
    n_children: npt.NDArray[np.int32]
    kind: tuple[ActionKind | None, ...]
    amount: npt.NDArray[np.int64]
    offset: npt.NDArray[np.int64]
    probs: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    row_of_hand: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]
    n_rows: tuple[int, int]
    _c: list[Any] = field(default_factory=list, repr=False)

    def c_struct(self) -> Any:
        """The bf_round_strategy (made once; it points into this table's arrays), or ValueError
        when the table is inconsistent."""
        if not self._c:
            self._c.append(self._make())
        return self._c[0]

    def _make(self) -> Any:
        keep: list[Any] = []

        def buf(ctype: str, array: npt.NDArray[Any], dtype: Any) -> Any:
            contiguous = np.ascontiguousarray(array, dtype=dtype)
            keep.append(contiguous)
            return ffi.from_buffer(ctype, contiguous)

        if any(k is not None and k not in C_KINDS for k in self.kind) or self.kind[:1] != (None,):
            raise ValueError("table: a node's kind is a betting action (none at the root)")
        kinds = np.array([0 if k is None else C_KINDS[k] for k in self.kind], dtype=np.int8)
        table = ffi.new("bf_round_strategy *")
        table.pot = self.pot
        table.stacks = list(self.stacks)
        table.n_nodes = len(self.actor)
        table.actor = buf("int8_t[]", self.actor, np.int8)
        table.first_child = buf("int32_t[]", self.first_child, np.int32)
        table.n_children = buf("int32_t[]", self.n_children, np.int32)
        table.kind = buf("int8_t[]", kinds, np.int8)
        table.amount = buf("int64_t[]", self.amount, np.int64)
        table.offset = buf("int64_t[]", self.offset, np.int64)
        for p in (0, 1):
            if len(self.row_of_hand[p]) != lib.BF_NUM_HANDS:
                raise ValueError(f"table: row_of_hand[{p}] has a row for each of the hands")
            table.probs[p] = buf("double[]", self.probs[p], np.float64)
            table.probs_len[p] = len(self.probs[p])
            table.row_of_hand[p] = buf("int32_t[]", self.row_of_hand[p], np.int32)
            table.n_rows[p] = self.n_rows[p]
        if not (
            len(kinds) == len(self.actor) == len(self.first_child) == len(self.n_children)
            == len(self.amount) == len(self.offset)
        ) or not lib.bf_round_strategy_valid(table):  # fmt: skip
            raise ValueError("table: its tree, blocks or rows are inconsistent")
        return ffi.gc(table, lambda _table: keep.clear())


@dataclass(frozen=True)
class RoundSeatForm:
    """How the C loop plays a round seat: ``before`` until the last round, ``table`` in it,
    ``otherwise`` where the table does not cover a decision (None: an error)."""

    table: RoundStrategy
    before: ThresholdBot
    otherwise: ThresholdBot | None = None
    subject: ClassVar[str] = "last round: the round seat's solution"

    def place(self, spec: Any, seat: int) -> Any:
        """Seats the round seat at ``seat`` of a bf_game_spec (spec.round_seats); returns what
        the spec points into, to be kept alive with it."""
        bot = self.c_struct()
        spec.round_seats[seat] = bot
        return bot

    def c_struct(self) -> Any:
        """The bf_round_seat (pointing into the table; keep this form alive with it)."""
        bot = ffi.new("bf_round_seat *")
        keep = [self.table.c_struct()]
        bot.table = keep[0]
        bot.has_otherwise = self.otherwise is not None
        if self.otherwise is not None:
            fields, solved = c_threshold(self.otherwise)
            bot.otherwise = fields
            keep.append(solved)
        return ffi.gc(bot, lambda _bot: keep.clear())


class SeatForm(Protocol):
    """What the C engines need of a seat played by a strategy: ``place(spec, seat)``, which
    seats it in a bf_game_spec and returns what the spec then points into, the ThresholdBot of
    its other decisions (``before``; None: it has none, and the drawer finishes a hand it
    refused), its ``otherwise`` bot, and the ``subject`` its refusals name."""

    @property
    def before(self) -> ThresholdBot | None: ...
    @property
    def otherwise(self) -> ThresholdBot | None: ...
    @property
    def subject(self) -> str: ...
    def place(self, spec: Any, seat: int) -> Any: ...


@runtime_checkable
class TrainedFor(Protocol):
    """A bot that plays only the game it was trained for (the blueprint): ``check_game`` raises
    a ValueError naming the difference for other rules or stacks."""

    def check_game(self, rules: RuleSet | None, stacks: Sequence[int]) -> None: ...


def check_bots_game(
    bots: Sequence[object], rules: RuleSet, start: Sequence[int], seat: str
) -> None:
    """ValueError, naming the seat (``seat`` formats its number), when a bot trained for one
    game is seated in another; the engines ask before any hand is dealt."""
    for number, bot in enumerate(bots):
        if isinstance(bot, TrainedFor):
            try:
                bot.check_game(rules, start)
            except ValueError as error:
                raise ValueError(f"{seat.format(number)}: {error}") from None


@runtime_checkable
class SeatedInC(Protocol):
    """A bot the C loop can play by a table: ``c_seat_form()`` gives its form (None: it has
    none, e.g. its ``before`` is not a ThresholdBot)."""

    def c_seat_form(self) -> SeatForm | None: ...


def c_form(bot: object) -> SeatForm | None:
    """The bot's seat form, if it has one."""
    return bot.c_seat_form() if isinstance(bot, SeatedInC) else None


def seat_threshold(form: SeatForm) -> ThresholdBot:
    """The ThresholdBot of a round seat's spec.bots entry: its ``before`` bot, or (a seat
    playing every decision by its strategy) the drawer, which only finishes refused hands."""
    before = form.before
    return drawer if before is None else before  # type: ignore[return-value]


def c_threshold(bot: ThresholdBot) -> tuple[tuple[Any, ...], Any]:
    """A ThresholdBot as bf_threshold_bot's fields, and the solved table they point into."""
    policy, table = bot.c_policy()
    return (bot.raise_top, bot.call_top, bot.draw_with, policy[0], bot.max_bets), table


def refusal_message(refusal: Any, bots: Sequence[object] = ()) -> str:
    """A refusal of the C loop (bf_game_refusal) in words, naming the decision (and, given the
    seats' bots, what refused it)."""
    why = REFUSALS.get(int(refusal.reason), f"reason {int(refusal.reason)}")
    seat = int(refusal.seat)
    form = c_form(bots[seat]) if 0 <= seat < len(bots) else None
    subject = RoundSeatForm.subject if form is None else form.subject
    return f"hand {int(refusal.hand)}, seat {seat}, {subject} does not cover this decision ({why})"


__all__ = [
    "RoundSeatForm",
    "RoundStrategy",
    "SeatForm",
    "SeatedInC",
    "TrainedFor",
    "c_form",
    "check_bots_game",
    "refusal_message",
    "seat_threshold",
]
