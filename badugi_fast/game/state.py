"""A Badugi hand as a state machine with a small explicit API.

    game = Game([200, 200, 200, 200], Rules(small_bet=2), button=0, seed=1)
    while not game.done:
        game.act(choose(game.actor, game.legal_actions()))

The rule set (rules.py: the casino rules, as Wikipedia's Badugi article and the casino rules state
them, or the Korean room rules) says what is forced, who opens and what each player may do. Four
cards each, dealt one at a time from the button's left; a betting round, then three draws each
followed by a betting round. Each player throws 0-4 cards (fewer under a cutting limit) and is dealt
the replacements before the next draws; when the stub runs out mid-draw, all discards except the
drawer's own from this draw are shuffled into a new stub. Nobody may bet or raise when no other
player could answer, and a player with nothing to call whose opponents are all-in gets no turn.
Showdown: showdown.py.

Unknown cards: a stacked ``deck`` may hold ``"??"`` for a card never shown (an imported hand
history knows only the hero's cards and the hands shown). Each becomes a ``HiddenCard``, which
is dealt, thrown and drawn like any card but never ranked. ``reveal`` gives the cards a seat
shows at showdown in place of its unknown ones (its known cards must be among them: a last
draw that would leave it another is illegal). At a showdown where some hand is still unknown,
the shown hands are ranked as usual, an unknown hand is beaten by every shown hand and mucks,
but for the seats of ``unshown_winners`` (the history says they won without showing), which
beat every shown hand.

``Game`` builds the hand and answers the players and the rule sets; its parts move it by job:
the betting rounds and the hand's end (betting_round.py), the cards (stub.py), on the state
declared in hand.py; unknown cards are hidden.py's.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence

from .._runtime.validate import whole
from ..cards import Card, CardLike
from .actions import (
    FORCED_KINDS,
    HIDDEN_KINDS,
    KO_ACTIONS,
    ROUNDS,
    Action,
    ActionKind,
    Event,
    IllegalActionError,
    Phase,
    View,
)
from .betting_round import BettingRounds
from .hidden import HIDDEN, HiddenCard, check_reveal
from .rules import RuleSet, check_rules
from .stub import Dealer
from .table import check_extra_blinds, check_no_small_blind, check_table, seat_set

K = ActionKind


class Game(BettingRounds, Dealer):
    """One hand. ``deck`` stacks the cards (top first; the rest follow in random order).
    ``reshuffle``, when given, orders the discards that become the new stub when it runs out
    (in place; the last card is dealt first): replays and the simulations' C streams use it;
    by default they are shuffled at random from ``seed``. ``stream`` keys each View's random
    bits (``View.stream``; default: ``seed``, else drawn at random). ``extra_blinds`` (seat ->
    (live, dead) chips) are blinds posted out of turn after the blinds, as a cash game's new or
    returning player posts them: the live part is that seat's bet, as a big blind is (it may
    check its option), the dead part goes to the pot and counts for nobody's bet.
    ``no_small_blind``: the small blind's seat is empty this hand (its player left; Robert's
    Rules' dead button), so nobody posts it: the big blind sits left of the button (heads-up
    too: the button posts nothing), and the first round starts after it, as ever."""

    def __init__(
        self,
        stacks: Sequence[int],
        rules: RuleSet | None = None,
        *,
        button: int = 0,
        first: int | None = None,
        deck: Sequence[CardLike] | None = None,
        seed: int | None = None,
        reshuffle: Callable[[list[Card]], None] | None = None,
        show: Iterable[int] = (),
        stream: int | None = None,
        reveal: Mapping[int, Sequence[CardLike]] | None = None,
        unshown_winners: Iterable[int] = (),
        extra_blinds: Mapping[int, tuple[int, int]] | None = None,
        no_small_blind: bool = False,
    ) -> None:
        self.rules = check_rules(rules)
        self.seats, self.button, self.first, self.show = check_table(stacks, button, first, show)
        self.extra_blinds = check_extra_blinds(extra_blinds, self.rules, self.seats)
        self.no_small_blind = check_no_small_blind(no_small_blind, self.rules)
        self._reveal = check_reveal(reveal, self.seats)
        self._unshown_winners = seat_set("unshown_winners", unshown_winners, self.seats)
        self.stacks = list(stacks)
        self.starting_stacks = list(stacks)
        self._seed = seed
        self._stream = seed if stream is None else whole("stream", stream, 0)
        self._random = None
        self._reshuffle = reshuffle or self._shuffle
        self.stub = self._stacked_deck(deck)
        self.hands = [[] for _ in range(self.seats)]
        self.discards = []
        self.muck = []
        self.folded = [False] * self.seats
        self.committed = [0] * self.seats
        self.round_bets = [0] * self.seats
        self.history = []
        # each seat's view of the history, brought up to date when the seat asks (``view``)
        self._seen: list[list[Event]] = [[] for _ in range(self.seats)]
        self._own_discards: list[frozenset[Card]] = [frozenset()] * self.seats
        self.phase = Phase.BETTING
        self.round_index = 0
        self._round = None
        self._draw_order = []
        self._chosen = {}
        self._raise_size = 0
        self._round_start = 0
        self._legal: list[Action] | None = None  # legal_actions of the present state
        self._burn_due = False
        self.rules.post_forced(self)
        for seat, (live, dead) in sorted(self.extra_blinds.items()):
            if live:  # a bet of the seat's, as the big blind's: it has the option
                self.post_forced_bet(seat, live, K.POST)
            if dead:  # to the pot, nobody's bet (recorded as dead money, an ante)
                self.post_forced_bet(seat, dead, K.ANTE)
        self._deal()
        self._start_round()

    # -- what a player may see and do ---------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def actor(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""
        if self.phase is Phase.BETTING and self._round is not None:
            return self._round.pending[0]
        if self.phase is Phase.DRAW:
            return self._draw_order[0]
        return None

    @property
    def pot(self) -> int:
        return sum(self.committed)

    def in_hand(self) -> list[int]:
        return [p for p in range(self.seats) if not self.folded[p]]

    # -- what the rule sets read (rules.py) ----------------------------------------------------

    @property
    def raise_size(self) -> int:
        """The largest bet or raise increase this round (pot and no limit)."""
        return self._raise_size

    @property
    def bets(self) -> int:
        """Bets and raises in this betting round as the raise cap counts them (0 between rounds)."""
        return self._round.raises if self._round else 0

    @property
    def not_all_in_at_last_bet(self) -> int:
        """Players in the hand with chips behind just after the round's last bet or raise that
        counted towards the cap (at the round's start, then); 0 between rounds."""
        return self._round.not_all_in if self._round else 0

    def not_all_in(self) -> int:
        """Players in the hand with chips behind."""
        return sum(not self.folded[p] and self.stacks[p] > 0 for p in range(self.seats))

    def may_raise(self, seat: int) -> bool:
        """The betting is open to ``seat``: it has not acted since the last full bet or raise."""
        return self._round is not None and seat not in self._round.closed

    def to_call(self, seat: int) -> int:
        """The chips ``seat`` must add to match the round's bet (0 between betting rounds)."""
        return self._round.current - self.round_bets[seat] if self._round else 0

    def round_has_action(self) -> bool:
        """Someone has acted (beyond forced bets) in this betting round."""
        return any(
            e.kind not in FORCED_KINDS and e.kind is not K.DEAL
            for e in self.history[self._round_start :]
        )

    def post_forced_bet(self, seat: int, amount: int, kind: ActionKind) -> None:
        """A forced bet (blind or ante) as the hand starts; a short stack posts what it has."""
        if self.history and self.history[-1].kind not in FORCED_KINDS:
            raise IllegalActionError("forced bets are posted before the deal")
        amount = min(amount, self.stacks[seat])
        self._put_in(seat, amount)
        if kind is K.ANTE:  # dead money: not part of any bet
            self.round_bets[seat] -= amount
        self._record(Event(kind, seat, amount))

    def _catch_up(self, seat: int) -> list[Event]:
        """``seat``'s view of the history (others' cards hidden), brought up to date: the
        history only grows, so the events since the last view are all it has to add."""
        seen = self._seen[seat]
        for event in self.history[len(seen) :]:
            if event.seat == seat or event.kind not in HIDDEN_KINDS:
                seen.append(event)
                if event.kind is K.DRAW:
                    self._own_discards[seat] |= frozenset(event.cards)
            else:
                seen.append(Event(event.kind, event.seat, event.amount))
        return seen

    def view(self, seat: int) -> View:
        """The game as ``seat`` sees it (what a bot is given)."""
        history = tuple(self._catch_up(seat))
        own_discards = self._own_discards[seat]
        draws_left = ROUNDS - 1 - self.round_index
        to_call = self.to_call(seat)
        return View(
            seat,
            tuple(self.hands[seat]),
            self.phase,
            draws_left,
            tuple(self.stacks),
            self.pot,
            to_call,
            tuple(self.folded),
            tuple(self.legal_actions()) if self.actor == seat else (),
            history,
            own_discards,
            self.bets,
            self._decision_bits(seat, len(history)),
        )

    def _decision_bits(self, seat: int, step: int) -> int:
        """64 bits that depend only on the stream, the seat and how far the hand has gone."""
        if self._stream is None:
            self._stream = secrets.randbits(64)
        key = f"{self._stream}:{seat}:{step}".encode()
        return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")

    def legal_actions(self) -> list[Action]:
        """Every action the actor may take now, with its amount (draw: any 0-4 cards)."""
        if self._legal is None:  # worked out once per state: bots ask, then act checks
            self._legal = self._options()
        return list(self._legal)

    def _options(self) -> list[Action]:
        seat = self.actor
        if seat is None:
            return []
        if self.phase is Phase.DRAW:  # amount: the most cards that may be thrown now
            return [Action(K.DRAW, self.rules.draw_cap(self.round_index))]
        assert self._round is not None
        return self.rules.options(self, seat, self._round.current, self._round.raises)

    def act(self, action: Action) -> None:
        """Apply the actor's action. An illegal one raises IllegalActionError, changing nothing."""
        if not isinstance(action, Action):
            raise TypeError(f"act takes an Action, not {type(action).__name__}")
        seat = self.actor
        if seat is None:
            raise IllegalActionError("the hand is over")
        if self.phase is Phase.DRAW:
            self._draw(seat, action)
            if not self._draw_order:  # every seat has drawn: the next betting round
                self.round_index += 1
                self._start_round()
            self._legal = None
            return
        kind = KO_ACTIONS.get(action.kind, action.kind)
        if self._legal is None:
            self._legal = self._options()
        legal = {a.kind: a for a in self._legal}
        if kind not in legal:
            raise IllegalActionError(f"seat {seat} may {', '.join(legal)}; not {kind}")
        # An amount of 0 means the least allowed; otherwise it must lie in the allowed range.
        least = legal[kind].amount
        most = legal[kind].max_amount or least
        if action.amount and not least <= action.amount <= most:
            allowed = f"{least}" if most == least else f"{least} to {most}"
            raise IllegalActionError(
                f"seat {seat}'s {kind} is {allowed} chips, not {action.amount}"
            )
        self._bet(seat, Action(kind, action.amount or least))
        self._legal = None


__all__ = ["HIDDEN", "Game", "HiddenCard"]
