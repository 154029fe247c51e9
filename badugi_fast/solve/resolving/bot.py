"""``SearchBot``: the blueprint until the last betting round, then that round re-solved from the
players' beliefs (gadget.py says how and why, spot.py what is solved).

It is a bot (``bot(view) -> Action``) that ``Game``, ``simulate``, ``head_to_head`` and the
command line play like any other, and a ``HandStrategy`` (solve/lbr/strategy.py): one re-solve
of a public state gives its strategy for every hand there, which is what the local best
response reads. Its last-round choice is drawn from the row of its hand with the view's 64
random bits (``View.stream``), as ``solve.bots.solution`` draws: the same hand and stream give the
same action on any executor and any thread count (the re-solve depends on the public state
alone, and a cached one is the same numbers).

Re-solves and beliefs are kept per public state (least recently used first out) behind a lock,
so one bot may serve several threads; the solves themselves run outside it (two threads meeting
the same new state may both solve it: the same numbers).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._runtime.threads import max_threads
from ..._runtime.validate import player_number, real, whole
from ...blueprint import Blueprint, BlueprintBot, load_blueprint
from ...cards import hand_ids
from ...game.actions import Action, ActionKind, Event, Phase, View
from ...game.rules import RuleSet
from ...hands.evaluator import NUM_HANDS
from ...hands.universe import colex_indices
from ..api import LastRoundSolution
from ..belief_states.api import advance, check_tremble, check_view_stacks, start, table_for
from ..belief_states.public import Step, play
from ..best_response import exploitability
from ..lbr.arrays import Floats, Hands, Masks, checked_call
from ..lbr.blueprint import BlueprintStrategy
from ..round_view import round_start
from .gadget import GADGETS, counterfactual_best, resolve, unsafe
from .spot import RoundSpot, round_spot

K = ActionKind
_UNIT = 2.0**-53
BELIEFS_KEPT = 32  # public histories whose beliefs are kept: 4.3 MB each
# the share of uniform play the beliefs mix into the blueprint: a player who leaves the
# blueprint (a person, the local best response) still has a belief, and one who follows it
# moves the beliefs by about this much
TREMBLE = 1e-4


@dataclass
class Resolved:
    """One public state's re-solve: the ``spot``, the ``solution`` (the searcher's average
    strategy as player ``searcher``'s table; the other table is the gadget's opponent), and
    ``row_of[h]``: the row (class) of the searcher's table holding the hand of colex index h
    (-1: not in its range)."""

    spot: RoundSpot
    searcher: int
    solution: LastRoundSolution
    row_of: npt.NDArray[np.int64] = field(repr=False)

    def rows(self, history: list[Action]) -> Floats:
        """The searcher's table at the node after ``history``: (classes, actions)."""
        problem = self.solution.problem
        return problem.block(self.solution.tables[self.searcher], problem.node(history))

    def margins(self) -> Floats:
        """Each of the opponent's rows: its best response's counterfactual value against the
        re-solve less its value against the blueprint's round (the gadget's alternative), in
        chips a hand of the searcher's range. The gadget's guarantee (gadget.py) holds where
        none is above 0; a re-solve of a few iterations only comes near that."""
        problem, opponent = self.solution.problem, 1 - self.searcher
        blueprint = counterfactual_best(
            problem, opponent, self.spot.blueprint_tables[self.searcher]
        )
        search = counterfactual_best(problem, opponent, self.solution.tables[self.searcher])
        searcher = problem.players[self.searcher]
        total = float(searcher.weights @ problem.classes.members[searcher.classes])
        return (search - blueprint) / total

    def guard(self, tolerance: float = 1e-4) -> tuple[float, float]:
        """How far the re-solve stands from the gadget's guarantee, over the opponent's range
        (the beliefs, hands weighed alike): the share of it whose margin is above
        ``tolerance`` of the pot, and the mean of the margins above it (chips a hand, the
        rest counted as 0). (0, 0) when the guarantee holds to that tolerance."""
        problem = self.solution.problem
        opponent = problem.players[1 - self.searcher]
        weights = opponent.weights * problem.classes.members[opponent.classes]
        weights = weights / weights.sum()
        if not (least := real("tolerance", tolerance)) >= 0:
            raise ValueError(f"tolerance is a share of the pot, at least 0, not {tolerance!r}")
        found = self.margins()
        margins = np.where(found > least * problem.pot, found, 0.0)
        return float(weights[margins > 0].sum()), float(weights @ margins)


