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
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .._runtime.validate import whole
from ..cards import DECK, Card, CardLike, card_id, hand_cards
from ..hands.evaluator import evaluate
from .actions import (
    BET_KINDS,
    FOLD_KINDS,
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
from .rules import RuleSet, check_rules
from .showdown import showing, side_pots, winnings
from .table import check_table, seat_set

K = ActionKind
HIDDEN = "??"  # a card never shown, as PHH writes it
_UNRANKED_LOSER = 1093  # an unknown hand at showdown: beaten by every shown hand (ranks 1..1092)
_UNRANKED_WINNER = 0  # an unknown hand the history says won: beats every shown hand
_BY_TEXT = {str(card): card for card in DECK}  # "As": a stacked deck's cards, read at once


class HiddenCard(Card):
    """A card never shown: dealt, thrown and drawn like any other, but it prints as ``??`` and
    has no rank. Its id (52 and up) is its place among the unknown cards of a hand, never one of
    the 52 (``evaluate`` refuses it)."""

    __slots__ = ()

    def __new__(cls, index: int) -> HiddenCard:
        if cls is HiddenCard and type(index) is int and 0 <= index < len(_HIDDEN_CARDS):
            return _HIDDEN_CARDS[index]  # one object each (an imported hand holds a dozen)
        return int.__new__(cls, len(DECK) + index)

    def __str__(self) -> str:
        return HIDDEN

    @property
    def symbol(self) -> str:
        return HIDDEN

    def __repr__(self) -> str:
        return f"HiddenCard({int(self) - len(DECK)})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return HiddenCard, (int(self) - len(DECK),)


# The unknown cards of a stacked deck, made once: every Game shares them as it shares DECK's
# cards (a card is an immutable int; the collector need not walk a hand's own copies).
_HIDDEN_CARDS: tuple[HiddenCard, ...] = ()
_HIDDEN_CARDS = tuple(HiddenCard(index) for index in range(2 * len(DECK)))


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


class Game:
    """One hand. ``deck`` stacks the cards (top first; the rest follow in random order).
    ``reshuffle``, when given, orders the discards that become the new stub when it runs out
    (in place; the last card is dealt first): replays and the simulations' C streams use it;
    by default they are shuffled at random from ``seed``. ``stream`` keys each View's random
    bits (``View.stream``; default: ``seed``, else drawn at random)."""

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
    ) -> None:
        self.rules = check_rules(rules)
        self.seats, self.button, self.first, self.show = check_table(stacks, button, first, show)
        self._reveal = _check_reveal(reveal, self.seats)
        self._unshown_winners = seat_set("unshown_winners", unshown_winners, self.seats)
        self.stacks = list(stacks)
        self.starting_stacks = list(stacks)
        self._seed = seed
        self._stream = seed if stream is None else whole("stream", stream, 0)
        self._random: random.Random | None = None  # made on first use: seeding costs ~20 us
        self._reshuffle = reshuffle or self._shuffle
        self.stub = self._stacked_deck(deck)  # stub[-1] is the top card
        self.hands: list[list[Card]] = [[] for _ in range(self.seats)]
        self.discards: list[Card] = []
        self.muck: list[Card] = []
        self.folded = [False] * self.seats
        self.committed = [0] * self.seats  # chips put into the pot this hand
        self.round_bets = [0] * self.seats
        self.history: list[Event] = []
        # each seat's view of the history, brought up to date when the seat asks (``view``)
        self._seen: list[list[Event]] = [[] for _ in range(self.seats)]
        self._own_discards: list[frozenset[Card]] = [frozenset()] * self.seats
        self.phase = Phase.BETTING
        self.round_index = 0
        self._round: _Round | None = None
        self._draw_order: list[int] = []
        self._chosen: dict[int, tuple[Card, ...]] = {}  # simultaneous draws not dealt yet
        self._raise_size = 0  # the largest bet or raise increase this round (pot and no limit)
        self._round_start = 0  # history index where this betting round began
        self._legal: list[Action] | None = None  # legal_actions of the present state
        self._burn_due = False  # this draw's burn card is still to come
        self.rules.post_forced(self)
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

    def _record(self, event: Event) -> None:
        """Append to the history (each player's view of it follows when asked: ``_catch_up``)."""
        self.history.append(event)

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

    # -- betting ------------------------------------------------------------------------------

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

    def _put_in(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        self.round_bets[seat] += amount

    def _can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def _seats_after(self, seat: int, keep: object) -> list[int]:
        order = [(seat + i) % self.seats for i in range(1, self.seats + 1)]
        return [p for p in order if keep(p)]  # type: ignore[operator]

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

    # -- dealing and drawing ------------------------------------------------------------------

    def _shuffle(self, cards: list[Card]) -> None:
        if self._random is None:
            self._random = random.Random(self._seed)
        self._random.shuffle(cards)

    def _stacked_deck(self, deck: Sequence[CardLike] | None) -> list[Card]:
        top = [_stacked_card(i, c) for i, c in enumerate(deck or ())]
        stacked = set(top)
        if len(stacked) != len(top):
            raise ValueError("the stacked deck repeats a card")
        rest = [card for card in DECK if card not in stacked]
        if rest:
            self._shuffle(rest)
        unknown = sum(type(card) is HiddenCard for card in top)
        if unknown:  # each stands for one of the rest: the stub is the 52 cards still
            rest = rest[: max(len(rest) - unknown, 0)]
        return (top + rest)[::-1]

    def _deal(self) -> None:
        order = [(self.button + i) % self.seats for i in range(1, self.seats + 1)]
        for _ in range(4):
            for seat in order:
                self.hands[seat].append(self.stub.pop())
        for seat in order:
            self._record(Event(K.DEAL, seat, cards=tuple(self.hands[seat])))

    def _draw(self, seat: int, action: Action) -> None:
        cap = self.rules.draw_cap(self.round_index)
        if action.kind is not K.DRAW:
            raise IllegalActionError(
                f"seat {seat} must draw now (0 to {cap} cards), not {action.kind}"
            )
        thrown = action.cards
        if len(set(thrown)) != len(thrown) or not set(thrown) <= set(self.hands[seat]):
            raise IllegalActionError(f"seat {seat} can only throw distinct cards of its own hand")
        if len(thrown) > cap:
            raise IllegalActionError(
                f"the cutting limit allows {cap} cards at this draw, not {len(thrown)}"
            )
        last = self.round_index == ROUNDS - 2  # the hand it draws now is the hand it shows
        if last and seat in self._reveal and not self.rules.simultaneous_draws:
            self._check_shown(seat, [c for c in self.hands[seat] if c not in thrown])
            self._check_shown(seat, self._next_cards(len(thrown)))
        self._draw_order.pop(0)
        if self.rules.simultaneous_draws:  # 동시에: deal once everyone has chosen
            self._chosen[seat] = thrown
            if not self._draw_order:
                for chooser, cards in self._chosen.items():
                    self._exchange(chooser, cards)
                self._chosen = {}
        else:
            self._exchange(seat, thrown)
        if not self._draw_order:
            self.round_index += 1
            self._start_round()

    def _next_cards(self, count: int) -> list[Card]:
        """The cards the next ``count`` replacements will be, as far as the stub holds them (a
        reshuffle's are not known before it)."""
        if not count:
            return []
        burn = 1 if self._burn_due else 0
        return self.stub[::-1][burn : burn + count]

    def _check_shown(self, seat: int, cards: Iterable[Card]) -> None:
        """A seat that shows ``reveal``'s cards at showdown can end with no other known card."""
        other = [str(c) for c in cards if type(c) is Card and c not in self._reveal[seat]]
        if other:
            shows = " ".join(map(str, self._reveal[seat]))
            raise IllegalActionError(f"seat {seat} would hold {' '.join(other)}, not in its "
                                     f"shown hand {shows}")  # fmt: skip

    def _next_card(self) -> Card:
        """The top card; when the stub has run out, the discards so far become the stub."""
        if not self.stub:
            self.stub, self.discards = self.discards, []
            self._reshuffle(self.stub)
            self._record(Event(K.RESHUFFLE, None, len(self.stub)))
        return self.stub.pop()

    def _exchange(self, seat: int, thrown: tuple[Card, ...]) -> None:
        """Deal the replacements (after this draw's burn card, when the rules burn one)."""
        kept = [c for c in self.hands[seat] if c not in thrown]
        if thrown and self._burn_due:
            self._burn_due = False
            burned = self._next_card()
            self.muck.append(burned)
            self._record(Event(K.BURN, None, 1, (burned,)))
        received = [self._next_card() for _ in thrown]
        self.hands[seat] = kept + received
        self.discards.extend(thrown)
        self._record(Event(K.DRAW, seat, len(thrown), thrown, tuple(received)))

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
                self._check_shown(seat=p, cards=self.hands[p])
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


def _stacked_card(i: int, card: CardLike) -> Card:
    """A stacked deck's card ``i``: a Card, ``??`` (the ``i``-th unknown card), or any card
    ``card_id`` reads (``"As"`` at once)."""
    if type(card) is Card:
        return card
    if card == HIDDEN:
        return HiddenCard(i)
    if type(card) is str and card in _BY_TEXT:
        return _BY_TEXT[card]
    return DECK[card_id(card)]


def _check_reveal(
    reveal: Mapping[int, Sequence[CardLike]] | None, seats: int
) -> dict[int, tuple[Card, ...]]:
    """``reveal`` checked: seats of the table, each with four distinct cards, no card twice."""
    if reveal is None:
        return {}
    if not isinstance(reveal, Mapping):
        raise TypeError(f"reveal maps seats to the cards they show, not {type(reveal).__name__}")
    shown = {seat: hand_cards(cards) for seat, cards in reveal.items()}
    seat_set("reveal", shown, seats)
    cards = [card for hand in shown.values() for card in hand]
    if len(set(cards)) != len(cards):
        raise ValueError(f"reveal shows a card twice: {' '.join(map(str, cards))}")
    return shown
