"""The last betting round between two ranges as an OpenSpiel game, and policies both ways.

``last_round_game(ranges, pot=, stacks=, rules=, sizes=None)`` is the problem
``solve_last_round`` solves (the same checks, the same public tree: solve/tree.py, the rule
sets' own amounts), as a game OpenSpiel's algorithms run on:

=====================  ==========================================================================
players                2: player 0 (``ranges[0]``) acts first
chance                 player 0's hand, then player 1's: a pair of hands that share no card, with
                       probability in proportion to the product of their weights (outcome ``i``:
                       the range's ``i``-th hand, in the order of ``Range.hands``)
actions                the node's branches in the order of ``LastRoundSolution.actions``: action
                       ``k`` is the strategy's column ``k``
returns                chips from the start of the round, the pot already in belonging to nobody:
                       the two sum to ``pot`` (a constant-sum game; OpenSpiel's exploitability
                       subtracts ``utility_sum``, as solve's does the pot)
information state      own hand and the round's actions so far
=====================  ==========================================================================

``to_policy(solution, game)`` gives the solution as an OpenSpiel ``TabularPolicy``;
``from_policy(policy, game)`` reads any OpenSpiel policy back as solve's round strategies, which
``badugi_fast.solve.exploitability`` and ``best_response`` take (with ``game.problem``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python import policy as policies  # type: ignore[import-untyped]

from ..cards import DECK
from ..game.rules import RuleSet
from ..hands import evaluate_many
from ..solve import LastRound, LastRoundSolution, Node, last_round
from ..solve.best_response import Tables
from ..solve.ranges import RangeLike

MAX_PAIRS = 25_000_000  # pairs of hands a game enumerates (its chance outcomes)
_TEXT = [str(card) for card in DECK]


def _type(pot: int) -> Any:
    return pyspiel.GameType(
        short_name="badugi_last_round",
        long_name="Badugi (바둑이), the last betting round between two ranges",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.CONSTANT_SUM if pot else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        default_loadable=False,
    )


class LastRoundGame(pyspiel.Game):  # type: ignore[misc]
    """The round as a game (``last_round_game`` makes it): ``problem`` is solve's."""

    def __init__(self, problem: LastRound) -> None:
        self.problem = problem
        tree = problem.tree
        self.hands = [problem.players[p].range.hands for p in (0, 1)]
        self.weights = [problem.players[p].range.weights for p in (0, 1)]
        self.ranks = [evaluate_many(h).astype(np.int64) for h in self.hands]
        masks = [_masks(h) for h in self.hands]
        pairs = len(masks[0]) * len(masks[1])
        if pairs > MAX_PAIRS:
            raise ValueError(
                f"ranges: {len(masks[0]):,} x {len(masks[1]):,} pairs of hands are too many "
                f"for an OpenSpiel game (at most {MAX_PAIRS:,}); solve_last_round takes them"
            )
        self.meet = (masks[0][:, None] & masks[1][None, :]) == 0  # pairs that share no card
        reach = self.meet @ self.weights[1] * self.weights[0]
        self.first = [(int(i), float(reach[i] / reach.sum())) for i in np.flatnonzero(reach)]
        self.depth = max(len(node.history) for node in tree.nodes)
        self.width = max(len(node.actions) for node in tree.nodes)
        payoffs = [tree.payoffs(n) for n in tree.nodes if n.terminal]
        low = min(min(p[0]) for p in payoffs), min(min(p[1]) for p in payoffs)
        high = max(max(p[0]) for p in payoffs), max(max(p[1]) for p in payoffs)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.width,
            max_chance_outcomes=max(len(h) for h in self.hands),
            num_players=2,
            min_utility=float(min(low)),
            max_utility=float(max(high)),
            utility_sum=float(tree.pot),
            max_game_length=self.depth,
        )
        super().__init__(_type(tree.pot), info, {})

    def new_initial_state(self) -> LastRoundState:
        return LastRoundState(self)

    def __deepcopy__(self, memo: dict[int, object]) -> LastRoundGame:
        return self  # never changed once made: a state's copy shares it

    def max_chance_nodes_in_history(self) -> int:
        return 2

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LastRoundObserver:
        if isinstance(iig_obs_type, dict):  # OpenSpiel passes the parameters alone
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return LastRoundObserver(self, kind)

    def node(self, index: int) -> Node:
        return self.problem.tree.nodes[index]

    def hand_text(self, player: int, index: int) -> str:
        return " ".join(_TEXT[c] for c in self.hands[player][index])

    def info_key(self, player: int, hand: int, node: Node) -> str:
        """The information state string of ``player`` holding its ``hand``-th hand at ``node``."""
        moves = " ".join(f"{a.kind} {a.amount}" if a.amount else str(a.kind) for a in node.history)
        return f"p{player} {self.hand_text(player, hand)} | {moves}"


