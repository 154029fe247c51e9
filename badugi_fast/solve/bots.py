"""The solver's bots: ``solution(sol)`` plays the last betting round by a solution, and
``search()`` (solve/resolving: the blueprint with the last round re-solved at each public state)
is re-exported here beside it.

It lives here, above ``game``, because it reads a ``LastRoundSolution``; ``game`` never imports
``solve``. It is a plain ``bot(view) -> Action`` as ``game.bots`` defines them, so ``Game`` and
``simulate`` play it like any other. In the last betting round it finds the public history of
the round in the view, the node of the solution's tree it leads to, and the row of its hand,
and draws a branch with that row's probabilities from the view's 64 random bits (``View.stream``,
the engine's per-decision stream: the same hand and stream give the same choice on any
executor). Everything before (the draws and the earlier rounds) is played by ``before``.

A last-round decision the solution does not cover (a hand outside its range, a pot or stacks
other than the solution's, a history off its tree) goes to ``otherwise``, or raises ValueError
when ``otherwise`` is None: a bot never plays a strategy solved for another spot silently.

When ``before`` and ``otherwise`` (if given) are ThresholdBots, the bot has a C form
(``c_seat_form``: the solution as a round strategy, play/vector/seats.py), so ``simulate``
plays it in the C hand loop, the same chips hand for hand as ``Game``: the C loop finds the same
node and row, and draws the branch from the same bits (csrc/game/decision.h).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from ..cards import hand_ids
from ..game.actions import Action, ActionKind, Phase, View
from ..game.bots import Bot, ThresholdBot, drawer
from ..hands.evaluator import NUM_HANDS
from ..hands.universe import colex_indices
from ..play.vector.seats import RoundSeatForm, RoundStrategy
from .api import LastRoundSolution
from .resolving import SearchBot, search
from .round_view import round_start

K = ActionKind
_UNIT = 2.0**-53  # 53 random bits to a uniform number in [0, 1)


@dataclass(frozen=True)
class SolutionBot:
    """Plays the last round by ``sol`` (see the module docstring)."""

    sol: LastRoundSolution
    before: Bot = drawer
    otherwise: Bot | None = None

    def __call__(self, view: View) -> Action:
        if view.phase is not Phase.BETTING or view.draws_left > 0:
            return self.before(view)
        try:
            return self._play(view)
        except _Uncovered as why:
            if self.otherwise is None:
                raise ValueError(f"the solution does not cover this decision: {why}") from None
            return self.otherwise(view)

    def _play(self, view: View) -> Action:
        tree = self.sol.problem.tree
        start = round_start(view)
        if start is None:
            raise _Uncovered("the solution plays heads-up")
        history, seats, pot, stacks = start
        me = view.seat
        if pot != tree.pot or stacks != tree.stacks:
            raise _Uncovered(
                f"the round started with pot {pot} and stacks {stacks}, "
                f"the solution's with {tree.pot} and {tree.stacks}"
            )
        try:
            node = tree.find(history)
        except ValueError as error:
            raise _Uncovered(str(error)) from None
        player = node.actor
        if player is None or seats[player] != me:
            raise _Uncovered("it is not this player's turn in the solution's tree")
        mine = np.array([sorted(hand_ids(view.hand))], dtype=np.uint8)
        found = int(self._position[player][colex_indices(mine)[0]])
        if found < 0:
            raise _Uncovered(f"the hand {view.hand} is outside the solution's range")
        row = self.sol.strategy(history)[found]
        u = (view.stream >> 11) * _UNIT
        choice = int(np.searchsorted(np.cumsum(row), u, side="right"))
        action = node.actions[min(choice, len(node.actions) - 1)]
        return Action(action.kind, action.amount)

    def c_seat_form(self) -> RoundSeatForm | None:
        """The bot as the C loop plays it (None when ``before`` or ``otherwise`` is not a
        ThresholdBot, which C does not play)."""
        if not isinstance(self.before, ThresholdBot) or not (
            self.otherwise is None or isinstance(self.otherwise, ThresholdBot)
        ):
            return None
        return RoundSeatForm(self._table, self.before, self.otherwise)

    @cached_property
    def _table(self) -> RoundStrategy:
        return round_strategy(self.sol)

    @cached_property
    def _position(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each player's position of a hand in its range, by the hand's colex index (-1: not in
        the range): one lookup a decision instead of a search through the range."""
        return (_positions(self.sol.hands(0)), _positions(self.sol.hands(1)))


def _positions(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """A colex index -> position map of ``hands``; the first of equal hands wins."""
    position = np.full(NUM_HANDS, -1, dtype=np.int64)
    at = colex_indices(hands)
    position[at[::-1]] = np.arange(len(hands) - 1, -1, -1)
    return position


def round_strategy(sol: LastRoundSolution) -> RoundStrategy:
    """The solution as the C loop's round strategy."""
    problem = sol.problem
    nodes = problem.tree.nodes
    n = len(nodes)
    actor = np.full(n, -1, dtype=np.int8)
    first_child = np.zeros(n, dtype=np.int32)
    n_children = np.zeros(n, dtype=np.int32)
    amount = np.zeros(n, dtype=np.int64)
    offset = np.zeros(n, dtype=np.int64)
    kind: list[ActionKind | None] = [None] * n
    for node in nodes:
        if node.actor is None:
            continue
        actor[node.index] = node.actor
        first_child[node.index] = node.children[0]
        n_children[node.index] = len(node.children)
        offset[node.index] = problem.offsets[node.actor][node.index]
        for child, action in zip(node.children, node.actions, strict=True):
            kind[child] = K(action.kind)
            amount[child] = action.amount
    rows = []
    for p in (0, 1):
        position = _positions(sol.hands(p))
        row_of_hand = problem.players[p].row_of_hand
        rows.append(np.where(position >= 0, row_of_hand[position], -1).astype(np.int32))
    return RoundStrategy(
        problem.pot,
        problem.tree.stacks,
        actor,
        first_child,
        n_children,
        tuple(kind),
        amount,
        offset,
        (sol.tables[0], sol.tables[1]),
        (rows[0], rows[1]),
        (problem.rows(0), problem.rows(1)),
    )


class _Uncovered(Exception):
    """A decision the solution has no strategy for."""


def solution(
    sol: LastRoundSolution, before: Bot = drawer, otherwise: Bot | None = None
) -> SolutionBot:
    """A bot playing the last betting round by ``sol``; ``before`` plays the draws and the
    earlier rounds (default: the reference drawer); ``otherwise`` any last-round decision the
    solution does not cover (None: ValueError)."""
    if not isinstance(sol, LastRoundSolution):
        raise TypeError(f"solution takes a LastRoundSolution, not {type(sol).__name__}")
    return SolutionBot(sol, before, otherwise)


__all__ = ["SearchBot", "SolutionBot", "round_start", "round_strategy", "search", "solution"]
