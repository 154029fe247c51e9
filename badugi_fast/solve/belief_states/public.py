"""A public history of a heads-up fixed-limit hand, played through ``Game``: each public
action with the spot it was taken at.

A history is a line of text, a sequence of ``Event`` (a ``View``'s ``history``), or a ``View``.
The line is the comparison's line (solve/comparison) that may stop anywhere: segments split by
``/``, a betting round and a draw in turn from the first betting round; a betting round is one
letter an action (``k`` check, ``c`` call, ``b`` bet, ``r`` raise; before the first draw the
button acts first and the big blind's blind is the first bet), a draw the digits of the cards
thrown, the big blind's and then the button's (one digit: the button has not drawn yet). A
fold ends the hand, so it has no beliefs after it.

The hand is played in ``Game`` under the table's rules (seat 0 the big blind, seat 1 the
button, as the local best response and OpenSpiel's ``badugi`` seat them), so the betting is
never written again here: who acts, what is legal and when a round ends are ``Game``'s. The
cards never matter to a public spot: the deck is stacked in the table's order and a draw
throws its hand's first cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ...cards import DECK
from ...game import Action, ActionKind, Game, Phase
from ...game.actions import BETTING_KINDS, Event, View
from ..lbr.play import Table
from ..lbr.strategy import public_view

K = ActionKind
_LETTERS = {"k": K.CHECK, "c": K.CALL, "b": K.BET, "r": K.RAISE, "f": K.FOLD}


@dataclass(frozen=True)
class Step:
    """One public action: the ``seat`` that took it, the public ``spot`` it was taken at (the
    seat's view with its cards taken out), the betting ``kind`` or, at a draw, the ``count``
    of cards thrown (``kind`` is then ``draw``)."""

    seat: int
    spot: View
    kind: ActionKind
    count: int = 0


@dataclass(frozen=True)
class Played:
    """A public history played out: its ``steps``, and the game after them (``game``: the
    spot to come, whose cards mean nothing)."""

    steps: tuple[Step, ...]
    game: Game


def _moves_of_line(line: str) -> list[tuple[ActionKind, int]]:
    moves: list[tuple[ActionKind, int]] = []
    segments = line.split("/")
    for number, segment in enumerate(segments, start=1):
        text = segment.replace(" ", "")
        where = f"line segment {number} ({segment!r})"
        if number % 2:
            for letter in text:
                if letter not in _LETTERS:
                    raise ValueError(
                        f"{where}: {letter!r} is not a betting action (k check, c call, b bet, "
                        "r raise, f fold)"
                    )
                moves.append((_LETTERS[letter], 0))
            continue
        last = number == len(segments)
        if not re.fullmatch(r"[0-9],?[0-9]" if not last else r"([0-9](,?[0-9])?)?", text):
            raise ValueError(
                f"{where}: a draw is two digits, the cards the big blind threw and then the "
                "button's (such as '12'; the last segment may hold the big blind's alone)"
            )
        moves += [(K.DRAW, int(d)) for d in text if d.isdigit()]
    return moves


def _moves_of_events(events: Sequence[Event]) -> list[tuple[ActionKind, int]]:
    moves: list[tuple[ActionKind, int]] = []
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"a history holds Events, not {type(event).__name__}")
        if event.kind == K.DRAW:
            moves.append((K.DRAW, event.amount))
        elif event.kind in BETTING_KINDS:
            moves.append((K(event.kind), 0))
    return moves


def play(table: Table, history: str | Sequence[Event] | View) -> Played:
    """``history`` played at ``table`` (see the module): ValueError naming the action the
    rules do not allow there."""
    if isinstance(history, str):
        moves = _moves_of_line(history)
    elif isinstance(history, View):
        moves = _moves_of_events(history.history)
    elif isinstance(history, Sequence):
        moves = _moves_of_events(cast(Sequence[Event], history))
    else:
        raise TypeError(
            f"a history is a line such as 'rc/11/kk', a sequence of Events or a View, not "
            f"{type(history).__name__}"
        )
    order = [DECK[c] for c in table.cards]
    game = Game([table.stack] * 2, table.rules, button=1,
                deck=order + [c for c in DECK if c not in order])  # fmt: skip
    steps: list[Step] = []
    for at, (kind, count) in enumerate(moves, start=1):
        seat = game.actor
        where = f"action {at} of the history"
        if game.done or seat is None or table.over(game):
            raise ValueError(f"{where} ({kind}): the hand is over before it")
        view = table.view(game, seat)
        spot = public_view(view)
        who = "the big blind" if seat == 0 else "the button"
        if kind is K.DRAW:
            if view.phase is not Phase.DRAW:
                raise ValueError(f"{where}: {who} is to bet, not to draw")
            cap = view.legal[0].amount
            if not 0 <= count <= cap:
                raise ValueError(f"{where}: {who} throws 0 .. {cap} cards here, not {count}")
            game.act(Action.draw(game.hands[seat][:count]))
        else:
            legal = {a.kind: a for a in view.legal}
            if view.phase is not Phase.BETTING:
                raise ValueError(f"{where}: {who} is to draw, not to {kind}")
            if kind not in legal:
                raise ValueError(f"{where}: {who} may {', '.join(legal)} here, not {kind}")
            game.act(legal[kind])
        steps.append(Step(seat, spot, kind, count))
    return Played(tuple(steps), game)


__all__ = ["Played", "Step", "play"]
