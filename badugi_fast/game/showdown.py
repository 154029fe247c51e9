"""The showdown on plain data: side pots, who shows and who mucks, and who wins each pot.

Show order and mucking (the cardroom rule: Robert's Rules of Poker, TDA): the last player to bet or
raise in the final round shows first; if nobody bet, the first player still in the hand left of the
button. Then each in turn clockwise shows, or mucks when a hand already shown beats it in every pot
it may win (a hand beaten by an all-in player's may still win a side pot, and so shows). Seats
listed in ``always`` show whatever they hold."""

from __future__ import annotations

from collections.abc import Sequence

Pot = tuple[int, set[int]]  # (chips, the seats that may win them)


def side_pots(committed: Sequence[int], live: Sequence[int]) -> list[Pot]:
    """Main pot and side pots from each seat's chips in the pot; ``live``: seats in the hand."""
    left = list(committed)
    pots: list[Pot] = []
    while any(left):
        levels = [left[p] for p in live if left[p] > 0]
        level = min(levels) if levels else max(left)
        amount = sum(min(c, level) for c in left)
        eligible = {p for p in live if left[p] > 0}
        left = [max(c - level, 0) for c in left]
        if eligible:
            pots.append((amount, eligible))
        else:  # only folded chips left: they join the last pot
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
    return pots


def showing(
    order: Sequence[int], ranks: dict[int, int], pots: list[Pot], always: frozenset[int]
) -> list[tuple[int, bool]]:
    """Each seat of ``order`` (the show order) with True when it shows, False when it mucks."""
    shown: list[int] = []
    result = []
    for p in order:
        beaten = [any(ranks[q] < ranks[p] for q in shown if q in seats) for _, seats in pots]
        mine = [b for b, (_, seats) in zip(beaten, pots, strict=True) if p in seats]
        shows = not shown or p in always or not all(mine)
        if shows:
            shown.append(p)
        result.append((p, shows))
    return result


def winnings(pots: list[Pot], ranks: dict[int, int], order: Sequence[int]) -> list[tuple[int, int]]:
    """(seat, chips) for each pot's best hands in turn; ``order`` from the button's left gets
    the odd chips first."""
    won = []
    for amount, eligible in pots:
        best = min(ranks[p] for p in eligible)
        winners = [p for p in order if p in eligible and ranks[p] == best]
        share, odd = divmod(amount, len(winners))
        won += [(p, share + (1 if i < odd else 0)) for i, p in enumerate(winners)]
    return won