def _masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(bits, axis=1)
    return masks


class LastRoundState(pyspiel.State):  # type: ignore[misc]
    """The dealt hands (range indices) and the tree node reached."""

    def __init__(self, game: LastRoundGame) -> None:
        super().__init__(game)
        self.round = game
        self.dealt: tuple[int, ...] = ()
        self.at = 0  # the tree node's index

    @property
    def tree_node(self) -> Node:
        return self.round.node(self.at)

    def current_player(self) -> int:
        if len(self.dealt) < 2:
            return int(pyspiel.PlayerId.CHANCE)
        node = self.tree_node
        return int(pyspiel.PlayerId.TERMINAL) if node.actor is None else node.actor

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.tree_node.actions)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self.round
        if not self.dealt:
            return game.first
        weights = game.weights[1] * game.meet[self.dealt[0]]
        chosen = np.flatnonzero(weights)
        return [(int(j), float(weights[j] / weights.sum())) for j in chosen]

    def _apply_action(self, action: int) -> None:
        if len(self.dealt) < 2:
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"hand {action} cannot be dealt here")
            self.dealt = (*self.dealt, action)
            return
        node = self.tree_node
        if not 0 <= action < len(node.actions):
            raise ValueError(f"action {action} is not one of the {len(node.actions)} branches")
        self.at = node.children[action]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            who = len(self.dealt)
            if 0 <= action < len(self.round.hands[who]):
                return f"deal {self.round.hand_text(who, action)}"
            return f"hand {action}"
        node = self.tree_node
        if 0 <= action < len(node.actions):
            a = node.actions[action]
            return f"{a.kind} {a.amount}" if a.amount else str(a.kind)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return len(self.dealt) == 2 and self.tree_node.actor is None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        game = self.round
        pays = game.problem.tree.payoffs(self.tree_node)
        r0, r1 = game.ranks[0][self.dealt[0]], game.ranks[1][self.dealt[1]]
        outcome = 0 if r0 < r1 else 1 if r0 == r1 else 2  # lower ranks are better hands
        return [pays[0][outcome], pays[1][2 - outcome]]

    def __str__(self) -> str:
        hands = " | ".join(self.round.hand_text(p, h) for p, h in enumerate(self.dealt))
        return f"{hands} @ {list(self.tree_node.history)}"


