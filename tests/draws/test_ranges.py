"""The range language: every element form selects exactly the hands the rules say, counted by
brute force over all 270,725 hands with the pure-Python reference (never with the range code)."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracles import colex_index

from badugi_fast.draws.ranges import text as range_text
from badugi_fast.draws.ranges.range import (
    _WEIGHT,
    MAX_RANGE_TEXT,
    InvalidRangeError,
    Range,
    parse_range,
)
from badugi_fast.hands import reference
from badugi_fast.hands.universe import all_hands

RANKS = "A23456789TJQK"
# The reference's own class numbering: number -> card ranks of the badugi (0 = ace), high first.
CLASS_RANKS = {number: ranks for ranks, number in reference._CLASS_NUMBER.items()}


@pytest.fixture(scope="module")
def badugi_ranks(reference_ranks: np.ndarray) -> list[tuple[int, ...]]:
    """Per hand (colex order): the card ranks of its badugi, high first, by the reference."""
    return [CLASS_RANKS[int(r)] for r in reference_ranks]


def selected(found: Range) -> np.ndarray:
    """The colex indices of a range's hands, sorted: comparable with a mask over all_hands."""
    return np.sort(colex_index(found.hands))


def expect(mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask)


def by_class(reference_ranks: np.ndarray, keep) -> np.ndarray:  # type: ignore[no-untyped-def]
    return np.array([keep(CLASS_RANKS[int(r)], int(r)) for r in reference_ranks])


def test_the_issue_counts_hold_1680_for_8_minus_480_for_7_made_and_every_hand_for_any() -> None:
    assert len(parse_range("8-")) == 1680
    assert len(parse_range("7메이드")) == 480
    for text in ("any", "random", "*", "ANY"):
        assert len(parse_range(text)) == 270_725


def test_dealt_four_card_badugis_by_top_card_run_from_king_5280_to_four_24() -> None:
    counts = {top: len(parse_range(f"{top}탑")) for top in "K98765"}
    assert counts["K"] == 5280
    assert len(parse_range("골프")) == 24
    assert [counts[t] for t in "98765"] == [24 * n for n in (56, 35, 20, 10, 4)]


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        ("8765", lambda ranks, r: ranks == (7, 6, 5, 4)),
        ("8765-", lambda ranks, r: len(ranks) == 4 and ranks <= (7, 6, 5, 4)),
        ("8-", lambda ranks, r: len(ranks) == 4 and ranks[0] <= 7),
        ("8+", lambda ranks, r: len(ranks) < 4 or ranks[0] >= 7),
        ("75A-", lambda ranks, r: len(ranks) == 4 or (len(ranks) == 3 and ranks <= (6, 4, 0))),
        ("K32+", lambda ranks, r: len(ranks) < 3 or (len(ranks) == 3 and ranks >= (12, 2, 1))),
        ("T987..8765", lambda ranks, r: len(ranks) == 4 and (7, 6, 5, 4) <= ranks <= (9, 8, 7, 6)),
        ("8765..T987", lambda ranks, r: len(ranks) == 4 and (7, 6, 5, 4) <= ranks <= (9, 8, 7, 6)),
        ("1:8", lambda ranks, r: ranks == (7,)),
        ("1:8-", lambda ranks, r: len(ranks) > 1 or ranks <= (7,)),
        ("K2", lambda ranks, r: ranks == (12, 1)),
        ("7메이드", lambda ranks, r: len(ranks) == 4 and ranks[0] == 6),
        ("6탑", lambda ranks, r: len(ranks) == 4 and ranks[0] == 5),
        ("A23 베이스", lambda ranks, r: ranks == (2, 1, 0)),
        ("골프", lambda ranks, r: ranks == (3, 2, 1, 0)),
        ("무탑", lambda ranks, r: len(ranks) == 1),
        ("7-5-3-A badugi", lambda ranks, r: ranks == (6, 4, 2, 0)),
        ("any", lambda ranks, r: True),
    ],
)
def test_class_elements_select_exactly_the_hands_of_their_classes(
    text: str,
    keep,
    reference_ranks: np.ndarray,  # type: ignore[no-untyped-def]
) -> None:
    assert np.array_equal(selected(parse_range(text)), expect(by_class(reference_ranks, keep)))


def pattern_holds(hand: list[int], pattern: str) -> bool:
    """Brute force: some cards of the hand carry the pattern's ranks, in different suits."""
    named = [RANKS.index(c) for c in pattern if c != "x"]
    for cards in permutations(hand, len(named)):
        if all(card >> 2 == rank for card, rank in zip(cards, named, strict=True)) and len(
            {card & 3 for card in cards}
        ) == len(cards):
            return True
    return False


