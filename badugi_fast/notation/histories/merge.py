"""Merge Network Badugi histories (XML, one ``<game>`` per hand; the game and its stakes in a
``<description>`` before them).

The XML is read with the standard library's expat, fed a line at a time (a long line in pieces
of ``detect.MAX_LINE`` characters: a whole file may be one line), and nothing is ever
expanded or fetched: a document type declaration (where entities are declared) is refused,
so is any entity but XML's five, and elements nest at most ``MAX_DEPTH`` deep. Seats are the
``seat`` numbers, the button the ``dealer``; ``DRAW`` events give the count, the hero's
``cards`` (``HOLE``, then ``DRAW_DRAWN_CARDS``: the whole hand after each draw) the cards.
Whether an amount is the increment or the round's total is not written: the replay tries the
increment first and the total when the increment is not legal. The rake is not written: the
replay takes it as what the pots leave after the winners' amounts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from xml.parsers import expat

from .detect import MAX_LINE
from .lines import NOT_TEXT, NOT_TEXT_REASON, Line, Unsupported, cards, money, structure_of
from .model import HandRecord, ImportedHand, LineProblem, Post, Seat, Step, seat_range
from .replay import import_hand

START = re.compile(r"\s*<")
MAX_DEPTH = 8  # session > game > round > event is four deep
MAX_ELEMENTS = 5_000  # in one game: a Badugi hand has well under a hundred
_ROOT = "merge-histories"
_STAKES = re.compile(r"(?P<game>.*?) ?\((?P<sb>\$?[0-9.,]+)/(?P<bb>\$?[0-9.,]+)\)")
_ROUNDS = {
    "PRE_FIRST_DRAW": (0, False),
    "FIRST_DRAW": (1, True),
    "POST_FIRST_DRAW": (1, False),
    "SECOND_DRAW": (2, True),
    "POST_SECOND_DRAW": (2, False),
    "THIRD_DRAW": (3, True),
    "POST_THIRD_DRAW": (3, False),
}
_END_ROUNDS = ("SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME")
_BETS = {"CHECK": "check", "BET": "bet", "CALL": "call", "RAISE": "raise", "FOLD": "fold"}
_POSTS = {"SMALL_BLIND": "small", "BIG_BLIND": "big", "ANTE": "ante"}


class Refused(ValueError):
    """XML the reader will not read (a DTD, an entity, nesting too deep)."""


class _Game:
    """One ``<game>`` as it is read: its hand record, or the first problem found in it."""

    def __init__(self, attrs: dict[str, str], line: int, description: dict[str, str]) -> None:
        self.line = line
        self.problem: str | None = None
        self.elements = 0
        self.record = HandRecord(
            "merge", attrs.get("id", ""), line, f"<game id={attrs.get('id')!r}>"
        )
        self.round: tuple[int, bool] | None = None  # (round, drawing); None: blinds or the end
        self.blinds = True
        self.hero_hand: tuple[str, ...] | None = None
        self.scale = 100 if attrs.get("realmoney", "true") == "true" else 1
        stamp = attrs.get("starttime", "")
        if re.fullmatch(r"[0-9]{14}", stamp):
            self.record.date = f"{stamp[:4]}/{stamp[4:6]}/{stamp[6:8]}"
            self.record.time = f"{stamp[8:10]}:{stamp[10:12]}:{stamp[12:14]}"
        if attrs.get("numholecards", "4") != "4":
            raise Unsupported(f"{attrs.get('numholecards')} hole cards: not Badugi")
        self.describe(description, line)

    def describe(self, description: dict[str, str], line: int) -> None:
        kind, stakes = description.get("type", ""), description.get("stakes", "")
        match = _STAKES.fullmatch(stakes)
        if not description or match is None:
            raise LineProblem(line, stakes, "no <description> with the game's stakes before it")
        record = self.record
        record.structure = structure_of(f"{match['game']} {kind}")
        record.small_bet = self.amount(match["sb"], line, stakes)
        record.big_bet = self.amount(match["bb"], line, stakes)
        record.currency = "USD" if self.scale == 100 else None
        record.rake = None

    def amount(self, text: str, line: int, whole: str) -> int:
        return money(text, self.scale, line, whole)

    def seat_name(self, attrs: dict[str, str], line: int, whole: str) -> str:
        seat = attrs.get("player", "")
        for s in self.record.seats:
            if str(s.number) == seat:
                return s.name
        raise LineProblem(line, whole, f"player {seat!r} is not a seat dealt in")

    def element(self, name: str, attrs: dict[str, str], line: int) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise LineProblem(line, name, f"a game of more than {MAX_ELEMENTS} elements")
        whole = "<" + name + "".join(f' {k}="{v}"' for k, v in attrs.items()) + ">"
        handler = {
            "players": self.players,
            "player": self.player,
            "round": self.round_starts,
            "event": self.event,
            "cards": self.cards,
            "winner": self.winner,
        }.get(name)
        if handler is None:
            raise LineProblem(line, whole, f"an element the importer does not know: <{name}>")
        handler(attrs, line, whole)

    def players(self, attrs: dict[str, str], line: int, whole: str) -> None:
        if not attrs.get("dealer", "").isdigit():
            raise LineProblem(line, whole, "the dealer is not a seat number")
        self.record.button = int(attrs["dealer"])

    def player(self, attrs: dict[str, str], line: int, whole: str) -> None:
        seat, name = attrs.get("seat", ""), attrs.get("nickname", "")
        if not seat.isdigit() or not name:
            raise LineProblem(line, whole, "a player needs a seat number and a nickname")
        if NOT_TEXT.search(name):
            raise LineProblem(line, whole, NOT_TEXT_REASON)
        if int(seat) not in seat_range("merge", None):
            raise LineProblem(line, whole, f"seat {seat} is not a seat of the table (0 to 9)")
        if attrs.get("dealtin", "true") != "true":
            return
        stack = self.amount(attrs.get("balance", ""), line, whole)
        if any(s.number == int(seat) or s.name == name for s in self.record.seats):
            raise LineProblem(line, whole, "a seat or a name listed twice")
        self.record.seats.append(Seat(int(seat), name, stack))
        self.record.seats.sort(key=lambda s: s.number)

    def round_starts(self, attrs: dict[str, str], line: int, whole: str) -> None:
        name = attrs.get("id", "")
        if name == "BLINDS":
            self.round = None
        elif name in _ROUNDS:
            self.round, self.blinds = _ROUNDS[name], False
        elif name in _END_ROUNDS:
            self.round, self.blinds = None, False
        else:
            raise LineProblem(line, whole, f"a round the importer does not know: {name!r}")

    def event(self, attrs: dict[str, str], line: int, whole: str) -> None:
        kind = attrs.get("type", "")
        name = self.seat_name(attrs, line, whole)
        record = self.record
        if kind in _POSTS and self.blinds:
            amount = self.amount(attrs.get("amount", ""), line, whole)
            record.posts.append(Post(line, name, _POSTS[kind], amount))
        elif kind in _BETS and self.round is not None and not self.round[1]:
            amount = self.amount(attrs["amount"], line, whole) if "amount" in attrs else 0
            total = None if kind in ("CALL", "RAISE") else False
            record.steps.append(Step(line, name, _BETS[kind], amount, total, round=self.round[0]))
        elif kind == "DRAW" and self.round is not None and self.round[1]:
            count = attrs.get("text", "")
            if count not in ("0", "1", "2", "3", "4"):
                raise LineProblem(line, whole, "a draw of 0 to 4 cards")
            step = Step(line, name, "draw", count=int(count), round=self.round[0])
            step.cards = () if step.count == 0 else None
            record.steps.append(step)
        elif kind == "MUCK" and self.round is None and not self.blinds:
            record.mucked.add(name)
        elif kind == "SHOW" and self.round is None and not self.blinds:
            pass  # the cards come in a <cards> element
        else:
            raise LineProblem(line, whole, f"an event the importer does not know here: {kind!r}")

    def cards(self, attrs: dict[str, str], line: int, whole: str) -> None:
        name = self.seat_name(attrs, line, whole)
        held = cards(attrs.get("cards", "").replace(",", " "), line, whole)
        if len(held) != 4:
            raise LineProblem(line, whole, "a hand of four cards")
        kind, record = attrs.get("type", ""), self.record
        if kind == "HOLE" and record.hero in (None, name) and record.hero_cards is None:
            record.hero, record.hero_cards, self.hero_hand = name, held, held
        elif kind == "DRAW_DRAWN_CARDS" and name == record.hero and self.hero_hand is not None:
            self.hero_draw(held, name, line, whole)
        elif kind in ("SHOWN", "SHOW") and self.round is None and not self.blinds:
            record.shown[name] = held
            if attrs.get("hand"):
                record.labels[name] = attrs["hand"]
        else:
            raise LineProblem(line, whole, f"cards the importer does not know here: {kind!r}")

    def hero_draw(self, held: tuple[str, ...], name: str, line: int, whole: str) -> None:
        """The hero's hand after a draw: its draw threw what it no longer holds."""
        assert self.hero_hand is not None
        draws = [s for s in self.record.steps if s.kind == "draw" and s.name == name]
        if not draws or draws[-1].received is not None or self.round is None:
            raise LineProblem(line, whole, "the hero's cards after a draw it did not make")
        draw = draws[-1]
        thrown = tuple(c for c in self.hero_hand if c not in held)
        new = tuple(c for c in held if c not in self.hero_hand)
        if len(thrown) != draw.count or len(new) != draw.count:
            raise LineProblem(line, whole, f"the hero drew {draw.count} cards, not {len(new)}")
        draw.cards, draw.received = thrown, new
        self.hero_hand = held

    def winner(self, attrs: dict[str, str], line: int, whole: str) -> None:
        name = self.seat_name(attrs, line, whole)
        amount = self.amount(attrs.get("amount", ""), line, whole)
        pot = self.record.returned if attrs.get("uncalled") == "true" else self.record.collected
        pot[name] = pot.get(name, 0) + amount