class LastRoundObserver:
    """OpenSpiel's PyObserver: ``player`` (2,), ``hand`` (52,) the own cards (or (2, 52) both,
    for ALL_PLAYERS), and with perfect recall ``history`` (depth, width) the branch taken at each
    step, else ``invested`` (2,) each player's chips put in this round."""

    def __init__(self, game: LastRoundGame, iig_obs_type: Any) -> None:
        self.game = game
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        private = iig_obs_type.private_info
        self.whose = (
            "own"
            if private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            else "all"
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS
            else "none"
        )
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (2,))]
        if self.whose != "none":
            pieces.append(("hand", (2, 52) if self.whose == "all" else (52,)))
        if self.public:
            pieces.append(
                ("history", (game.depth, game.width)) if self.recall else ("invested", (2,))
            )
        self.tensor = np.zeros(sum(int(np.prod(s)) for _, s in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def _seen(self, state: LastRoundState, player: int) -> list[int]:
        return [player] if self.whose == "own" else [0, 1] if self.whose == "all" else []

    def set_from(self, state: LastRoundState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        for p in self._seen(state, player):
            if p < len(state.dealt):
                row = self.dict["hand"][p] if self.whose == "all" else self.dict["hand"]
                row[list(self.game.hands[p][state.dealt[p]])] = 1
        if not self.public:
            return
        node = state.tree_node
        if self.recall:
            path = self.game.problem.tree.nodes[0]
            for step, action in enumerate(node.history):
                branch = path.actions.index(action)
                self.dict["history"][step, branch] = 1
                path = self.game.node(path.children[branch])
        else:
            self.dict["invested"][:] = node.invested

    def string_from(self, state: LastRoundState, player: int) -> str:
        if self.whose == "own" and self.recall and self.public and player < len(state.dealt):
            return self.game.info_key(player, state.dealt[player], state.tree_node)
        words = [f"p{player}"]
        for p in self._seen(state, player):
            if p < len(state.dealt):
                words.append(f"p{p} {self.game.hand_text(p, state.dealt[p])}")
        if self.public:
            node = state.tree_node
            if self.recall:
                words.append(" ".join(f"{a.kind} {a.amount}" for a in node.history))
            else:
                words.append(f"invested {node.invested[0]} {node.invested[1]}")
        return " | ".join(words)


def last_round_game(
    ranges: Sequence[RangeLike],
    *,
    pot: object,
    stacks: object,
    rules: RuleSet | None,
    sizes: object = None,
) -> LastRoundGame:
    """The last betting round as an OpenSpiel game (the module docstring): arguments as
    ``solve_last_round`` takes them, checked alike (ValueError naming the field)."""
    return LastRoundGame(last_round(ranges, pot=pot, stacks=stacks, rules=rules, sizes=sizes))


def _infostates(game: LastRoundGame) -> dict[str, tuple[int, int, Node]]:
    """Every information state of the game: its string -> (player, hand, node)."""
    found = {}
    for node in game.problem.tree.nodes:
        if node.actor is not None:
            for hand in range(len(game.hands[node.actor])):
                found[game.info_key(node.actor, hand, node)] = (node.actor, hand, node)
    return found


def _round_of(game: Any) -> LastRoundGame:
    if isinstance(game, LastRoundGame):
        return game
    raise TypeError(f"game is what last_round_game made, not {type(game).__name__}")


def to_policy(solution: LastRoundSolution, game: LastRoundGame) -> Any:
    """The solution as an OpenSpiel ``TabularPolicy`` of ``game`` (made from the same ranges,
    pot, stacks, rules and sizes: ValueError otherwise)."""
    if not isinstance(solution, LastRoundSolution):
        raise TypeError(
            f"solution is a LastRoundSolution (solve_last_round), not {type(solution).__name__}"
        )
    found = _round_of(game)
    _check_same(solution.problem, found.problem)
    table = policies.TabularPolicy(found)
    states = _infostates(found)
    rows: dict[int, npt.NDArray[np.float64]] = {}
    for key, index in table.state_lookup.items():
        _, hand, node = states[key]
        if node.index not in rows:
            rows[node.index] = solution.strategy(node.history)
        table.action_probability_array[index, :] = 0
        table.action_probability_array[index, : len(node.actions)] = rows[node.index][hand]
    return table


def from_policy(policy: Any, game: LastRoundGame) -> Tables:
    """An OpenSpiel policy of ``game`` as solve's round strategies (player 0's, player 1's):
    ``badugi_fast.solve.exploitability(game.problem, tables)`` measures it. A hand that is never
    dealt (it meets no hand of the other range) plays uniformly."""
    found = _round_of(game)
    problem = found.problem
    if isinstance(policy, policies.Policy) or hasattr(policy, "game"):
        _check_policy_game(getattr(policy, "game", None), found)
    if not isinstance(policy, policies.TabularPolicy | pyspiel.Policy):
        if not hasattr(policy, "to_tabular"):
            raise TypeError(f"policy is an OpenSpiel policy, not {type(policy).__name__}")
        policy = policy.to_tabular()
    tables = []
    for player in (0, 1):
        hands = len(found.hands[player])
        dealt = found.meet.any(axis=1) if player == 0 else found.meet.any(axis=0)

        def strategy(
            history: Any, player: int = player, dealt: Any = dealt, hands: int = hands
        ) -> Any:
            node = problem.node(history)
            rows = np.full((hands, len(node.actions)), 1.0 / len(node.actions))
            for hand in np.flatnonzero(dealt):
                key = found.info_key(player, int(hand), node)
                probs = _action_probabilities(policy, key, player, node)
                rows[hand] = [probs.get(a, 0.0) for a in range(len(node.actions))]
            return rows

        _check_classes(problem, player, strategy)
        tables.append(problem.table_from(player, strategy))
    return tables[0], tables[1]


def _check_policy_game(theirs: object, game: LastRoundGame) -> None:
    """A Python policy names its game: it is ``game``'s round (the check ``to_policy`` applies),
    refused before any work otherwise (a policy of the whole game would be walked in full)."""
    if not isinstance(theirs, LastRoundGame):
        name = type(theirs).__name__ if theirs is not None else "no game"
        raise ValueError(
            f"policy: a policy of {name}, not of the last round game it is read against"
        )
    try:
        _check_same(theirs.problem, game.problem)
    except ValueError:
        raise ValueError(
            "policy: a policy of a last round made from other ranges, pot, stacks or rules "
            "than game"
        ) from None


def _action_probabilities(policy: Any, key: str, player: int, node: Node) -> dict[int, float]:
    """A policy's probabilities at an information state, found by its string: a Python
    ``TabularPolicy`` or a C++ ``pyspiel.Policy`` (what its CFR solvers' ``average_policy``
    give)."""
    if isinstance(policy, policies.TabularPolicy):
        row = policy.policy_for_key(key)
        return {a: float(row[a]) for a in range(len(node.actions))}
    found = {int(a): float(p) for a, p in policy.get_state_policy(key)}
    if not found or max(found) >= len(node.actions) or min(found) < 0:
        # a C++ policy names no game: one of another game has other actions (or none) here
        raise ValueError(
            f"policy: at the information state {key!r} it gives actions {sorted(found)}, not "
            f"this game's 0 .. {len(node.actions) - 1}; a policy of another game?"
        )
    return found


def _check_classes(problem: LastRound, player: int, strategy: Any) -> None:
    """solve plays hands of one suit orbit alike (its classes): a policy must too."""
    of_row = problem.players[player].row_of_hand
    if len(np.unique(of_row)) == len(of_row):
        return
    for node in problem.tree.nodes:
        if node.actor == player:
            rows = strategy(node.history)
            for row in np.unique(of_row):
                members = rows[of_row == row]
                if not np.allclose(members, members[0], atol=1e-9):
                    raise ValueError(
                        "policy: the ranges are suit-symmetric, so the solver plays the hands of "
                        "a suit orbit alike; this policy does not"
                    )


def _check_same(mine: LastRound, theirs: LastRound) -> None:
    same = (
        mine.tree.nodes == theirs.tree.nodes
        and mine.tree.pot == theirs.tree.pot
        and all(
            np.array_equal(mine.players[p].range.hands, theirs.players[p].range.hands)
            for p in (0, 1)
        )
    )
    if not same:
        raise ValueError("game: made from other ranges, pot, stacks or rules than the solution")


__all__ = ["LastRoundGame", "from_policy", "last_round_game", "to_policy"]
