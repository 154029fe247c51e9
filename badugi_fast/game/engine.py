"""A Badugi game engine: one hand as a state machine with a small explicit API.

    game = Game([200, 200, 200, 200], Rules(small_bet=2), button=0, seed=1)
    while not game.done:
        game.act(choose(game.actor, game.legal_actions()))

Rules (casino, seeds 003 and 004): the small and big blind sit left of the button (heads-up the
button posts the small blind); blinds are live. Four cards each, dealt one at a time from the
button's left. A betting round, then three draws each followed by a betting round; before the
first draw the player left of the big blind acts first (heads-up the button), after it the first
player left of the button (heads-up the big blind). Fixed limit: a small bet in the first two
rounds, a big bet (twice it unless set) in the last two; a bet and three raises per round,
uncapped when two players are left. Draws go clockwise from the button's left; each player
throws 0-4 cards and is dealt the replacements before the next draws. Discards are out of play;
when the stub runs out mid-draw, all discards except the drawer's own from this draw are
shuffled into a new stub. Showdown by ``evaluate``; each pot (side pots for all-ins) is split
among its best hands, odd chips to the first winners left of the button.

Simplification, documented: an all-in for less than a full bet raises the amount to call, and
players yet to act may raise again, but it does not count towards the raise cap. Nobody may bet
or raise when every other player in the hand is all-in (no one could answer it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .._validate import is_whole, whole
from ..cards import DECK, Card, CardLike, card_id
from ..hands.evaluator import evaluate

MIN_SEATS, MAX_SEATS = 2, 8
ROUNDS = 4  # betting rounds: before the first draw and after each of the three


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the game is left exactly as it was."""


@dataclass(frozen=True)
class Rules:
    """Casino betting: ``structure`` "fixed-limit" (the default), "pot-limit" or "no-limit".
    Fixed limit: ``big_bet`` defaults to twice ``small_bet``, the blinds to half a small bet and
    a full small bet (as $20-$40 plays with $10/$20 blinds), and ``max_raises`` caps each round.
    Pot and no limit: a bet or raise raises by at least the big blind, the round's largest raise
    and one chip, and puts in at most the pot after calling (pot limit; never less than that
    least) or the whole stack (no limit); all-in for less is always allowed. Their legal
    actions carry the range: ``amount`` the least, ``max_amount`` the most.
    ``burn``: the dealer burns the top card of the stub before dealing the first replacement of
    each draw (none when everyone stands pat); a burned card joins the muck, out of play, and
    is never reshuffled."""

    small_bet: int = 2
    big_bet: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    max_raises: int = 3  # raises after the opening bet, per round (fixed limit)
    structure: str = "fixed-limit"
    burn: bool = False  # burn a card before each draw's first replacement

    simultaneous_draws = False

    def __post_init__(self) -> None:
        if self.structure not in ("fixed-limit", "pot-limit", "no-limit"):
            raise ValueError(
                f"structure is fixed-limit, pot-limit or no-limit, not {self.structure!r}"
            )
        _check_chips("small_bet", self.small_bet, least=1)
        _check_chips("big_bet", self.big_bet, least=1, optional=True)
        _check_chips("small_blind", self.small_blind, least=0, optional=True)
        _check_chips("big_blind", self.big_blind, least=0, optional=True)
        _check_chips("max_raises", self.max_raises, least=0)
        if not isinstance(self.burn, bool):
            raise TypeError(f"burn is True or False, not {type(self.burn).__name__}")

    def bet_size(self, round_index: int) -> int:
        if round_index < 2:
            return self.small_bet
        return self.big_bet if self.big_bet is not None else 2 * self.small_bet

    @property
    def blinds(self) -> tuple[int, int]:
        small = self.small_blind if self.small_blind is not None else self.small_bet // 2
        big = self.big_blind if self.big_blind is not None else self.small_bet
        return small, big

    @property
    def big_blind_amount(self) -> int:
        return self.blinds[1]

    @staticmethod
    def small_blind_seat(game: Game) -> int:
        """Left of the button; heads-up the button itself. The big blind sits next to it."""
        return game.button if game.seats == 2 else (game.button + 1) % game.seats

    def post_forced(self, game: Game) -> None:
        small, big = self.blinds
        sb = self.small_blind_seat(game)
        for seat, blind in ((sb, small), ((sb + 1) % game.seats, big)):
            game._post(seat, blind, "post")

    def opener(self, game: Game) -> int:
        """Betting starts after this seat: the big blind before the first draw, else the button."""
        if game.round_index == 0:
            return (self.small_blind_seat(game) + 1) % game.seats
        return game.button

    def draw_starts_after(self, game: Game) -> int:
        return game.button

    def draw_cap(self, draw_index: int) -> int:
        return 4

    def options(self, game: Game, seat: int, current: int, raises: int) -> list[Action]:
        to_call = current - game.round_bets[seat]
        stack = game.stacks[seat]
        actions = (
            [Action("fold"), Action("call", min(to_call, stack))] if to_call else [Action("check")]
        )
        kind = "raise" if current else "bet"
        if stack <= to_call or not _someone_can_call(game, seat):
            return actions
        if self.structure == "fixed-limit":
            if len(game.in_hand()) <= 2 or raises < 1 + self.max_raises:
                actions.append(Action(kind, min(to_call + self.bet_size(game.round_index), stack)))
            return actions
        least = to_call + max(game._raise_size, self.blinds[1], 1)
        pot_limit = max(2 * to_call + game.pot, least)  # the pot after calling, or the least
        most = min(stack, pot_limit if self.structure == "pot-limit" else stack)
        actions.append(Action(kind, min(least, most), max_amount=most))
        return actions

    def counts_as_raise(self, game: Game, seat: int, raised_by: int) -> bool:
        return raised_by >= self.bet_size(game.round_index)


