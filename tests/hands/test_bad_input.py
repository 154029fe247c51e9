"""Bad input gets a clear ValueError (InvalidHandError) or TypeError naming what is wrong."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import InvalidHandError
from badugi_fast.cards import MAX_HAND_TEXT, parse_rank
from badugi_fast.hands import reference

BAD_HANDS = [
    ("As 2d 3h", InvalidHandError, "4 cards, got 3"),
    ("As 2d 3h 4c 5s", InvalidHandError, "4 cards, got 5"),
    ("", InvalidHandError, "4 cards, got 0"),
    ("As As 3h 4c", InvalidHandError, "duplicate card As"),
    ("As A♠ 3h 4c", InvalidHandError, "duplicate card As"),
    ("As 2d 3h Xx", InvalidHandError, "unknown card 'Xx'"),
    ("As 2d 3h 1c", InvalidHandError, "unknown card '1c'"),
    ("As 2d 3h 4", InvalidHandError, "unknown card '4'"),
    ("As2d3h4", InvalidHandError, "unknown card '4' in 'As2d3h4'"),
    ("As 2d 3h 4x", InvalidHandError, "unknown card '4x'"),
    ([0, 1, 2, 52], InvalidHandError, "card id 52 is outside 0..51"),
    ([0, 1, 2, -1], InvalidHandError, "card id -1 is outside 0..51"),
    ([0, 1, 2, 2**70], InvalidHandError, "outside 0..51"),
    ([0, 1, 2, 2], InvalidHandError, "duplicate card Ah"),
    ([0, 1, 2], InvalidHandError, "4 cards, got 3"),
    ([0, 1, 2, 3, 4], InvalidHandError, "4 cards, got 5"),
    (["As", "2d", "3h", "4c 5s"], InvalidHandError, "expected one card"),
    ([0, 1, 2, 1.5], TypeError, "float"),
    ([0, 1, 2, None], TypeError, "NoneType"),
    (None, TypeError, "NoneType"),
    (1234, TypeError, "int"),
]


@pytest.mark.parametrize(("hand", "error", "message"), BAD_HANDS)
def test_bad_hands_are_rejected_with_a_message_naming_the_problem(hand, error, message):
    for function in (bf.evaluate, bf.describe, bf.hand_cards):
        with pytest.raises(error, match=message.replace("(", r"\(").replace(".", r"\.")):
            function(hand)


def test_invalid_hand_error_is_a_value_error_carrying_the_bad_token():
    with pytest.raises(ValueError) as info:
        bf.evaluate("As 2d 3h Zz")
    assert isinstance(info.value, InvalidHandError)
    assert info.value.token == "Zz"


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        (np.zeros((3, 4), dtype=np.float64), TypeError, "integer array"),
        (np.zeros((3, 4), dtype=bool), TypeError, "integer array"),
        (np.zeros((3, 3), dtype=np.uint8), InvalidHandError, r"\(N, 4\)"),
        (np.zeros(8, dtype=np.uint8), InvalidHandError, r"\(N, 4\)"),
        (np.zeros((2, 2, 4), dtype=np.uint8), InvalidHandError, r"\(N, 4\)"),
        (12, InvalidHandError, r"\(N, 4\) array of card ids, got shape \(\)"),
        ([[0, 5, 10, 15], [1, 2, 3]], InvalidHandError, "row 1: a hand has 4 cards, got 3"),
        ([object()], TypeError, "row 0: a hand is a str or a sequence"),
    ],
)
def test_batches_of_the_wrong_type_or_shape_are_rejected(cards, error, message):
    with pytest.raises(error, match=message):
        bf.evaluate_many(cards)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
@pytest.mark.parametrize(
    ("bad_row", "message"), [([0, 1, 2, 52], "card id 52"), ([7, 7, 8, 9], "duplicate card 2s")]
)
def test_the_first_bad_row_of_a_batch_is_named_and_carried(dtype, bad_row, message):
    cards = np.tile(np.array([[0, 5, 10, 15]], dtype=dtype), (3000, 1))
    cards[1500] = bad_row
    cards[2500] = bad_row
    with pytest.raises(InvalidHandError, match=f"row 1500: {message}") as info:
        bf.evaluate_many(cards)
    assert info.value.row == 1500
    assert info.value.hand == bad_row


@pytest.mark.parametrize("value", [-1, 255, 300, 2**40])
def test_out_of_range_ids_in_wide_dtypes_are_never_wrapped_into_valid_cards(value):
    cards = np.array([[0, 5, 10, 15], [1, 2, 3, value]], dtype=np.int64)
    with pytest.raises(InvalidHandError, match=f"row 1: card id {value} is outside"):
        bf.evaluate_many(cards)


def test_every_uint8_id_outside_the_deck_is_caught_in_c():
    cards = np.tile(np.array([[0, 5, 10, 15]], dtype=np.uint8), (256, 1))
    for value in range(52, 256):
        cards[value, 3] = value
    with pytest.raises(InvalidHandError) as info:
        bf.evaluate_many(cards, threads=1)
    assert info.value.row == 52


def test_a_batch_of_text_names_the_bad_row():
    with pytest.raises(InvalidHandError, match="row 1: unknown card 'Qx'") as info:
        bf.evaluate_many(["As 2d 3h 4c", "Ks Qx 3h 4c"])
    assert info.value.row == 1


@pytest.mark.parametrize(
    ("out", "error", "message"),
    [
        ([0, 0], TypeError, "uint16"),
        (np.zeros(2, dtype=np.int32), TypeError, "uint16"),
        (np.zeros(3, dtype=np.uint16), ValueError, "shape"),
        (np.zeros((2, 1), dtype=np.uint16), ValueError, "shape"),
        (np.zeros(4, dtype=np.uint16)[::2], ValueError, "contiguous"),
    ],
)
def test_a_bad_out_array_is_rejected(out, error, message):
    with pytest.raises(error, match=message):
        bf.evaluate_many(np.array([[0, 5, 10, 15], [1, 6, 11, 12]]), out=out)


def test_a_read_only_out_array_is_rejected():
    out = np.zeros(1, dtype=np.uint16)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        bf.evaluate_many(np.array([[0, 5, 10, 15]]), out=out)


@pytest.mark.parametrize(
    ("threads", "error"), [(0, ValueError), (-2, ValueError), (1.5, TypeError), (True, TypeError)]
)
def test_a_bad_thread_count_is_rejected(threads, error):
    with pytest.raises(error, match="threads"):
        bf.evaluate_many(np.array([[0, 5, 10, 15]]), threads=threads)


def test_winners_of_no_hands_is_an_error():
    with pytest.raises(ValueError, match="at least one hand"):
        bf.winners([])


@pytest.mark.parametrize(
    ("name", "error"), [("칠메이드입니다", ValueError), ("", ValueError), (7, TypeError)]
)
def test_unknown_hand_names_are_rejected(name, error):
    with pytest.raises(error):
        bf.lookup_name(name)


@pytest.mark.parametrize(
    ("card", "error"),
    [
        (52, InvalidHandError),
        ("As Kd", InvalidHandError),
        ("", InvalidHandError),
        (None, TypeError),
        (2.0, TypeError),
    ],
)
def test_a_card_that_is_not_one_of_the_52_is_rejected(card, error):
    with pytest.raises(error):
        bf.Card(card)


def test_bools_are_ints_at_every_entry_point():
    hand = (True, 5, 10, 12)  # True is card id 1, the ace of diamonds
    assert bf.evaluate(hand) == bf.describe(hand).rank == bf.evaluate((1, 5, 10, 12))
    assert bf.evaluate_many([hand]).tolist() == [bf.evaluate((1, 5, 10, 12))]


def test_winners_of_a_str_is_a_type_error():
    with pytest.raises(TypeError, match="list of hands"):
        bf.winners("As 2d 3h 4c")


def test_a_one_shot_iterator_is_read_once_and_judged_whole():
    assert bf.evaluate(iter([3, 5, 10, 12])) == 1
    with pytest.raises(InvalidHandError, match="duplicate card As"):
        bf.evaluate(iter([3, 3, 10, 12]))


class _OnlyInt:
    """Converts to int but is no integer (no ``__index__``): never a card id."""

    def __int__(self) -> int:
        return 3

    def __repr__(self) -> str:
        return "_OnlyInt()"


# Each converts to the id 3 (the ace of spades) by truncation: accepting one is a silent wrong
# answer.
NOT_INTEGERS = [
    np.float32(3.7),
    np.float64(3.0),
    3.0,
    Fraction(7, 2),
    Decimal("3.9"),
    np.array(3.7),
    _OnlyInt(),
]
HAND_ENTRY_POINTS = {
    "evaluate": bf.evaluate,
    "describe": bf.describe,
    "hand_cards": bf.hand_cards,
    "compare first": lambda hand: bf.compare(hand, (0, 1, 2, 3)),
    "compare second": lambda hand: bf.compare((0, 1, 2, 3), hand),
    "winners": lambda hand: bf.winners([(0, 1, 2, 3), hand]),
    "evaluate_many": lambda hand: bf.evaluate_many([hand]),
    "reference": reference.evaluate,
}


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("entry", HAND_ENTRY_POINTS)
def test_a_card_id_that_is_not_an_integer_is_a_type_error_never_truncated(entry, value):
    for hand in ((value, 5, 10, 12), [5, value, 10, 12], np.array([5, 10, 12, value], object)):
        with pytest.raises(TypeError, match=type(value).__name__):
            HAND_ENTRY_POINTS[entry](hand)


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=lambda v: type(v).__name__)
def test_one_card_that_is_not_an_integer_is_a_type_error(value):
    for function in (bf.Card, bf.card_id, lambda card: bf.format_cards([card])):
        with pytest.raises(TypeError, match=type(value).__name__):
            function(value)


@pytest.mark.parametrize(
    "card", [np.int8(3), np.uint8(3), np.int64(3), np.uint64(3), np.array(3), bf.Card(3), 3]
)
def test_integers_of_every_kind_are_card_ids(card):
    for hand in ((card, 5, 10, 12), [card, 5, 10, 12]):
        assert bf.evaluate(hand) == bf.describe(hand).rank == 1
        assert bf.compare(hand, (3, 5, 10, 12)) == 0 and bf.winners([hand]) == [0]


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int64, np.uint64])
def test_a_row_of_an_integer_array_is_a_hand_and_a_float_row_is_not(dtype):
    assert bf.evaluate(np.array([3, 5, 10, 12], dtype=dtype)) == 1
    with pytest.raises(TypeError, match="float64"):
        bf.evaluate(np.array([3.7, 5, 10, 12]))


def test_a_str_subclass_is_text():
    text = np.str_("As 2d 3h 4c")
    assert bf.evaluate(text) == bf.describe(text).rank == 1
    assert bf.hand_cards(text) == bf.hand_cards("As 2d 3h 4c")
    assert bf.evaluate_many([text, np.str_("Kc Kd Kh Ks")]).tolist() == [1, 1092]
    assert bf.Card(np.str_("As")) == 3


def test_format_cards_of_one_str_says_it_takes_cards():
    with pytest.raises(TypeError, match=r"sequence of cards, not one str.*parse_cards"):
        bf.format_cards("As")
    assert bf.format_cards(bf.parse_cards("As 2d")) == "As 2d"


def test_random_hands_takes_a_numpy_integer_count():
    hands = bf.random_hands(np.int64(5), seed=np.uint64(7))
    assert hands.shape == (5, 4)
    np.testing.assert_array_equal(hands, bf.random_hands(5, seed=7))


HUGE_TEXT = "As " * 1_000_000
SHORT_MESSAGE = 300  # characters: an echoed input is cut to about 80


@pytest.mark.parametrize(
    "function",
    [bf.evaluate, bf.describe, bf.hand_cards, bf.card_id, bf.Card, reference.evaluate],
    ids=lambda f: f.__name__,
)
def test_text_longer_than_any_hand_is_refused_with_a_short_message(function):
    with pytest.raises(InvalidHandError, match="at most 256 characters, got 3,000,000") as info:
        function(HUGE_TEXT)
    assert len(str(info.value)) < SHORT_MESSAGE


def test_the_longest_hand_text_is_read_and_one_character_more_is_refused():
    padded = "As" + " " * (MAX_HAND_TEXT - 10) + "2d 3h 4c"
    assert len(padded) == MAX_HAND_TEXT
    assert bf.evaluate(padded) == bf.describe(padded).rank == 1
    assert bf.parse_hands([padded, padded]).tolist() == [[3, 5, 10, 12]] * 2
    assert bf.parse_hands(padded + "\n" + padded).tolist() == [[3, 5, 10, 12]] * 2
    # More bytes than the C reader takes, but no more characters: Python reads it.
    symbols = "A♠" + " " * (MAX_HAND_TEXT - 10) + "2♦ 3♥ 4♣"
    assert len(symbols) == MAX_HAND_TEXT < len(symbols.encode())
    assert bf.evaluate(symbols) == bf.describe(symbols).rank == 1
    assert bf.parse_hands(symbols).tolist() == [[3, 5, 10, 12]]
    too_long = padded + " "
    for function in (bf.evaluate, bf.describe, bf.hand_cards):
        with pytest.raises(InvalidHandError, match="at most 256 characters, got 257"):
            function(too_long)
    with pytest.raises(InvalidHandError, match="row 1: a hand's text is at most 256") as info:
        bf.parse_hands([padded, too_long])
    assert info.value.row == 1
    with pytest.raises(InvalidHandError, match="line 2: a hand's text is at most 256") as info:
        bf.parse_hands(padded + "\n" + too_long + "\n")
    assert info.value.line == 2


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: bf.parse_hands(["As 2d 3h 4c", HUGE_TEXT]), InvalidHandError),
        (lambda: bf.parse_hands("As 2d 3h 4c\n" + HUGE_TEXT), InvalidHandError),
        (lambda: bf.evaluate_many(["As 2d 3h 4c", HUGE_TEXT]), InvalidHandError),
        (lambda: bf.parse_cards("As 2d " + "Xy" * 1_000_000), InvalidHandError),
        (lambda: bf.lookup_name("칠메이드" * 1_000_000), ValueError),
        (lambda: bf.lookup_name("없는이름" * 30), ValueError),
        (lambda: bf.evaluate(list(range(1_000_000))), InvalidHandError),
        (lambda: bf.evaluate([0, 1, 2, "As" * 1_000_000]), InvalidHandError),
        (lambda: bf.evaluate(["As 2d"] * 4), InvalidHandError),
        (lambda: bf.evaluate_many([[0, 1, 2, 3], [0, 1, 2, "Zz" * 1_000_000]]), InvalidHandError),
        (
            lambda: bf.evaluate_many(np.zeros((3, 4), dtype=np.uint8), kernel="x" * 10**6),
            ValueError,
        ),
        (lambda: parse_rank("x" * 1_000_000), ValueError),
    ],
)
def test_every_message_echoes_at_most_a_short_cut_of_the_input(call, error):
    with pytest.raises(error) as info:
        call()
    assert len(str(info.value)) < SHORT_MESSAGE, str(info.value)[:SHORT_MESSAGE]


def test_an_endless_iterator_is_not_read_to_its_end():
    with pytest.raises(InvalidHandError, match="a hand has 4 cards, got 5 or more"):
        bf.evaluate(itertools.count())
    with pytest.raises(InvalidHandError, match="a hand has 4 cards, got 1000000"):
        bf.describe(range(1_000_000))


_AS_KEYS = {"As": 1, "2d": 1, "3h": 1, "4c": 1}  # its keys are a hand: never read as one


@pytest.mark.parametrize(
    "call",
    [
        lambda: bf.evaluate(_AS_KEYS),
        lambda: bf.describe(_AS_KEYS),
        lambda: bf.compare(_AS_KEYS, "Kc Kd Kh Ks"),
        lambda: bf.winners(["Kc Kd Kh Ks", _AS_KEYS]),
        lambda: bf.evaluate_many([_AS_KEYS]),
    ],
    ids=["evaluate", "describe", "compare", "winners", "evaluate_many"],
)
def test_a_mapping_is_not_a_hand_though_its_keys_are_cards(call):
    with pytest.raises(TypeError, match=r"not a dict \(its keys would be read as the cards\)"):
        call()


@pytest.mark.parametrize("function", [bf.winners, bf.parse_hands, bf.evaluate_many])
@pytest.mark.parametrize(
    "hands", [{"As 2d 3h 4c": 1, "Kc Kd Kh Ks": 2}, {"As 2d 3h 4c", "Kc Kd Kh Ks"}]
)
def test_many_hands_come_in_order_never_as_a_mapping_or_a_set(function, hands):
    """One result per hand, by position: a dict would be read as its keys, a set in no order."""
    with pytest.raises(TypeError, match=r"takes the hands in order \(a list or an array\), not a"):
        function(hands)


def test_a_set_of_four_cards_is_a_hand():
    assert bf.evaluate({"As", "2d", "3h", "4c"}) == 1


_GOOD = np.array([[3, 5, 10, 12]], dtype=np.uint8)
_HUGE = "As " * 100_000

# Every public entry point of the hands layer, with a wrong type, a value out of range and an
# oversize value: each gets the library's error, naming the problem in a short message.
ENTRY_POINTS = {
    "evaluate": [
        (lambda: bf.evaluate(3.5), TypeError, "not float"),
        (lambda: bf.evaluate((3, 5, 10, 99)), InvalidHandError, "card id 99 is outside 0..51"),
        (lambda: bf.evaluate(_HUGE), InvalidHandError, "at most 256 characters"),
    ],
    "describe": [
        (lambda: bf.describe({3, 5, 10, 2.5}), TypeError, "not float"),
        (lambda: bf.describe((3, 5, 10, -1)), InvalidHandError, "card id -1 is outside"),
        (lambda: bf.describe(_HUGE), InvalidHandError, "at most 256 characters"),
    ],
    "compare": [
        (lambda: bf.compare("As 2d 3h 4c", None), TypeError, "not NoneType"),
        (lambda: bf.compare((0, 1, 2, 3), (0, 1, 2, 2)), InvalidHandError, "duplicate card Ah"),
        (lambda: bf.compare(_HUGE, "As 2d 3h 4c"), InvalidHandError, "at most 256"),
    ],
    "winners": [
        (lambda: bf.winners(5), TypeError, "list of hands, not int"),
        (lambda: bf.winners(["As 2d 3h 4c", "As 2d 3h"]), InvalidHandError, "got 3"),
        (lambda: bf.winners(["As 2d 3h 4c", _HUGE]), InvalidHandError, "at most 256"),
    ],
    "hand_cards": [
        (lambda: bf.hand_cards(5), TypeError, "not int"),
        (lambda: bf.hand_cards([0, 1, 2, 2**64]), InvalidHandError, "outside 0..51"),
        (lambda: bf.hand_cards(range(10**12)), InvalidHandError, "got 1000000000000"),
    ],
    "card_id": [
        (lambda: bf.card_id(None), TypeError, "not NoneType"),
        (lambda: bf.card_id(52), InvalidHandError, "card id 52 is outside"),
        (lambda: bf.card_id(_HUGE), InvalidHandError, "a card's text is at most 256"),
    ],
    "Card": [
        (lambda: bf.Card(Decimal(3)), TypeError, "not Decimal"),
        (lambda: bf.Card(-3), InvalidHandError, "card id -3 is outside"),
        (lambda: bf.Card("As" * 1000), InvalidHandError, "at most 256"),
    ],
    "format_cards": [
        (lambda: bf.format_cards(5), TypeError, "sequence of cards, not int"),
        (lambda: bf.format_cards([0, 52]), InvalidHandError, "card id 52"),
        (lambda: bf.format_cards(["As", _HUGE]), InvalidHandError, "at most 256"),
    ],
    "parse_cards": [
        (lambda: bf.parse_cards(5), TypeError, "must be a str, not int"),
        (lambda: bf.parse_cards("As 1c"), InvalidHandError, "unknown card '1c'"),
        (lambda: bf.parse_cards("As " + "Zz" * 10**6), InvalidHandError, "unknown card 'ZzZz"),
    ],
    "parse_hands": [
        (lambda: bf.parse_hands(5), TypeError, "sequence of str, not int"),
        (lambda: bf.parse_hands(["As 2d 3h 4c", 7]), TypeError, "row 1: a text hand is a str"),
        (lambda: bf.parse_hands(["Kc Kd Kh Ks", _HUGE]), InvalidHandError, "row 1: .*256"),
    ],
    "evaluate_many": [
        (lambda: bf.evaluate_many(np.zeros((2, 4))), TypeError, "integer array"),
        (lambda: bf.evaluate_many(np.full((2, 4), 300)), InvalidHandError, "card id 300"),
        (lambda: bf.evaluate_many(_GOOD, threads=10**9), ValueError, "threads must be at most"),
        (lambda: bf.evaluate_many(_GOOD, kernel=7), TypeError, "kernel must be a str"),
        (lambda: bf.evaluate_many(_GOOD, kernel="avx9"), ValueError, "unknown kernel 'avx9'"),
        (lambda: bf.evaluate_many(_GOOD, out=np.zeros(1, np.int8)), TypeError, "uint16"),
    ],
    "random_hands": [
        (lambda: bf.random_hands(5.0), TypeError, "n must be a whole number"),
        (lambda: bf.random_hands(-1), ValueError, "n must be 0 .. "),
        (lambda: bf.random_hands(10**20), ValueError, "n must be 0 .. "),
        (lambda: bf.random_hands(5, seed=2**64), ValueError, r"seed must be in 0 .. 2\*\*64-1"),
        (lambda: bf.random_hands(5, seed=0.5), TypeError, "seed must be an int or None"),
        (lambda: bf.random_hands(5, threads=10**9), ValueError, "threads must be at most"),
        (lambda: bf.random_hands(5, out=np.zeros((4, 4), np.uint8)), ValueError, "shape"),
    ],
    "lookup_name": [
        (lambda: bf.lookup_name(7), TypeError, "a hand name is a str"),
        (lambda: bf.lookup_name("8메이드입니다"), ValueError, "unknown hand name"),
        (lambda: bf.lookup_name("메이드" * 10**5), ValueError, "at most 256 characters"),
    ],
    "parse_rank": [
        (lambda: parse_rank(None), TypeError, "not NoneType"),
        (lambda: parse_rank(np.int64(14)), ValueError, "1 \\(ace\\) .. 13 \\(king\\), got 14"),
        (lambda: parse_rank("8" * 10**6), ValueError, "unknown rank"),
    ],
}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [case for cases in ENTRY_POINTS.values() for case in cases],
    ids=[f"{name}-{i}" for name, cases in ENTRY_POINTS.items() for i in range(len(cases))],
)
def test_every_entry_point_refuses_bad_input_with_a_short_clear_message(call, error, message):
    with pytest.raises(error, match=message) as info:
        call()
    assert type(info.value) is error
    assert len(str(info.value)) < SHORT_MESSAGE


def test_every_public_function_of_the_hands_layer_is_in_the_table():
    public = {name for name in bf.hands.__all__ if callable(getattr(bf.hands, name))}
    public -= {"Category", "Hand", "available_kernels"}  # types, and a function of no argument
    assert public <= set(ENTRY_POINTS)
