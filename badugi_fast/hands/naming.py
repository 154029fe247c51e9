"""Names of hand classes in English and Korean, and finding classes by name.

A class is identified by the ranks of its badugi (0 = ace ... 12 = king). Names depend only on
the class, never on suits. Korean names follow the seeds: 메이드 (four cards, named by the top
card), 베이스 (three), 투베이스 (two), 무탑 (one); 골프/세컨드/서드/엠비씨 for the best hands.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from itertools import combinations
from math import comb

from ..cards import MAX_HAND_TEXT
from ..errors import shown

EN_RANKS = "A23456789TJQK"
KO_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Korean readings of A..10, as in "일사오육" for A-4-5-6 (the 족보 article); J, Q, K have none.
KO_NUMERALS = "일이삼사오육칠팔구십"

NAMED_KO = {(0, 1, 2, 3): "골프", (0, 1, 2, 4): "세컨드", (0, 1, 3, 4): "서드", (0, 1, 2): "엠비씨"}
EN_SIZE_NAMES = {4: "badugi", 3: "three-card", 2: "two-card", 1: "one-card"}

# Ranks 1..715 are four-card classes, then 286 three-card, 78 two-card and 13 one-card.
_SIZE_OFFSET = {
    4: 0,
    3: comb(13, 4),
    2: comb(13, 4) + comb(13, 3),
    1: comb(13, 4) + comb(13, 3) + comb(13, 2),
}


def size_of_rank(rank: int) -> int:
    """How many cards the badugi of rank ``rank`` has: 4 for ranks 1..715, ... 1 for 1080..1092."""
    return next(size for size in (1, 2, 3, 4) if rank > _SIZE_OFFSET[size])


def class_rank(ranks: tuple[int, ...]) -> int:
    """Rank (1 = best) of the class whose badugi has these distinct card ranks.

    Within a size, comparing ranks from the highest down is colex order, so the class's position
    is the colex index of its rank set.
    """
    ascending = sorted(ranks)
    return _SIZE_OFFSET[len(ascending)] + sum(comb(r, i + 1) for i, r in enumerate(ascending)) + 1


@cache
def _classes() -> tuple[tuple[int, ...], ...]:
    """The card ranks of every class, by rank (index 0 unused), ascending."""
    classes: list[tuple[int, ...]] = [()] * (_SIZE_OFFSET[1] + 14)
    for size in (4, 3, 2, 1):
        for ranks in combinations(range(13), size):
            classes[class_rank(ranks)] = ranks
    return tuple(classes)


def class_ranks(rank: int) -> tuple[int, ...]:
    """The card ranks (0 = ace .. 12 = king), ascending, of the badugi of rank ``rank``."""
    if not 1 <= rank <= 1092:
        raise ValueError(f"a rank is 1..1092, got {rank}")
    return _classes()[rank]


def english_name(ranks: tuple[int, ...]) -> str:
    """``"7-5-3-A badugi"``, ``"three-card 7-4-2"``, ``"two-card 5-A"``, ``"one-card K"``."""
    text = "-".join(EN_RANKS[r] for r in sorted(ranks, reverse=True))
    return f"{text} badugi" if len(ranks) == 4 else f"{EN_SIZE_NAMES[len(ranks)]} {text}"


def korean_name(ranks: tuple[int, ...]) -> str:
    """The canonical Korean name: ``"6메이드"``, ``"A45 베이스"``, ``"A5 투베이스"``, ``"무탑"``."""
    ascending = tuple(sorted(ranks))
    if ascending in NAMED_KO:
        return NAMED_KO[ascending]
    digits = "".join(KO_RANKS[r] for r in ascending)
    if len(ascending) == 4:
        return f"{KO_RANKS[ascending[-1]]}메이드"
    if len(ascending) == 3:
        return f"{digits} 베이스"
    if len(ascending) == 2:
        return f"{digits} 투베이스"
    return "무탑"


def group_name(size: int, top: int, korean: bool = False) -> str:
    """The name of the classes of one badugi size and top card (0 = ace .. 12 = king), as
    ``badugi solve`` groups them: ``"badugi 8-high"``, ``"three-card 5-high"``, ``"one-card"``;
    ``"8메이드"``, ``"5베이스"``, ``"5 투베이스"``, ``"무탑"``."""
    if korean:
        names = {4: f"{KO_RANKS[top]}메이드", 3: f"{KO_RANKS[top]}베이스",
                 2: f"{KO_RANKS[top]} 투베이스", 1: "무탑"}  # fmt: skip
        return names[size]
    return f"{EN_SIZE_NAMES[size]} {EN_RANKS[top]}-high" if size > 1 else "one-card"


def korean_aliases(ranks: tuple[int, ...]) -> tuple[str, ...]:
    """Other ways the seeds write the class (``"6탑"``, ``"145 베이스"``, ``"5베이스"``, ...)."""
    ascending = tuple(sorted(ranks))
    top = KO_RANKS[ascending[-1]]
    digits = "".join(KO_RANKS[r] for r in ascending)
    # The seeds also write the ace as 1 ("145 베이스").
    digits_1 = digits.replace("A", "1", 1) if ascending[0] == 0 else None
    listed = ", ".join(KO_RANKS[r] for r in ascending)
    names: list[str] = []
    if len(ascending) == 4:
        names += [f"{top}탑", f"{top}메이드", f"메이드 {top}탑", f"{digits} 메이드"]
        if ascending[-1] <= 9:
            names.append("".join(KO_NUMERALS[r] for r in ascending))
    elif len(ascending) == 3:
        names += [f"{digits} 베이스", f"{top}베이스", f"{listed} 베이스"]
        if digits_1:
            names.append(f"{digits_1} 베이스")
    elif len(ascending) == 2:
        names += [
            f"{digits} 투베이스",
            f"{' '.join(KO_RANKS[r] for r in ascending)} 투베이스",
            f"{digits} 더블베이스",
        ]
        if digits_1:
            names.append(f"{digits_1} 투베이스")
    else:
        names += ["무탑", "무패"]
    canonical = korean_name(ascending)
    return tuple(dict.fromkeys(name for name in names if name != canonical))


_IGNORED = re.compile(r"[\s,\-·./]+")
_ACE_AS_ONE = re.compile(r"1(?!0)")


def normalize_name(name: str) -> str:
    """Spelling-insensitive form of a name: no spaces or separators, 1 and A alike, T and 10."""
    text = _IGNORED.sub("", unicodedata.normalize("NFC", name)).upper()
    return _ACE_AS_ONE.sub("A", text).replace("T", "10")


@cache
def _names_index() -> dict[str, tuple[int, ...]]:
    index: dict[str, set[int]] = {}
    for size in (4, 3, 2, 1):
        for ranks in combinations(range(13), size):
            rank = class_rank(ranks)
            for name in (english_name(ranks), korean_name(ranks), *korean_aliases(ranks)):
                index.setdefault(normalize_name(name), set()).add(rank)
    return {name: tuple(sorted(ranks)) for name, ranks in index.items()}


def lookup_name(name: str) -> tuple[int, ...]:
    """Ranks (best first) of every class the name denotes: ``"145 베이스"`` is one class,
    ``"6탑"`` every four-card 6-high, ``"무탑"`` all thirteen one-card classes."""
    if not isinstance(name, str):
        raise TypeError(f"a hand name is a str, not {type(name).__name__}")
    if len(name) > MAX_HAND_TEXT:  # no name comes close: refused before it is normalized
        raise ValueError(
            f"unknown hand name {shown(name)}: a name is at most {MAX_HAND_TEXT} characters,"
            f" got {len(name):,}"
        )
    ranks = _names_index().get(normalize_name(name))
    if ranks is None:
        raise ValueError(f"unknown hand name {shown(name)}")
    return ranks
