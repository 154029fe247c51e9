"""The line of a comparison read in the blueprint's abstraction (the package's docstring says
what a line is).

The line is played in ``Game`` under the blueprint's own rules, so the betting is never written
again here: who acts, what is legal, what each action puts in and when a round is over are
``Game``'s, and each decision's public index is the blueprint's reading of ``Game``'s view
(``read_decision``, as its player reads the table). The cards never matter to the betting or to
a public index: the deck is stacked in ``DECK`` order and a draw throws its hand's first cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...blueprint import Blueprint
from ...blueprint.abstraction import (
    AGGRESSIVE,
    FOLD,
    PASSIVE,
    PUBLIC,
    public_betting,
    read_decision,
)
from ...blueprint.strategy import MIN_STACK_BETS
from ...cards import DECK
from ...game.actions import Action, ActionKind, Phase
from ...game.state import Game

K = ActionKind
_LETTERS = {"k": K.CHECK, "c": K.CALL, "b": K.BET, "r": K.RAISE}
SLOT_OF_KIND: dict[str, int] = {
    K.FOLD: FOLD,
    K.CHECK: PASSIVE,
    K.CALL: PASSIVE,
    K.BET: AGGRESSIVE,
    K.RAISE: AGGRESSIVE,
}


@dataclass(frozen=True)
class LineStep:
    """One decision of the line: the ``player`` (0 big blind, 1 button), its public index in the
    abstraction, whether it is a ``draw``, and the ``slot`` played (betting) or the ``count`` of
    cards thrown (draws: the slot then depends on the hand); ``legal`` the betting slots."""

    player: int
    public: int
    draw: bool
    slot: int
    count: int
    legal: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """A line read in the abstraction: its ``decisions`` in order, and the last round's start:
    ``committed`` (chips each player has in), ``pot_index`` (that in small bets, less one),
    ``last_aggressor`` (of the round before: -1 nobody, else the player) and ``drew``
    (each player's count at each draw)."""

    text: str
    round: int
    decisions: tuple[LineStep, ...]
    committed: int
    pot_index: int
    last_aggressor: int
    drew: tuple[tuple[int, ...], tuple[int, ...]]

    def public(self, player: int, bets: int, flag: int) -> int:
        """The public index of ``player``'s last-round decision after ``bets`` bets and raises,
        ``flag`` 1 when the round opened with a check."""
        who = self.last_aggressor
        relative = 0 if who < 0 else 1 if who == player else 2
        opp_drew = self.drew[1 - player][self.round - 1]
        return public_betting(self.round, 2 * bets + flag, self.pot_index, relative, opp_drew)


class _Table:
    """The line's hand in ``Game``: the blueprint's rules, deep stacks (its least), seat 0 the
    big blind and seat 1 the button, so a seat is the abstraction's player."""

    def __init__(self, blueprint: Blueprint) -> None:
        stack = MIN_STACK_BETS * blueprint.small_bet
        self.game = Game([stack, stack], blueprint.rules, button=1, deck=DECK)
        self.small_bet, self.most_thrown = blueprint.small_bet, blueprint.most_thrown

    def who(self) -> str:
        return "the big blind" if self.game.actor == 0 else "the button"

    def _public(self) -> tuple[int, int]:
        """The player to act and the public index of its decision, as the blueprint reads it."""
        seat = self.game.actor
        assert seat is not None  # the line stops before the hand could end
        decision = read_decision(self.game.view(seat), self.small_bet, self.most_thrown)
        return decision.player, decision.infoset % PUBLIC

    def bet(self, kind: str, where: str) -> LineStep:
        """Plays one betting action of ``kind``; ValueError saying why if Game does not allow it."""
        legal = {a.kind: a for a in self.game.legal_actions()}
        if kind not in legal:
            raise ValueError(f"{where}: {_refusal(kind, legal, self.who())}")
        player, public = self._public()
        self.game.act(legal[kind])
        slots = tuple(sorted(SLOT_OF_KIND[k] for k in legal))
        return LineStep(player, public, False, SLOT_OF_KIND[kind], 0, slots)

    def draw(self, count: int) -> LineStep:
        player, public = self._public()
        hand = self.game.hands[player]
        self.game.act(Action.draw(hand[:count]))
        return LineStep(player, public, True, -1, count, ())


def _refusal(kind: str, legal: dict[str, Action], who: str) -> str:
    """Why ``kind`` is not among the ``legal`` actions (the blueprint's rules: deep stacks)."""
    if kind in (K.CHECK, K.CALL):
        call = legal.get(K.CALL)
        need = f"a call of {call.amount}" if call else "a check (nothing to call)"
        return f"{who} faces {need}, not a {kind}"
    other = K.RAISE if kind == K.BET else K.BET
    if other in legal:
        return f"{who}'s bet here is a {other}, not a {kind}"
    return f"{who} may not {kind}: the round is capped at a bet and three raises"


def _betting_round(table: _Table, text: str, where: str) -> list[LineStep]:
    """One betting round's letters played at ``table``: its decisions."""
    if not text:
        raise ValueError(f"{where}: a betting round has at least one action")
    decisions = []
    for at, letter in enumerate(text):
        if table.game.phase is not Phase.BETTING:
            raise ValueError(f"{where}: the round is over before {text[at:]!r}")
        if letter == "f":
            raise ValueError(f"{where}: a fold ends the hand before the last round")
        if letter not in _LETTERS:
            raise ValueError(
                f"{where}: {letter!r} is not a betting action (k check, c call, b bet, r raise)"
            )
        decisions.append(table.bet(_LETTERS[letter], where))
    if table.game.phase is Phase.BETTING:
        raise ValueError(f"{where}: the round is not over ({table.who()} is to act)")
    return decisions


def read_line(line: str, blueprint: Blueprint) -> Line:
    """The line (see the package's docstring) read in the blueprint's abstraction, up to the
    start of its last betting round. ValueError naming the segment and the token the rules do
    not allow."""
    if not isinstance(line, str):
        raise TypeError(f"a line is text such as 'kk/11/kk/11/kk/11', not {type(line).__name__}")
    draws = blueprint.draws
    if draws < 1:
        raise ValueError("the blueprint's game has no draw, so no last round after one")
    if draws == 1:
        raise ValueError(
            "the last-round solver plays the big bet of the rounds after the second draw; a "
            "game of one draw ends on small bets"
        )
    segments = line.split("/")
    if len(segments) != 2 * draws:
        raise ValueError(
            f"a line of a {draws}-draw game is {2 * draws} segments split by '/' (a betting "
            f"round and a draw, {draws} times), not {len(segments)}: {line!r}"
        )
    table = _Table(blueprint)
    decisions: list[LineStep] = []
    last_aggressor = -1
    drew: tuple[list[int], list[int]] = ([], [])
    for number, segment in enumerate(segments, start=1):
        text = segment.replace(" ", "")
        where = f"line segment {number} ({segment!r})"
        if number % 2:  # a betting round
            played = _betting_round(table, text, where)
            decisions += played
            aggressive = [step.player for step in played if step.slot == AGGRESSIVE]
            last_aggressor = aggressive[-1] if aggressive else -1
            continue
        if not re.fullmatch(r"[0-9],?[0-9]", text):
            raise ValueError(
                f"{where}: a draw is two digits, the cards the big blind threw and then the "
                "button's (such as '12')"
            )
        counts = (int(text[0]), int(text[-1]))
        most = blueprint.most_thrown
        for a, count in enumerate(counts):  # the big blind draws first
            if count > most:
                raise ValueError(
                    f"{where}: a draw throws 0 .. {most} cards on this deck, not {count}"
                )
            decisions.append(table.draw(count))
            drew[a].append(count)
    committed = table.game.committed[0]  # both alike: every round so far ended with a call
    return Line(
        line,
        table.game.round_index,
        tuple(decisions),
        committed,
        committed // blueprint.small_bet - 1,
        last_aggressor,
        (tuple(drew[0]), tuple(drew[1])),
    )


__all__ = ["Line", "LineStep", "read_line"]
