"""The line of a comparison read in the blueprint's abstraction (the package's docstring says
what a line is)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...blueprint import Blueprint
from ...blueprint.abstraction import (
    AGGRESSIVE,
    FOLD,
    MAX_BETS,
    PASSIVE,
    public_betting,
    public_draw,
)
from ...game.actions import ActionKind

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


class _Walk:
    """The public state of a hand as csrc/blueprint/train.c plays it."""

    def __init__(self, small_bet: int) -> None:
        self.small_bet = small_bet
        self.round, self.bets, self.flag = 0, 1, 0
        self.aggressor = self.last_aggressor = -1
        self.pot = 0
        self.committed = [small_bet, small_bet // 2]
        self.drew = [[0, 0, 0], [0, 0, 0]]

    def actor(self) -> int:
        base = opener = 1 if self.round == 0 else 0
        return opener ^ ((self.bets - base + self.flag) & 1)

    def relative(self, who: int, me: int) -> int:
        return 0 if who < 0 else 1 if who == me else 2

    def bet(self, kind: str, where: str) -> tuple[LineStep, bool]:
        """Plays one betting action; returns its decision and whether it ended the round."""
        a = self.actor()
        to_call = self.committed[1 - a] - self.committed[a]
        node = 2 * (self.bets - (self.round == 0)) + self.flag
        opp_drew = self.drew[1 - a][self.round - 1] if self.round else 0
        public = public_betting(
            self.round, node, self.pot, self.relative(self.last_aggressor, a), opp_drew
        )
        legal = (
            *((FOLD,) if to_call else ()),
            PASSIVE,
            *((AGGRESSIVE,) if self.bets < MAX_BETS else ()),
        )
        who = "the big blind" if a == 0 else "the button"
        if kind in (K.CHECK, K.CALL):
            if (kind is K.CHECK) != (to_call == 0):
                need = f"a call of {to_call}" if to_call else "a check (nothing to call)"
                raise ValueError(f"{where}: {who} faces {need}, not a {kind}")
            self.committed[a] += to_call
            opens = self.flag == 0 and (
                self.bets == 1 and a == 1 if self.round == 0 else self.bets == 0
            )
            if opens:
                self.flag = 1
            else:
                self.last_aggressor = self.aggressor
                self.pot = self.committed[0] // self.small_bet - 1
            return LineStep(a, public, False, PASSIVE, 0, legal), not opens
        if self.bets >= MAX_BETS:
            raise ValueError(f"{where}: the round is capped at a bet and three raises")
        wanted = K.BET if self.round > 0 and self.bets == 0 else K.RAISE
        if kind is not wanted:
            raise ValueError(f"{where}: {who}'s bet here is a {wanted}, not a {kind}")
        size = self.small_bet if self.round < 2 else 2 * self.small_bet
        self.committed[a] += to_call + size
        self.bets += 1
        self.aggressor = a
        return LineStep(a, public, False, AGGRESSIVE, 0, legal), False

    def draw(self, a: int, count: int) -> LineStep:
        k = self.round + 1
        other = 1 - a
        before = self.drew[other][k - 2] if k > 1 else 0
        now = 0 if a == 0 else 1 + self.drew[other][k - 1]
        public = public_draw(k, self.pot, self.relative(self.last_aggressor, a), before, now)
        self.drew[a][self.round] = count
        return LineStep(a, public, True, -1, count, ())


def _betting_round(walk: _Walk, text: str, where: str) -> list[LineStep]:
    """One betting round's letters played on ``walk``: its decisions."""
    if not text:
        raise ValueError(f"{where}: a betting round has at least one action")
    decisions = []
    over = False
    for at, letter in enumerate(text):
        if over:
            raise ValueError(f"{where}: the round is over before {text[at:]!r}")
        if letter == "f":
            raise ValueError(f"{where}: a fold ends the hand before the last round")
        if letter not in _LETTERS:
            raise ValueError(
                f"{where}: {letter!r} is not a betting action (k check, c call, b bet, r raise)"
            )
        decision, over = walk.bet(_LETTERS[letter], where)
        decisions.append(decision)
    if not over:
        who = "the big blind" if walk.actor() == 0 else "the button"
        raise ValueError(f"{where}: the round is not over ({who} is to act)")
    return decisions


def read_line(line: str, blueprint: Blueprint) -> Line:
    """The line (see the package's docstring) read in the blueprint's abstraction, up to the start
    of its last betting round. ValueError naming the segment and the token the rules do not
    allow."""
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
    walk = _Walk(blueprint.small_bet)
    decisions: list[LineStep] = []
    for number, segment in enumerate(segments, start=1):
        text = segment.replace(" ", "")
        where = f"line segment {number} ({segment!r})"
        if number % 2:  # a betting round
            decisions += _betting_round(walk, text, where)
            continue
        if not re.fullmatch(r"[0-9],?[0-9]", text):
            raise ValueError(
                f"{where}: a draw is two digits, the cards the big blind threw and then the "
                "button's (such as '12')"
            )
        counts = (int(text[0]), int(text[-1]))
        most = blueprint.most_thrown
        for a, count in enumerate(counts):
            if count > most:
                raise ValueError(
                    f"{where}: a draw throws 0 .. {most} cards on this deck, not {count}"
                )
            decisions.append(walk.draw(a, count))
        walk.round += 1
        walk.bets = walk.flag = 0
        walk.aggressor = -1
    return Line(
        line,
        walk.round,
        tuple(decisions),
        walk.committed[0],
        walk.pot,
        walk.last_aggressor,
        (tuple(walk.drew[0][:draws]), tuple(walk.drew[1][:draws])),
    )


__all__ = ["Line", "LineStep", "read_line"]
