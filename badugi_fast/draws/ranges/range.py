"""Ranges: weighted sets of four-card hands an opponent may hold, and the text that names them.

``parse_range("8-, 0.5:K32+, !A23x")`` reads elements joined by commas, left to right: each
element gives its hands its weight (1, or the ``w:`` prefix, 0 < w <= 1; a later element
overrides an earlier one), and ``!`` before an element removes its hands. The element forms are
listed in ``range_text``. ``str()`` of a Range is a canonical text that reads back to the same
range: whole classes as rank strings (``8765-``, ``K32+``, ``T987..8765``), other hands one by one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._runtime.validate import is_real
from ...cards import DECK, MAX_HAND_TEXT
from ...errors import shown
from ...hands.evaluator import NUM_HANDS, NUM_RANKS, fast_hand_ids
from ...hands.universe import all_hands, class_counts, class_of_hands, lex_index
from ..html import range_html
from .text import _CLASS_EXPR, NUMBER, ElementError, class_element, element_mask

__all__ = ["InvalidRangeError", "Range", "parse_range"]

_WEIGHT = re.compile(f"\\s*({NUMBER}(?:[eE][-+]?[0-9]+)?)\\s*:(.*)", re.DOTALL)  # linear: text.py
# The longest range text read: 16 MiB. Any range's canonical text (``str``) fits with room to
# spare: 270,725 hands one by one, each with a 23-character weight, take about 10 MB.
MAX_RANGE_TEXT = 1 << 24
_REPR_CHARS = 60


class InvalidRangeError(ValueError):
    """Range text that cannot be read, naming the element and where it starts."""

    def __init__(self, message: str, element: str | None = None, position: int | None = None):
        super().__init__(message)
        self.element = element
        self.position = position


class Range:
    """A weighted set of hands: ``.hands`` (N, 4) uint8 (ids ascending in a row, rows sorted),
    ``.weights`` (N,) float64 in (0, 1]. ``|`` keeps the larger weight, ``&`` the smaller one
    (hands in both), ``-`` drops the hands of the right-hand range."""

    __slots__ = ("_index", "_weights")

    def __init__(self, index: npt.NDArray[np.int32], weights: npt.NDArray[np.float64]) -> None:
        """Internal: sorted unique positions in the universe of hands, and their weights.
        Build ranges with ``parse_range`` or ``Range.from_hands``."""
        self._index = np.asarray(index, dtype=np.int32)
        self._weights = np.asarray(weights, dtype=np.float64)
        self._index.setflags(write=False)
        self._weights.setflags(write=False)

    @classmethod
    def from_hands(cls, hands: Iterable[Any], weights: Any = 1.0) -> Range:
        """A range of the given hands (text, card sequences, or an (N, 4) id array), each with
        its weight (one number for all, or one per hand); a hand given twice keeps the larger."""
        rows = _hand_rows(hands)
        w = _hand_weights(weights, len(rows))
        if len(w) and not (np.all(w > 0) and np.all(w <= 1)):  # NaN fails both
            bad = int(np.flatnonzero(~((w > 0) & (w <= 1)))[0])
            raise ValueError(f"range weights are in (0, 1], not {w[bad]} (hand {bad})")
        dense = np.zeros(NUM_HANDS)
        if len(rows):
            np.maximum.at(dense, lex_index(rows), w)
        return cls.from_vector(dense)

    @classmethod
    def from_vector(cls, weights: npt.ArrayLike) -> Range:
        """The range of a weight per hand of ``all_hands()`` (270,725 weights, each 0 to 1; the
        hands of weight 0 are not in the range)."""
        dense = np.asarray(weights)
        if dense.dtype == np.bool_ or not np.issubdtype(dense.dtype, np.number):
            raise TypeError(f"weights are numbers, not {dense.dtype}")
        if np.iscomplexobj(dense):
            raise TypeError("weights are real numbers, not complex")
        if dense.shape != (NUM_HANDS,):
            raise ValueError(f"weights has shape ({NUM_HANDS},): one per hand, not {dense.shape}")
        dense = dense.astype(np.float64)
        if not np.all((dense >= 0) & (dense <= 1)):  # NaN fails both
            bad = int(np.flatnonzero(~((dense >= 0) & (dense <= 1)))[0])
            raise ValueError(f"weights are 0 to 1, not {dense[bad]} (hand {bad})")
        index = np.flatnonzero(dense > 0).astype(np.int32)
        return cls(index, dense[index])

    def _dense(self) -> npt.NDArray[np.float64]:
        dense = np.zeros(NUM_HANDS)
        dense[self._index] = self._weights
        return dense

    @property
    def hands(self) -> npt.NDArray[np.uint8]:
        return all_hands()[self._index]

    @property
    def weights(self) -> npt.NDArray[np.float64]:
        return self._weights

    @property
    def positions(self) -> npt.NDArray[np.int32]:
        """Each hand's position among all 270,725 hands in lexicographic order."""
        return self._index

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, hand: object) -> bool:
        position = int(lex_index(np.array(fast_hand_ids(hand)))[0])  # type: ignore[arg-type]
        found = np.searchsorted(self._index, position)
        return bool(found < len(self._index) and self._index[found] == position)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return np.array_equal(self._index, other._index) and np.array_equal(
            self._weights, other._weights
        )

    __hash__ = None  # type: ignore[assignment]

    def __or__(self, other: Range | str) -> Range:
        return Range.from_vector(np.maximum(self._dense(), _as_range(other)._dense()))

    def __and__(self, other: Range | str) -> Range:
        return Range.from_vector(np.minimum(self._dense(), _as_range(other)._dense()))

    def __sub__(self, other: Range | str) -> Range:
        dense = self._dense()
        dense[_as_range(other)._index] = 0
        return Range.from_vector(dense)

    __ror__ = __or__
    __rand__ = __and__

    def __rsub__(self, other: str) -> Range:
        return _as_range(other) - self

    def __str__(self) -> str:
        return ", ".join(_canonical_elements(self._index, self._weights))

    def _repr_html_(self) -> str:
        """Jupyter's drawing, the web pages' too (``draws/html.py``): the hands and share,
        the classes, and the heat map of the share of each (size, top, second card) cell."""
        return range_html(self)

    def __repr__(self) -> str:
        text = str(self)
        if len(text) > _REPR_CHARS:
            text = text[: _REPR_CHARS - 3] + "..."
        return f"<Range of {len(self)} hands: {text!r}>"


