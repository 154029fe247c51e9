"""KingsClub Badugi histories (text; hands start with ``#ID: GAME - SB/BB``).

Amounts are the room's chips with up to two decimals, read as hundredths. ``calls X`` and
``raises to X`` are the round's totals, ``bets X`` the bet. Unknown cards are ``X``; the hero's
draw is ``NAME discards [..] draws [..]``, everyone else's ``NAME draws N`` (0: stands pat).
The summary gives each seat's final stack and net, the rake and the winners. The room writes
no uncalled-bet line: a winner's amount is read as the whole pot less the rake, an uncalled bet
included, and the final stacks in the summary (checked against the replay) bear that out.
"""

from __future__ import annotations

import re

from .lines import Rule, TextParser, noise, structure_of
from .model import Post, Seat, Step, seat_range

START = re.compile(r"#[0-9]+: ")
_A = r"[0-9][0-9,]*(?:\.[0-9]{1,2})?"
_HEADER = re.compile(rf"#(?P<id>[0-9]+): (?P<game>.+?) - (?P<sb>{_A})/(?P<bb>{_A})")
_STREETS = {
    "1ST BETTING ROUND": (0, False),
    "1ST DRAW": (1, True),
    "2ND BETTING ROUND": (1, False),
    "2ND DRAW": (2, True),
    "3RD BETTING ROUND": (2, False),
    "3RD DRAW": (3, True),
    "4TH BETTING ROUND": (3, False),
}

NOISE = noise([])  # the room's notices are not known: any such line is reported


