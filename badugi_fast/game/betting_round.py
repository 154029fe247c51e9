"""The betting of a hand: each round opened (the rule set says who opens and at what bet),
moved by every bet, call, check and fold, and closed; then the draw, or the hand's end: the pot
to the last player in, or the showdown (showdown.py's rules, unknown hands as state.py says)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hands.evaluator import evaluate
from .actions import BET_KINDS, FOLD_KINDS, ROUNDS, Action, ActionKind, Event, Phase
from .hand import HandState
from .hidden import HiddenCard, check_shown
from .showdown import showing, side_pots, winnings

K = ActionKind
_UNRANKED_LOSER = 1093  # an unknown hand at showdown: beaten by every shown hand (ranks 1..1092)
_UNRANKED_WINNER = 0  # an unknown hand the history says won: beats every shown hand


@dataclass
class _Round:
    current: int  # the amount to match this round
    raises: int  # bets and raises so far this round (the big blind counts as the bet)
    # players in the hand with chips behind just after the last bet or raise that counted (at
    # the start: then): the fixed-limit cap binds only where three or more were (rules.py)
    not_all_in: int
    pending: list[int] = field(default_factory=list)  # seats still to act, in order
    # seats that acted since the last full bet or raise: a short all-in does not re-open
    # the betting for them (rules.py: full_raise)
    closed: set[int] = field(default_factory=set)


class BettingRounds(HandState):
    """The part of ``Game`` that bets and ends the hand."""

    _round: _Round | None  # the betting round under way, None between rounds
    _raise_size: int  # the largest bet or raise increase this round (pot and no limit)
    _round_start: int  # history index where this betting round began
    _unshown_winners: frozenset[int]  # unknown hands the history says won

    def _bet(self, seat: int, action: Action) -> None:
        assert self._round is not None
        round_ = self._round
        round_.pending.pop(0)
        if action.kind in FOLD_KINDS:
            self.folded[seat] = True
            self.muck.extend(self.hands[seat])
            self.hands[seat] = []
            self._record(Event(K.FOLD, seat))
            if len(self.in_hand()) == 1:
                self._award_uncontested()
                return
        elif action.kind is K.CHECK:
            self._record(Event(K.CHECK, seat))
        else:
            self._put_in(seat, action.amount)
            kind = action.kind if type(action.kind) is K else K(action.kind)
            self._record(Event(kind, seat, action.amount))
            raised_by = self.round_bets[seat] - round_.current
            if raised_by > 0:  # a bet or raise: everyone else acts again
                if self.rules.full_raise(self, raised_by):  # it counts and re-opens the betting
                    round_.raises += 1
                    round_.not_all_in = self.not_all_in()
                    round_.closed.clear()
                # a short all-in does not lower it
                self._raise_size = max(self._raise_size, raised_by)
                round_.current = self.round_bets[seat]
                round_.pending = self._seats_after(seat, lambda p: p != seat and self._can_act(p))
        round_.closed.add(seat)
        self._skip_settled()
        if not round_.pending:
            self._end_round()

    def _skip_settled(self) -> None:
        """A seat with nothing to call whose every opponent is all-in has nothing to decide
        (the big blind, once the others are all-in and it has matched): no turn."""
        assert self._round is not None
        round_ = self._round
        # someone_can_call(self, p) for every p at once: the players in the hand with chips
        with_chips = [q for q in range(self.seats) if not self.folded[q] and self.stacks[q] > 0]
        round_.pending = [
            p
            for p in round_.pending
            if self.round_bets[p] < round_.current
            or len(with_chips) > 1
            or (with_chips and with_chips[0] != p)
        ]

    def _start_round(self) -> None:
        """Open a betting round; skip it when fewer than two players can still bet."""
        self.phase = Phase.BETTING
        self._round_start = len(self.history)
        if self.round_index:
            self.round_bets = [0] * self.seats
        current, raises = self.rules.opening_bet(self)
        if not current:
            self.round_bets = [0] * self.seats  # antes are not bets
        self._raise_size = current  # preflop the big blind is the bet to raise
        pending = self._seats_after(self.rules.opener(self), self._can_act)
        self._round = _Round(current, raises, self.not_all_in(), pending)
        self._skip_settled()
        if not self._round.pending:
            self._end_round()

    def _end_round(self) -> None:
        self._round = None
        if self.round_index == ROUNDS - 1:
            self._showdown()
            return
        self.phase = Phase.DRAW
        self._burn_due = self.rules.burn
        start = self.rules.draw_starts_after(self)
        self._draw_order = self._seats_after(start, lambda p: not self.folded[p])

    # -- the end ------------------------------------------------------------------------------

    def _award_uncontested(self) -> None:
        (winner,) = self.in_hand()
        self.stacks[winner] += self.pot
        self._record(Event(K.WIN, winner, self.pot))
        self._finish()

    def _showdown(self) -> None:
        """Hands shown in turn, or mucked (showdown.py), then each pot to its best hands."""
        for p in self._reveal:
            if not self.folded[p] and any(type(c) is HiddenCard for c in self.hands[p]):
                check_shown(p, self.hands[p], self._reveal[p])
                self.hands[p] = list(self._reveal[p])
        unknown = {p for p in self.in_hand() if any(type(c) is HiddenCard for c in self.hands[p])}
        ranks = {p: evaluate(self.hands[p]) for p in self.in_hand() if p not in unknown}
        pots = side_pots(self.committed, self.in_hand())
        final_round = self.history[self._round_start :]
        aggressors = [e.seat for e in final_round if e.kind in BET_KINDS and e.seat is not None]
        in_hand = self.in_hand().__contains__
        first = aggressors[-1] if aggressors else self._seats_after(self.button, in_hand)[0]
        turns = [q for q in (first, *self._seats_after(first, lambda q: q != first)) if in_hand(q)]
        known = [(chips, seats & ranks.keys()) for chips, seats in pots] if unknown else pots
        order = [q for q in turns if q in ranks]  # a hand still unknown never shows
        always = self.show if self.rules.muck else frozenset(ranks)  # Korean: all show
        shows = dict(showing(order, ranks, known, always)) if ranks else {}
        for p in turns:
            if p in unknown and p in self._unshown_winners:
                ranks[p] = _UNRANKED_WINNER  # won without showing: no show, no muck
            elif p in unknown or not shows[p]:  # the full history keeps the cards
                ranks.setdefault(p, _UNRANKED_LOSER)  # an unknown hand loses to every shown one
                self._record(Event(K.MUCK, p, 0, tuple(self.hands[p])))
            else:
                self._record(Event(K.SHOW, p, ranks[p], tuple(self.hands[p])))
        for p, won in winnings(pots, ranks, self._seats_after(self.button, lambda p: True)):
            self.stacks[p] += won
            self._record(Event(K.WIN, p, won))
        self._finish()

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self._round = None
        self._draw_order = []
        self.committed = [0] * self.seats
        self.round_bets = [0] * self.seats
