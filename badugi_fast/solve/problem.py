"""The last round as a problem: two ranges, the public tree, and the C struct that holds both.

``last_round(ranges, pot=..., stacks=..., rules=...)`` checks its input and builds a
``LastRound``: the players' ranges on hand classes (ranges.py), the public tree (tree.py), and
the ``bf_lr_game`` struct of csrc/solve/last_round.h (the numpy arrays it points into are
kept alive with it). A strategy of a player is a table laid out as the C code reads it: for
each of its decision nodes a block of rows (one per class of its range) by the node's actions.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._runtime.validate import player_number, whole
from ..game.rules import RuleSet, check_rules
from .ranges import Classes, Player, RangeLike, players, to_range
from .tree import Node, Tree, build_tree, check_sizes

History = Sequence[object]
# A solve holds about this many (nodes x rows) arrays of doubles: the reach of each player and
# the values at every node (three), and the current strategies, the regrets and the strategy
# sums (each about one such array for the two players together), and room for the scratch.
WORK_ARRAYS = 7
MAX_WORK_BYTES = 4 << 30
# A strategy table's row (one hand class at one decision) sums to 1 within numpy's isclose
# (|sum - 1| <= 1e-8 + 1e-5), the tolerance ``LastRound.table_from`` applies to a strategy.
MAX_THREADS = 64  # BF_POOL_MAX_THREADS of csrc/common/pool.h
ROW_RTOL = 1e-5
ROW_ATOL = 1e-8


def chips(name: str, value: object, least: int = 0) -> int:
    """A whole number of chips, at least ``least``: ValueError naming ``name`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer | float):
        raise ValueError(f"{name} is a whole number of chips, not {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"{name} is a whole number of chips, not {value!r}")
    number = int(value) if isinstance(value, float) else operator.index(value)
    if number < least:
        raise ValueError(f"{name} is at least {least} chips, not {number}")
    return number


def check_stacks(stacks: object) -> tuple[int, int]:
    """One stack for both players, or a pair (player 0 first)."""
    if isinstance(stacks, Sequence) and not isinstance(stacks, str):
        if len(stacks) != 2:
            raise ValueError(f"stacks is one number or two (one per player), not {stacks!r}")
        return chips("stacks", stacks[0]), chips("stacks", stacks[1])
    one = chips("stacks", stacks)
    return one, one


def _check(status: int, what: str) -> None:
    if status == lib.BF_LR_NO_MEMORY:
        raise MemoryError(f"{what}: out of memory")
    if status != 0:
        raise RuntimeError(f"{what}: the C code refused its input ({status})")


@dataclass
class LastRound:
    """Two ranges in the last round: ``players`` (ranges.Player each), ``tree``, ``classes``,
    each player's table ``layout`` (node index -> offset of its block) and the C struct."""

    players: tuple[Player, Player]
    tree: Tree
    classes: Classes
    offsets: tuple[dict[int, int], dict[int, int]]
    table_len: tuple[int, int]
    c: Any = field(repr=False)
    _keep: list[Any] = field(repr=False, default_factory=list)
    _mass: float | None = field(repr=False, default=None)

    @property
    def pot(self) -> int:
        return self.tree.pot

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without its C struct, which the copy rebuilds from the
        tree, the classes and the players (the same arrays: the same bits)."""
        return (_make, (self.tree, self.classes, self.players))

    def rows(self, player: int) -> int:
        return len(self.players[player].classes)

    def node(self, history: History) -> Node:
        return self.tree.find(history)

    def block(self, table: npt.NDArray[np.float64], node: Node) -> npt.NDArray[np.float64]:
        """A node's block of a table of its actor: (rows, actions)."""
        assert node.actor is not None
        start = self.offsets[node.actor][node.index]
        rows = self.rows(node.actor)
        return table[start : start + rows * len(node.actions)].reshape(rows, len(node.actions))

    def per_hand(self, player: int, rows: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """Rows per class expanded to the range's hands (in the order of ``range.hands``)."""
        return rows[self.players[player].row_of_hand]

    def uniform(self, player: int) -> npt.NDArray[np.float64]:
        """The table of a player choosing uniformly at every node."""
        table = np.empty(self.table_len[player])
        for node in self.tree.nodes:
            if node.actor == player:
                self.block(table, node)[:] = 1.0 / len(node.actions)
        return table

    def check_table(self, player: int, table: object, name: str) -> npt.NDArray[np.float64]:
        """``table`` as the C code reads it (a contiguous float64 array), or a TypeError or
        ValueError naming ``name``. Accepted: a one-dimensional array (or sequence) of real
        numbers, float64 or an integer or float dtype that converts to float64 without loss
        (float16, float32, integers below 2**53), of ``table_len[player]`` entries, each finite
        and non-negative, each row (a class at one of ``player``'s decisions) summing to 1
        within |sum - 1| <= 1e-8 + 1e-5 (numpy's isclose, as ``table_from`` checks a strategy)."""
        if table is None or isinstance(table, str | bytes):
            raise TypeError(f"{name} is an array of floats, not {type(table).__name__}")
        try:
            found = np.asarray(table)
        except (TypeError, ValueError) as error:
            raise TypeError(f"{name} is an array of floats: {error}") from None
        kind = found.dtype.kind
        if kind not in "fiu" or (kind == "f" and found.dtype.itemsize > 8):
            raise TypeError(f"{name} is an array of floats, not of {found.dtype}")
        if kind in "iu" and found.size and np.abs(found).max() > 1 << 53:
            raise ValueError(f"{name}: entries past 2**53 do not convert to float64 exactly")
        length = self.table_len[player]
        if found.shape != (length,):
            raise ValueError(
                f"{name} is player {player}'s table of {length} entries, not shape {found.shape}"
            )
        out = np.ascontiguousarray(found, dtype=np.float64)
        if not np.all(np.isfinite(out)):
            raise ValueError(f"{name}: every entry is finite (a probability)")
        if np.any(out < 0):
            raise ValueError(f"{name}: every entry is at least 0 (a probability)")
        for node in self.tree.nodes:
            if node.actor == player:
                sums = self.block(out, node).sum(axis=1)
                if not np.all(np.isclose(sums, 1.0, rtol=ROW_RTOL, atol=ROW_ATOL)):
                    raise ValueError(
                        f"{name}: at {list(node.history)} a row sums to "
                        f"{sums[~np.isclose(sums, 1.0, rtol=ROW_RTOL, atol=ROW_ATOL)][0]!r}, "
                        "not 1 (each row is a distribution over the node's actions)"
                    )
        return out

    def check_player(self, player: object) -> int:
        """``player`` as 0 or 1: ValueError otherwise."""
        return player_number("player", player)

    def table_from(self, player: int, strategy: Any) -> npt.NDArray[np.float64]:
        """A table from a callable ``strategy(history) -> (hands of the range, actions)``
        (per hand of the range, as ``LastRoundSolution.strategy`` gives them). Hands of one
        class must agree (they do when the classes are single hands)."""
        table = np.empty(self.table_len[player])
        of_row = self.players[player].row_of_hand
        first = np.zeros(self.rows(player), dtype=np.int64)
        first[of_row[::-1]] = np.arange(len(of_row))[::-1]
        for node in self.tree.nodes:
            if node.actor != player:
                continue
            given = np.asarray(strategy(node.history), dtype=np.float64)
            shape = (len(of_row), len(node.actions))
            if given.shape != shape:
                raise ValueError(
                    f"strategy at {list(node.history)} has shape {given.shape}, not {shape}"
                )
            if np.any(given < 0) or not np.allclose(given.sum(axis=1), 1.0):
                raise ValueError(f"strategy at {list(node.history)}: rows are distributions")
            self.block(table, node)[:] = given[first]
        return table

    def values(
        self,
        player: int,
        opponent: npt.NDArray[np.float64],
        own: npt.NDArray[np.float64] | None,
        *,
        nodes: bool = False,
        best: bool = False,
        mass: bool = False,
        threads: int = 1,
    ) -> dict[str, Any]:
        """Counterfactual values of ``player``'s rows (C: bf_lr_values): ``root``, and when
        asked ``nodes`` (n_nodes, rows), ``best`` (a best-response table), ``mass``. The tables
        are checked (``check_table``) before the C code reads them."""
        player = self.check_player(player)
        opponent = self.check_table(1 - player, opponent, "opponent")
        if own is not None:
            own = self.check_table(player, own, "own")
        threads = whole("threads", threads, 1, MAX_THREADS)
        rows = self.rows(player)
        n = len(self.tree.nodes)
        out: dict[str, Any] = {"root": np.empty(rows)}
        if nodes:
            out["nodes"] = np.empty((n, rows))
        if best:
            out["best"] = np.zeros(self.table_len[player])
        if mass:
            out["mass"] = np.empty((n, rows))
        null = ffi.NULL

        def ptr(a: npt.NDArray[np.float64] | None) -> Any:
            return null if a is None else ffi.from_buffer("double[]", a)

        status = lib.bf_lr_values(
            self.c,
            player,
            ptr(opponent),
            ptr(own),
            ptr(out.get("nodes")),
            ptr(out["root"]),
            ptr(out.get("best")),
            ptr(out.get("mass")),
            threads,
        )
        _check(status, "bf_lr_values")
        return out

    def disjoint_mass(self) -> float:
        """The weight of all pairs of hands that can meet (share no card)."""
        if self._mass is None:
            self._mass = self._disjoint_mass()
        return self._mass

    def _disjoint_mass(self) -> float:
        # one showdown sweep paying 1 whatever the cards: each row's opponent weight disjoint
        # from it (the same bits as the root's mass in ``values(..., mass=True)``, which sweeps
        # every node of the tree)
        p0 = self.players[0]
        members = self.classes.members[p0.classes]
        mass = np.empty(self.rows(0))
        status = lib.bf_lr_showdown(
            self.c,
            0,
            1,
            ffi.from_buffer("double[]", np.ascontiguousarray(self.players[1].weights)),
            ffi.from_buffer("double[]", np.ones(3)),
            ffi.from_buffer("double[]", mass),
        )
        _check(status, "bf_lr_showdown")
        return float(np.sum(p0.weights * members * mass))


def last_round(
    ranges: Sequence[RangeLike],
    *,
    pot: object,
    stacks: object,
    rules: RuleSet | None,
    sizes: object = None,
) -> LastRound:
    """The problem: ``ranges[0]`` acts first; ``pot`` the chips already in (belonging to
    nobody), ``stacks`` the chips behind (one for both, or a pair), ``rules`` a rule set,
    ``sizes`` the bet sizes for pot and no limit (tree.check_sizes). ValueError naming the
    field for bad input, including two ranges that never meet (every pair shares a card)."""
    if isinstance(ranges, str) or not isinstance(ranges, Sequence) or len(ranges) != 2:
        raise ValueError("ranges is two ranges, the first player's first")
    found = (to_range("ranges[0]", ranges[0]), to_range("ranges[1]", ranges[1]))
    checked_pot = chips("pot", pot)
    checked_stacks = check_stacks(stacks)
    checked_rules = check_rules(rules)
    checked_sizes = check_sizes(checked_rules, sizes)
    tree = build_tree(checked_rules, checked_pot, checked_stacks, checked_sizes)
    classes, both = players(found)
    rows = max(len(both[0].classes), len(both[1].classes))
    need = 8 * len(tree.nodes) * rows * WORK_ARRAYS
    if need > MAX_WORK_BYTES:
        raise ValueError(
            f"rules: the betting tree has {len(tree.nodes):,} nodes, which with {rows:,} rows "
            f"of hands needs about {need / 2**30:.1f} GiB; cap the raises (max_raises), give "
            "fewer sizes, or smaller stacks"
        )
    problem = _make(tree, classes, both)
    if not problem.disjoint_mass() > 0:
        raise ValueError(
            "ranges: every hand of ranges[0] shares a card with every hand of ranges[1]"
        )
    return problem


def _tally_space(
    classes: Classes, both: tuple[Player, Player]
) -> tuple[tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]], npt.NDArray[np.float64]]:
    """Each player's rows of subset tally indices, and the tally space's 1 / size entries.

    Every sweep clears its chunks' tallies, the whole space of 23,479 entries (single hands)
    a lane. Small ranges touch a few of them: their tally space is renumbered to the entries
    their hands' subsets use (the same sums of the same numbers in the same order: the same
    bits), so a sweep clears only those."""
    rows = (classes.subsets[both[0].classes], classes.subsets[both[1].classes])
    if lib.BF_LR_SUBSETS * (len(rows[0]) + len(rows[1])) * 2 > len(classes.inv_members):
        return rows, classes.inv_members  # most entries may be used: nothing to gain
    used = np.zeros(len(classes.inv_members), dtype=bool)
    used[rows[0]] = used[rows[1]] = True
    used[0] = True  # the empty set stays entry 0
    renumber = (np.cumsum(used) - 1).astype(np.uint16)
    return (renumber[rows[0]], renumber[rows[1]]), classes.inv_members[used]


def _make(tree: Tree, classes: Classes, both: tuple[Player, Player]) -> LastRound:
    keep: list[Any] = []
    c = ffi.new("bf_lr_game *")
    keep.append(c)

    def buf(ctype: str, array: npt.NDArray[Any]) -> Any:
        array = np.ascontiguousarray(array)
        keep.append(array)
        return ffi.from_buffer(ctype, array)

    subsets, inv_members = _tally_space(classes, both)
    c.n_classes = len(classes.rank)
    c.n_tallies = len(inv_members)
    c.rank = buf("uint16_t[]", classes.rank)
    c.members = buf("double[]", classes.members)
    c.inv_members = buf("double[]", inv_members)
    for p in (0, 1):
        mine, theirs = both[p].classes, both[1 - p].classes
        c.n_hands[p] = len(mine)
        if (
            p == 1
            and np.array_equal(mine, theirs)
            and np.array_equal(both[0].weights, both[1].weights)
        ):
            # one range against itself: one set of arrays (the C check then reads it once)
            c.hands[1], c.weights[1], c.other[1], c.subsets[1] = (
                c.hands[0],
                c.weights[0],
                c.other[0],
                c.subsets[0],
            )
            continue
        at = np.searchsorted(theirs, mine)
        found = (at < len(theirs)) & (theirs[np.minimum(at, len(theirs) - 1)] == mine)
        c.hands[p] = buf("int32_t[]", mine.astype(np.int32))
        c.weights[p] = buf("double[]", both[p].weights.astype(np.float64))
        c.other[p] = buf("int32_t[]", np.where(found, at, -1).astype(np.int32))
        c.subsets[p] = buf("uint16_t[]", subsets[p].reshape(-1))
    n = len(tree.nodes)
    kind = np.zeros(n, dtype=np.int8)
    actor = np.zeros(n, dtype=np.int8)
    first = np.zeros(n, dtype=np.int32)
    count = np.zeros(n, dtype=np.int32)
    offset = np.zeros(n, dtype=np.int64)
    payoff = np.zeros((n, 6))
    offsets: tuple[dict[int, int], dict[int, int]] = ({}, {})
    length = [0, 0]
    for node in tree.nodes:
        if node.actor is None:
            kind[node.index] = lib.BF_LR_SHOWDOWN if node.showdown else lib.BF_LR_FOLD
            p0, p1 = tree.payoffs(node)
            payoff[node.index] = (*p0, *p1)
            continue
        kind[node.index] = lib.BF_LR_DECISION
        actor[node.index] = node.actor
        first[node.index] = node.children[0]
        count[node.index] = len(node.children)
        offset[node.index] = length[node.actor]
        offsets[node.actor][node.index] = length[node.actor]
        length[node.actor] += len(both[node.actor].classes) * len(node.children)
    c.n_nodes = n
    c.kind = buf("int8_t[]", kind)
    c.actor = buf("int8_t[]", actor)
    c.first_child = buf("int32_t[]", first)
    c.n_children = buf("int32_t[]", count)
    c.offset = buf("int64_t[]", offset)
    c.payoff = buf("double[]", payoff.reshape(-1))
    for p in (0, 1):
        c.table_len[p] = length[p]
    problem = LastRound(both, tree, classes, offsets, (length[0], length[1]), c, keep)
    _check(lib.bf_lr_check(c), "bf_lr_check")
    return problem


__all__ = ["History", "LastRound", "check_stacks", "chips", "last_round"]
