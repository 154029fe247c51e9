"""The last betting round as a bot sees it from its view: the round's betting so far, who acts
first, and the pot and stacks at the round's start (what a solution of the round is keyed by).
Read by the solution bot (bots.py) and the search (search/)."""

from __future__ import annotations

from ..game.actions import BETTING_KINDS, FOLD_KINDS, Action, ActionKind, Event, View

K = ActionKind


def _this_round(view: View) -> list[Event]:
    """The betting events since the last draw (the last round's public history)."""
    start = 0
    for i, event in enumerate(view.history):
        if event.kind is K.DRAW:
            start = i + 1
    return [e for e in view.history[start:] if e.kind in BETTING_KINDS]


def round_start(view: View) -> tuple[list[Action], tuple[int, int], int, tuple[int, int]] | None:
    """The last round as a solution sees it from ``view``: its betting so far (Actions, a fold
    as FOLD), the seats of player 0 (first to act) and player 1, and the pot and the two stacks
    behind at the round's start (player 0's first); None unless two players are in the hand."""
    events = _this_round(view)
    history = [Action(K.FOLD if e.kind in FOLD_KINDS else e.kind, e.amount) for e in events]
    put_in = [0] * len(view.stacks)
    for e in events:
        if e.seat is not None:
            put_in[e.seat] += e.amount
    me = view.seat
    first = events[0].seat if events else me  # the first to act is player 0
    if first is None or len([f for f in view.folded if not f]) != 2:
        return None
    other = next(s for s in range(len(view.stacks)) if s not in (me,) and not view.folded[s])
    seats = (first, other if first == me else me)
    stacks = (view.stacks[seats[0]] + put_in[seats[0]], view.stacks[seats[1]] + put_in[seats[1]])
    return history, seats, view.pot - sum(put_in), stacks


__all__ = ["round_start"]
