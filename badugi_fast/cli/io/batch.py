"""Many hands' output lines at once, written in C: what `eval` and `compare` print for a file.

A line is a hand's dealt cards, a text that depends only on its rank, its badugi cards, and a
closing text that depends only on its rank (csrc/badugi_format.h). Those texts are cut here from
the per-hand formatter itself (``hand_line`` or ``hand_json``, the specification) applied to one
hand of every rank, so the layout, the JSON schema and every name stay written once; C only lays
them end to end. Lines are made block by block into one reused buffer: memory stays constant,
and Ctrl-C stops the output between blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._badugi import ffi, lib
from ...cards import DECK, Card
from ...hands.evaluator import evaluate_many
from ...hands.hand import Hand, describe
from ...hands.naming import class_ranks

Cards = npt.NDArray[np.uint8]
NUM_RANKS = lib.BF_NUM_RANKS
MAX_DIGITS = int(lib.BF_FORMAT_MAX_DIGITS)  # of a line number (a uint64 in C)


@dataclass(frozen=True)
class LineTexts:
    """The texts C lays out, in the table of csrc/badugi_format.h, and the longest line."""

    data: bytes
    offsets: npt.NDArray[np.uint32]
    longest: int
    table: Any  # the bf_line_texts struct pointing into data and offsets
    views: tuple[Any, ...]  # the cffi views of data and offsets, alive as long as the table


@cache
def example_hands() -> tuple[Hand, ...]:
    """One hand of every rank (index 0 unused), its cards in ascending order: the badugi's
    ranks in distinct suits, and cards that add nothing (a rank already there, in a suit
    already there; three-card: the top rank again; two-card: both ranks twice; one-card: all
    four suits of the rank)."""
    hands: list[Hand] = []
    for rank in range(1, NUM_RANKS + 1):
        ranks = class_ranks(rank)
        ids = {4 * r + suit for suit, r in enumerate(ranks)}
        if len(ranks) == 3:
            ids.add(4 * ranks[-1])
        elif len(ranks) < 3:
            ids |= {4 * r + suit for r in ranks for suit in range(4 // len(ranks))}
        hand = describe(sorted(ids))
        if hand.rank != rank:
            raise RuntimeError(f"the example of rank {rank} has rank {hand.rank}")
        hands.append(hand)
    return (hands[0], *hands)


def _cut(line: str, dealt: str, best: str) -> tuple[str, str, str]:
    """A rendered line's text before the dealt cards, between them and the badugi cards, and
    after those."""
    at = line.find(dealt)
    last = line.rfind(best, at + len(dealt))
    if at < 0 or last < 0:
        raise RuntimeError(f"the line {line!r} does not show the cards {dealt!r} then {best!r}")
    return line[:at], line[at + len(dealt) : last], line[last + len(best) :]


def line_texts(render: Callable[[Hand], str], card_text: Callable[[Card], str], separator: str,
               numbered: tuple[str, str] = ("", "")) -> LineTexts:  # fmt: skip
    """The texts of the lines ``render`` makes, whose card lists are ``card_text`` of each card
    joined by ``separator``. With a first line number, C puts ``numbered[0] + number +
    numbered[1]`` first."""
    names = [card_text(card) for card in DECK]
    starts, middles, ends = set(), [], []
    for hand in example_hands()[1:]:
        dealt = separator.join(card_text(card) for card in hand.dealt)
        best = separator.join(card_text(card) for card in hand.cards)
        start, middle, end = _cut(render(hand), dealt, best)
        starts.add(start)
        middles.append(middle)
        ends.append(end)
    if len(starts) != 1:
        raise RuntimeError(f"lines start with different texts: {sorted(starts)}")
    start = starts.pop()
    texts = [t.encode() for t in (*names, separator, start, *numbered, *middles, *ends)]
    assert len(texts) == lib.BF_LINE_TEXTS
    offsets = np.zeros(len(texts) + 1, dtype=np.uint32)
    offsets[1:] = np.cumsum([len(text) for text in texts])
    data = b"".join(texts) + bytes(lib.BF_LINE_PADDING)  # lets C copy short texts faster
    lengths = [len(text) for text in texts]
    cards_list = 4 * max(lengths[: lib.BF_LINE_SEPARATOR]) + 3 * lengths[lib.BF_LINE_SEPARATOR]
    longest = (sum(lengths[lib.BF_LINE_START : lib.BF_LINE_MIDDLE]) + MAX_DIGITS + 2 * cards_list
               + max(lengths[lib.BF_LINE_MIDDLE : lib.BF_LINE_END])
               + max(lengths[lib.BF_LINE_END :]))  # fmt: skip
    views = (ffi.from_buffer(data), ffi.from_buffer("uint32_t[]", offsets))
    table = ffi.new("bf_line_texts *")
    table.bytes, table.len, table.offsets = views[0], len(data), views[1]
    return LineTexts(data, offsets, longest, table, views)


def format_lines(cards: Cards, texts: LineTexts, first_number: int = 0,
                 block_rows: int = 1 << 14) -> Iterator[memoryview]:  # fmt: skip
    """The rows' lines, ``block_rows`` rows at a time, each block a view of one reused buffer
    (write it before asking for the next). With ``first_number`` > 0 the lines are numbered
    from it."""
    given = np.asarray(cards)
    wrapping = (given < 0) | (given > 255)  # not a byte: C would read it wrapped, as a card
    if wrapping.any():
        row = int(np.argwhere(wrapping)[0][0])
        raise ValueError(f"row {row}: not a hand of four distinct card ids ({given[row].tolist()})")
    cards = np.ascontiguousarray(given, dtype=np.uint8)
    if cards.ndim != 2 or cards.shape[1] != 4:
        raise ValueError(f"cards must have shape (n, 4), got {cards.shape}")
    if block_rows < 1:
        raise ValueError(f"block_rows must be at least 1, got {block_rows}")
    rows = min(len(cards), block_rows)
    buffer = bytearray(rows * texts.longest + lib.BF_LINE_PADDING)
    out = ffi.from_buffer(buffer)
    rows_done, used = ffi.new("size_t *"), ffi.new("size_t *")
    view = memoryview(buffer)
    lo = 0
    while lo < len(cards):
        block = cards[lo : lo + block_rows]
        number = first_number + lo if first_number > 0 else 0
        status = lib.bf_format_lines(ffi.from_buffer(block), len(block), texts.table, number,
                                     out, len(buffer), rows_done, used)  # fmt: skip
        if status == lib.BF_FORMAT_BAD_ROW:
            raise ValueError(f"row {lo + rows_done[0]}: not a hand of four distinct card ids")
        if status != lib.BF_FORMAT_OK or rows_done[0] == 0:
            raise RuntimeError(f"bf_format_lines returned {status} after {rows_done[0]} rows")
        yield view[: used[0]]
        lo += rows_done[0]


def ranks_of(cards: Cards) -> npt.NDArray[np.uint16]:
    return evaluate_many(cards, threads=1)
