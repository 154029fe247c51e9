"""Hands of random play (support.games.random_game) written as PokerStars writes them, for the
tests of the history importers: the hero's cards known, the others' as they show them, now and
then a winner who does not show or a line of chat; names with colons, quotes, backslashes,
Hangul, accents, a no-break space and a character outside the Basic Multilingual Plane."""

from __future__ import annotations

import random

from badugi_fast.game import Event, Game, Rules
from badugi_fast.hands.hand import describe
from support.games import random_game

NAMES = ["Kim", "Hero", "Lee Park", "Dr: Who", "O'Neil", 'Q"uote', "x\\y", "Oh", "김철수", "Müller",
         "\u00a0pad", "🂡 ace"]  # fmt: skip


def _money(amount: int, cash: bool) -> str:
    if not cash:
        return f"{amount:,}"
    dollars, cents = divmod(amount, 100)
    return f"${dollars}" if not cents and amount % 7 else f"${dollars}.{cents:02d}"


def _label(cards: tuple[object, ...]) -> str:
    hand = describe(" ".join(map(str, cards)))
    kind = "Badugi" if hand.size == 4 else f"{hand.size}-card"
    return f"{kind}: " + ",".join(str(c)[0] for c in hand.cards)


class _Writer:
    """``game`` (all its cards known) as a PokerStars hand: the hero's cards, the others' as
    they show them; now and then a winner who does not show, or a line of chat."""

    def __init__(self, game: Game, number: int, rng: random.Random) -> None:
        self.game, self.rng, n = game, rng, game.seats
        self.cash = rng.random() < 0.5
        self.names = rng.sample(NAMES, n)
        self.numbers = sorted(rng.sample(range(1, 10), n))
        self.hero = rng.randrange(n)
        self.stacks = list(game.starting_stacks)
        self.bets, self.current, self.draws_seen, self.drawn = [0] * n, 0, 0, [0] * n
        self.won, self.hidden_winners = [0] * n, set[int]()
        self.blinds = iter(["small blind", "big blind"])
        rules = game.rules
        assert isinstance(rules, Rules)
        structure = {"fixed-limit": "Limit", "pot-limit": "Pot Limit", "no-limit": "No Limit",
                     "half-pot-limit": "Half Pot Limit"}[rules.structure]  # fmt: skip
        stakes = f"{self.money(rules.bet_size(0))}/{self.money(rules.bet_size(2))}"
        when = "2010/09/05 10:32:15 ET"
        if self.cash:
            head = f"PokerStars Game #{number}:  Badugi {structure} ({stakes} USD) - {when}"
        else:
            head = (f"PokerStars Hand #{number}: Tournament #77, $2.00+$0.20 USD Badugi "
                    f"{structure} - Level IV ({stakes}) - {when}")  # fmt: skip
        button = self.numbers[game.button]
        self.lines = [head, f"Table 'Alpha {number % 9}' 9-max Seat #{button} is the button"]
        for s in range(n):
            chips = self.money(game.starting_stacks[s])
            self.lines.append(f"Seat {self.numbers[s]}: {self.names[s]} ({chips} in chips)")

    def money(self, amount: int) -> str:
        return _money(amount, self.cash)

    def text(self) -> str:
        game = self.game
        for event in game.history:
            self.event(event)
            if self.rng.random() < 0.03:
                self.lines.append(f'{self.rng.choice(self.names)} said, "nh: folds"')
        put_in = sum(
            game.starting_stacks[s] - game.stacks[s] + self.won[s] for s in range(game.seats)
        )
        self.lines += ["*** SUMMARY ***", f"Total pot {self.money(put_in)} | Rake {self.money(0)}"]
        self.lines += [f"Seat {self.numbers[s]}: {self.names[s]} showed and won"
                       for s in sorted(self.hidden_winners)]  # fmt: skip
        return "\n".join(self.lines) + "\n"

    def event(self, event: Event) -> None:
        kind, s = event.kind, event.seat
        if s is None:
            return
        name = self.names[s]
        if kind in ("post", "ante"):
            what = "the ante" if kind == "ante" else next(self.blinds)
            self.lines.append(f"{name}: posts {what} {self.money(event.amount)}")
            self.stacks[s] -= event.amount
            if kind == "post":
                self.bets[s] += event.amount
                self.current = max(self.current, self.bets[s])
        elif kind == "deal":
            if "*** DEALING HANDS ***" not in self.lines:
                self.lines.append("*** DEALING HANDS ***")
            if s == self.hero:
                self.lines.append(f"Dealt to {name} [{' '.join(map(str, event.cards))}]")
        elif kind in ("fold", "check", "call", "bet", "raise"):
            self.bet(event, name)
        elif kind == "draw":
            self.draw(event, name)
        elif kind in ("show", "muck"):
            self.showdown(event, name)
        elif kind == "win":
            self.won[s] += event.amount
            self.lines.append(f"{name} collected {self.money(event.amount)} from pot")

    def bet(self, event: Event, name: str) -> None:
        s = event.seat
        assert s is not None
        self.stacks[s] -= event.amount
        allin = " and is all-in" if self.stacks[s] == 0 and event.amount else ""
        if event.kind in ("fold", "check"):
            self.lines.append(f"{name}: {event.kind}s")
        elif event.kind == "call":
            self.bets[s] += event.amount
            self.lines.append(f"{name}: calls {self.money(event.amount)}{allin}")
        else:
            total = self.bets[s] + event.amount
            if self.current == 0:
                self.lines.append(f"{name}: bets {self.money(total)}{allin}")
            else:
                by = f"{self.money(total - self.current)} to {self.money(total)}"
                self.lines.append(f"{name}: raises {by}{allin}")
            self.bets[s], self.current = total, total

    def draw(self, event: Event, name: str) -> None:
        s = event.seat
        assert s is not None
        self.drawn[s] += 1
        if self.drawn[s] > self.draws_seen:
            self.draws_seen = self.drawn[s]
            self.lines.append(f"*** {['FIRST', 'SECOND', 'THIRD'][self.draws_seen - 1]} DRAW ***")
            self.bets, self.current = [0] * self.game.seats, 0
        count = event.amount
        if count == 0:
            self.lines.append(f"{name}: stands pat")
            return
        word = "card" if count == 1 else "cards"
        named = f" [{' '.join(map(str, event.cards))}]" if s == self.hero else ""
        self.lines.append(f"{name}: discards {count} {word}{named}")
        if s == self.hero:
            kept = " ".join(
                str(c) for c in game_hand_before(self.game, event) if c not in event.cards
            )
            new = " ".join(map(str, event.received))
            older = self.rng.random() < 0.5
            self.lines.append(
                f"Dealt to {name} [{kept}] [{new}]" if older else f"Dealt to {name} [{new}]"
            )

    def showdown(self, event: Event, name: str) -> None:
        s = event.seat
        assert s is not None
        if "*** SHOW DOWN ***" not in self.lines:
            self.lines.append("*** SHOW DOWN ***")
        if event.kind == "muck":
            self.lines.append(f"{name}: mucks hand")
        elif s != self.hero and self.rng.random() < 0.15 and _wins(self.game, s):
            self.hidden_winners.add(s)
            self.lines.append(f"{name}: doesn't show hand")
        else:
            cards = " ".join(map(str, event.cards))
            self.lines.append(f"{name}: shows [{cards}] ({_label(event.cards)})")