def _check_chips(name: str, value: object, least: int, optional: bool = False) -> None:
    if value is None and optional:
        return
    whole(name, value, least)


def _someone_can_call(game: Game, seat: int) -> bool:
    """A bet or raise needs another player in the hand with chips behind to answer it."""
    return any(game.stacks[p] > 0 for p in game.in_hand() if p != seat)


KO_ACTIONS = {
    "삥": "bbing", "체크": "check", "콜": "call", "따당": "ttadang",
    "쿼터": "quarter", "하프": "half", "풀": "full", "다이": "die",
}  # fmt: skip
KO_NAMES = {english: korean for korean, english in KO_ACTIONS.items()}
# Every action that bets or raises, casino and Korean (삥, 따당, 쿼터, 하프, 풀).
BET_KINDS = ("bet", "raise", "bbing", "ttadang", "quarter", "half", "full")


@dataclass(frozen=True)
class KoreanRules:
    """The Korean room rules (seed 001). Every player antes ``ante`` (기본 앤티); 선 (the first
    to act, left of the button unless the game says otherwise) opens each round and draws first.
    With C the amount to call and P the pot after that call: 삥 bets the ante (선 only, as the
    round's first action), 체크 (선 only, no bet yet), 콜 puts in C, 따당 C plus the previous bet
    (doubling it), 쿼터 C + P/4, 하프 C + P/2, 풀 C + P (when ``allow_full``), 다이 folds.
    Amounts round down to ``chip``. ``cutting`` caps the cards exchanged at 아침, 점심, 저녁
    (3-2-1 or 3-3-3); ``cutting_type`` "simultaneous" (동시에: everyone chooses, then the
    exchanges are dealt in turn) or "in_turn" (순서대로). ``max_raises`` caps raises per round.
    Simplification: if 선 has folded or is all-in, nobody may 삥 or 체크; the others 콜 for
    nothing instead."""

    ante: int = 1
    chip: int = 1
    cutting: tuple[int, int, int] = (3, 2, 1)
    cutting_type: str = "simultaneous"
    allow_full: bool = False
    max_raises: int | None = None

    def __post_init__(self) -> None:
        if self.cutting_type not in ("simultaneous", "in_turn"):
            raise ValueError(
                f"cutting_type is 'simultaneous' or 'in_turn', not {self.cutting_type!r}"
            )
        if len(self.cutting) != 3 or any(not 0 <= c <= 4 for c in self.cutting):
            raise ValueError(
                f"cutting is three limits of 0..4 cards, e.g. (3, 2, 1), not {self.cutting}"
            )
        _check_chips("ante", self.ante, least=1)
        _check_chips("chip", self.chip, least=1)
        _check_chips("max_raises", self.max_raises, least=0, optional=True)

    burn = False  # the Korean rooms deal without burn cards

    @property
    def simultaneous_draws(self) -> bool:
        return self.cutting_type == "simultaneous"

    @property
    def big_blind_amount(self) -> int:
        return self.ante

    def post_forced(self, game: Game) -> None:
        for seat in range(game.seats):
            game._post(seat, self.ante, "ante")

    def opener(self, game: Game) -> int:
        return (game.first - 1) % game.seats

    def draw_starts_after(self, game: Game) -> int:
        return (game.first - 1) % game.seats

    def draw_cap(self, draw_index: int) -> int:
        return self.cutting[draw_index]

    def options(self, game: Game, seat: int, current: int, raises: int) -> list[Action]:
        to_call = current - game.round_bets[seat]
        stack = game.stacks[seat]
        first_action = not any(e.kind not in ("ante", "deal", "post") for e in game._round_events())
        actions = [Action("die")]
        if current == 0 and seat == game.first and first_action:
            actions += [Action("bbing", min(self.ante, stack)), Action("check")]
        else:
            actions.append(Action("call", min(to_call, stack)))
        if self.max_raises is not None and raises >= self.max_raises:
            return actions
        if not _someone_can_call(game, seat):
            return actions
        pot_after_call = game.pot + to_call
        raises_to = {
            "ttadang": to_call + game._last_bet if current else 0,
            "quarter": to_call + pot_after_call // 4,
            "half": to_call + pot_after_call // 2,
            "full": to_call + pot_after_call if self.allow_full else 0,
        }
        for kind, amount in raises_to.items():
            amount -= amount % self.chip
            if amount > to_call and stack > to_call:
                actions.append(Action(kind, min(amount, stack)))
        return actions

    def counts_as_raise(self, game: Game, seat: int, raised_by: int) -> bool:
        return True


