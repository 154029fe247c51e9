"""The C line formatter (csrc/badugi_format.c) against the per-hand Python formatter.

``hand_line`` and ``hand_json`` of ``describe``'s Hand are the specification; C lays out texts
cut from them. Hypothesis draws hands (any order of cards), the kind of line, line numbers and
block sizes, and the output must be the same bytes; bad rows, bad tables and small buffers are
reported or respected, never written past.
"""

from __future__ import annotations

import json
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast import describe
from badugi_fast._badugi import ffi, lib
from badugi_fast.cli.commands.hands import hand_json, hand_line, line_texts
from badugi_fast.cli.io import batch

STYLES = ["text", "text-ko", "json", "json-comma", "json-last"]


def _texts(style: str, numbered: bool = False) -> batch.LineTexts:
    if style.startswith("json"):
        end = {"json": "\n", "json-comma": ", ", "json-last": ""}[style]
        return line_texts(False, True, end)
    return line_texts(style == "text-ko", False, numbered=numbered)


def _per_hand(cards, style: str, first_number: int = 0) -> bytes:
    """The lines one hand at a time, as the command prints a hand given as an argument."""
    out = []
    for i, row in enumerate(cards):
        hand = describe(tuple(int(c) for c in row))
        if style.startswith("json"):
            end = {"json": "\n", "json-comma": ", ", "json-last": ""}[style]
            out.append(json.dumps(hand_json(hand), ensure_ascii=False) + end)
        else:
            number = f"#{first_number + i}\t" if first_number else ""
            out.append(number + hand_line(hand, style == "text-ko") + "\n")
    return "".join(out).encode()


def _in_c(cards, texts, first_number=0, block_rows=1 << 16) -> bytes:
    return b"".join(bytes(b) for b in batch.format_lines(cards, texts, first_number, block_rows))


def _every_hand() -> np.ndarray:
    return np.array(list(combinations(range(52), 4)), dtype=np.uint8)


@pytest.mark.parametrize("style", STYLES)
def test_c_lines_equal_the_per_hand_lines_on_every_seventh_hand_in_any_card_order(style):
    cards = np.random.default_rng(3).permuted(_every_hand()[::7], axis=1)
    assert _in_c(cards, _texts(style)) == _per_hand(cards, style)


def test_one_example_hand_of_every_rank_has_that_rank_and_every_kind_of_badugi():
    hands = batch.example_hands()[1:]
    assert [hand.rank for hand in hands] == list(range(1, 1093))
    assert {hand.size for hand in hands} == {1, 2, 3, 4}


hands_strategy = st.lists(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), min_size=0, max_size=60
)


@settings(max_examples=300, deadline=None)
@given(
    rows=hands_strategy,
    style=st.sampled_from(STYLES),
    first_number=st.one_of(st.just(0), st.integers(1, 10**6), st.integers(2**64 - 100, 2**64 - 61)),
    block_rows=st.integers(1, 70),
)
def test_c_lines_equal_the_python_lines_for_any_hands_numbers_and_blocks(
    rows, style, first_number, block_rows
):
    cards = np.array(rows, dtype=np.uint8).reshape(-1, 4)
    numbered = style.startswith("text") and first_number > 0
    texts = _texts(style, numbered)
    expected = _per_hand(cards, style, first_number if numbered else 0)
    assert _in_c(cards, texts, first_number if numbered else 0, block_rows) == expected


def _call(cards: np.ndarray, texts, capacity: int, first_number: int = 0):
    """One bf_format_lines call into a buffer of exactly ``capacity`` bytes (plus a guard zone
    that must stay untouched): status, rows, bytes written, and the buffer."""
    guard = 64
    out = bytearray(b"\xaa" * (capacity + guard))
    rows_done, used = ffi.new("size_t *"), ffi.new("size_t *")
    cards = np.ascontiguousarray(cards, dtype=np.uint8)
    status = lib.bf_format_lines(ffi.from_buffer(cards), len(cards), texts.table, first_number,
                                 ffi.from_buffer(out), capacity, rows_done, used)  # fmt: skip
    assert out[capacity:] == b"\xaa" * guard, "bf_format_lines wrote past its capacity"
    return status, rows_done[0], used[0], bytes(out[: used[0]])


@settings(max_examples=200, deadline=None)
@given(rows=hands_strategy, style=st.sampled_from(STYLES), capacity=st.integers(0, 3000))
def test_a_small_buffer_takes_whole_lines_only_and_nothing_past_its_end(rows, style, capacity):
    cards = np.array(rows, dtype=np.uint8).reshape(-1, 4)
    status, done, used, written = _call(cards, _texts(style), capacity)
    assert status == lib.BF_FORMAT_OK
    expected = [_per_hand(cards[i : i + 1], style) for i in range(len(cards))]
    assert written == b"".join(expected[:done])
    if done < len(cards):  # stopped only because the next line did not fit
        assert used + len(expected[done]) > capacity


