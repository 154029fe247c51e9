"""Circles in a graph of imports or includes: what the layer tests of Python and of C share."""

from __future__ import annotations


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph, as the nodes around it (the first repeated at the end), or
    None; nodes and their neighbours visited in sorted order, so the answer is stable."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None