@pytest.mark.parametrize("pattern", ["A23x", "A2xx", "KKxx", "xxxx", "5x3x"])
def test_suit_free_patterns_match_the_brute_force_definition(
    pattern: str, all_hands: np.ndarray
) -> None:
    """Checked on a seeded sample of 20,000 hands (brute force in Python is slow)."""
    sample = np.sort(np.random.default_rng(12).choice(len(all_hands), 20_000, replace=False))
    mask = np.array([pattern_holds(hand, pattern) for hand in all_hands[sample].tolist()])
    chosen = np.isin(sample, selected(parse_range(pattern)))
    assert np.array_equal(chosen, mask)
    assert mask.any()


def test_an_explicit_hand_is_that_one_hand_whatever_its_card_order() -> None:
    found = parse_range("Kh 3c 2d As")
    assert len(found) == 1
    assert found.hands.tolist() == [sorted([51 - 1, 8, 5, 3])]
    assert found == parse_range("As2d3cKh")


def test_weights_apply_left_to_right_and_bang_removes() -> None:
    mixed = parse_range("0.5:8-, 7-")
    weights = dict(zip(map(tuple, mixed.hands.tolist()), mixed.weights.tolist(), strict=True))
    seven = set(map(tuple, parse_range("7-").hands.tolist()))
    assert all(w == (1.0 if hand in seven else 0.5) for hand, w in weights.items())
    assert parse_range("7-, 0.5:8-") == Range.from_hands(parse_range("8-").hands, 0.5)
    assert parse_range("8-, !7-") == parse_range("8-") - parse_range("7-")
    assert len(parse_range("any, !A23x")) == 270_725 - 1140


def test_hands_are_sorted_rows_of_sorted_ids_with_weights_in_zero_one() -> None:
    found = parse_range("0.25:K32+, 8-, A2xx")
    hands = found.hands
    assert hands.dtype == np.uint8 and hands.shape == (len(found), 4)
    assert np.all(np.diff(hands.astype(int), axis=1) > 0)
    assert [tuple(r) for r in hands.tolist()] == sorted(tuple(r) for r in hands.tolist())
    assert found.weights.dtype == np.float64
    assert np.all((found.weights > 0) & (found.weights <= 1))


@pytest.mark.parametrize(
    ("text", "element", "position"),
    [
        ("8-, zz", "zz", 4),
        ("8-,,7-", "", 3),
        ("0:8-", "0:8-", 0),
        ("1.5:8-", "1.5:8-", 0),
        ("8-, !0.5:7-", "!0.5:7-", 4),
        ("As 2d", "As 2d", 0),
        ("As As 2d 3c", "As As 2d 3c", 0),
        ("8865", "8865", 0),
        ("3-", "3-", 0),
        ("A2x", "A2x", 0),
        ("top 0%", "top 0%", 0),
        ("8-, top 101%", "top 101%", 4),
        ("0.5:", "0.5:", 0),
    ],
)
def test_bad_elements_are_named_with_their_position(text: str, element: str, position: int) -> None:
    with pytest.raises(InvalidRangeError) as caught:
        parse_range(text)
    assert caught.value.element == element
    assert caught.value.position == position
    assert repr(element) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_long_run_of_digits_is_refused_at_once_naming_the_element_bound() -> None:
    """A million digits used to take minutes (the weight's two runs of digits split it n ways)."""
    with pytest.raises(InvalidRangeError, match=r"element 1 '8888.*\.\.\..*at most 256 characters"):
        parse_range("8" * 10**6)
    with pytest.raises(InvalidRangeError, match=r"element 2 .* at most 256 characters, got 296"):
        parse_range("8-, 0.5:" + "8" * 292)


