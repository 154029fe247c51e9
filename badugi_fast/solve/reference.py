"""The specification of the C code, in plain Python loops over pairs of hands (slow; tests).

``showdown_values`` is showdown.py's oracle: for every hand of one range, the opponent weight
of the hands sharing no card with it that it beats, ties with and loses to, paid as asked.
Ranks come from ``hands.reference.evaluate``, written from the rules, not from the table.
``best_response_value`` walks the public tree hand by hand: the value of a best response to a
strategy of the other player, as best_response.py computes it in C.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ..hands.reference import evaluate
from .tree import Node, Tree

Hand = tuple[int, int, int, int]


def showdown_values(
    hands: Sequence[Hand],
    opponents: Sequence[Hand],
    weights: Sequence[float],
    win: float,
    tie: float,
    lose: float,
) -> list[float]:
    """Per hand of ``hands``: sum over the opponents' hands sharing no card of weight times
    win, tie or lose."""
    ranks = [evaluate(list(h)) for h in hands]
    theirs = [evaluate(list(g)) for g in opponents]
    out = []
    for hand, rank in zip(hands, ranks, strict=True):
        total = 0.0
        for other, their_rank, w in zip(opponents, theirs, weights, strict=True):
            if set(hand) & set(other):
                continue
            total += w * (win if rank < their_rank else tie if rank == their_rank else lose)
        out.append(total)
    return out


def best_response_value(
    tree: Tree,
    player: int,
    hands: Sequence[Hand],
    weights: Sequence[float],
    opponents: Sequence[Hand],
    opponent_weights: Sequence[float],
    opponent_strategy: Callable[[Node], npt.NDArray[np.float64]],
) -> float:
    """The expected chips (from the round's start) of a best response of ``player`` holding
    ``hands`` (dealt with ``weights``) against the other player's ``opponent_strategy(node)``
    ((opponents, actions) rows), over the pairs of hands that share no card."""
    total = 0.0
    mass = 0.0
    for hand, w in zip(hands, weights, strict=True):
        rank = evaluate(list(hand))
        reach = [
            ow if not set(hand) & set(other) else 0.0
            for other, ow in zip(opponents, opponent_weights, strict=True)
        ]
        ranks = [evaluate(list(other)) for other in opponents]
        mass += w * sum(reach)
        total += w * _walk(tree, tree.nodes[0], player, rank, ranks, reach, opponent_strategy)
    return total / mass


def _walk(
    tree: Tree,
    node: Node,
    player: int,
    rank: int,
    ranks: list[int],
    reach: list[float],
    strategy: Callable[[Node], npt.NDArray[np.float64]],
) -> float:
    if node.terminal:
        pays = tree.payoffs(node)[player]
        if node.folded is not None:
            return pays[0] * sum(reach)
        return sum(
            r * (pays[0] if rank < other else pays[1] if rank == other else pays[2])
            for r, other in zip(reach, ranks, strict=True)
        )
    children = [tree.nodes[c] for c in node.children]
    if node.actor == player:
        return max(_walk(tree, c, player, rank, ranks, reach, strategy) for c in children)
    rows = strategy(node)
    return sum(
        _walk(
            tree,
            c,
            player,
            rank,
            ranks,
            [r * p for r, p in zip(reach, rows[:, a], strict=True)],
            strategy,
        )
        for a, c in enumerate(children)
    )


__all__ = ["best_response_value", "showdown_values"]
