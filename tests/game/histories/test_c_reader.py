"""The C reader of PokerStars histories (histories/fast.py over csrc/game/history.c) against the
Python importer, its specification: every fixture, hands of random play written as PokerStars
writes them, and both mutated at random, import to the same ``ImportedHand`` either way (every
field, the problems, the PHH text) and, when asked for, the same replayed ``Game``; the C
reader imports the clean PokerStars hands itself and gives every other hand back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.games import random_game

from badugi_fast.game import Event, Game, Rules
from badugi_fast.game.histories import ImportedHand, read_histories, reader
from badugi_fast.hands.hand import describe

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ["Kim", "Hero", "Lee Park", "Dr: Who", "O'Neil", 'Q"uote', "x\\y", "Oh"]


def _both(source: object) -> tuple[list[ImportedHand], list[ImportedHand]]:
    try:
        reader.C_READER = True
        through_c = list(read_histories(source))  # type: ignore[arg-type]
        reader.C_READER = False
        in_python = list(read_histories(source))  # type: ignore[arg-type]
    finally:
        reader.C_READER = True
    return through_c, in_python


def _read_in_c(hand: ImportedHand) -> bool:
    return hand._lazy is not None  # imported by the C reader, its game not made yet


def _assert_same(through_c: list[ImportedHand], in_python: list[ImportedHand]) -> None:
    assert through_c == in_python
    for fast, slow in zip(through_c, in_python, strict=True):
        if _read_in_c(fast):
            game, again = fast.game, slow.game
            assert game is not None and again is not None
            assert game.history == again.history and game.stacks == again.stacks
            assert fast.record == slow.record


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir()))
def test_every_fixture_imports_the_same_through_the_c_reader_and_in_python(name: str) -> None:
    _assert_same(*_both(FIXTURES / name))


def test_the_c_reader_imports_every_clean_pokerstars_badugi_fixture_hand_itself() -> None:
    hands = []
    for name in ("pokerstars_cash.txt", "pokerstars_tournament.txt", "pokerstars_features.txt"):
        hands += list(read_histories(FIXTURES / name))
    fast = [h.hand_id for h in hands if _read_in_c(h)]
    given_back = [h.hand_id for h in hands if not _read_in_c(h)]
    assert len(fast) == 6 and given_back == ["10000000007"]  # the 2-7 triple draw hand


def test_a_hand_read_in_c_replays_its_game_only_when_asked() -> None:
    (hand,) = read_histories(FIXTURES / "pokerstars_cash.txt")
    assert hand.imported and _read_in_c(hand)
    assert hand.game is not None and hand.game.done and not _read_in_c(hand)
    assert hand.record is not None and hand.record.hand_id == hand.hand_id


# -- hands of random play, written as PokerStars writes them ----------------------------------


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
        structure = {"fixed-limit": "Limit", "pot-limit": "Pot Limit"}[rules.structure]
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
]


def played_file(seed: int, hands: int) -> str:
    rng = random.Random(seed)
    texts = []
    for k in range(hands):
        game = random_game(seed * 1000 + k, rng.randint(2, 6), rng.choice(RULES))
        texts.append(pokerstars_text(game, 10**9 + seed * 1000 + k, rng))
    return "\n\n".join(texts)


def test_hands_of_random_play_import_the_same_and_mostly_in_c() -> None:
    through_c, in_python = _both(played_file(1, 300))
    read_in_c = sum(map(_read_in_c, through_c))
    _assert_same(through_c, in_python)
    imported = [h for h in in_python if h.imported]
    assert len(imported) > 250
    assert read_in_c >= 0.9 * len(imported)


# -- mutations --------------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


TOKENS = [
    b"$0.25", b"$0", b"1,285", b"As", b"Kd", b"??", b"Hero", b"Kim", b": ", b" [", b"]",
    b"folds", b"calls", b"raises $0.25 to", b"*** ", b"PokerStars Game #", b"\r", b"\t",
    b"\xc3\xa9", b"and is all-in", b" (Badugi: 8,4,3,A)", b"Seat 1: ", b"collected",
]  # fmt: skip


@st.composite
def mutated_pokerstars(draw: st.DrawFn) -> bytes:
    """PokerStars text (the fixtures or random play) with lines dropped, repeated, swapped or
    edited, tokens swapped in, digits changed, line ends changed."""
    if draw(st.booleans()):
        data = played_file(draw(st.integers(0, 10_000)), draw(st.integers(1, 4))).encode()
    else:
        name = draw(st.sampled_from(["pokerstars_cash.txt", "pokerstars_features.txt",
                                     "pokerstars_tournament.txt"]))  # fmt: skip
        data = (FIXTURES / name).read_bytes()
    lines = _lines(data)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "token", "digit", "cut", "text"]))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, line)
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "token":
            at = draw(st.integers(0, len(line)))
            cut = draw(st.integers(0, 6))
            lines[i] = line[:at] + draw(st.sampled_from(TOKENS)) + line[at + cut :]
        elif kind == "digit":
            digits = [k for k, c in enumerate(line) if 48 <= c <= 57]
            if digits:
                k = draw(st.sampled_from(digits))
                lines[i] = line[:k] + str(draw(st.integers(0, 9))).encode() + line[k + 1 :]
        elif kind == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        else:
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.text(max_size=6)).encode() + line[at:]
        if not lines:
            lines = [b""]
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return end.join(lines)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_pokerstars(), st.sampled_from(["bytes", "text"]))
def test_a_mutated_pokerstars_file_imports_the_same_through_the_c_reader(
    data: bytes, form: str
) -> None:
    source: object = data if form == "bytes" else data.decode("utf-8", "replace")
    if isinstance(source, str) and "\n" not in source and "\r" not in source:
        source = source + "\n"  # a str without a line end would be a path
    _assert_same(*_both(source))


def _chunks(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), size):
        yield text[start : start + size]


class _Chunked:
    """A text file read a few characters at a time (every hand boundary falls somewhere)."""

    def __init__(self, text: str, size: int) -> None:
        self.parts = _chunks(text, size)
        self.name = "chunked.txt"

    def read(self, size: int = -1) -> str:
        return next(self.parts, "") if size else ""


@pytest.mark.parametrize("size", [1, 7, 17, 64, 1000])
def test_the_c_reader_reads_a_file_given_a_few_characters_at_a_time(size: int) -> None:
    text = played_file(7, 20).replace("\n", "\r\n")
    whole = list(read_histories(text))
    parts = list(read_histories(_Chunked(text, size)))  # type: ignore[arg-type]
    assert [h.phh and h.phh.replace("chunked.txt", "<text>") for h in parts] == [
        h.phh for h in whole
    ]
    assert [h.problems for h in parts] == [h.problems for h in whole]
    assert sum(map(_read_in_c, parts)) == sum(map(_read_in_c, whole)) > 0
