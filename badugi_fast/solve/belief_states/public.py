"""A public history of a heads-up fixed-limit hand, played through ``Game``: each public
action with the spot it was taken at.

A history is a line of text, a sequence of ``Event`` (a ``View``'s ``history``), or a ``View``.
The line is the comparison's line (solve/comparison reads it with ``segments`` and plays it
with ``PublicHand``, as here) that may stop anywhere: segments split by ``/``, a betting round
and a draw in turn from the first betting round; a betting round is one letter an action
(``k`` check, ``c`` call, ``b`` bet, ``r`` raise, ``f`` fold; before the first draw the button
acts first and the big blind's blind is the first bet), a draw the digits of the cards thrown,
the big blind's and then the button's (one digit: the button has not drawn yet). A fold ends
the hand: the beliefs after it are the hand's as it ended (the folder's hands weighted by their
chance of folding: what a reviewer asks of a hand the other player gave up).

The hand is played in ``Game`` under the table's rules (seat 0 the big blind, seat 1 the
button, as the local best response and OpenSpiel's ``badugi`` seat them), so the betting is
never written again here: who acts, what is legal and when a round ends are ``Game``'s. The
cards never matter to a public spot: the deck is stacked in the table's order and a draw
throws its hand's first cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from ..._runtime.validate import player_number
from ...cards import DECK
from ...game import Action, ActionKind, Game, Phase
from ...game.actions import BETTING_KINDS, Event, View
from ..lbr.play import Table
from ..lbr.strategy import public_view

K = ActionKind
_LETTERS = {"k": K.CHECK, "c": K.CALL, "b": K.BET, "r": K.RAISE, "f": K.FOLD}
Move = tuple[ActionKind, int]  # a betting action's kind and 0, or ``draw`` and the cards thrown


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


@dataclass(frozen=True)
class Segment:
    """One segment of a line: its ``number`` (from 1; odd a betting round, even a draw), its
    ``text`` without spaces, ``where`` it stands (for messages) and its ``moves``."""

    number: int
    text: str
    where: str
    moves: tuple[Move, ...]

    @property
    def betting(self) -> bool:
        return self.number % 2 == 1


def segments(line: str) -> Iterator[Segment]:
    """The line's segments (see the module), each read only when it is reached, so that a
    reader playing them in turn names the line's first fault: ValueError naming the token
    that is not a betting action or the draw that is not two digits (the last segment may
    hold the big blind's alone, or nothing)."""
    texts = line.split("/")
    for number, segment in enumerate(texts, start=1):
        text = segment.replace(" ", "")
        where = f"line segment {number} ({segment!r})"
        if number % 2:
            for letter in text:
                if letter not in _LETTERS:
                    raise ValueError(
                        f"{where}: {letter!r} is not a betting action (k check, c call, b bet, "
                        "r raise, f fold)"
                    )
            moves = tuple((_LETTERS[letter], 0) for letter in text)
        else:
            last = number == len(texts)
            if not re.fullmatch(r"[0-9],?[0-9]" if not last else r"([0-9](,?[0-9])?)?", text):
                raise ValueError(
                    f"{where}: a draw is two digits, the cards the big blind threw and then the "
                    "button's (such as '12'; the last segment may hold the big blind's alone)"
                )
            moves = tuple((K.DRAW, int(d)) for d in text if d.isdigit())
        yield Segment(number, text, where, moves)


def _moves_of_events(events: Sequence[Event]) -> list[Move]:
    moves: list[Move] = []
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"a history holds Events, not {type(event).__name__}")
        if event.kind == K.DRAW:
            moves.append((K.DRAW, event.amount))
        elif event.kind in BETTING_KINDS:
            moves.append((K(event.kind), 0))
    return moves


