"""What a replayed hand must agree with in its file: the forced bets posted, each seat's
winnings plus any uncalled bet returned, the rake, the total pot and final stacks, and each shown
hand's label as ``describe`` calls it."""

from __future__ import annotations

import re

from ...game.actions import ActionKind
from ...game.state import Game
from ...hands.hand import describe
from .model import HandRecord, hand_problem
from .table_setup import forced_bets

K = ActionKind
_LABEL_SIZES = {
    "badugi": 4,
    "3-card": 3,
    "three cards": 3,
    "three card": 3,
    "2-card": 2,
    "two cards": 2,
    "two card": 2,
    "1-card": 1,
    "one card": 1,
}
_LABEL_RANK = re.compile(r"10|[AKQJT2-9]")


def check_posts(record: HandRecord, game: Game, index: dict[str, int]) -> None:
    """The forced bets the rules posted (and the blinds out of turn) are the ones the file
    lists."""
    forced = (K.POST, K.ANTE)
    posted = sorted((e.seat, e.amount) for e in game.history if e.kind in forced and e.amount)
    listed = forced_bets(record, game.rules.big_blind_amount, index)
    if posted != listed:
        raise hand_problem(
            record.line, f"the posts ({listed}) are not the rules' forced bets ({posted})"
        )


def won_by_seat(game: Game) -> list[int]:
    won = [0] * game.seats
    for event in game.history:
        if event.kind == K.WIN and event.seat is not None:
            won[event.seat] += event.amount
    return won


def check_winnings(record: HandRecord, game: Game, index: dict[str, int]) -> None:
    """What the replay awards each seat is what the file says it collected, plus its uncalled
    bet returned; the difference, summed, is the rake; KingsClub's final stacks agree."""
    won = won_by_seat(game)
    n = game.seats
    collected, returned = [0] * n, [0] * n
    for name, amount in record.collected.items():
        collected[_seat(index, name, record)] += amount
    for name, amount in record.returned.items():
        returned[_seat(index, name, record)] += amount
    for seat in range(n):
        kept = won[seat] - returned[seat]
        if kept < collected[seat] or (kept > 0) != (collected[seat] > 0):
            name = record.seats[seat].name
            raise hand_problem(record.line, f"{name} collects {collected[seat]} (+{returned[seat]} "
                        f"returned), but the replay gives {won[seat]}")  # fmt: skip
    rake = sum(won) - sum(collected) - sum(returned)
    if record.rake is None and rake >= 0:
        record.rake = rake  # the file does not say: what the pots leave
    if rake != record.rake:
        raise hand_problem(record.line, f"the pots less what was collected leave {rake}, "
                    f"but the file's rake is {record.rake}")  # fmt: skip
    check_rake(record, rake, sum(won) - sum(returned))
    put_in = [game.starting_stacks[s] - game.stacks[s] + won[s] for s in range(n)]
    if record.total_pot is not None and record.total_pot != sum(put_in) - sum(returned):
        raise hand_problem(record.line, f"the total pot is {record.total_pot}, the replay's "
                    f"{sum(put_in) - sum(returned)}")  # fmt: skip
    for name, final in (record.finishing or {}).items():
        seat = _seat(index, name, record)
        expected = game.starting_stacks[seat] - put_in[seat] + collected[seat] + returned[seat]
        if final != expected:
            raise hand_problem(record.line, f"{name} ends with {final}, the replay with {expected}")


def check_rake(record: HandRecord, rake: int, pot: int) -> None:
    """A rake the rooms could have taken: none in a tournament, and at most a tenth of the
    pot (rounded up to a whole unit), twice what the rooms' published rake tables charge at most
    (PokerStars' and Bodog's rake pages: 5 % of the pot or less, capped by the hand). More
    means amounts the file lost (a winner's line, an uncalled bet returned), as a Merge file,
    which writes no rake, would otherwise take them for rake."""
    if record.tournament is not None and rake:
        raise hand_problem(record.line, f"a tournament hand takes no rake, but {rake} is left")
    if rake > (pot + 9) // 10:
        raise hand_problem(
            record.line,
            f"a rake of {rake} is more than a tenth of the pot of {pot}, which no room takes "
            "(5 % at most, as their rake tables publish it): amounts of the hand are missing",
        )


def _seat(index: dict[str, int], name: str, record: HandRecord) -> int:
    if name not in index:
        raise hand_problem(record.line, f"{name} collects but is not dealt in")
    return index[name]


def label_ranks(label: str) -> tuple[int, list[str]] | None:
    """(size, ranks highest first) of a site's label ("Badugi: 8,4,3,A", "a 3-Card: 7, 2, A",
    "Three Cards, K-J-3"), or None for a label that names no hand size."""
    head, _, tail = label.replace(":", ",").partition(",")
    kind = head.strip().lower().removeprefix("a ").strip()
    if kind not in _LABEL_SIZES:
        return None
    ranks = ["T" if r == "10" else r for r in _LABEL_RANK.findall(tail)]
    return _LABEL_SIZES[kind], ranks


def check_label_of_each_shown_hand(record: HandRecord) -> None:
    for name, label in record.labels.items():
        cards = record.shown.get(name)
        if cards is None:
            continue
        hand = describe(" ".join(cards))
        ours = "".join(str(card)[0] for card in hand.cards)
        read = label_ranks(label)
        if read is None or read[0] != hand.size or "".join(read[1]) != ours:
            raise hand_problem(record.line, f"{name}'s hand {' '.join(cards)} is labelled "
                               f"{label!r}, but it is a {hand.size}-card {ours} "
                               f"({hand.name})")  # fmt: skip


__all__ = [
    "check_label_of_each_shown_hand",
    "check_posts",
    "check_rake",
    "check_winnings",
    "label_ranks",
    "won_by_seat",
]
