"""The line of a comparison read in the blueprint's abstraction (the package's docstring says
what a line is).

The line is read and played as the public beliefs read and play a history
(solve/belief_states/public.py: ``segments``, ``PublicHand``) at the blueprint's own table, so
neither its grammar nor the betting is written again here: who acts, what is legal, what each
action puts in and when a round is over are ``Game``'s, and each decision's public index is the
blueprint's reading of ``Game``'s view (``read_decision``, as its player reads the table). What
is the comparison's own: the line is whole (every round ends, no fold, the last draw is two
digits), and a refused action says why in the blueprint's terms.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...blueprint import Blueprint
from ...blueprint.abstraction import (
    AGGRESSIVE,
    FOLD,
    PASSIVE,
    public_of,
)
from ...game.actions import Action, ActionKind, Phase
from ..belief_states import table_for
from ..belief_states.public import PublicHand, Segment, segments

K = ActionKind
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
    ``last_aggressor`` (of the round before: -1 nobody, else the player), ``drew``
    (each player's count at each draw) and the blueprint's ``abstraction`` it was read in."""

    text: str
    round: int
    decisions: tuple[LineStep, ...]
    committed: int
    pot_index: int
    last_aggressor: int
    drew: tuple[tuple[int, ...], tuple[int, ...]]
    abstraction: int = 1

    def public(self, player: int, bets: int, flag: int) -> int:
        """The public index of ``player``'s last-round decision after ``bets`` bets and raises,
        ``flag`` 1 when the round opened with a check."""
        who = self.last_aggressor
        relative = 0 if who < 0 else 1 if who == player else 2
        return public_of(
            self.round, False, 2 * bets + flag, self.pot_index, relative, player,
            self.drew[player], self.drew[1 - player], abstraction=self.abstraction,
        )  # fmt: skip


def _public(hand: PublicHand, blueprint: Blueprint) -> tuple[int, int]:
    """The player to act and the public index of its decision, as the blueprint reads it."""
    seat = hand.game.actor
    assert seat is not None  # the line stops before the hand could end
    view = hand.game.view(seat)
    decision = blueprint.read(view)
    return decision.player, decision.public


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


def _betting_round(hand: PublicHand, segment: Segment, blueprint: Blueprint) -> list[LineStep]:
    """One betting round's actions played in ``hand``: its decisions. ValueError unless the
    segment is the whole round (not cut short, no fold)."""
    where = segment.where
    if not segment.moves:
        raise ValueError(f"{where}: a betting round has at least one action")
    decisions = []
    for at, (kind, _) in enumerate(segment.moves):
        if hand.game.phase is not Phase.BETTING:
            raise ValueError(f"{where}: the round is over before {segment.text[at:]!r}")
        if kind is K.FOLD:
            raise ValueError(f"{where}: a fold ends the hand before the last round")
        legal = {a.kind: a for a in hand.game.legal_actions()}
        if kind not in legal:
            raise ValueError(f"{where}: {_refusal(kind, legal, hand.who())}")
        player, public = _public(hand, blueprint)
        hand.act(kind, 0, where)
        slots = tuple(sorted(SLOT_OF_KIND[k] for k in legal))
        decisions.append(LineStep(player, public, False, SLOT_OF_KIND[kind], 0, slots))
    if hand.game.phase is Phase.BETTING:
        raise ValueError(f"{where}: the round is not over ({hand.who()} is to act)")
    return decisions


def _draw(hand: PublicHand, segment: Segment, blueprint: Blueprint) -> list[LineStep]:
    """One draw's two counts played in ``hand`` (the big blind draws first): its decisions."""
    where = segment.where
    if len(segment.moves) != 2:
        raise ValueError(
            f"{where}: a draw is two digits, the cards the big blind threw and then the "
            "button's (such as '12')"
        )
    decisions = []
    for _, count in segment.moves:
        if count > blueprint.most_thrown:
            raise ValueError(
                f"{where}: a draw throws 0 .. {blueprint.most_thrown} cards on this deck, "
                f"not {count}"
            )
        player, public = _public(hand, blueprint)
        hand.act(K.DRAW, count, where)
        decisions.append(LineStep(player, public, True, -1, count, ()))
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
    count = line.count("/") + 1
    if count != 2 * draws:
        raise ValueError(
            f"a line of a {draws}-draw game is {2 * draws} segments split by '/' (a betting "
            f"round and a draw, {draws} times), not {count}: {line!r}"
        )
    hand = PublicHand(table_for(blueprint, None, None))
    decisions: list[LineStep] = []
    last_aggressor = -1
    drew: tuple[list[int], list[int]] = ([], [])
    for segment in segments(line):
        if segment.betting:
            played = _betting_round(hand, segment, blueprint)
            aggressive = [step.player for step in played if step.slot == AGGRESSIVE]
            last_aggressor = aggressive[-1] if aggressive else -1
        else:
            played = _draw(hand, segment, blueprint)
            for step in played:
                drew[step.player].append(step.count)
        decisions += played
    game = hand.game
    committed = game.committed[0]  # both alike: every round so far ended with a call
    return Line(
        line,
        game.round_index,
        tuple(decisions),
        committed,
        committed // blueprint.small_bet - 1,
        last_aggressor,
        (tuple(drew[0]), tuple(drew[1])),
        blueprint.abstraction,
    )


__all__ = ["Line", "LineStep", "read_line"]