class _Reader:
    """expat's handlers: the games read so far, and the problems outside any game."""

    def __init__(self, name: str, offset: int) -> None:
        self.name = name
        self.offset = offset
        self.parser = expat.ParserCreate()
        parser = self.parser
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartDoctypeDeclHandler = self.refuse_dtd
        parser.EntityDeclHandler = self.refuse_entity
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        self.depth = 0
        self.description: dict[str, str] = {}
        self.game: _Game | None = None
        self.done: list[ImportedHand] = []

    @property
    def line(self) -> int:
        return int(self.parser.CurrentLineNumber) + self.offset

    def refuse_dtd(self, *args: object) -> None:
        raise Refused("a document type declaration (DTD): refused, as it may declare entities")

    def refuse_entity(self, *args: object) -> None:
        raise Refused("an entity declaration: refused, entities are never expanded")

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Refused(f"elements nested more than {MAX_DEPTH} deep")
        if name == "game":
            self.start_game(attrs)
        elif name == "description":
            self.description = dict(attrs)
        elif self.game is not None and self.game.problem is None:
            try:
                self.game.element(name, attrs, self.line)
            except (LineProblem, Unsupported) as problem:
                self.game.problem = f"{self.name}:{problem}"

    def start_game(self, attrs: dict[str, str]) -> None:
        if self.game is not None:
            raise Refused("a <game> inside a <game>")
        try:
            self.game = _Game(attrs, self.line, self.description)
        except Unsupported as reason:
            self.game = _Game.__new__(_Game)
            self.game.line, self.game.record = (
                self.line,
                HandRecord("merge", attrs.get("id", ""), 0, ""),
            )
            self.game.problem = f"{self.name}:line {self.line}: skipped: {reason}"
        except LineProblem as problem:
            self.game = _Game.__new__(_Game)
            self.game.line, self.game.record = (
                self.line,
                HandRecord("merge", attrs.get("id", ""), 0, ""),
            )
            self.game.problem = f"{self.name}:{problem}"

    def end(self, name: str) -> None:
        self.depth -= 1
        if name != "game" or self.game is None:
            return
        game, self.game = self.game, None
        if game.problem is not None:
            hand_id = game.record.hand_id or None
            where = (self.name, game.line)
            self.done.append(ImportedHand("merge", hand_id, where, problems=[game.problem]))
        else:
            self.done.append(import_hand(game.record, self.name))


