"""Each player's figures over the imported hands (hands that could not be imported do not
count). The definitions, as the docs page "Importing hand histories" gives them:

- ``hands``: hands the player was dealt in.
- ``net``: what the player ended with less what they started with, summed per unit (cents of
  each currency, chips, KingsClub hundredths): collected, plus uncalled bets returned, less
  everything put in (blinds and antes included).
- ``bb_per_100``: the net of each hand in that hand's big blinds (the ante in a game without
  blinds), summed, per 100 hands.
- ``vpip``: share of hands in which the player put chips in before the first draw by choice
  (a call, bet or raise; posting a blind is not, nor is the big blind's check).
- ``pfr``: share of hands with a bet or raise before the first draw.
- ``wtsd``: of the hands in which the player was still in at the first draw, the share in
  which they were still in at the showdown.
- ``wsd``: of the player's showdowns, the share in which they won some of the pot.
- ``drawn``: at each of the three draws, the average number of cards the player drew.
- ``stood_pat``: draws at which the player drew no card.
- ``snowed``: hands in which the player stood pat at the last draw and then showed less
  than a four-card badugi (a snow: standing pat on a hand that is not a badugi, as a bluff).
  Only hands shown at showdown can count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from ...game.actions import BET_KINDS, FOLD_KINDS, ActionKind
from ...game.state import Game
from ...hands.hand import describe
from ..html import summary_html
from .model import ImportedHand, SeatFigures

K = ActionKind


@dataclass
class PlayerSummary:
    name: str
    hands: int = 0
    net: dict[str, int] = field(default_factory=dict)  # unit ("USD cent", "chip"...) -> net
    big_blinds: float = 0.0
    voluntary: int = 0
    raised: int = 0
    saw_draw: int = 0
    showdowns: int = 0
    won_showdowns: int = 0
    draws: list[int] = field(default_factory=lambda: [0, 0, 0])  # draws made at each draw
    cards: list[int] = field(default_factory=lambda: [0, 0, 0])  # cards drawn at each draw
    stood_pat: int = 0
    snowed: int = 0

    @property
    def bb_per_100(self) -> float:
        return 100 * self.big_blinds / self.hands if self.hands else 0.0

    @property
    def vpip(self) -> float:
        return self.voluntary / self.hands if self.hands else 0.0

    @property
    def pfr(self) -> float:
        return self.raised / self.hands if self.hands else 0.0

    @property
    def wtsd(self) -> float:
        return self.showdowns / self.saw_draw if self.saw_draw else 0.0

    @property
    def wsd(self) -> float:
        return self.won_showdowns / self.showdowns if self.showdowns else 0.0

    @property
    def drawn(self) -> list[float | None]:
        return [c / d if d else None for c, d in zip(self.cards, self.draws, strict=True)]

    @property
    def net_text(self) -> str:
        """The net in each unit, as ``table`` writes it (``0.73 USD``, ``85 chips``)."""
        return ", ".join(_money(amount, unit) for unit, amount in sorted(self.net.items()))

    def _repr_html_(self) -> str:
        """The figures as a one-row table (``notation/html.py``, as ``/review`` draws them)."""
        return summary_html([self])

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in ("bb_per_100", "vpip", "pfr", "wtsd", "wsd", "drawn"):
            data[name] = getattr(self, name)
        return data


def _unit(hand: ImportedHand) -> str:
    """ "USD cent", "chip" (a tournament's) or "KingsClub hundredth": amounts of one unit add."""
    if hand.currency:
        return f"{hand.currency} {hand.unit}"
    return "KingsClub hundredth" if hand.unit == "hundredth" else hand.unit


def summarize(hands: Iterable[ImportedHand], player: str | None = None) -> dict[str, PlayerSummary]:
    """Each player's figures (one player's when ``player`` is given), by name. A hand the C
    reader imported carries its figures (``ImportedHand.figures``) and is not replayed. A hand
    of a room and id already counted (the same file read twice, exports that overlap) counts
    once."""
    players: dict[str, PlayerSummary] = {}
    counted: set[tuple[str, str]] = set()
    for hand in hands:
        if not hand.imported:
            continue
        if hand.hand_id is not None:
            if (hand.site, hand.hand_id) in counted:
                continue
            counted.add((hand.site, hand.hand_id))
        figures = hand.figures
        if figures is None:
            figures = seat_figures(hand) if hand.record is not None else game_figures(hand.game)
        for name, figure in zip(hand.players.values(), figures, strict=True):
            if player is None or name == player:
                _add(players.setdefault(name, PlayerSummary(name)), hand, figure)
    return players


def seat_figures(hand: ImportedHand) -> tuple[SeatFigures, ...]:
    """What an imported hand adds to each seat's summary (seats in the file's order), read
    from its replayed ``game`` and its ``record``: the definitions of the module docstring.
    The C reader computes the same (csrc/notation/summary.c, bf_hist_seat_figures)."""
    game, record = hand.game, hand.record
    assert game is not None and record is not None
    showdown = any(e.kind in (K.SHOW, K.MUCK) for e in game.history)
    out = []
    for seat, name in enumerate(s.name for s in record.seats):
        won = sum(e.amount for e in game.history if e.kind == K.WIN and e.seat == seat)
        put_in = game.starting_stacks[seat] - game.stacks[seat] + won
        net = record.collected.get(name, 0) + record.returned.get(name, 0) - put_in
        steps = [s for s in record.steps if s.name == name]
        before = [s.kind for s in steps if s.round == 0]
        drawn: list[int | None] = [None, None, None]
        draws = [s for s in steps if s.kind == "draw"]
        for draw in draws:
            drawn[draw.round - 1] = draw.count
        shown = next((e.cards for e in game.history if e.kind == K.SHOW and e.seat == seat), None)
        pat_to_the_end = bool(draws) and draws[-1].count == 0 and draws[-1].round == 3
        out.append(
            SeatFigures(
                net=net,
                voluntary=any(k in ("call", "bet", "raise") for k in before),
                raised=any(k in ("bet", "raise") for k in before),
                saw_draw="fold" not in before,
                showdown=showdown and not game.folded[seat],
                won=won > 0,
                drawn=(drawn[0], drawn[1], drawn[2]),
                snowed=shown is not None and pat_to_the_end and describe(shown).size < 4,
            )
        )
    return tuple(out)


def game_figures(game: Game | None) -> tuple[SeatFigures, ...]:
    """``seat_figures`` of a hand known only by its ``Game`` (a PHH history: no room's record):
    the same definitions, read from the history alone (seats in the game's order). The net is
    each stack's change (a PHH hand's rake, if any, is already out of the winner's stack)."""
    assert game is not None
    history = game.history
    showdown = any(e.kind in (K.SHOW, K.MUCK) for e in history)
    first_draw = next((i for i, e in enumerate(history) if e.kind == K.DRAW), len(history))
    out = []
    for seat in range(game.seats):
        before = [e.kind for e in history[:first_draw] if e.seat == seat]
        counts = [len(e.cards) for e in history if e.kind == K.DRAW and e.seat == seat]
        drawn = (*counts[:3], *[None] * (3 - len(counts[:3])))
        shown = next((e.cards for e in history if e.kind == K.SHOW and e.seat == seat), None)
        won = sum(e.amount for e in history if e.kind == K.WIN and e.seat == seat)
        out.append(
            SeatFigures(
                net=game.stacks[seat] - game.starting_stacks[seat],
                voluntary=any(k in (K.CALL, *BET_KINDS) for k in before),
                raised=any(k in BET_KINDS for k in before),
                saw_draw=not any(k in FOLD_KINDS for k in before),
                showdown=showdown and not game.folded[seat],
                won=won > 0,
                drawn=(drawn[0], drawn[1], drawn[2]),
                snowed=shown is not None and drawn[2] == 0 and describe(shown).size < 4,
            )
        )
    return tuple(out)


def _add(summary: PlayerSummary, hand: ImportedHand, figure: SeatFigures) -> None:
    summary.hands += 1
    unit = _unit(hand)
    summary.net[unit] = summary.net.get(unit, 0) + figure.net
    summary.big_blinds += figure.net / hand.big_blind if hand.big_blind else 0.0
    summary.voluntary += figure.voluntary
    summary.raised += figure.raised
    summary.saw_draw += figure.saw_draw
    if figure.showdown:
        summary.showdowns += 1
        summary.won_showdowns += figure.won
    for k, count in enumerate(figure.drawn):
        if count is not None:
            summary.draws[k] += 1
            summary.cards[k] += count
            summary.stood_pat += count == 0
    summary.snowed += figure.snowed


def _money(amount: int, unit: str) -> str:
    if unit.endswith("cent"):
        sign = "-" if amount < 0 else ""
        return f"{sign}{abs(amount) // 100:,}.{abs(amount) % 100:02d} {unit.split()[0]}"
    if unit.endswith("hundredth"):
        sign = "-" if amount < 0 else ""
        return f"{sign}{abs(amount) // 100:,}.{abs(amount) % 100:02d} KingsClub chips"
    return f"{amount:,} chips"


def _share(value: float) -> str:
    return f"{100 * value:.1f}%"


COLUMNS = ("player", "hands", "net", "bb/100", "VPIP", "PFR", "WTSD", "W$SD", "drawn 1/2/3",
           "pat", "snowed")  # fmt: skip


def table(summaries: dict[str, PlayerSummary]) -> str:
    """The figures as a text table, one player a row, by hands played."""
    rows = [COLUMNS]
    for s in sorted(summaries.values(), key=lambda s: (-s.hands, s.name)):
        drawn = "/".join("-" if d is None else f"{d:.2f}" for d in s.drawn)
        net = s.net_text
        rows.append((s.name, str(s.hands), net, f"{s.bb_per_100:+.1f}", _share(s.vpip),
                     _share(s.pfr), _share(s.wtsd), _share(s.wsd), drawn, str(s.stood_pat),
                     str(s.snowed)))  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    return "\n".join(
        "  ".join(cell.ljust(w) if i in (0, 2) else cell.rjust(w)
                  for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
        for row in rows
    )  # fmt: skip


__all__ = ["PlayerSummary", "game_figures", "seat_figures", "summarize", "table"]
