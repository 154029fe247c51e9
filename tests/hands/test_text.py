"""Hands read from text in C (single calls and batches) agree with the Python reader."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi_fast as bf
from badugi_fast._badugi import lib
from badugi_fast.cards import hand_ids
from badugi_fast.hands import reference

SPELLINGS = ["As", "as", "AS", "A♠", "♠A", "A♤", "♤A", "s A"[::2], "♠a"]
RANKS = ["A", "a", "2", "9", "T", "t", "10", "J", "q", "K", "1", "0", "x"]
SUITS = ["c", "D", "h", "S", "♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤", "◇", "◆", "\ufe0f", "z"]
SEPARATORS = [" ", ",", "\t", "\n", "\r", "\u00a0", "\u3000", ""]

text_pieces = st.lists(st.sampled_from(RANKS + SUITS + SEPARATORS + ["\xe2", "♟"]), max_size=14)


def c_ids(text: str) -> tuple[int, ...] | None:
    data = text.encode(errors="surrogatepass")
    packed = lib.bf_parse_hand(data, len(data))
    return None if packed < 0 else tuple(packed >> shift & 255 for shift in (0, 8, 16, 24))


def python_ids(text: str) -> tuple[int, ...] | None:
    try:
        return hand_ids(text)
    except bf.InvalidHandError:
        return None


@given(text_pieces)
def test_the_c_reader_never_accepts_what_python_rejects_nor_reads_it_differently(pieces):
    text = "".join(pieces)
    ids = c_ids(text)
    if ids is not None:
        assert ids == python_ids(text)
        data = text.encode()
        assert lib.bf_rank_text(data, len(data)) == reference.evaluate(ids)


@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    st.sampled_from(["{r}{s}", "{s}{r}"]),
    st.sampled_from([" ", ",", ", ", "", "\t", "  "]),
    st.sampled_from(["cdhs", "CDHS", "♣♦♥♠", "♧♢♡♤", "c◇hs", "c◆hs"]),
    st.booleans(),
)
def test_the_c_reader_accepts_every_documented_spelling(ids, order, separator, suits, ten_as_10):
    ranks = "A23456789" + ("X" if ten_as_10 else "T") + "JQK"
    texts = [order.format(r=ranks[card >> 2], s=suits[card & 3]).replace("X", "10") for card in ids]
    text = separator.join(texts)
    assert c_ids(text) == tuple(ids), text
    assert bf.evaluate(text) == reference.evaluate(ids)


@pytest.mark.parametrize(
    "text",
    ["As\u00a02d 3h 4c", "A♠\ufe0f 2♦\ufe0f 3♥ 4♣", "As\u20032d\u30003h 4c", "As 2d 3h\u200a4c"],
)
def test_text_the_c_reader_leaves_to_python_is_still_evaluated(text):
    assert c_ids(text) is None
    assert bf.evaluate(text) == 1
    assert bf.describe(text).rank == 1
    assert bf.parse_hands([text]).tolist() == [[3, 5, 10, 12]]
    assert bf.parse_hands(text + "\n").tolist() == [[3, 5, 10, 12]]


def test_a_list_of_text_hands_is_read_in_c():
    texts = ["As 2d 3h 4c", "Kc,Kd,Kh,Ks", "A♠2♦3♥5♣", "♣10 ♦J ♥Q ♠K"]
    assert bf.parse_hands(texts).tolist() == [list(hand_ids(text)) for text in texts]
    assert bf.evaluate_many(texts).tolist() == [1, 1092, 2, reference.evaluate(texts[3])]


def test_a_string_of_lines_skips_blank_lines_and_accepts_crlf():
    text = "As 2d 3h 4c\r\n\r\n   \nKc Kd Kh Ks\n\n"
    assert bf.parse_hands(text).tolist() == [[3, 5, 10, 12], [48, 49, 50, 51]]
    assert bf.evaluate_many(text).tolist() == [1, 1092]
    assert bf.parse_hands("").shape == (0, 4)
    assert bf.parse_hands([]).shape == (0, 4)


def test_a_file_of_hands_is_read_by_path_or_open_file(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("As 2d 3h 4c\n\nK♣ K♦ K♥ K♠\n", encoding="utf-8")
    assert bf.parse_hands(path).tolist() == [[3, 5, 10, 12], [48, 49, 50, 51]]
    with path.open(encoding="utf-8") as file:
        assert bf.evaluate_many(bf.parse_hands(file)).tolist() == [1, 1092]


def test_a_bad_line_is_named_by_line_number_and_row():
    with pytest.raises(bf.InvalidHandError, match="line 4: unknown card 'Kx'") as info:
        bf.parse_hands("As 2d 3h 4c\n\n5s 6d 7c 8h\nKc Kd Kh Kx\n")
    assert (info.value.row, info.value.line, info.value.token) == (2, 4, "Kx")


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["As 2d 3h 4c", "As 2d 3h"], "row 1: a hand has 4 cards, got 3"),
        (["As 2d 3h 4c", "As As 3h 4c"], "row 1: duplicate card As"),
        (["As 2d 3h 4c", ""], "row 1: a hand has 4 cards, got 0"),
        (["As 2d 3h 4c\nKc Kd Kh Ks"], "row 0: a hand has 4 cards, got 8"),
    ],
)
def test_a_bad_row_in_a_list_is_named(rows, message):
    with pytest.raises(bf.InvalidHandError, match=message):
        bf.parse_hands(rows)


def test_a_row_that_is_not_text_is_a_type_error():
    with pytest.raises(TypeError, match="row 1: a text hand is a str, not int"):
        bf.parse_hands(["As 2d 3h 4c", 7])


@pytest.mark.slow
def test_every_hand_read_from_text_in_c_ranks_as_the_reference(all_hands, reference_ranks):
    symbols = np.array([f"{r}{s}" for r in "A23456789TJQK" for s in "♣♦♥♠"])
    letters = np.array([str(card) for card in bf.DECK])
    for names, separator in ((letters, " "), (symbols, ""), (letters, ",")):
        texts = [separator.join(row) for row in names[all_hands].tolist()]
        np.testing.assert_array_equal(bf.evaluate_many(texts), reference_ranks)
    blob = "\n".join(" ".join(row) for row in letters[all_hands[::-1]].tolist())
    np.testing.assert_array_equal(bf.evaluate_many(blob), reference_ranks[::-1])


def test_a_last_line_without_newline_that_only_python_reads_is_evaluated():
    assert bf.evaluate_many("As 2d 3h 4c\u00a0").tolist() == [1]
    assert bf.evaluate_many("Kc Kd Kh Ks\nA♠\ufe0f 2♦ 3♥ 4♣").tolist() == [1092, 1]


def test_many_lines_that_only_python_reads_take_linear_time():
    import time

    lines = "\n".join(["As\u00a02d 3h 4c"] * 20_000)
    start = time.perf_counter()
    assert len(bf.parse_hands(lines)) == 20_000
    assert time.perf_counter() - start < 5  # quadratic line counting took minutes here


def test_blank_lines_are_those_of_separators_only_for_c_and_python_alike():
    text = "As 2d 3h 4c\n\u00a0\n,,\n \t\nKc Kd Kh Ks"
    assert bf.parse_hands(text).tolist() == [[3, 5, 10, 12], [48, 49, 50, 51]]
    with pytest.raises(bf.InvalidHandError, match="line 3: unknown card '4x'") as info:
        bf.parse_hands("As 2d 3h 4c\n\nAs\u00a02d 3h 4x")
    assert (info.value.line, info.value.row) == (3, 1)