def read(name: str, first: Line, lines: Iterator[Line]) -> Iterator[ImportedHand]:
    """Every ``<game>`` of a Merge file as an ImportedHand; XML that cannot be read ends the
    file with one problem naming its line (the games before it are kept)."""
    number, text = first
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)
    reader = _Reader(name, number - 1)
    try:
        reader.parser.Parse(f"<{_ROOT}>" + _piece(text), False)
        yield from _drain(reader)
        for _, text in lines:
            reader.parser.Parse(_piece(text), False)
            yield from _drain(reader)
        reader.parser.Parse(f"</{_ROOT}>", True)
        yield from _drain(reader)
    except (expat.ExpatError, Refused) as error:
        yield from _drain(reader)
        reason = expat.ErrorString(error.code) if isinstance(error, expat.ExpatError) else error
        open_game = reader.game
        yield ImportedHand(
            "merge",
            open_game.record.hand_id or None if open_game else None,
            (name, reader.line),
            problems=[f"{name}:line {reader.line}: XML the importer cannot read: {reason}"],
        )


def _piece(text: str) -> str:
    """A line, or a piece of a long one (detect.lines_of's ``pieces``: one of MAX_LINE
    characters goes on), as the parser is fed it: its line end put back."""
    return text if len(text) == MAX_LINE else text + "\n"


def _drain(reader: _Reader) -> Iterator[ImportedHand]:
    done, reader.done = reader.done, []
    yield from done


__all__ = ["MAX_DEPTH", "START", "read"]
