"""PokerStars Badugi histories (text; hands start with ``PokerStars Game #`` or, in newer
files, ``PokerStars Hand #``).

Cash games write dollars (read as cents), tournaments and play money whole chips (a cash
game's amounts carry the dollar sign, the others' never); the header's two amounts
are the small and big bet, the blinds are read from the ``posts`` lines. Actions are
``NAME: verb``; ``calls X`` and ``bets X`` put X in, ``raises X to Y`` brings the round's total
to Y. Draws: ``discards N card(s)`` (the hero's with the cards, in older files) or ``stands
pat``, the hero's replacements as ``Dealt to NAME [kept] [new]`` (older) or ``[new]`` (newer).
"""

from __future__ import annotations

import re

from .lines import Rule, TextParser, Unsupported, noise, structure_of
from .model import Post, Seat, Step, seat_range

START = re.compile(r"PokerStars (?:Game|Hand) #")
_A = r"\$?[0-9][0-9,]*(?:\.[0-9]{1,2})?"  # an amount as written
_PRICE = r"(?:\$[0-9][0-9,]*(?:\.[0-9]{1,2})?|[0-9]+ StarsCoin)"  # what a rebuy costs
_WHEN = (
    r"(?P<date>[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
    r" (?P<tz>[A-Z]{1,5})"
)
_CASH = re.compile(
    rf"PokerStars (?:Game|Hand) #(?P<id>[0-9]+): +(?P<game>.+?) \((?P<sb>{_A})/(?P<bb>{_A})"
    rf"(?: (?P<cur>[A-Z]{{3}}))?\) - {_WHEN}(?: \[.*\])?"
)
_TOURNAMENT = re.compile(
    rf"PokerStars (?:Game|Hand) #(?P<id>[0-9]+): +Tournament #(?P<t>[0-9]+), (?P<game>.+?)"
    rf" - Level (?P<level>[IVXLCDM0-9]+) \((?P<sb>[0-9,]+)/(?P<bb>[0-9,]+)\) - {_WHEN}"
    r"(?: \[.*\])?"
)
_ZONES = {"ET": "America/New_York", "CET": "Europe/Paris", "UTC": "UTC", "GMT": "UTC"}
_STREETS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}

NOISE = noise(
    [
        r".+? is connected",
        r".+? is disconnected",
        r".+? has returned",
        r".+?:? sits out",
        r".+?:? is sitting out",
        r".+? leaves the table",
        r".+? joins the table at seat #[0-9]+",
        r".+? has timed out",
        r".+? has timed out while disconnected",
        r'.+? said, ".*"',
        r".+? will be allowed to play after the button",
        rf".+? finished the tournament in [0-9]+(?:st|nd|rd|th) place(?: and received {_A}\.)?",
        # a finish without a place, and a freeroll's prize in points ("received 12 FPP.")
        r".+? finished the tournament",
        r".+? finished the tournament in [0-9]+(?:st|nd|rd|th) place and received [0-9]+ FPP\.",
        rf".+? wins the tournament and receives {_A} - congratulations!",
        r"Betting is capped",  # after the raise that reached the cap
        # a rebuy tournament's rebuys and add-ons, written between hands (before the seats, or
        # after the pots and the summary): chips for later hands. The shapes are public
        # trackers' parsers' (the format notes give none): "for $1.00" or "for 100 StarsCoin".
        rf".+? (?:re-buys|takes the add-on) and receives [0-9][0-9,]* chips for {_PRICE}",
        # more of a tournament's notices, as public trackers' parsers read them (the format
        # notes give none): a knockout's bounty (a progressive knockout's half that raises the
        # winner's own), a satellite's entry won, a break skipped, a seat timed out while
        # disconnected or removed for not posting. None carries anything for the hand.
        rf".+? wins the {_A} bounty for eliminating .+",
        rf".+? wins {_A} for eliminating .+? and their own bounty increases by {_A} to {_A}",
        r".+? wins an entry to tournament #[0-9]+",
        r"All players have agreed to skip the break\. Game resuming\.",
        r".+? has timed out while being disconnected",
        r".+? was removed from the table for failing to post",
    ]
)