def test_range_text_is_bounded_by_the_longest_canonical_text() -> None:
    with pytest.raises(InvalidRangeError, match=r"at most 16,777,216 characters, got 16,777,217"):
        parse_range("8-," * (MAX_RANGE_TEXT // 3) + "8-")


@pytest.mark.parametrize("pattern", [_WEIGHT, range_text._TOP_PERCENT])
@pytest.mark.parametrize("prefix", ["", "TOP ", "0.", "1E"])
def test_the_number_patterns_fail_a_long_run_of_digits_in_linear_time(pattern, prefix) -> None:
    """The patterns themselves, past the bound: 10**5 digits with no ':' or '%' after them are
    10**10 steps for a pattern that reads a number two ways, a millisecond for one that does not."""
    assert pattern.fullmatch(prefix + "8" * 10**5) is None


def test_a_range_of_every_hand_at_its_own_weight_reads_back_from_its_text() -> None:
    """The longest canonical text: 270,725 hands one by one (no whole class shares a weight)."""
    weights = np.random.default_rng(7).uniform(0.01, 1.0, len(all_hands()))
    found = Range.from_hands(all_hands(), weights)
    written = str(found)
    assert len(written) < MAX_RANGE_TEXT and written.count(",") == len(all_hands()) - 1
    assert parse_range(written) == found


def test_a_mistyped_hand_element_names_its_bad_card() -> None:
    with pytest.raises(InvalidRangeError, match=r"element 2 'As 2d 3c Kx' .*: unknown card 'Kx'"):
        parse_range("8-, As 2d 3c Kx")


@pytest.mark.parametrize("text", ["!any", "8-, !8-", "7-, !A2xx, !8-"])
def test_an_empty_range_is_an_error_naming_the_text(text: str) -> None:
    with pytest.raises(InvalidRangeError, match="holds no hands"):
        parse_range(text)


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError):
        parse_range(8)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_range("8-") | 3  # type: ignore[operator]


def test_from_hands_takes_text_arrays_and_per_hand_weights() -> None:
    found = Range.from_hands(["As 2d 3c Kh", "Ks Kd Kh Kc", "Kh As 2d 3c"], [0.5, 1.0, 0.75])
    assert len(found) == 2 and sorted(found.weights.tolist()) == [0.75, 1.0]
    assert "As 2d 3c Kh" in found and "Qs Kd Kh Kc" not in found
    with pytest.raises(ValueError, match="weights"):
        Range.from_hands(["As 2d 3c Kh"], 0.0)
    with pytest.raises(ValueError, match="repeats"):
        Range.from_hands(np.array([[0, 0, 1, 2]]))


TWO_HANDS = ["As 2d 3c Kh", "Ks Kd Kh Kc"]


@pytest.mark.parametrize(
    ("hands", "weights", "error", "message"),
    [
        (TWO_HANDS, [0.5, 0.5, 0.5], ValueError, r"one number for all 2 hands .* shape \(3,\)"),
        (TWO_HANDS, np.ones((2, 1)), ValueError, r"got shape \(2, 1\)"),
        (TWO_HANDS, "0.5", TypeError, "a number or one number per hand, not str"),
        (TWO_HANDS, b"0.5", TypeError, "not bytes"),
        (TWO_HANDS, True, TypeError, "real numbers, not bool"),
        (TWO_HANDS, [0.5, 1j], TypeError, "real numbers, not complex"),
        (TWO_HANDS, [0.5, None], TypeError, "weight 1 is None, not a real number"),
        (TWO_HANDS, [0.5, float("nan")], ValueError, r"in \(0, 1\], not nan \(hand 1\)"),
        (np.array([[0.0, 1, 2, 3]]), 1.0, TypeError, "integer card ids, not float64"),
        (np.array([[0, 1, 2]]), 1.0, ValueError, r"\(N, 4\) integer array, got shape \(1, 3\)"),
        ({"As 2d 3c Kh": 0.5}, 1.0, TypeError, "not a mapping"),
        ([{"As": 1, "2d": 1, "3c": 1, "Kh": 1}], 1.0, TypeError, "not a dict"),
    ],
)
def test_from_hands_names_what_is_wrong_with_its_hands_or_weights(hands, weights, error, message):
    with pytest.raises(error, match=message):
        Range.from_hands(hands, weights)


ELEMENTS = st.one_of(
    st.sampled_from(["8-", "7메이드", "K32+", "T987..8765", "1:8", "A23x", "KQxx", "8765", "75A-"]),
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True).map(
        lambda ids: " ".join(f"{RANKS[i >> 2]}{'cdhs'[i & 3]}" for i in ids)
    ),
)
WEIGHT = st.sampled_from(["", "0.5:", "0.25:", "1:", "0.1:", "!"])
TEXTS = st.lists(st.tuples(WEIGHT, ELEMENTS).map("".join), min_size=1, max_size=5).map(", ".join)


def readable(text: str) -> Range | None:
    try:
        return parse_range(text)
    except InvalidRangeError:
        return None  # the elements removed every hand


@settings(max_examples=25, deadline=None)
@given(TEXTS)
def test_str_is_canonical_text_that_reads_back_to_the_same_range(text: str) -> None:
    found = readable(text)
    if found is not None:
        assert parse_range(str(found)) == found
        assert str(parse_range(str(found))) == str(found)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), min_size=1),
    st.floats(0.01, 1.0),
)
def test_any_set_of_hands_round_trips_through_str(hands: list[list[int]], weight: float) -> None:
    found = Range.from_hands(np.array(hands), weight)
    assert parse_range(str(found)) == found


@settings(max_examples=15, deadline=None)
@given(TEXTS, TEXTS, TEXTS)
def test_union_intersection_and_difference_obey_the_set_laws(x: str, y: str, z: str) -> None:
    a, b, c = readable(x), readable(y), readable(z)
    if a is None or b is None or c is None:
        return
    assert a | b == b | a and a & b == b & a
    assert (a | b) | c == a | (b | c) and (a & b) & c == a & (b & c)
    assert a | (a & b) == a and a & (a | b) == a
    assert a & (b | c) == (a & b) | (a & c)
    assert len(a | b) + len(a & b) == len(a) + len(b)
    assert len(a - a) == 0 and len((a - b) & b) == 0
    assert np.array_equal(((a - b) | (a & b)).hands, a.hands)
    assert set(map(tuple, (a - b).hands.tolist())) == set(map(tuple, a.hands.tolist())) - set(
        map(tuple, b.hands.tolist())
    )