class Phase(StrEnum):
    BETTING = "betting"
    DRAW = "draw"
    DONE = "done"


@dataclass(frozen=True)
class Action:
    """``fold``, ``check``, ``call``, ``bet``, ``raise`` (``amount``: chips this action puts in),
    or ``draw`` (``cards``: the discards, possibly none: standing pat; in ``legal_actions`` its
    ``amount`` is the most cards that may be thrown). Korean rules use their own kinds."""

    kind: str
    amount: int = 0
    cards: tuple[Card, ...] = ()
    max_amount: int = 0  # in legal_actions, pot and no limit: the most this bet may put in

    @classmethod
    def draw(cls, cards: Sequence[CardLike] = ()) -> Action:
        return cls("draw", 0, tuple(DECK[card_id(c)] for c in cards))


@dataclass(frozen=True)
class Event:
    """One line of the history: who did what (``seat`` is None for the dealer)."""

    kind: str  # post, deal, fold, check, call, bet, raise, draw, burn, reshuffle, show, win
    seat: int | None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()


@dataclass(frozen=True)
class View:
    """What one player may see: their own cards, everybody's chips and actions, the number of
    cards each other player drew (not which), and the hands shown at showdown."""

    seat: int
    hand: tuple[Card, ...]
    phase: Phase
    draws_left: int  # draws still to come (during a draw: counting this one)
    stacks: tuple[int, ...]
    pot: int
    to_call: int
    folded: tuple[bool, ...]
    legal: tuple[Action, ...]  # empty unless it is this player's turn
    history: tuple[Event, ...]
    dead: frozenset[Card]  # this player's own discards: known to be out of the stub


@dataclass
class _Round:
    current: int  # the amount to match this round
    raises: int  # bets and raises so far this round (the big blind counts as the bet)
    pending: list[int] = field(default_factory=list)  # seats still to act, in order