class PublicHand:
    """A hand at ``table`` played one public action at a time (see the module): ``game`` is
    the hand so far."""

    def __init__(self, table: Table) -> None:
        self.table = table
        order = [DECK[c] for c in table.cards]
        self.game = Game([table.stack] * 2, table.rules, button=1,
                         deck=order + [c for c in DECK if c not in order])  # fmt: skip

    def who(self) -> str:
        """The seat to act, in words."""
        return "the big blind" if self.game.actor == 0 else "the button"

    def act(self, kind: ActionKind, count: int, where: str) -> Step:
        """Plays ``kind`` (a draw of ``count`` cards): ValueError starting with ``where`` if
        the rules do not allow it here."""
        game, seat = self.game, self.game.actor
        if game.done or seat is None or self.table.over(game):
            raise ValueError(f"{where} ({kind}): the hand is over before it")
        view = self.table.view(game, seat)
        who = self.who()
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
        return Step(seat, public_view(view), kind, count)


def play(table: Table, history: str | Sequence[Event] | View) -> Played:
    """``history`` played at ``table`` (see the module): ValueError naming the action the
    rules do not allow there."""
    events: Sequence[Event] | None = None
    if isinstance(history, str):
        # read a segment only when the play reaches it: the line's first fault is named
        moves: Iterable[Move] = (move for segment in segments(history) for move in segment.moves)
    elif isinstance(history, View):
        if len(history.stacks) != 2:
            raise ValueError(f"a heads-up hand's view, not one of {len(history.stacks)} seats")
        events = history.history
        moves = _moves_of_events(events)
    elif isinstance(history, Sequence):
        events = cast(Sequence[Event], history)
        moves = _moves_of_events(events)
    else:
        raise TypeError(
            f"a history is a line such as 'rc/11/kk', a sequence of Events or a View, not "
            f"{type(history).__name__}"
        )
    hand = PublicHand(table)
    steps = [
        hand.act(kind, count, f"action {at} of the history")
        for at, (kind, count) in enumerate(moves, start=1)
    ]
    if events is not None:
        _check_amounts(events, hand.game, table)
    return Played(tuple(steps), hand.game)


def player_of(view: View, seat: int | None = None) -> int:
    """The player ``seat`` (the view's own by default) is in the replay (0 the big blind, 1 the
    button), whatever its seat number: the big blind is the seat that posted the larger blind
    (the later one if equal)."""
    seat = view.seat if seat is None else seat
    posts = [e for e in view.history if e.kind is K.POST and e.seat is not None]
    if not posts:
        return player_number("a heads-up view's seat", seat)
    big = max(enumerate(posts), key=lambda p: (p[1].amount, p[0]))[1].seat
    return 0 if seat == big else 1


_CHIPS = (K.POST, *BETTING_KINDS)  # the events whose amounts are chips put in


def _check_amounts(events: Sequence[Event], game: Game, table: Table) -> None:
    """ValueError unless each blind and bet of ``events`` puts in the chips it puts in at
    ``table``: a history of other blinds or bet sizes is another game's."""
    given = [e for e in events if e.kind in _CHIPS]
    if not any(e.kind is K.POST for e in given):  # a history may start after the blinds
        played = [e for e in game.history if e.kind in BETTING_KINDS]
    else:
        played = [e for e in game.history if e.kind in _CHIPS]
    for at, (mine, theirs) in enumerate(zip(given, played, strict=False), start=1):
        if (mine.kind, mine.amount) != (theirs.kind, theirs.amount):
            raise ValueError(
                f"chip event {at} of the history ({mine.kind} {mine.amount}) is {theirs.kind} "
                f"{theirs.amount} in the game played here ({table.rules}, {table.stack} chips "
                "a seat): a history of another game's blinds or bets"
            )


def starting_stacks(view: View) -> tuple[int, ...]:
    """The stacks the view's seats began its history with, by seat: what each has now, plus
    what it put in (blinds, antes, bets), less what it won. Read from the view's own events,
    not a replay: a replay deals other cards, and its showdown another winner."""
    stacks = list(view.stacks)
    for e in view.history:
        if e.seat is None:
            continue
        if e.kind in _CHIPS or e.kind is K.ANTE:
            stacks[e.seat] += e.amount
        elif e.kind is K.WIN:
            stacks[e.seat] -= e.amount
    return tuple(stacks)


__all__ = [
    "Move",
    "Played",
    "PublicHand",
    "Segment",
    "Step",
    "play",
    "player_of",
    "segments",
    "starting_stacks",
]
