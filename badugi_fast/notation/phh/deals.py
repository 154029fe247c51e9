"""What a PHH history's action lines give its replay before it starts: the cards dealt, as the
stacked deck and the order of each reshuffle that deal exactly them (``??`` for a card never
shown), and its showdown: who shows, the cards shown, who won unshown."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from ...cards import DECK, Card, CardLike, parse_cards
from ...game.hidden import HIDDEN, HiddenCard
from .fields import short_repr

PLAYER = re.compile(r"p([1-9][0-9]?)")  # p1 .. p8 (ASCII digits only)


def cards_of(text: str) -> list[CardLike]:
    """The cards of a deal or a discard, ``??`` (as text) for each unknown one."""
    if HIDDEN[0] not in text:
        return list(parse_cards(text))
    if len(text) % 2:
        raise ValueError(f"cards are two characters each, as in As??Kd, not {short_repr(text)}")
    return [HIDDEN if text[i : i + 2] == HIDDEN else parse_cards(text[i : i + 2])[0]
            for i in range(0, len(text), 2)]  # fmt: skip


def deal_words(words: list[str], unknown_cards: bool = True) -> tuple[int, list[CardLike]]:
    """The player (0-based) and cards of a ``d dh pK CARDS`` line."""
    player = PLAYER.fullmatch(words[2]) if len(words) == 4 else None
    if player is None or words[:2] != ["d", "dh"]:
        raise ValueError(f"a deal is 'd dh pK CARDS', not {' '.join(words)!r}")
    if HIDDEN[0] in words[3] and not unknown_cards:
        raise ValueError(
            "a hand with hidden cards cannot be replayed exactly (loads(text, "
            "unknown_cards=True) replays it with its showdown as the history says)"
        )
    return int(player.group(1)) - 1, cards_of(words[3])


def _recorded_deals(
    actions: list[list[str]], unknown_cards: bool
) -> tuple[dict[int, list[CardLike]], list[list[CardLike]]]:
    """Each player's first four cards, and the replacements of each draw in the order dealt
    (one list per draw that dealt any; the writer puts a draw's discards before its deals)."""
    first: dict[int, list[CardLike]] = {}
    draws: list[list[CardLike]] = []
    drew: set[str] = set()  # players who discarded in this draw
    new_draw = False
    for words in actions:
        if words[1:2] in (["f"], ["cc"], ["cbr"]):
            drew = set()  # betting: the draw before, if any, is over
        elif words[1:2] == ["sd"]:
            if not drew or words[0] in drew:  # the first discard of a draw
                drew, new_draw = set(), True
            drew.add(words[0])
        elif words[:2] == ["d", "dh"]:
            player, cards = deal_words(words, unknown_cards)
            if player not in first:
                first[player] = cards
                continue
            if new_draw:
                draws.append([])
                new_draw = False
            if not draws:
                raise ValueError(f"{' '.join(words)!r} deals a second hand before any discard")
            draws[-1] += cards
    return first, draws


def replay_deck(
    actions: list[list[str]], n: int, burns: list[str], burn: bool, unknown_cards: bool
) -> list[CardLike]:
    """The deck order that deals exactly the recorded cards: the first four cards of each player
    one at a time round the table, then each draw's replacements in draw order, after the draw's
    burn card when the rules burn one."""
    if any(HIDDEN[0] in card for card in burns):
        raise ValueError("a hand with hidden burn cards (_burns) cannot be replayed")
    to_burn = [card for text in burns for card in parse_cards(text)]
    first, draws = _recorded_deals(actions, unknown_cards)
    if sorted(first) != list(range(n)) or any(len(c) != 4 for c in first.values()):
        raise ValueError("every player must be dealt four cards first")
    later: list[CardLike] = []
    for cards in draws:
        if burn:
            if not to_burn:
                raise ValueError("_burns lists fewer cards than the draws burned")
            later.append(to_burn.pop(0))
        later += cards
    if to_burn:
        raise ValueError(f"_burns lists {len(to_burn)} more cards than the draws burned")
    return [first[p][i] for i in range(4) for p in range(n)] + later


def replay_reshuffle(later: list[CardLike]) -> Callable[[list[Card]], None]:
    """Orders each reshuffled stub so that it deals the recorded cards next. With unknown cards
    a known card the discards do not show is one of their unknown ones, and a ``??`` takes an
    unknown discard, or else a known one, which the history does not show: it is dealt as a new
    unknown card."""
    queue = list(later)
    fresh = itertools.count(10_000)  # ids for cards the history hides once reshuffled

    def reshuffle(stub: list[Card]) -> None:
        wanted, queue[:] = queue[: len(stub)], queue[len(stub) :]
        known = [card for card in wanted if card != HIDDEN]
        missing = [card for card in known if card not in stub]
        hidden = [card for card in stub if type(card) is HiddenCard]
        if len(missing) > len(hidden) or len(set(known)) != len(known):
            raise ValueError(
                f"after the reshuffle the history deals {' '.join(map(str, wanted))}, "
                f"which the discards ({' '.join(map(str, stub))}) cannot give"
            )
        hidden = hidden[len(missing) :]  # the missing known cards were unknown discards
        others = [card for card in stub if card not in known and type(card) is not HiddenCard]
        dealt: list[Card] = []
        for card in wanted:
            if card != HIDDEN:
                dealt.append(DECK[int(card)])
            elif hidden:
                dealt.append(hidden.pop())
            else:
                others.pop()
                dealt.append(HiddenCard(next(fresh)))
        stub[:] = hidden + others + dealt[::-1]  # the last card is dealt first

    return reshuffle


def unknown_showdown(actions: list[list[str]], deals: list[CardLike], n: int) -> dict[str, Any]:
    """``reveal`` and ``unshown_winners`` for a hand with unknown cards: the cards each player
    with an unknown card shows, and the players still in with no ``sm`` line."""
    first = {p: [deals[i * n + p] for i in range(4)] for p in range(n)}
    later = any(HIDDEN == card for card in deals[4 * n :])
    shown: dict[int, str] = {}
    out: set[int] = set()
    for words in actions:
        player = PLAYER.fullmatch(words[0]) if words else None
        if player is None or len(words) < 2:
            continue
        seat = int(player.group(1)) - 1
        if words[1] == "sm" and len(words) == 3:
            shown[seat] = words[2]
        if words[1] in ("f", "sm"):
            out.add(seat)
    reveal = {
        seat: parse_cards(cards)
        for seat, cards in shown.items()
        if 0 <= seat < n and (later or HIDDEN in first[seat])
    }
    return {"reveal": reveal, "unshown_winners": set(range(n)) - out}


def showing_seats(actions: list[list[str]]) -> set[int]:
    """The players the history shows at showdown (the replay shows them whatever they hold)."""
    return {
        int(player.group(1)) - 1
        for words in actions
        if words[1:2] == ["sm"] and len(words) > 2 and (player := PLAYER.fullmatch(words[0]))
    }


__all__ = [
    "PLAYER",
    "cards_of",
    "deal_words",
    "replay_deck",
    "replay_reshuffle",
    "showing_seats",
    "unknown_showdown",
]