class KingsClub(TextParser):
    site = "kingsclub"
    NOISE = NOISE

    def header(self, line: int, text: str) -> None:
        match = _HEADER.fullmatch(text)
        if match is None:
            raise self.problem(line, "not a KingsClub hand's first line the importer knows")
        hand = self.hand
        hand.hand_id = match["id"]
        hand.structure = structure_of(match["game"])
        hand.small_bet, hand.big_bet = self.money(match["sb"], line), self.money(match["bb"], line)
        self.drawing = False
        self.summary = False
        hand.finishing = {}

    def patterns(self) -> list[Rule]:
        n = r"(?P<name>.+?)"
        return [
            (re.compile(rf"{n} (?P<verb>folds|checks)"), self.simple),
            (re.compile(rf"{n} (?P<verb>calls|raises to|bets) (?P<a>{_A})"), self.bet),
            (re.compile(rf"{n} draws (?P<count>[0-4])"), self.draws),
            (re.compile(rf"{n} discards \[(?P<cards>[^]]*)\] draws \[(?P<new>[^]]*)\]"),
             self.hero_draws),
            (re.compile(rf"Dealt to {n}: \[(?P<cards>[^]]*)\]"), self.dealt),
            (re.compile(rf"{n} shows \[(?P<cards>[^]]*)\]"), self.shows),
            (re.compile(rf"{n} mucks"), self.mucks),
            (re.compile(r"\*\*\* (?P<street>[0-9A-Z ]+) \*\*\*"), self.street),
            (re.compile(r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}) "
                        r"(?P<time>[0-9]{2}:[0-9]{2}:[0-9]{2})"), self.when),
            (re.compile(r"Table '(?P<table>[^']*)' Seat (?P<button>[0-9]+) is the button"),
             self.table),
            (re.compile(rf"Seat (?P<seat>[0-9]+): {n} \((?P<a>{_A})\)(?: (?P<net>[+-]{_A}))?"),
             self.seat),
            (re.compile(rf"{n}: posts (?:the )?(?P<kind>small blind|big blind|ante) (?P<a>{_A})"),
             self.post),
            (re.compile(rf"Rake (?P<a>{_A})"), self.rake),
            (re.compile(rf"{n} wins (?:main |side )?pot(?: [0-9]+)? \((?P<a>{_A})\)"),
             self.wins),
        ]  # fmt: skip

    def when(self, match: re.Match[str], line: int) -> None:
        self.hand.date, self.hand.time = match["date"], match["time"]

    def table(self, match: re.Match[str], line: int) -> None:
        self.hand.table, self.hand.button = match["table"], int(match["button"])

    def seat(self, match: re.Match[str], line: int) -> None:
        stack = self.money(match["a"], line)
        if self.summary:
            name = match["name"]
            try:
                start = self.hand.seat_of(name).stack
            except KeyError:
                raise self.problem(line, f"{name} is in the summary, not at the table") from None
            net = match["net"]
            if (
                net is None
                or start + (-1 if net[0] == "-" else 1) * self.money(net[1:], line) != stack
            ):
                raise self.problem(line, f"{name}'s net does not take {start} to {stack}")
            assert self.hand.finishing is not None
            self.hand.finishing[name] = stack
        elif match["net"] is not None:
            raise self.problem(line, "a seat with a net before the summary")
        elif int(match["seat"]) not in seat_range(self.site, None):
            raise self.problem(line, f"seat {match['seat']} is not a seat of the table (1 to 10)")
        else:
            self.hand.seats.append(Seat(int(match["seat"]), match["name"], stack))

    def post(self, match: re.Match[str], line: int) -> None:
        kind = {"small blind": "small", "big blind": "big"}.get(match["kind"], "ante")
        self.hand.posts.append(Post(line, match["name"], kind, self.money(match["a"], line)))

    def street(self, match: re.Match[str], line: int) -> None:
        name = match["street"]
        if name == "SUMMARY":
            self.summary = True
            return
        if name not in _STREETS:
            raise self.problem(line, f"a street the importer does not know: {name}")
        self.round, self.drawing = _STREETS[name]

    def act(self, line: int, name: str, kind: str, **what: object) -> None:
        if self.summary:
            raise self.problem(line, "an action after the summary began")
        self.hand.steps.append(Step(line, name, kind, round=self.round, **what))  # type: ignore[arg-type]

    def simple(self, match: re.Match[str], line: int) -> None:
        self.act(line, match["name"], {"folds": "fold", "checks": "check"}[match["verb"]])

    def bet(self, match: re.Match[str], line: int) -> None:
        kind = {"calls": "call", "raises to": "raise", "bets": "bet"}[match["verb"]]
        total = kind != "bet"
        self.act(line, match["name"], kind, amount=self.money(match["a"], line), total=total)

    def draws(self, match: re.Match[str], line: int) -> None:
        if not self.drawing:
            raise self.problem(line, "a draw outside a draw")
        count = int(match["count"])
        self.act(line, match["name"], "draw", count=count, cards=() if not count else None)

    def hero_draws(self, match: re.Match[str], line: int) -> None:
        if not self.drawing:
            raise self.problem(line, "a draw outside a draw")
        thrown, new = self.cards(match["cards"], line), self.cards(match["new"], line)
        if len(thrown) != len(new):
            raise self.problem(line, f"{len(thrown)} cards thrown, {len(new)} drawn")
        self.act(line, match["name"], "draw", count=len(thrown), cards=thrown, received=new)

    def dealt(self, match: re.Match[str], line: int) -> None:
        cards = self.cards(match["cards"], line, unknown="X")
        if len(cards) != 4:
            raise self.problem(line, "a player is dealt four cards")
        if "??" in cards:
            if set(cards) != {"??"}:
                raise self.problem(line, "a hand partly known")
            return
        if self.hand.hero is not None:
            raise self.problem(line, "two hands dealt face up")
        self.hand.hero, self.hand.hero_cards = match["name"], cards

    def shows(self, match: re.Match[str], line: int) -> None:
        cards = self.cards(match["cards"], line)
        if len(cards) != 4:
            raise self.problem(line, f"{match['name']} shows {len(cards)} cards, not four")
        self.hand.shown[match["name"]] = cards

    def mucks(self, match: re.Match[str], line: int) -> None:
        self.hand.mucked.add(match["name"])

    def rake(self, match: re.Match[str], line: int) -> None:
        self.hand.rake = self.money(match["a"], line)

    def wins(self, match: re.Match[str], line: int) -> None:
        name = match["name"]
        self.hand.collected[name] = self.hand.collected.get(name, 0) + self.money(match["a"], line)

    def finish(self) -> None:
        if not self.summary:
            line, text = self.lines[-1]
            self.hand.problems.append(
                f"line {line}: the hand ends before its summary: {text[:200]!r}"
            )
        elif self.hand.finishing is not None and set(self.hand.finishing) != {
            s.name for s in self.hand.seats
        }:
            self.hand.problems.append(
                f"line {self.lines[-1][0]}: the summary does not list every seat"
            )


__all__ = ["START", "KingsClub"]
