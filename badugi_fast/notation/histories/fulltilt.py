"""Full Tilt Poker Badugi histories (text, often UTF-16 with a BOM; hands start with
``Full Tilt Poker Game #``).

The header names the table, the stakes (small and big bet) and the game in either order.
Actions carry no colon (``NAME calls $X``, X put in; ``NAME raises to $Y``, the round's total);
others' replacements are ``NAME is dealt N cards``; the pot goes by ``NAME wins the pot ($X)``.
Chat (``NAME: text``) is taken for chat only when no other pattern takes the line.
"""

from __future__ import annotations

import re

from .lines import Rule, noise, structure_of
from .model import Post
from .pokerstars import PokerStars

START = re.compile(r"Full Tilt Poker Game #")
_A = r"\$?[0-9][0-9,]*(?:\.[0-9]{1,2})?"
_HEADER = re.compile(r"Full Tilt Poker Game #(?P<id>[0-9]+): Table (?P<rest>.+)")
_STAKES = re.compile(rf"(?P<sb>{_A})/(?P<bb>{_A})")
_TIME = re.compile(r"(?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2}) (?P<tz>[A-Z]{1,5})")
_DATE = re.compile(r"[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}")
_STREETS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_ALL_IN = r"(?:, and is all in)?"

NOISE = noise(
    [
        rf".+? adds {_A}",
        r".+? is sitting out",
        r".+? stands up",
        r".+? sits down",
        r".+? has been disconnected",
        r".+? has reconnected",
        r".+? has [0-9]+ seconds? left to act",
        r".+? has returned",
        r".+? is feeling .+",
    ]
)


class FullTilt(PokerStars):
    site = "fulltilt"
    NOISE = NOISE
    CHAT = re.compile(r"(?!Seat [0-9]|\*\*\*|Dealt to |Total pot )[^:]{1,40}: .*")

    def header(self, line: int, text: str) -> None:
        hand = self.hand
        match = _HEADER.fullmatch(text)
        parts = match["rest"].split(" - ") if match else []
        if match is None or len(parts) != 5:
            raise self.problem(line, "not a Full Tilt hand's first line the importer knows")
        table, one, two, when, date = parts
        stakes = _STAKES.fullmatch(one) or _STAKES.fullmatch(two)
        clock = _TIME.fullmatch(when)
        if stakes is None or clock is None or not _DATE.fullmatch(date):
            raise self.problem(line, "not a Full Tilt hand's first line the importer knows")
        game = two if stakes.string == one else one
        hand.hand_id = match["id"]
        hand.table = re.sub(r" \([^)]*\)$", "", table)  # "(New to the Game)"
        hand.structure = structure_of(game)
        hand.currency = "USD" if "$" in stakes["sb"] else None
        self.scale = 100 if hand.currency else 1
        self.dollars = hand.currency is not None
        hand.small_bet, hand.big_bet = (
            self.money(stakes["sb"], line),
            self.money(stakes["bb"], line),
        )
        hand.date, hand.time, hand.time_zone = date, clock["time"], clock["tz"]

    def patterns(self) -> list[Rule]:
        n = r"(?P<name>.+?)"
        return [
            (re.compile(rf"{n} (?P<verb>folds|checks)(?: \[[^]]*\])?"), self.simple),
            (re.compile(rf"{n} (?P<verb>calls|bets) (?P<a>{_A}){_ALL_IN}"), self.bet),
            (re.compile(rf"{n} raises to (?P<a>{_A}){_ALL_IN}"), self.raise_to),
            (re.compile(rf"{n} discards (?P<count>[0-4]) cards?(?: \[(?P<cards>[^]]*)\])?"),
             self.discard),
            (re.compile(rf"{n} stands pat"), self.stand_pat),
            (re.compile(rf"{n} is dealt (?P<count>[0-4]) cards?"), self.is_dealt),
            (re.compile(r"Dealt to (?P<name>.+?) \[(?P<a>[^]]*)\](?: \[(?P<b>[^]]*)\])?"),
             self.dealt),
            (re.compile(rf"{n} shows \[(?P<cards>[^]]*)\](?: (?P<label>.+))?"), self.shows),
            (re.compile(rf"{n} (?P<how>mucks|doesn't show)"), self.mucks),
            (re.compile(rf"{n} wins the (?:main |side )?pot(?: [0-9]+)? \((?P<a>{_A})\)"
                        r"(?: with .*)?"), self.collected),
            (re.compile(rf"Uncalled bet of (?P<a>{_A}) returned to {n}"), self.returned),
            (re.compile(r"\*\*\* (?P<street>[A-Z ]+) \*\*\*(?: \((?:Total )?Pot: .*\))?"),
             self.street),
            (re.compile(r"The button is in seat #(?P<button>[0-9]+)"), self.button),
            (re.compile(rf"Seat (?P<seat>[0-9]+): {n} \((?P<a>{_A})\)(?P<out>,? is sitting out)?"),
             self.seat),
            (re.compile(rf"{n} posts (?:the )?(?P<kind>small blind|big blind) of (?P<a>{_A})"
                        rf"{_ALL_IN}"), self.post),
            (re.compile(rf"{n} antes (?P<a>{_A}){_ALL_IN}"), self.ante),
            (re.compile(rf"Total pot (?P<a>{_A})(?: Main pot {_A}\.)?(?: Side pot(?:-[0-9]+)? "
                        rf"{_A}\.)* \| Rake (?P<rake>{_A})"), self.total),
            (re.compile(r"Seat [0-9]+: .*"), self.summary_seat),
            (re.compile(rf"{n} is sitting out"), self.sits_out),
        ]  # fmt: skip

    def button(self, match: re.Match[str], line: int) -> None:
        self.hand.button = int(match["button"])

    def ante(self, match: re.Match[str], line: int) -> None:
        self.hand.posts.append(Post(line, match["name"], "ante", self.money(match["a"], line)))

    def street(self, match: re.Match[str], line: int) -> None:
        name = match["street"]
        if name == "HOLE CARDS":
            self.round = 0
        elif name in _STREETS or name in ("SUMMARY", "SHOW DOWN"):
            super().street(match, line)
        else:
            raise self.problem(line, f"a street the importer does not know: {name}")

    def is_dealt(self, match: re.Match[str], line: int) -> None:
        """Another player's replacements: as many as the draw threw."""
        name = match["name"]
        draws = [s for s in self.hand.steps if s.kind == "draw" and s.name == name]
        if not draws or draws[-1].round != self.round or draws[-1].count != int(match["count"]):
            raise self.problem(line, f"{name} is dealt cards it did not draw")


__all__ = ["START", "FullTilt"]
