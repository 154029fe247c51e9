"""Many hands' output lines at once, with numpy: what `eval` and `compare` print for a file.

A line is the same bytes ``describe`` and the per-hand formatting give (the tests compare the
two on every rank), built per block of rows: each piece of a line (the dealt cards, what depends
only on the rank, the badugi cards) is a padded byte matrix with its used length per row; one
boolean mask over the joined matrix drops the padding. The badugi cards come from the rank's
card ranks: of the subsets of the hand with exactly those ranks and four different suits, the
one whose sorted card ids are lowest (as ``describe`` chooses).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..cards import DECK
from ..hands.evaluator import evaluate_many
from ..hands.hand import Category
from ..hands.naming import class_ranks, english_name, korean_aliases, korean_name
from .common import dump

Bytes = npt.NDArray[np.uint8]

_CARD_TEXT = np.array([list(str(card).encode()) for card in DECK], dtype=np.uint8)  # (52, 2)
_CATEGORY = {4: Category.BADUGI, 3: Category.THREE_CARD, 2: Category.TWO_CARD, 1: Category.ONE_CARD}
# Subsets of the four sorted positions by size; within a size in the order describe prefers.
_PAIRS = list(combinations(range(4), 2))
_POPCOUNT = np.array([bin(i).count("1") for i in range(16)], dtype=np.uint8)
_MASKS = [
    sum(1 << p for p in positions)
    for size in (4, 3, 2, 1)
    for positions in combinations(range(4), size)
]


def _padded(texts: Sequence[bytes]) -> Bytes:
    """One row per text, NUL-padded to the longest."""
    width = max(len(text) for text in texts)
    return np.array(texts, dtype=f"S{width}").view(np.uint8).reshape(len(texts), width)


@cache
def _class_ranks() -> list[tuple[int, ...]]:
    """Per rank (index 0 unused): the card ranks of its badugi, highest first."""
    return [()] + [tuple(sorted(class_ranks(r), reverse=True)) for r in range(1, 1093)]


@cache
def _text_middle(korean: bool) -> Bytes:
    """``\\t{rank}\\t{name}\\t`` for every rank."""
    ranks = _class_ranks()
    texts = [b""] + [
        f"\t{r}\t{korean_name(ranks[r]) if korean else english_name(ranks[r])}\t".encode()
        for r in range(1, 1093)
    ]
    return _padded(texts)


@cache
def _json_parts() -> tuple[Bytes, Bytes]:
    """The JSON object's text between the dealt cards and the badugi cards, and after them."""
    ranks = _class_ranks()
    before, after = [b""], [b""]
    for r in range(1, 1093):
        size = len(ranks[r])
        before.append(f'{r}, "size": {size}, "category": {dump(_CATEGORY[size].value)}, '
                      '"badugi": ['.encode())  # fmt: skip
        name, name_ko, aliases = (
            english_name(ranks[r]),
            korean_name(ranks[r]),
            korean_aliases(ranks[r]),
        )
        after.append(f'], "name": {dump(name)}, "name_ko": {dump(name_ko)}, '
                     f'"aliases": {dump(list(aliases))}}}'.encode())  # fmt: skip
    return _padded(before), _padded(after)


@cache
def _choice_table() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
    """The badugi's positions in a sorted hand, keyed by which neighbours share a rank (3 bits)
    and which pairs share a suit (6 bits): these decide the choice, as ranks only compare."""
    table = np.zeros(512, dtype=np.uint8)
    for key in range(512):
        ranks = [0]
        for i in range(3):  # sorted ranks: equal to the previous one or above it
            ranks.append(ranks[-1] + (0 if key >> i & 1 else 1))
        same_suit = {pair for bit, pair in enumerate(_PAIRS) if key >> (3 + bit) & 1}
        best: tuple[int, list[int], list[int], int] | None = None
        for mask in _MASKS:
            positions = [p for p in range(4) if mask >> p & 1]
            if len({ranks[p] for p in positions}) < len(positions):
                continue
            if any(pair in same_suit for pair in combinations(positions, 2)):
                continue
            high_first = sorted((ranks[p] for p in positions), reverse=True)
            candidate = (-len(positions), high_first, positions, mask)
            if best is None or candidate < best:
                best = candidate
        assert best is not None
        table[key] = best[3]
    order = np.zeros((16, 4), dtype=np.intp)  # a mask's positions, highest first
    for mask in _MASKS:
        high_first = [p for p in (3, 2, 1, 0) if mask >> p & 1]
        order[mask, : len(high_first)] = high_first
    return table, order