def pokerstars_text(game: Game, number: int, rng: random.Random) -> str:
    return _Writer(game, number, rng).text()


def game_hand_before(game: Game, draw: object) -> list[object]:
    """The drawing seat's hand just before ``draw`` (an event of ``game.history``)."""
    seat = draw.seat  # type: ignore[attr-defined]
    hand: list[object] = []
    for event in game.history:
        if event is draw:
            return hand
        if event.seat == seat and event.kind == "deal":
            hand = list(event.cards)
        elif event.seat == seat and event.kind == "draw":
            hand = [c for c in hand if c not in event.cards] + list(event.received)
    raise AssertionError("the draw is not in the history")


def _wins(game: Game, seat: int) -> bool:
    return any(e.kind == "win" and e.seat == seat for e in game.history)


RULES = [
    Rules(small_bet=2),
    Rules(small_bet=4, big_bet=8, small_blind=1, big_blind=2),
    Rules(small_bet=2, ante=1),
    Rules(small_bet=2, small_blind=0, big_blind=0, ante=1),
    Rules(small_bet=2, structure="pot-limit"),
    Rules(small_bet=2, structure="no-limit"),
    Rules(small_bet=2, structure="half-pot-limit", ante=1),
    Rules(small_bet=20, big_bet=40, small_blind=10, big_blind=20),  # all-ins, short blinds
    Rules(small_bet=10, structure="no-limit", ante=5),
]


def played_file(seed: int, hands: int) -> str:
    rng = random.Random(seed)
    texts = []
    for k in range(hands):
        game = random_game(seed * 1000 + k, rng.randint(2, 6), rng.choice(RULES))
        texts.append(pokerstars_text(game, 10**9 + seed * 1000 + k, rng))
    return "\n\n".join(texts)