class SearchBot:
    """The search bot (see the module). ``blueprint``: the strategy it searches from (the
    default shipped strategy, ``DEFAULT_STRATEGY``, by default); ``safe``: re-solve in a
    gadget (True) or from the beliefs alone;
    ``gadget``: which safe gadget, "resolve" or "maxmargin" (gadget.py);
    ``iterations``: of each re-solve; ``cut``: the weight of the lightest orbits left out of
    each range; ``threads``: of each re-solve; ``cache``: public states kept; ``tremble``: the
    share of uniform play mixed into the blueprint in the beliefs (``TREMBLE``); ``eager``: carry
    the public beliefs along at each of its decisions before the last round, so the work of a
    hand's beliefs is spread over its decisions instead of falling on the last round's first
    (the worst decision's time; hands that end before the last round pay for beliefs they
    never use)."""

    def __init__(
        self,
        blueprint: Blueprint | None = None,
        *,
        safe: bool = True,
        gadget: str = "resolve",
        iterations: int = 32,
        cut: float = 1e-3,
        threads: int = 1,
        cache: int = 256,
        tremble: float = TREMBLE,
        eager: bool = True,
    ) -> None:
        found = load_blueprint() if blueprint is None else blueprint
        if not isinstance(found, Blueprint):
            raise TypeError(f"blueprint is a Blueprint or None, not {type(found).__name__}")
        if not isinstance(safe, bool):
            raise TypeError(f"safe is True or False, not {safe!r}")
        if not 0 <= real("cut", cut) < 1:
            raise ValueError(f"cut is a share of a range, 0 <= cut < 1, not {cut!r}")
        if not isinstance(gadget, str) or gadget not in GADGETS:
            raise ValueError(f"gadget is one of {', '.join(GADGETS)}, not {gadget!r}")
        if not isinstance(eager, bool):
            raise TypeError(f"eager is True or False, not {eager!r}")
        if found.draws < 2:
            raise ValueError("the search re-solves the big-bet last round: a game of 2 or 3 draws")
        self.blueprint = found
        self.safe = safe
        self.gadget = gadget
        self.iterations = whole("iterations", iterations, 1)
        self.cut = float(cut)
        self.tremble = check_tremble(tremble)
        self.threads = whole("threads", threads, 1, max_threads())
        self._cache_size = whole("cache", cache, 1)
        self.eager = eager
        self._bot = BlueprintBot(found)
        self._strategy = BlueprintStrategy(found)
        self._table = table_for(found, None, None)
        self._blinds = _blinds(play(self._table, "").game.history)
        self._solved: OrderedDict[Any, Resolved] = OrderedDict()
        self._believed: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.solves = 0

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (for a distributed simulation) without its lock and kept solves: the copy
        solves again what it meets, to the same numbers."""
        state = dict(self.__dict__)
        for name in ("_lock", "_solved", "_believed"):
            del state[name]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._solved, self._believed = OrderedDict(), OrderedDict()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        gadget = f", gadget={self.gadget!r}" if self.safe else ""
        return (f"SearchBot(safe={self.safe}{gadget}, iterations={self.iterations}, "
                f"cut={self.cut}, tremble={self.tremble}, "
                f"blueprint={self.blueprint.iterations} iterations)")  # fmt: skip

    # -- the engines' questions ------------------------------------------------------------------

    def check_game(self, rules: RuleSet | None, stacks: Sequence[int]) -> None:
        """ValueError unless the blueprint was trained for these rules and stacks."""
        self.blueprint.check_game(rules, list(stacks))

    def c_seat_form(self) -> None:
        """None: the C loops cannot host the search (the Python engine plays it)."""
        return None

    # -- playing ---------------------------------------------------------------------------------

    def check_view(self, view: View) -> None:
        """ValueError unless ``view`` is of a heads-up hand with the blinds of the blueprint's
        game and stacks it plays (a last-round view is replayed too, which checks its bets)."""
        if not isinstance(view, View):
            raise TypeError(f"a view is a View, not {type(view).__name__}")
        if len(view.stacks) != 2:
            raise ValueError(f"the search plays heads-up, not a hand of {len(view.stacks)} seats")
        if _blinds(view.history) not in (self._blinds, ()):
            raise ValueError(
                f"the view's blinds {list(_blinds(view.history))} are not those of the game "
                f"the blueprint was trained for ({list(self._blinds)})"
            )
        check_view_stacks(self.blueprint, view)

    def __call__(self, view: View) -> Action:
        self.check_view(view)
        if not self._last_round(view):
            action = self._bot(view)
            if self.eager and round_start(view) is not None:
                self._beliefs(play(self._table, view).steps)
            return action
        choices = self.probabilities(view)
        if choices is None:
            return self._bot(view)
        u = (view.stream >> 11) * _UNIT
        choice = int(np.searchsorted(np.cumsum([p for _, p in choices]), u, side="right"))
        return choices[min(choice, len(choices) - 1)][0]

    def probabilities(self, view: View) -> list[tuple[Action, float]] | None:
        """The search's probability of each action at a last-round betting decision of
        ``view`` (its hand's row of the round's re-solve, which ``__call__`` draws from); None
        where the bot plays the blueprint instead: before the last round, or a hand the
        re-solve's cut left out. A view of another game (not heads-up, other blinds) is a
        ValueError (``check_view``)."""
        self.check_view(view)
        found = self.resolve_view(view)
        if found is None:
            return None
        resolved, history, row_at = found
        node = resolved.solution.problem.node(history)
        row = resolved.rows(history)[row_at]
        actions = [Action(a.kind, a.amount) for a in node.actions]
        return [(action, float(p)) for action, p in zip(actions, row, strict=True)]

    def resolve_view(self, view: View) -> tuple[Resolved, list[Action], int] | None:
        """The re-solve of a last-round betting decision's round (kept, as every re-solve),
        the round's betting so far, and the row of the view's hand in the searcher's table;
        None before the last round, when fewer than two players are in the hand, or for a hand
        the cut left out."""
        if not self._last_round(view):
            return None
        found = self._found(view)
        if found is None:
            return None
        resolved, history, _ = found
        mine = np.array([sorted(hand_ids(view.hand))], dtype=np.uint8)
        row_at = int(resolved.row_of[colex_indices(mine)[0]])
        if row_at < 0:
            return None  # a hand the cut left out
        return resolved, history, row_at

    def _last_round(self, view: View) -> bool:
        """Whether ``view`` is a betting decision after the game's last draw."""
        return view.phase is Phase.BETTING and self._table.draws_to_come(view) == 0

    def _found(self, view: View) -> tuple[Resolved, list[Action], int] | None:
        """The re-solve of the view's round, its betting so far and the searcher's player
        number; None where the search does not play (fewer than two players in the hand)."""
        start = round_start(view)
        if start is None:
            return None
        history, seats, pot, stacks = start
        player = seats.index(view.seat)
        played = play(self._table, view)
        steps = played.steps[: len(played.steps) - len(history)]
        return self.resolved(steps, player, pot, stacks), history, player

    def solve_line(self, line: str, searcher: int) -> Resolved:
        """The re-solve of the last round after ``line`` (a public line up to the round's
        start, as the comparison's: 'rc/11/kk/12/bc/00') for ``searcher`` (0 the big blind,
        1 the button), from the blueprint game's stacks."""
        searcher = player_number("searcher", searcher)
        played = play(self._table, line)
        game = played.game
        at_start = played.steps and played.steps[-1].kind is ActionKind.DRAW
        last = self._table.draws
        if game.done or game.phase is not Phase.BETTING or game.round_index != last or not at_start:
            if game.done:
                where = "after the hand is over"
            elif game.phase is not Phase.BETTING:
                where = "during a draw"
            elif game.round_index != last:
                where = f"in betting round {game.round_index + 1} of {last + 1}"
            else:
                where = "after the last betting round's first action"
            raise ValueError(
                f"line {line!r} ends {where}, not where the last betting round starts "
                "(after the last draw)"
            )
        committed = game.committed
        stacks = (game.stacks[0], game.stacks[1])
        return self.resolved(played.steps, searcher, sum(committed), stacks)

    def resolved(
        self, steps: tuple[Step, ...], searcher: int, pot: int, stacks: tuple[int, int]
    ) -> Resolved:
        """The re-solve of the last round after ``steps`` (cached). An unsafe re-solve solves
        both players from the beliefs alone, so the other seat's solve of the same public state
        serves this one too (a duplicate match's second play meets it): the same numbers."""
        public = (tuple((s.kind, s.count) for s in steps), pot, stacks)
        key = (public, searcher)
        with self._lock:
            if key in self._solved:
                self._solved.move_to_end(key)
                return self._solved[key]
            twin = None if self.safe else self._solved.get((public, 1 - searcher))
        if twin is not None:
            made = _seated(twin.spot, searcher, twin.solution)
        else:
            made = self._resolve(steps, searcher, pot, stacks)  # outside the lock: C runs freely
        with self._lock:
            self._solved[key] = made
            if len(self._solved) > self._cache_size:
                self._solved.popitem(last=False)
        return made

    def _resolve(
        self, steps: tuple[Step, ...], searcher: int, pot: int, stacks: tuple[int, int]
    ) -> Resolved:
        spot = round_spot(self.blueprint, steps, self._beliefs(steps), pot, stacks, self.cut)
        problem = spot.problem
        if self.safe:
            alternative = counterfactual_best(
                problem, 1 - searcher, spot.blueprint_tables[searcher]
            )
            tables, _ = resolve(
                problem, searcher, alternative, self.iterations, self.threads, self.gadget
            )
        else:
            tables = unsafe(problem, self.iterations, self.threads)
        measured = exploitability(problem, tables)
        solution = LastRoundSolution(
            problem, tables, measured.values, measured.chips, measured.fraction,
            self.iterations, [],
        )  # fmt: skip
        self.solves += 1
        return _seated(spot, searcher, solution)

    def _beliefs(self, steps: tuple[Step, ...]) -> tuple[Floats, Floats]:
        """Both players' public beliefs after ``steps``, carried on from the longest history
        before them that is kept (the first rounds' few lines are shared by many hands)."""
        key = tuple((s.kind, s.count) for s in steps)
        with self._lock:
            done = len(key)
            while done > 0 and key[:done] not in self._believed:
                done -= 1
            if done:
                self._believed.move_to_end(key[:done])
                kept_weights, kept_chance = self._believed[key[:done]]
        if done:
            weights, chance = list(kept_weights), list(kept_chance)
        else:
            weights, chance = start(self._table, None), [1.0, 1.0]
        strategies = (self._strategy, self._strategy)
        for at in range(done, len(key)):
            advance(weights, chance, strategies, self._table, steps[at], None, at + 1, self.tremble)
            with self._lock:
                self._believed[key[: at + 1]] = (tuple(weights), tuple(chance))
                if len(self._believed) > BELIEFS_KEPT:
                    self._believed.popitem(last=False)
        return weights[0], weights[1]

    # -- the strategy for many hands (the local best response reads it) ---------------------------

    def strategy_at(self, spot: View) -> BlueprintStrategy | SearchBot:
        """The strategy deciding at ``spot`` (``lbr.strategy.deciding``): the blueprint's,
        except at a betting decision of the last round, where this bot re-solves."""
        if isinstance(spot, View) and spot.phase is Phase.BETTING and self._last_round(spot):
            return self
        return self._strategy

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        spot, hands, dead = checked_call(spot, hands, dead, Phase.BETTING)
        if not self._last_round(spot) or not len(hands):
            return self._strategy.betting(spot, hands, dead)
        found = self._found(spot)
        if found is None:
            return self._strategy.betting(spot, hands, dead)
        resolved, history, _ = found
        out = self._strategy.betting(spot, hands, dead)
        at = resolved.row_of[colex_indices(hands)]
        covered = at >= 0
        rows = resolved.rows(history)
        node = resolved.solution.problem.node(history)
        kinds = [a.kind for a in spot.legal]
        columns = [kinds.index(a.kind) for a in node.actions]
        solved = np.zeros((int(covered.sum()), len(kinds)))
        solved[:, columns] = rows[at[covered]]
        out[covered] = solved
        return out

    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        return self._strategy.discards(spot, hands, dead)

    def rollout_policy(self) -> Any:
        return None


def _blinds(events: Sequence[Event]) -> tuple[int, ...]:
    """The blinds posted in ``events``, smallest first."""
    return tuple(sorted(e.amount for e in events if e.kind is ActionKind.POST))


def _seated(spot: RoundSpot, searcher: int, solution: LastRoundSolution) -> Resolved:
    """A re-solve read as ``searcher``'s: its hands' rows in the searcher's table."""
    row_of = np.full(NUM_HANDS, -1, dtype=np.int64)
    found = solution.problem.players[searcher].row_of_hand
    row_of[colex_indices(solution.hands(searcher))] = found
    return Resolved(spot, searcher, solution, row_of)


def search(blueprint: Blueprint | None = None, **settings: Any) -> SearchBot:
    """A search bot on ``blueprint`` (the default shipped strategy by default); ``settings`` as
    SearchBot."""
    return SearchBot(blueprint, **settings)


__all__ = ["TREMBLE", "Resolved", "SearchBot", "search"]
