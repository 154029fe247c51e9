"""The table a site's record was played at, as its replay sets it: the rules its stakes and
posts show, the replay's button, and the deck in the order it was dealt (``??`` for every card
the file does not show)."""

from __future__ import annotations

from ...game.hidden import HIDDEN
from ...game.rules import Rules
from .model import HandProblem, HandRecord, Post, hand_problem


def dealt_in(record: HandRecord) -> None:
    """Drops the seats marked sitting out that neither post, act, show, muck nor collect: a
    cash game deals them no cards; a tournament deals the absent in, posting their blinds
    and folding their hands for them, and the file then writes those posts and folds."""
    if not record.sitting_out:
        return
    taking_part = {p.name for p in record.posts} | {s.name for s in record.steps}
    taking_part |= record.shown.keys() | record.collected.keys() | record.returned.keys()
    taking_part |= record.mucked | {record.hero or ""}
    record.seats = [
        s for s in record.seats if s.name not in record.sitting_out or s.name in taking_part
    ]


# rules, button, blinds out of turn, no small blind
Table = tuple[Rules, int, dict[int, tuple[int, int]], bool]


def table_rules(record: HandRecord) -> Table:
    """The rules the posts show, the replay's button seat, the blinds posted out of turn
    (``Game``'s ``extra_blinds``) and whether the hand has no small blind (``Game``'s
    ``no_small_blind``)."""
    try:
        return _table_rules(record)
    except (ValueError, TypeError) as error:  # the rules refuse the amounts: 0 bets, ...
        if isinstance(error, HandProblem):
            raise
        raise hand_problem(record.line, f"the stakes or blinds are not a game: {error}") from None


def _table_rules(record: HandRecord) -> Table:
    seats = record.seats
    if len(seats) < 2:
        raise hand_problem(record.line, f"{len(seats)} seat(s) dealt in; a hand needs two")
    index = {seat.name: i for i, seat in enumerate(seats)}
    posts: dict[str, list[tuple[int, Post]]] = {"small": [], "big": [], "both": [], "ante": []}
    for post in record.posts:
        if post.name not in index:
            raise hand_problem(post.line, f"{post.name} posts but is not dealt in")
        posts[post.kind].append((index[post.name], post))
    ante = max((p.amount for _, p in posts["ante"]), default=0)
    n = len(seats)
    if posts["small"] and posts["big"]:
        sb, small = posts["small"][0]
        big = next((b for b in posts["big"] if b[0] == (sb + 1) % n), None)
        if big is None:
            raise hand_problem(record.line, "the big blind does not sit next to the small blind")
        others = [b for b in posts["big"] if b is not big]
        extra = _extra_blinds(posts["small"][1:], others, posts["both"], big[1].amount)
        _check_button(record, sb, "small blind")
        button = sb if n == 2 else (sb - 1) % n
        return _stakes(record, small.amount, big[1].amount, ante), button, extra, False
    if posts["big"]:
        # no small blind: its seat is empty (its player left), so the big blind posts alone,
        # left of the button (the regular big blind is listed first, as the small blind is)
        bb, big_post = posts["big"][0]
        extra = _extra_blinds([], posts["big"][1:], posts["both"], big_post.amount)
        _check_button(record, bb, "big blind")
        return _stakes(record, 0, big_post.amount, ante), (bb - 1) % n, extra, True
    if posts["small"] or posts["both"]:
        raise hand_problem(record.line, "blinds without a big blind: only the small blind may "
                           "be missing (its seat empty)")  # fmt: skip
    if not ante:
        raise hand_problem(record.line, "no blinds and no antes: nothing to play for")
    numbers = [seat.number for seat in seats]
    if record.button not in numbers:
        raise hand_problem(record.line, f"the button (seat {record.button}) is not dealt in")
    return _stakes(record, 0, 0, ante), numbers.index(record.button), {}, False