def badugi_cards(cards: Bytes) -> tuple[Bytes, npt.NDArray[np.intp]]:
    """Each row's badugi cards, highest first (padded with 0), and how many there are."""
    table, order = _choice_table()
    ordered = np.sort(cards, axis=1)
    ranks, suits = ordered >> 2, ordered & 3
    key = np.zeros(len(cards), dtype=np.intp)
    for i in range(3):
        key |= (ranks[:, i] == ranks[:, i + 1]).astype(np.intp) << i
    for bit, (i, j) in enumerate(_PAIRS):
        key |= (suits[:, i] == suits[:, j]).astype(np.intp) << (3 + bit)
    chosen = table[key]
    picked = np.take_along_axis(ordered, order[chosen], axis=1)
    return picked, _POPCOUNT[chosen].astype(np.intp)


def _card_cells(quoted: bool) -> npt.NDArray[np.void]:
    """Per card id one fixed-width cell: ``As `` or ``"As", ``."""
    cell = 6 if quoted else 3
    texts = [(f'"{card}", ' if quoted else f"{card} ").encode() for card in DECK]
    return np.array(texts, dtype=f"S{cell}")


_CELLS = {False: _card_cells(False), True: _card_cells(True)}


def _cards_piece(cards: Bytes, count: npt.NDArray[np.intp] | None, quoted: bool) -> Bytes:
    """Cards as ``As 2d`` (or ``"As", "2d"``), NUL-padded: one gathered cell per card, without
    the separator after the last card (``count`` of them when given, else all)."""
    cells = _CELLS[quoted]
    separator = 2 if quoted else 1
    out = cells[cards].view(np.uint8).reshape(len(cards), -1)
    if count is None:
        return out[:, :-separator]
    ends = count * cells.itemsize - separator
    out[np.arange(out.shape[1]) >= ends[:, None]] = 0
    return out


def fixed(text: bytes, rows: int) -> Bytes:
    row = np.frombuffer(text, dtype=np.uint8)
    matrix: Bytes = np.broadcast_to(row, (rows, len(text)))
    return matrix


def _by_rank(table: Bytes, ranks: npt.NDArray[np.uint16]) -> Bytes:
    rows: Bytes = table[ranks]
    return rows


def decimal(numbers: npt.NDArray[np.int64]) -> Bytes:
    """Non-negative integers as decimal text, NUL-padded."""
    digits = len(str(int(numbers.max()))) if len(numbers) else 1
    lengths = np.ones(len(numbers), dtype=np.int64)
    for d in range(1, digits):
        lengths += numbers >= 10**d
    places = lengths[:, None] - 1 - np.arange(digits)  # the power of ten of each column
    digit = numbers[:, None] // 10 ** np.maximum(places, 0) % 10
    text: Bytes = (digit + ord("0")).astype(np.uint8)
    text[places < 0] = 0
    return text


def join(pieces: Sequence[Bytes]) -> bytes:
    """Each row's pieces in order, rows one after another, the NUL padding dropped (no output
    text holds a NUL; ``bytes.replace`` drops them far faster than a mask could)."""
    return bytes(np.concatenate(pieces, axis=1).tobytes()).replace(b"\0", b"")


def text_lines(
    cards: Bytes, ranks: npt.NDArray[np.uint16], korean: bool, prefix: Sequence[Bytes] = ()
) -> bytes:
    """`eval`'s text lines: dealt cards, rank, name, badugi cards (tab-separated)."""
    picked, size = badugi_cards(cards)
    rows = len(cards)
    return join([*prefix, _cards_piece(cards, None, False), _by_rank(_text_middle(korean), ranks),
                 _cards_piece(picked, size, False), fixed(b"\n", rows)])  # fmt: skip


def json_objects(cards: Bytes, ranks: npt.NDArray[np.uint16], end: bytes = b"\n") -> bytes:
    """`eval --json`'s objects (the schema of ``hand_json``), each followed by ``end``."""
    picked, size = badugi_cards(cards)
    rows = len(cards)
    before, after = _json_parts()
    return join([fixed(b'{"hand": [', rows), _cards_piece(cards, None, True),
                 fixed(b'], "rank": ', rows), _by_rank(before, ranks),
                 _cards_piece(picked, size, True), _by_rank(after, ranks),
                 fixed(end, rows)])  # fmt: skip


def ranks_of(cards: Bytes) -> npt.NDArray[np.uint16]:
    return evaluate_many(cards, threads=1)
