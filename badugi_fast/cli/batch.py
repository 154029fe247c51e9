"""Many hands' output lines at once: what `eval` and `compare` print for a file.

A line is the same bytes ``describe`` and the per-hand formatting give (the tests compare the
two on every rank). Per block of rows, numpy builds the pieces that vary with the cards (the
dealt cards, the badugi cards) as fixed-width byte rows, NUL-padded at the end so each becomes
its exact ``bytes`` through the ``S`` dtype; the pieces that depend only on the rank (rank,
names, aliases) are ``bytes`` made once per rank. One ``bytes.join`` lays them end to end.
The badugi cards come from a 512-entry table: of the subsets of the sorted hand with no two
ranks or suits alike, the largest, then the lowest ranks, then the lowest card ids (as
``describe`` chooses); which subset that is depends only on which cards share a rank or suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain, combinations

import numpy as np
import numpy.typing as npt

from ..cards import DECK
from ..hands.evaluator import evaluate_many
from ..hands.hand import Category
from ..hands.naming import class_ranks, english_name, korean_aliases, korean_name
from .common import dump

Bytes = npt.NDArray[np.uint8]
Texts = npt.NDArray[np.object_]  # bytes per rank

_CATEGORY = {4: Category.BADUGI, 3: Category.THREE_CARD, 2: Category.TWO_CARD, 1: Category.ONE_CARD}
# Subsets of the four sorted positions by size; within a size in the order describe prefers.
_PAIRS = list(combinations(range(4), 2))
_POPCOUNT = np.array([bin(i).count("1") for i in range(16)], dtype=np.uint8)
_MASKS = [
    sum(1 << p for p in positions)
    for size in (4, 3, 2, 1)
    for positions in combinations(range(4), size)
]


def _per_rank(texts: Sequence[bytes]) -> Texts:
    table = np.empty(len(texts), dtype=object)
    table[:] = texts
    return table


@cache
def _class_ranks() -> list[tuple[int, ...]]:
    """Per rank (index 0 unused): the card ranks of its badugi, highest first."""
    return [(), *(tuple(sorted(class_ranks(r), reverse=True)) for r in range(1, 1093))]


@cache
def _text_middle(korean: bool) -> Texts:
    """``\\t{rank}\\t{name}\\t`` for every rank."""
    ranks = _class_ranks()
    return _per_rank([b""] + [
        f"\t{r}\t{korean_name(ranks[r]) if korean else english_name(ranks[r])}\t".encode()
        for r in range(1, 1093)
    ])  # fmt: skip


@cache
def _json_parts(end: bytes) -> tuple[Texts, Texts]:
    """The JSON object's text between the dealt cards and the badugi cards, and after them."""
    ranks = _class_ranks()
    before, after = [b""], [b""]
    for r in range(1, 1093):
        size = len(ranks[r])
        category = dump(_CATEGORY[size].value)
        before.append(f'{r}, "size": {size}, "category": {category}, "badugi": ['.encode())
        names = (english_name(ranks[r]), korean_name(ranks[r]), list(korean_aliases(ranks[r])))
        after.append(f'], "name": {dump(names[0])}, "name_ko": {dump(names[1])}, '
                     f'"aliases": {dump(names[2])}}}'.encode() + end)  # fmt: skip
    return _per_rank(before), _per_rank(after)


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


def _cells(texts: Sequence[bytes], width: int) -> Bytes:
    """A table of fixed-width cells, NUL-padded."""
    table = np.zeros((len(texts), width), dtype=np.uint8)
    for i, text in enumerate(texts):
        table[i, : len(text)] = np.frombuffer(text, dtype=np.uint8)
    return table


@cache
def _card_cells(quoted: bool, after: bytes) -> tuple[Bytes, Bytes]:
    """Per card id: a cell followed by a separator (``As `` or ``"As", ``), and the cell of the
    last card, followed by ``after``."""
    names = [(f'"{card}"' if quoted else str(card)).encode() for card in DECK]
    separator = b", " if quoted else b" "
    middle = _cells([name + separator for name in names], len(names[0]) + len(separator))
    last = _cells([name + after for name in names], len(names[0]) + len(after))
    return middle, last