def _check_button(record: HandRecord, first: int, blind: str) -> None:
    """The file's button agrees with the blinds: the small blind (in a hand without one, the
    big blind) is the first seat dealt in after it (heads-up, the small blind is the button
    itself), so seats between them are not dealt in; the button's own seat may be empty (a dead
    button)."""
    if record.button is None:
        return
    numbers = sorted(seat.number for seat in record.seats)
    posted = record.seats[first].number
    after = [x for x in numbers if x > record.button] + [x for x in numbers if x <= record.button]
    small_on_the_button = blind == "small blind" and len(numbers) == 2 and record.button == posted
    if after[0] != posted and not small_on_the_button:
        alone = ", posted without a small blind," if blind == "big blind" else ""
        raise hand_problem(record.line, f"the button (seat {record.button}) is not where the "
                           f"blinds say: the {blind} (seat {posted}){alone} is not the first "
                           "seat dealt in after it")  # fmt: skip


def _extra_blinds(
    smalls: list[tuple[int, Post]],
    bigs: list[tuple[int, Post]],
    both: list[tuple[int, Post]],
    big_blind: int,
) -> dict[int, tuple[int, int]]:
    """The blinds posted out of turn (a new or returning cash-game player's), seat -> (live,
    dead): a second big blind is live (its poster has the option), a second small blind dead,
    "small & big blinds" the big blind live and the rest (the small blind) dead."""
    extra: dict[int, tuple[int, int]] = {}
    posted = [(seat, p.amount, 0) for seat, p in bigs] + [(seat, 0, p.amount) for seat, p in smalls]
    posted += [(s, min(p.amount, big_blind), max(p.amount - big_blind, 0)) for s, p in both]
    for seat, live, dead in posted:
        was = extra.get(seat, (0, 0))
        extra[seat] = (was[0] + live, was[1] + dead)
    return extra


def forced_bets(record: HandRecord, big_blind: int, index: dict[str, int]) -> list[tuple[int, int]]:
    """The forced bets the file lists, (seat, chips) sorted, as ``Game`` records them: "small &
    big blinds" as its live big blind and its dead small blind."""
    listed = []
    for post in record.posts:
        if post.kind == "both":
            live = min(post.amount, big_blind)
            listed += [(index[post.name], live), (index[post.name], post.amount - live)]
        else:
            listed.append((index[post.name], post.amount))
    return sorted(p for p in listed if p[1])


_RULES: dict[tuple[int, int, int, int, str, int, str], Rules] = {}  # a file plays a few stakes
# how each room answers a short all-in in fixed limit (Rules.short_all_in): PokerStars completes
# to the next full level, as its histories show; the others' files show no such hand
_SHORT_ALL_IN = {"pokerstars": "complete"}


def _stakes(record: HandRecord, small: int, big: int, ante: int) -> Rules:
    """``Rules`` of the record's stakes and room, made (and checked) once: a rule set is
    immutable, so the hands of one stake share it. A refused one raises each time, as ``Rules``
    does. Every room lets a player fold with nothing to call (``free_fold``)."""
    short_all_in = _SHORT_ALL_IN.get(record.site, Rules.short_all_in)
    key = (record.small_bet, record.big_bet, small, big, record.structure, ante, short_all_in)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules(
            record.small_bet,
            record.big_bet,
            small,
            big,
            structure=record.structure,
            ante=ante,
            short_all_in=short_all_in,
            free_fold=True,
        )
        if len(_RULES) >= 256:
            _RULES.clear()
        _RULES[key] = rules
    return rules


def dealt_deck(record: HandRecord, button: int) -> list[str]:
    """The cards in the order dealt: four each from the button's left, then each draw's
    replacements in draw order (``??`` for every card the file does not show)."""
    n = len(record.seats)
    hero = next((i for i, s in enumerate(record.seats) if s.name == record.hero), None)
    first = [[HIDDEN] * 4 for _ in range(n)]
    if hero is not None and record.hero_cards is not None:
        first[hero] = list(record.hero_cards)
    order = [(button + k) % n for k in range(1, n + 1)]
    deck = [first[seat][i] for i in range(4) for seat in order]
    for step in record.steps:
        if step.kind == "draw":
            deck += list(step.received) if step.received is not None else [HIDDEN] * step.count
    return deck


__all__ = ["Table", "dealt_deck", "dealt_in", "forced_bets", "table_rules"]
