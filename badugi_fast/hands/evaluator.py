"""Hand ranks from the C core: one hand, many hands from numpy, comparisons."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._runtime.threads import AUTO_THREADS_MIN_ROWS, available_cores, run_in_threads, thread_count
from ..cards import Card, CardLike, hand_ids
from ..errors import InvalidHandError
from .kernels import kernel_id
from .text import c_hand_ids, parse_hands, refuse_unordered_hands

NUM_RANKS: int = lib.BF_NUM_RANKS
NUM_HANDS: int = lib.BF_NUM_HANDS
BEST_RANK = 1
WORST_RANK = NUM_RANKS

HandLike = str | Iterable[CardLike]
# Rows per C call of evaluate_many: a few ms at 1-7 ns a row, so Ctrl-C is seen at once and the
# Python between calls costs nothing measurable.
BLOCK_ROWS = 1 << 20

__all__ = [
    "AUTO_THREADS_MIN_ROWS",
    "BEST_RANK",
    "NUM_HANDS",
    "NUM_RANKS",
    "WORST_RANK",
    "HandLike",
    "available_cores",
    "compare",
    "evaluate",
    "evaluate_many",
    "fast_hand_ids",
    "winners",
]

_rank = lib.bf_rank
_rank_text = lib.bf_rank_text


def evaluate(hand: HandLike) -> int:
    """Rank of a hand: 1 (A-2-3-4 badugi, best) ... 1092 (four kings, worst); ties are equal.

    ``hand`` is text (``"As 2d 3h 4c"``, ``"As,2d,3h,4c"``, ``"As2d3h4c"``) or a sequence of four
    card ids, card texts or Cards, in any order. An id is an integer (an int, a numpy integer or
    a Card); a float or anything else that merely converts to int is a TypeError.
    """
    # Fast paths in C (each returns 0 for anything it cannot take, and the Python reader then
    # accepts it or names what is wrong): four ids of integer types, inline as the commonest
    # call; text and numpy rows below. The type check matters: cffi would truncate
    # np.float32(3.7), Fraction(7, 2) or any object with only ``__int__`` to a valid id.
    kind = hand.__class__
    if kind is str:
        try:
            data = hand.encode()  # type: ignore[union-attr]
        except UnicodeEncodeError:
            data = b""  # read by Python, which names the character
        rank: int = _rank_text(data, len(data))
        if rank:
            return rank
    elif kind is tuple or kind is list:
        try:
            a, b, c, d = hand  # type: ignore[str-unpack]
        except ValueError:
            pass  # not four cards: the Python reader says how many
        else:
            if (a.__class__ is int is b.__class__ is c.__class__ is d.__class__) or (
                a.__class__ in _ID_TYPES
                and b.__class__ in _ID_TYPES
                and c.__class__ in _ID_TYPES
                and d.__class__ in _ID_TYPES
            ):
                try:
                    rank = _rank(a, b, c, d)  # type: ignore[arg-type]
                except OverflowError:  # an id beyond a C int: the Python reader names it
                    rank = 0
                if rank:
                    return rank
    return _rank_otherwise(hand)


def _rank_otherwise(hand: Any) -> int:
    """A numpy row of integer ids in C; anything else through the Python reader, which accepts
    it or names what is wrong (a str subclass such as np.str_ is text)."""
    if hand.__class__ is np.ndarray and hand.shape == (4,) and hand.dtype.kind in "iu":
        try:
            rank = int(_rank(*hand.tolist()))
        except OverflowError:  # an id beyond a C int
            rank = 0
        if rank:
            return rank
    if isinstance(hand, str):
        hand = str(hand)
    return int(_rank(*fast_hand_ids(hand)))


_ID_TYPES = frozenset(
    {int, bool, Card, *(np.dtype(code).type for code in np.typecodes["AllInteger"])}
)


def fast_hand_ids(hand: HandLike) -> tuple[int, int, int, int]:
    """hand_ids, reading text in C when it can. Every public function taking one hand reads it
    here."""
    if hand.__class__ is str:
        ids = c_hand_ids(hand)
        if ids is not None:
            return ids
    return hand_ids(hand)


def compare(a: HandLike, b: HandLike) -> int:
    """1 if hand ``a`` wins, -1 if ``b`` wins, 0 on a tie."""
    rank_a, rank_b = evaluate(a), evaluate(b)
    return (rank_a < rank_b) - (rank_a > rank_b)


def winners(hands: Sequence[HandLike]) -> list[int]:
    """Indices of every hand sharing the best rank (more than one means a split pot)."""
    if isinstance(hands, str):
        raise TypeError("winners() takes a list of hands, not one str")
    refuse_unordered_hands(hands, "winners()")
    try:
        hand_list = list(hands)
    except TypeError:
        raise TypeError(f"winners() takes a list of hands, not {type(hands).__name__}") from None
    ranks = [evaluate(hand) for hand in hand_list]
    if not ranks:
        raise ValueError("winners() needs at least one hand")
    best = min(ranks)
    return [i for i, rank in enumerate(ranks) if rank == best]


def evaluate_many(
    cards: Any,
    *,
    threads: int | None = None,
    out: npt.NDArray[np.uint16] | None = None,
    kernel: str | None = None,
) -> npt.NDArray[np.uint16]:
    """Ranks of N hands given as an (N, 4) array of card ids (any order within a row).

    A C-contiguous uint8 array is read in place; other integer arrays are range-checked and
    converted once. Text hands (a list of strings, or one string with a hand per line) are read
    in C; sequences of hands in any other form (Cards, mixed) are read row by row.
    ``threads=None`` splits large batches across the available cores; ``threads=1`` forces one.
    ``out`` receives the ranks when given (a writable, contiguous uint16 array of length N); when
    it shares memory with ``cards``, the cards are copied first (as numpy's ufuncs do), so the
    ranks are those of the cards as passed.
    ``threads`` is at most 4 x the usable cores (a ValueError above); the batch runs in blocks,
    so Ctrl-C stops it within a fraction of a second (``out`` then holds the rows done so far).
    ``kernel`` forces a batch kernel (``"scalar"``, ``"avx2"``, ``"avx512"``; default: the fastest
    this CPU runs, or the ``BADUGI_FAST_KERNEL`` environment variable).
    Raises InvalidHandError naming the first bad row (also in its ``row`` attribute).
    """
    kernel_number = kernel_id(kernel)
    rows = _card_rows(cards)
    n = rows.shape[0]
    result = _output_array(out, n)
    if out is not None and np.shares_memory(rows, result):
        rows = rows.copy()  # C would read ranks it has just written over the cards
    nthreads = thread_count(threads, n)
    if n:
        first_bad = _rank_rows(rows, result, nthreads, kernel_number)
        if first_bad < n:
            raise _row_error(rows[first_bad], first_bad)
    return result


def _card_rows(cards: Any) -> npt.NDArray[np.uint8]:
    """(N, 4) C-contiguous uint8 ids with every id in 0..51 (duplicates are left to C).

    Integer arrays take the array path; anything else (text, Cards, mixed rows) goes to the row
    reader, which hands all-text batches to the C text reader.
    """
    if isinstance(cards, str):
        return parse_hands(cards)
    refuse_unordered_hands(cards, "evaluate_many")
    array: npt.NDArray[Any] | None
    if isinstance(cards, np.ndarray):
        if cards.dtype.kind in "USO":
            return _parse_rows(cards.tolist())
        array = cards
    else:
        array = _id_array(cards)
        if array is None:
            return _parse_rows(cards)
    if array.dtype.kind not in "iu":
        raise TypeError(f"card ids must be an integer array, not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 4:
        raise InvalidHandError(f"expected an (N, 4) array of card ids, got shape {array.shape}")
    if array.dtype != np.uint8:
        outside = (array < 0) | (array > 51)
        if outside.any():
            row = int(np.argmax(outside.any(axis=1)))
            raise _row_error(array[row], row)
        return array.astype(np.uint8, order="C")
    return np.ascontiguousarray(array)


def _id_array(cards: Any) -> npt.NDArray[Any] | None:
    """The input as an integer numpy array, or None when it is not one (text, ragged rows...)."""
    if isinstance(cards, list | tuple) and cards and isinstance(cards[0], str):
        return None  # text: skip building a numpy string array
    try:
        array = np.asarray(cards)
    except ValueError:  # ragged rows: the row reader names the bad one
        return None
    return array if array.dtype.kind in "iu" else None


def _parse_rows(hands: Any) -> npt.NDArray[np.uint8]:
    try:
        items = list(hands)
    except TypeError:
        raise TypeError(
            f"expected an (N, 4) array of card ids, not {type(hands).__name__}"
        ) from None
    if items and all(isinstance(item, str) for item in items):
        return parse_hands(items)  # text hands: read in C
    rows = np.empty((len(items), 4), dtype=np.uint8)
    for i, hand in enumerate(items):
        try:
            rows[i] = fast_hand_ids(hand)
        except InvalidHandError as error:
            raise InvalidHandError(
                f"row {i}: {error}", token=error.token, row=i, hand=_as_list(hand)
            ) from None
        except TypeError as error:
            raise TypeError(f"row {i}: {error}") from None
    return rows


def _as_list(hand: Any) -> list[Any]:
    return [hand] if isinstance(hand, str) else list(hand) if isinstance(hand, Iterable) else [hand]


def _row_error(row: Any, index: int) -> InvalidHandError:
    values = [int(v) for v in row]
    try:
        hand_ids(values)
    except InvalidHandError as error:
        return InvalidHandError(f"row {index}: {error}", token=error.token, row=index, hand=values)
    raise AssertionError(f"row {index} ({values}) was rejected but is a valid hand")


def _output_array(out: Any, n: int) -> npt.NDArray[np.uint16]:
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not isinstance(out, np.ndarray) or out.dtype != np.uint16:
        raise TypeError(
            f"out must be a numpy uint16 array, not {getattr(out, 'dtype', type(out).__name__)}"
        )
    if out.shape != (n,):
        raise ValueError(f"out must have shape ({n},), not {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be C-contiguous and writable")
    return out


def _rank_rows(
    rows: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], nthreads: int, kernel: int
) -> int:
    """Run the C loop (which releases the GIL) over the rows; return the first bad row or n."""
    src = ffi.from_buffer("uint8_t[]", rows)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def rank_chunk(lo: int, hi: int) -> int:
        return int(lib.bf_rank_batch_kernel(kernel, src + 4 * lo, hi - lo, dst + lo))

    blocks = run_in_threads(int(rows.shape[0]), nthreads, rank_chunk, block_rows=BLOCK_ROWS)
    for lo, hi, first_bad in blocks:
        if first_bad < hi - lo:
            return lo + first_bad
    return int(rows.shape[0])