@pytest.mark.parametrize(
    ("bad", "why"),
    [((3, 5, 10, 52), "id 52"), ((3, 5, 3, 12), "a repeated id"), ((255, 0, 1, 2), "id 255")],
)
def test_a_bad_row_stops_the_lines_at_that_row(bad, why):
    cards = np.array([(0, 5, 10, 15), (1, 6, 11, 16), bad, (2, 7, 12, 17)], dtype=np.uint8)
    texts = _texts("text")
    status, done, _, written = _call(cards, texts, 10_000)
    assert (status, done) == (lib.BF_FORMAT_BAD_ROW, 2), why
    assert written == _per_hand(cards[:2], "text")
    with pytest.raises(ValueError, match="row 2: not a hand of four distinct card ids"):
        _in_c(cards, texts)


def test_a_table_whose_offsets_decrease_or_pass_the_end_is_refused_before_writing():
    good = _texts("text")
    cards = np.array([(0, 5, 10, 15)], dtype=np.uint8)
    for fault in ("decreasing", "past the end", "numbers overflow"):
        offsets = good.offsets.copy()
        length, first_number = len(good.data), 0
        if fault == "decreasing":
            offsets[100] = offsets[101] + 1
        elif fault == "past the end":
            length = int(offsets[-1]) - 1
        else:
            first_number = 2**64 - 1  # two rows would need 2**64
            cards = np.array([(0, 5, 10, 15)] * 2, dtype=np.uint8)
        view = ffi.from_buffer("uint32_t[]", offsets)
        table = ffi.new("bf_line_texts *", {"bytes": good.views[0], "len": length, "offsets": view})
        texts = batch.LineTexts(good.data, offsets, good.longest, table, (good.views[0], view))
        status, done, used, _ = _call(cards, texts, 10_000, first_number)
        assert (status, done, used) == (lib.BF_FORMAT_BAD_ARGUMENTS, 0, 0), fault
        with pytest.raises(RuntimeError, match="bf_format_lines returned -1 after 0 rows"):
            _in_c(cards, texts, first_number)


def test_null_pointers_are_refused():
    texts = _texts("text")
    rows_done, used = ffi.new("size_t *"), ffi.new("size_t *")
    out = bytearray(100)
    cards = np.zeros((1, 4), dtype=np.uint8)
    assert lib.bf_format_lines(ffi.NULL, 1, texts.table, 0, ffi.from_buffer(out), 100, rows_done,
                               used) == lib.BF_FORMAT_BAD_ARGUMENTS  # fmt: skip
    assert lib.bf_format_lines(ffi.from_buffer(cards), 1, ffi.NULL, 0, ffi.from_buffer(out), 100,
                               rows_done, used) == lib.BF_FORMAT_BAD_ARGUMENTS  # fmt: skip
    assert lib.bf_format_lines(ffi.from_buffer(cards), 1, texts.table, 0, ffi.NULL, 100,
                               rows_done, used) == lib.BF_FORMAT_BAD_ARGUMENTS  # fmt: skip


def test_line_numbers_grow_a_digit_where_the_decimal_does():
    texts = _texts("text", numbered=True)
    cards = np.array([(0, 5, 10, 15)] * 4, dtype=np.uint8)
    for first in (8, 99_998, 2**64 - 4):
        lines = _in_c(cards, texts, first, block_rows=3).decode().splitlines()
        assert [line.split("\t")[0] for line in lines] == [f"#{first + i}" for i in range(4)]


def test_format_lines_checks_the_shape_of_cards_and_the_block_size():
    texts = _texts("text")
    with pytest.raises(ValueError, match=r"shape \(n, 4\)"):
        _in_c(np.zeros((2, 3), dtype=np.uint8), texts)
    with pytest.raises(ValueError, match="block_rows must be at least 1"):
        _in_c(np.zeros((2, 4), dtype=np.uint8), texts, block_rows=0)
    assert _in_c(np.zeros((0, 4), dtype=np.uint8), texts) == b""
    with pytest.raises(ValueError, match=r"row 1: not a hand of four distinct card ids \(\[256,"):
        _in_c(np.array([[3, 5, 10, 12], [256, 5, 10, 15]]), texts)  # never wrapped to a card


def test_a_renderer_whose_lines_do_not_show_the_cards_is_refused():
    with pytest.raises(RuntimeError, match="does not show the cards"):
        batch.line_texts(lambda hand: f"rank {hand.rank}\n", str, " ")
    with pytest.raises(RuntimeError, match="start with different texts"):
        batch.line_texts(lambda hand: f"{hand.rank}: " + hand_line(hand, False), str, " ")


def test_texts_without_padding_are_copied_exactly_with_the_same_lines():
    good = _texts("json")
    table = ffi.new(
        "bf_line_texts *",
        {"bytes": good.views[0], "len": int(good.offsets[-1]), "offsets": good.views[1]},
    )
    unpadded = batch.LineTexts(good.data, good.offsets, good.longest, table, good.views)
    cards = np.random.default_rng(5).permuted(_every_hand()[::97], axis=1)
    assert _in_c(cards, unpadded) == _in_c(cards, good) == _per_hand(cards, "json")


def test_an_example_hand_of_the_wrong_rank_is_refused(monkeypatch):
    monkeypatch.setattr(batch, "class_ranks", lambda rank: (0, 1, 2, 3))  # every rank: golf
    batch.example_hands.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="the example of rank 2 has rank 1"):
            batch.example_hands()
    finally:
        monkeypatch.undo()
        batch.example_hands.cache_clear()
    assert batch.example_hands()[2].rank == 2