def _as_range(value: Range | str) -> Range:
    if isinstance(value, Range):
        return value
    if isinstance(value, str):
        return parse_range(value)
    raise TypeError(f"expected a Range or range text, not {type(value).__name__}")


def _hand_weights(weights: Any, n: int) -> npt.NDArray[np.float64]:
    """One real number for every hand, or one per hand: never text, a bool or a complex number
    (which numpy would read as a number), nor a sequence of another length."""
    if isinstance(weights, str | bytes | Mapping):
        raise TypeError(
            f"weights are a number or one number per hand, not {type(weights).__name__}"
        )
    w = np.asarray(weights)
    if w.dtype == object:
        for i, item in enumerate(w.ravel().tolist()):
            if not is_real(item):
                raise TypeError(f"weight {i} is {shown(item)}, not a real number")
        w = w.astype(np.float64)
    if w.dtype.kind not in "iuf":
        raise TypeError(f"weights are real numbers, not {w.dtype}")
    if w.shape not in ((), (n,)):
        raise ValueError(
            f"weights are one number for all {n:,} hands or one per hand, got shape {w.shape}"
        )
    return np.broadcast_to(w.astype(np.float64), (n,))


def _hand_rows(hands: Iterable[Any]) -> npt.NDArray[np.int64]:
    if isinstance(hands, str):
        hands = [hands]
    if isinstance(hands, Mapping):
        raise TypeError(
            "hands are a sequence of hands, not a mapping (for a weight per hand pass weights=)"
        )
    if isinstance(hands, np.ndarray) and hands.ndim == 2:
        rows = hands
        if not np.issubdtype(rows.dtype, np.integer):
            raise TypeError(f"hands as an (N, 4) array hold integer card ids, not {rows.dtype}")
        if rows.shape[1] != 4:
            raise ValueError(f"hands must be an (N, 4) integer array, got shape {rows.shape}")
        if len(rows) and (rows.min() < 0 or rows.max() > 51):
            raise ValueError("card ids are 0..51")
        ordered = np.sort(rows, axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if len(repeated):
            raise ValueError(f"hand {int(repeated[0])} repeats a card")
        return rows.astype(np.int64)
    return np.array([fast_hand_ids(hand) for hand in hands], dtype=np.int64).reshape(-1, 4)


def parse_range(text: str) -> Range:
    """The range that ``text`` names (elements joined by commas; see this module's doc). The
    text is at most ``MAX_RANGE_TEXT`` characters and each element at most ``MAX_HAND_TEXT``;
    reading takes time linear in the text."""
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise TypeError(f"range text must be a str, not {type(text).__name__}")
    if len(text) > MAX_RANGE_TEXT:
        raise InvalidRangeError(
            f"a range's text is at most {MAX_RANGE_TEXT:,} characters, got {len(text):,}:"
            f" {shown(text[:100])}"
        )
    dense = np.zeros(NUM_HANDS)
    position = 0
    for number, element in enumerate(text.split(","), start=1):
        try:
            _apply_element(dense, element)
        except ElementError as error:
            where = position + len(element) - len(element.lstrip())
            raise InvalidRangeError(
                f"range element {number} {shown(element.strip())} (at character {where}): {error}",
                element.strip()[:MAX_HAND_TEXT],
                where,
            ) from None
        position += len(element) + 1
    result = Range.from_vector(dense)
    if not len(result):
        raise InvalidRangeError(f"the range {shown(text)} holds no hands")
    return result


def _apply_element(dense: npt.NDArray[np.float64], element: str) -> None:
    body = element.strip()
    if not body:
        raise ElementError("empty element")
    if len(body) > MAX_HAND_TEXT:  # before any pattern sees it
        raise ElementError(f"an element is at most {MAX_HAND_TEXT} characters, got {len(body):,}")
    remove = body.startswith("!")
    body = body[1:].strip() if remove else body
    weight = 1.0
    match = _WEIGHT.fullmatch(body)
    if match and not _CLASS_EXPR.fullmatch(body.replace(" ", "").upper()):
        if remove:
            raise ElementError("a removal ('!') takes no weight")
        weight = float(match.group(1))
        if not 0 < weight <= 1:
            raise ElementError(f"a weight is in (0, 1], got {match.group(1)}")
        body = match.group(2).strip()
        if not body:
            raise ElementError("a weight needs an element after the ':'")
    dense[element_mask(body)] = 0.0 if remove else weight


def _canonical_elements(
    index: npt.NDArray[np.int32], weights: npt.NDArray[np.float64]
) -> list[str]:
    """Disjoint elements by weight, largest first (so weight 1 first): whole classes of one
    weight as rank strings and runs of consecutive classes, the other hands one by one. Grouped
    by sorting, not by a pass over the range per weight: 270,725 hands of as many weights take
    a second, not an hour."""
    if not len(index):
        return []
    unique, group = np.unique(weights, return_inverse=True)
    classes = class_of_hands()[index].astype(np.int64)
    key = group.astype(np.int64) * (NUM_RANKS + 1) + classes  # (weight, class) pairs
    keys, counts = np.unique(key, return_counts=True)
    full = keys[counts == class_counts()[keys % (NUM_RANKS + 1)]]
    whole = np.isin(key, full)
    full_classes: dict[int, list[int]] = {}
    for pair in full.tolist():
        full_classes.setdefault(pair // (NUM_RANKS + 1), []).append(pair % (NUM_RANKS + 1))
    order = np.lexsort((index, -group))  # by weight, largest first, then by position
    loose = order[~whole[order]]
    names = [str(card) for card in DECK]
    rows = all_hands()[index[loose]].tolist()
    loose_group = group[loose].tolist()
    elements = []
    at = 0
    for g in range(len(unique) - 1, -1, -1):
        weight = float(unique[g])
        prefix = "" if weight == 1.0 else f"{weight!r}:"
        ranks = np.array(full_classes.get(g, []), dtype=np.intp)
        elements += [prefix + run for run in _class_runs(ranks)]
        while at < len(rows) and loose_group[at] == g:
            a, b, c, d = rows[at]
            elements.append(f"{prefix}{names[a]} {names[b]} {names[c]} {names[d]}")
            at += 1
    return elements


def _class_runs(ranks: npt.NDArray[np.intp]) -> list[str]:
    """Runs of consecutive ranks as elements: ``any``, ``8765-``, ``K32+``, ``T987..8765``."""
    if not len(ranks):
        return []
    breaks = np.flatnonzero(np.diff(ranks) != 1)
    starts = np.concatenate(([ranks[0]], ranks[breaks + 1]))
    ends = np.concatenate((ranks[breaks], [ranks[-1]]))
    runs = []
    for best, worst in zip(starts.tolist(), ends.tolist(), strict=True):
        if best == 1 and worst == NUM_RANKS:
            runs.append("any")
        elif best == worst:
            runs.append(class_element(best))
        elif best == 1:
            runs.append(f"{class_element(worst)}-")
        elif worst == NUM_RANKS:
            runs.append(f"{class_element(best)}+")
        else:
            runs.append(f"{class_element(worst)}..{class_element(best)}")
    return runs