def _rows(matrix: Bytes) -> list[bytes]:
    """Each row of a byte matrix as bytes, trailing NULs dropped (the ``S`` dtype's rule)."""
    matrix = np.ascontiguousarray(matrix)
    rows: list[bytes] = matrix.view(f"S{matrix.shape[1]}").ravel().tolist()
    return rows


def cards_text(cards: Bytes, quoted: bool, before: bytes = b"", after: bytes = b"") -> list[bytes]:
    """Per row ``before`` + its cards as ``As 2d`` (or ``"As", "2d"``) + ``after``."""
    middle, last = _card_cells(quoted, after)
    rows = len(cards)
    head = np.broadcast_to(np.frombuffer(before, dtype=np.uint8), (rows, len(before)))
    body = middle[cards[:, :-1]].reshape(rows, -1)
    return _rows(np.concatenate([head, body, last[cards[:, -1]]], axis=1))


def some_cards_text(cards: Bytes, count: npt.NDArray[np.intp], quoted: bool,
                    after: bytes = b"") -> list[bytes]:  # fmt: skip
    """Per row its first ``count`` cards as in ``cards_text``, then ``after``: one gather from
    a table of middle cells, last cells and empty cells, chosen by each slot's place."""
    middle, last = _card_cells(quoted, after)
    width = middle.shape[1]
    assert last.shape[1] <= width  # a last cell fits in a slot (text: "As\n", JSON: '"As"')
    table = np.concatenate(
        [middle, _cells([b""] * len(last), width), np.zeros((1, width), np.uint8)]
    )
    table[len(middle) : len(middle) + len(last), : last.shape[1]] = last
    slot = np.arange(cards.shape[1])
    place = np.where(slot < count[:, None] - 1, 0, np.where(slot == count[:, None] - 1, 1, 2))
    index = np.where(place == 2, 2 * len(DECK), cards + len(DECK) * place)
    return _rows(table[index].reshape(len(cards), -1))


def numbers_text(first: int, count: int, before: bytes, after: bytes) -> list[bytes]:
    """``before`` + n + ``after`` for n = first .. first + count - 1."""
    numbers = np.arange(first, first + count, dtype=np.int64)
    digits = len(str(first + count - 1)) if count else 1
    lengths = np.ones(count, dtype=np.int64)
    for d in range(1, digits):
        lengths += numbers >= 10**d
    places = lengths[:, None] - 1 - np.arange(digits)  # the power of ten of each column
    text = (numbers[:, None] // 10 ** np.maximum(places, 0) % 10 + ord("0")).astype(np.uint8)
    text[places < 0] = 0
    out = np.zeros((count, len(before) + digits + len(after)), dtype=np.uint8)
    out[:, : len(before)] = np.frombuffer(before, dtype=np.uint8)
    out[:, len(before) : len(before) + digits] = text
    for i, byte in enumerate(after):
        out[np.arange(count), len(before) + lengths + i] = byte
    return _rows(out)


def join(*columns: Sequence[bytes]) -> bytes:
    """Row by row, the columns' pieces end to end."""
    return b"".join(chain.from_iterable(zip(*columns, strict=True)))


def text_lines(cards: Bytes, ranks: npt.NDArray[np.uint16], korean: bool,
               prefix: Sequence[bytes] | None = None) -> bytes:  # fmt: skip
    """`eval`'s text lines: dealt cards, rank, name, badugi cards (tab-separated)."""
    picked, size = badugi_cards(cards)
    columns = [cards_text(cards, False), _text_middle(korean)[ranks].tolist(),
               some_cards_text(picked, size, False, after=b"\n")]  # fmt: skip
    return join(prefix, *columns) if prefix is not None else join(*columns)


def json_objects(cards: Bytes, ranks: npt.NDArray[np.uint16], end: bytes = b"\n") -> bytes:
    """`eval --json`'s objects (the schema of ``hand_json``), each followed by ``end``."""
    picked, size = badugi_cards(cards)
    before, after = _json_parts(end)
    return join(cards_text(cards, True, b'{"hand": [', b'], "rank": '),
                before[ranks].tolist(), some_cards_text(picked, size, True),
                after[ranks].tolist())  # fmt: skip


def ranks_of(cards: Bytes) -> npt.NDArray[np.uint16]:
    return evaluate_many(cards, threads=1)