class Game:
    """One hand. ``deck`` stacks the cards (top first; the rest follow in random order).
    ``reshuffle``, when given, orders the discards that become the new stub when it runs out
    (in place; the last card is dealt first): replays and the simulations' C streams use it;
    by default they are shuffled at random from ``seed``."""

    def __init__(
        self,
        stacks: Sequence[int],
        rules: Rules | KoreanRules | None = None,
        *,
        button: int = 0,
        first: int | None = None,
        deck: Sequence[CardLike] | None = None,
        seed: int | None = None,
        reshuffle: Callable[[list[Card]], None] | None = None,
    ) -> None:
        if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
            raise ValueError(f"a game has {MIN_SEATS} to {MAX_SEATS} seats, got {len(stacks)}")
        if any(not is_whole(s) or s <= 0 for s in stacks):
            raise ValueError(f"stacks are positive whole numbers of chips, got {list(stacks)}")
        if not 0 <= button < len(stacks):
            raise ValueError(f"button must be a seat 0..{len(stacks) - 1}, got {button}")
        self.rules = rules or Rules()
        self.seats = len(stacks)
        self.button = button
        self.first = (button + 1) % len(stacks) if first is None else first  # 선 (Korean rules)
        if not 0 <= self.first < len(stacks):
            raise ValueError(f"first must be a seat 0..{len(stacks) - 1}, got {first}")
        self.stacks = list(stacks)
        self.starting_stacks = list(stacks)
        self._seed = seed
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
        self._seen: list[list[Event]] = [[] for _ in range(self.seats)]
        self._own_discards: list[frozenset[Card]] = [frozenset()] * self.seats
        self.phase = Phase.BETTING
        self.round_index = 0
        self._round: _Round | None = None
        self._draw_order: list[int] = []
        self._chosen: dict[int, tuple[Card, ...]] = {}  # simultaneous draws not dealt yet
        self._last_bet = 0  # chips the last bet or raise put in (for 따당)
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

    def _record(self, event: Event) -> None:
        """Append to the history and to each player's view of it (others' cards hidden)."""
        self.history.append(event)
        hidden = Event(event.kind, event.seat, event.amount)
        for seat, seen in enumerate(self._seen):
            public = event.seat == seat or event.kind not in ("deal", "draw", "burn")
            seen.append(event if public else hidden)
            if event.kind == "draw" and event.seat == seat:
                self._own_discards[seat] |= frozenset(event.cards)

    def view(self, seat: int) -> View:
        """The game as ``seat`` sees it (what a bot is given)."""
        history = tuple(self._seen[seat])
        own_discards = self._own_discards[seat]
        draws_left = ROUNDS - 1 - self.round_index
        to_call = self._round.current - self.round_bets[seat] if self._round else 0  # none open: 0
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
        )

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
            return [Action("draw", self.rules.draw_cap(self.round_index))]
        assert self._round is not None
        return self.rules.options(self, seat, self._round.current, self._round.raises)

    def act(self, action: Action) -> None:
        """Apply the actor's action. An illegal one raises IllegalActionError, changing nothing."""
        seat = self.actor
        if seat is None:
            raise IllegalActionError("the hand is over")
        if self.phase is Phase.DRAW:
            self._draw(seat, action)
            self._legal = None
            return
        kind = KO_ACTIONS.get(action.kind, action.kind)
        legal = {a.kind: a for a in self.legal_actions()}
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
        if action.kind in ("fold", "die"):
            self.folded[seat] = True
            self.muck.extend(self.hands[seat])
            self.hands[seat] = []
            self._record(Event("fold", seat))
            if len(self.in_hand()) == 1:
                self._award_uncontested()
                return
        elif action.kind == "check":
            self._record(Event("check", seat))
        else:
            self._put_in(seat, action.amount)
            self._record(Event(action.kind, seat, action.amount))
            raised_by = self.round_bets[seat] - round_.current
            if raised_by > 0:  # a bet or raise: everyone else acts again
                round_.raises += self.rules.counts_as_raise(self, seat, raised_by)
                self._raise_size = max(
                    self._raise_size, raised_by
                )  # a short all-in does not lower it
                round_.current = self.round_bets[seat]
                self._last_bet = action.amount
                round_.pending = self._seats_after(seat, lambda p: p != seat and self._can_act(p))
        if not round_.pending:
            self._end_round()

    def _put_in(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        self.round_bets[seat] += amount

    def _can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def _seats_after(self, seat: int, keep: object) -> list[int]:
        order = [(seat + i) % self.seats for i in range(1, self.seats + 1)]
        return [p for p in order if keep(p)]  # type: ignore[operator]

    def _post(self, seat: int, amount: int, kind: str) -> None:
        """A forced bet (blind or ante); a short stack posts what it has."""
        amount = min(amount, self.stacks[seat])
        self._put_in(seat, amount)
        self._record(Event(kind, seat, amount))

    def _round_events(self) -> list[Event]:
        return self.history[self._round_start :]

    def _start_round(self) -> None:
        """Open a betting round; skip it when fewer than two players can still bet."""
        self.phase = Phase.BETTING
        self._round_start = len(self.history)
        if self.round_index == 0 and isinstance(self.rules, Rules):
            current, raises = max(self.round_bets), 1  # the big blind is the opening bet
        else:
            self.round_bets = [0] * self.seats  # antes are not bets
            current, raises = 0, 0
        self._last_bet = current
        self._raise_size = current  # preflop the big blind is the bet to raise
        pending = self._seats_after(self.rules.opener(self), self._can_act)
        self._round = _Round(current, raises, pending)
        bettors = [p for p in self.in_hand() if self.stacks[p] > 0]
        if len(bettors) < 2 and all(self.round_bets[p] >= current for p in bettors):
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
        top = [c if type(c) is Card else DECK[card_id(c)] for c in deck or ()]
        stacked = set(top)
        if len(stacked) != len(top):
            raise ValueError("the stacked deck repeats a card")
        rest = [card for card in DECK if card not in stacked]
        if rest:
            self._shuffle(rest)
        return (top + rest)[::-1]

    def _deal(self) -> None:
        order = [(self.button + i) % self.seats for i in range(1, self.seats + 1)]
        for _ in range(4):
            for seat in order:
                self.hands[seat].append(self.stub.pop())
        for seat in order:
            self._record(Event("deal", seat, cards=tuple(self.hands[seat])))

    def _draw(self, seat: int, action: Action) -> None:
        cap = self.rules.draw_cap(self.round_index)
        if action.kind != "draw":
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

    def _next_card(self) -> Card:
        """The top card; when the stub has run out, the discards so far become the stub."""
        if not self.stub:
            self.stub, self.discards = self.discards, []
            self._reshuffle(self.stub)
            self._record(Event("reshuffle", None, len(self.stub)))
        return self.stub.pop()

    def _exchange(self, seat: int, thrown: tuple[Card, ...]) -> None:
        """Deal the replacements (after this draw's burn card, when the rules burn one)."""
        kept = [c for c in self.hands[seat] if c not in thrown]
        if thrown and self._burn_due:
            self._burn_due = False
            burned = self._next_card()
            self.muck.append(burned)
            self._record(Event("burn", None, 1, (burned,)))
        received = [self._next_card() for _ in thrown]
        self.hands[seat] = kept + received
        self.discards.extend(thrown)
        self._record(Event("draw", seat, len(thrown), thrown, tuple(received)))

    # -- the end ------------------------------------------------------------------------------

    def _award_uncontested(self) -> None:
        (winner,) = self.in_hand()
        self.stacks[winner] += self.pot
        self._record(Event("win", winner, self.pot))
        self._finish()

    def _showdown(self) -> None:
        ranks = {p: evaluate(self.hands[p]) for p in self.in_hand()}
        for p in self._seats_after(self.button, lambda q: q in ranks):
            self._record(Event("show", p, ranks[p], tuple(self.hands[p])))
        order = self._seats_after(self.button, lambda p: True)
        for amount, eligible in self._pots():
            best = min(ranks[p] for p in eligible)
            winners = [p for p in order if p in eligible and ranks[p] == best]
            share, odd = divmod(amount, len(winners))
            for i, p in enumerate(winners):  # odd chips to the first winners left of the button
                won = share + (1 if i < odd else 0)
                self.stacks[p] += won
                self._record(Event("win", p, won))
        self._finish()

    def _pots(self) -> list[tuple[int, set[int]]]:
        """Main pot and side pots: (amount, seats that may win it)."""
        left = list(self.committed)
        pots: list[tuple[int, set[int]]] = []
        while any(left):
            live = [left[p] for p in self.in_hand() if left[p] > 0]
            level = min(live) if live else max(left)
            amount = sum(min(c, level) for c in left)
            eligible = {p for p in self.in_hand() if left[p] > 0}
            left = [max(c - level, 0) for c in left]
            if eligible:
                pots.append((amount, eligible))
            else:  # only folded chips left: they join the last pot
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        return pots

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self._round = None
        self._draw_order = []
        self.committed = [0] * self.seats
        self.round_bets = [0] * self.seats