class PokerStars(TextParser):
    site = "pokerstars"
    NOISE = NOISE

    def header(self, line: int, text: str) -> None:
        hand = self.hand
        match = _TOURNAMENT.fullmatch(text)
        if match is not None:
            self.scale = 1
            hand.tournament, hand.level = match["t"], match["level"]
        else:
            match = _CASH.fullmatch(text)
            if match is None:
                raise self.problem(line, "not a PokerStars hand's first line")
            if match["cur"] is None and not match["sb"].startswith("$"):
                self.scale = 1  # stakes without a currency: play money, whole chips
            else:
                hand.currency = match["cur"] or "USD"
        self.dollars = hand.currency is not None  # a cash game's amounts carry the sign
        hand.hand_id = match["id"]
        game = match["game"]
        if hand.tournament is not None:  # "$2.00+$0.20 USD Badugi Limit": the buy-in first
            game = game.split(" USD ")[-1].removeprefix("Freeroll ").strip()
        hand.structure = structure_of(game)
        hand.small_bet, hand.big_bet = self.money(match["sb"], line), self.money(match["bb"], line)
        hand.date, hand.time, hand.time_zone = match["date"], match["time"], match["tz"]

    def patterns(self) -> list[Rule]:
        n = r"(?P<name>.+?)"
        return [
            (re.compile(rf"{n}: (?P<verb>folds|checks)(?: \[[^]]*\])?"), self.simple,
             (": folds", ": checks")),
            (re.compile(rf"{n}: (?P<verb>calls|bets) (?P<a>{_A})(?P<allin> and is all-in)?"),
             self.bet, (": calls ", ": bets ")),
            (re.compile(rf"{n}: raises {_A} to (?P<a>{_A})(?P<allin> and is all-in)?"),
             self.raise_to, (": raises ",)),
            (re.compile(rf"{n}: discards (?P<count>[0-4])(?: cards?)?(?: \[(?P<cards>[^]]*)\])?"),
             self.discard, (": discards ",)),
            (re.compile(rf"{n}: stands pat(?: on \[(?P<cards>[^]]*)\])?"), self.stand_pat,
             (": stands pat",)),
            (re.compile(r"Dealt to (?P<name>.+?) \[(?P<a>[^]]*)\](?: \[(?P<b>[^]]*)\])?"),
             self.dealt, ("Dealt to ",)),
            (re.compile(rf"{n}: shows \[(?P<cards>[^]]*)\](?: \((?P<label>.*)\))?"), self.shows,
             (": shows [",)),
            (re.compile(rf"{n}: (?P<how>mucks hand|doesn't show hand)"), self.mucks,
             (": mucks hand", ": doesn't show hand")),
            (re.compile(rf"{n} collected (?P<a>{_A}) from (?:pot|main pot|side pot(?:-[0-9]+)?)"),
             self.collected, (" collected ",)),
            (re.compile(rf"Uncalled bet \((?P<a>{_A})\) returned to {n}"), self.returned,
             ("Uncalled bet (",)),
            (re.compile(r"\*\*\* (?P<street>[A-Z ]+) \*\*\*"), self.street, ("*** ",)),
            (re.compile(r"Table '(?P<table>[^']*)' (?:(?P<max>[0-9]+)-max )?(?:\(Play Money\) )?"
                        r"Seat #(?P<button>[0-9]+) is the button"), self.table,
             ("Table '",)),
            (re.compile(rf"Seat (?P<seat>[0-9]+): {n} \((?P<a>{_A}) in chips(?:, {_A} bounty)?\)"
                        r"(?P<out> is sitting out| out of hand \(.*\))?"), self.seat,
             ("Seat ",)),
            (re.compile(rf"{n}: posts (?P<kind>small blind|big blind|small & big blinds|the ante)"
                        rf" (?P<a>{_A})(?: and is all-in)?"), self.post,
             (": posts ",)),
            (re.compile(rf"Total pot (?P<a>{_A})(?: Main pot {_A}\.)?(?: Side pot(?:-[0-9]+)? "
                        rf"{_A}\.)* \| Rake (?P<rake>{_A})"), self.total,
             ("Total pot ",)),
            (re.compile(r"Seat [0-9]+: .*"), self.summary_seat, ("Seat ",)),
            (re.compile(rf"{n}:? (?:is sitting out|sits out)"), self.sits_out,
             (" is sitting out", " sits out")),
        ]  # fmt: skip

    # -- the table ----------------------------------------------------------------------------

    def table(self, match: re.Match[str], line: int) -> None:
        self.hand.table = match["table"]
        self.hand.button = int(match["button"])
        if match["max"]:
            self.hand.seat_count = int(match["max"])

    def seat(self, match: re.Match[str], line: int) -> None:
        if self.round == -1:  # the summary's "Seat N: ..." lines that look like a seat
            return
        if any(seat.number == int(match["seat"]) for seat in self.hand.seats):
            raise self.problem(line, f"seat {match['seat']} is listed twice")
        self.check_seat(int(match["seat"]), line)
        out = match["out"]
        if out and "sitting out" not in out:
            return  # "out of hand": not dealt in
        self.hand.seats.append(
            Seat(int(match["seat"]), match["name"], self.money(match["a"], line))
        )
        if out:  # dealt in only if it posts or acts (table_setup.dealt_in)
            self.hand.sitting_out.add(match["name"])

    def check_seat(self, number: int, line: int) -> None:
        seats = seat_range(self.site, self.hand.seat_count)
        if number not in seats:
            raise self.problem(line, f"seat {number} is not a seat of the table "
                                     f"({seats[0]} to {seats[-1]})")  # fmt: skip

    def sits_out(self, match: re.Match[str], line: int) -> None:
        self.hand.sitting_out.add(match["name"])

    def post(self, match: re.Match[str], line: int) -> None:
        kinds = {"small blind": "small", "big blind": "big", "small & big blinds": "both"}
        kind = kinds.get(match["kind"], "ante")
        self.hand.posts.append(Post(line, match["name"], kind, self.money(match["a"], line)))

    def summary_seat(self, match: re.Match[str], line: int) -> None:
        if self.round != -1:
            raise self.problem(line, "a seat line the importer does not know")

    # -- the play -----------------------------------------------------------------------------

    def street(self, match: re.Match[str], line: int) -> None:
        name = match["street"]
        if name == "DEALING HANDS":
            self.round = 0
        elif name in _STREETS:
            if _STREETS[name] != self.round + 1:
                raise self.problem(line, f"the {name.lower()} comes out of order")
            self.round = _STREETS[name]
        elif name == "SUMMARY":
            self.round = -1
        elif name != "SHOW DOWN":
            raise self.problem(line, f"a street the importer does not know: {name}")

    def step(self, line: int, name: str, kind: str, **what: object) -> Step:
        if self.round < 0:
            raise self.problem(line, "an action after the summary began")
        step = Step(line, name, kind, round=self.round, **what)  # type: ignore[arg-type]
        self.hand.steps.append(step)
        return step

    def simple(self, match: re.Match[str], line: int) -> None:
        self.step(line, match["name"], {"folds": "fold", "checks": "check"}[match["verb"]])

    def bet(self, match: re.Match[str], line: int) -> None:
        kind = {"calls": "call", "bets": "bet"}[match["verb"]]
        self.step(line, match["name"], kind, amount=self.money(match["a"], line))

    def raise_to(self, match: re.Match[str], line: int) -> None:
        self.step(line, match["name"], "raise", amount=self.money(match["a"], line), total=True)

    def discard(self, match: re.Match[str], line: int) -> None:
        thrown = self.cards(match["cards"], line) if match["cards"] is not None else None
        count = int(match["count"])
        if thrown is not None and len(thrown) != count:
            raise self.problem(line, f"{count} cards discarded, {len(thrown)} named")
        self.draw(line, match["name"], count, thrown)

    def stand_pat(self, match: re.Match[str], line: int) -> None:
        """``stands pat``, or ``stands pat on [4h 3s 8c 9d]``: the hero's hand, kept whole."""
        kept = None
        named = match.groupdict().get("cards")  # Full Tilt's line names none
        if named is not None:
            kept = self.cards(named, line)
            if len(kept) != 4:
                raise self.problem(line, f"a pat hand is four cards, not {len(kept)}")
        self.draw(line, match["name"], 0, ())
        self.hand.steps[-1].kept = kept

    def draw(self, line: int, name: str, count: int, thrown: tuple[str, ...] | None) -> None:
        if self.round < 1:
            raise self.problem(line, "a draw before the first draw")
        self.step(line, name, "draw", count=count, cards=thrown)

    def dealt(self, match: re.Match[str], line: int) -> None:
        """The hero's cards: the first four, or after a draw the kept and the new ones."""
        hand, name = self.hand, match["name"]
        first = self.cards(match["a"], line)
        if self.round == 0:
            if match["b"] is not None or len(first) != 4:
                raise self.problem(line, "the hero is dealt four cards")
            hand.hero, hand.hero_cards = name, first
            return
        if name != hand.hero:
            raise self.problem(line, f"cards dealt to {name}, who is not the hero {hand.hero}")
        draws = [s for s in hand.steps if s.kind == "draw" and s.name == name]
        if not draws or draws[-1].round != self.round or draws[-1].received is not None:
            raise self.problem(line, "the hero's new cards without a draw of the hero's")
        kept, new = (
            (first, self.cards(match["b"], line)) if match["b"] is not None else (None, first)
        )
        draw = draws[-1]
        if len(new) != draw.count or (kept is not None and len(kept) + len(new) != 4):
            raise self.problem(line, f"the hero drew {draw.count} cards, not {len(new)}")
        draw.received, draw.kept = new, kept

    def shows(self, match: re.Match[str], line: int) -> None:
        name = match["name"]
        shown = self.cards(match["cards"], line)
        if len(shown) != 4:
            raise self.problem(line, f"{name} shows {len(shown)} cards, not four")
        self.hand.shown[name] = shown
        if match["label"]:
            self.hand.labels[name] = match["label"]

    def mucks(self, match: re.Match[str], line: int) -> None:
        self.hand.mucked.add(match["name"])
        if match["how"].startswith("mucks"):  # a winner declining to show "doesn't show"
            self.hand.conceded.add(match["name"])

    def collected(self, match: re.Match[str], line: int) -> None:
        name = match["name"]
        self.hand.collected[name] = self.hand.collected.get(name, 0) + self.money(match["a"], line)

    def returned(self, match: re.Match[str], line: int) -> None:
        name = match["name"]
        self.hand.returned[name] = self.hand.returned.get(name, 0) + self.money(match["a"], line)

    def total(self, match: re.Match[str], line: int) -> None:
        self.hand.total_pot = self.money(match["a"], line)
        self.hand.rake = self.money(match["rake"], line)

    def finish(self) -> None:
        line, text = self.lines[-1]
        if self.round != -1:
            self.hand.problems.append(
                f"line {line}: the hand ends before its summary: {text[:200]!r}"
            )
        elif self.hand.total_pot is None:
            self.hand.problems.append(
                f"line {line}: the summary has no total pot and rake: {text[:200]!r}"
            )


def time_zone(abbreviation: str | None) -> str | None:
    """The tz database name of a room's time zone abbreviation, when known."""
    return _ZONES.get(abbreviation or "")


__all__ = ["START", "PokerStars", "Unsupported", "time_zone"]
