"""Properties that hold for every hand (hypothesis)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import badugi_fast as bf
from badugi_fast.cards import MAX_HAND_TEXT
from badugi_fast.hands import reference

hands = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@given(hands, st.permutations(range(4)))
def test_card_order_never_changes_the_rank(hand, order):
    assert bf.evaluate([hand[i] for i in order]) == bf.evaluate(hand)


@given(hands, st.permutations(range(4)))
def test_relabelling_suits_never_changes_the_rank(hand, suits):
    relabelled = [card & ~3 | suits[card & 3] for card in hand]
    assert bf.evaluate(relabelled) == bf.evaluate(hand)


@given(st.lists(hands, min_size=0, max_size=40))
def test_a_batch_equals_evaluating_each_hand(rows):
    batch = bf.evaluate_many(np.array(rows, dtype=np.uint8).reshape(-1, 4))
    assert batch.tolist() == [bf.evaluate(row) for row in rows]


@given(hands, hands)
def test_compare_is_antisymmetric(a, b):
    assert bf.compare(a, b) == -bf.compare(b, a)
    assert bf.compare(a, b) in (-1, 0, 1)


@given(hands, hands, hands)
def test_compare_is_transitive(a, b, c):
    if bf.compare(a, b) >= 0 and bf.compare(b, c) >= 0:
        assert bf.compare(a, c) >= 0


@given(hands)
def test_describe_agrees_with_evaluate_and_the_reference(hand):
    described = bf.describe(hand)
    assert described.rank == bf.evaluate(hand) == reference.evaluate(hand)
    assert set(described.cards) <= set(hand)
    assert len({card.rank for card in described.cards}) == described.size
    assert len({card.suit for card in described.cards}) == described.size
    assert [card.rank for card in described.cards] == sorted(
        (c.rank for c in described.cards), reverse=True
    )
    assert described.rank in bf.lookup_name(described.name)
    assert described.rank in bf.lookup_name(described.name_ko)


@given(hands, st.sampled_from([" ", ",", ", ", ""]), st.booleans())
def test_text_round_trips_in_any_separator_and_case(hand, separator, lower):
    text = separator.join(str(bf.Card(card)) for card in hand)
    assert bf.evaluate(text.lower() if lower else text) == bf.evaluate(hand)


@given(st.text(alphabet="A23456789TJQK10cdhs♠♥♦♣◇ ,x", max_size=16))
def test_arbitrary_text_is_ranked_or_rejected_cleanly(text):
    try:
        rank = bf.evaluate(text)
    except bf.InvalidHandError:
        return
    assert 1 <= rank <= 1092
    assert rank == reference.evaluate(text)


@given(st.lists(st.integers(-(2**40), 2**40), min_size=4, max_size=4))
def test_arbitrary_ids_are_ranked_or_rejected_cleanly(ids):
    try:
        rank = bf.evaluate(ids)
    except bf.InvalidHandError:
        assert not (all(0 <= i < 52 for i in ids) and len(set(ids)) == 4)
        return
    assert rank == reference.evaluate(ids)


INTEGER_TYPES = [int, bf.Card, np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64]
# Types whose values only convert to int: each would be a card if truncated.
NON_INTEGER_TYPES = [float, np.float16, np.float32, np.float64, Fraction, Decimal, np.array]


@given(hands, st.sampled_from(INTEGER_TYPES), st.integers(0, 3))
def test_an_id_of_any_integer_type_ranks_as_the_int(hand, kind, position):
    mixed = list(hand)
    mixed[position] = kind(hand[position])
    assert bf.evaluate(mixed) == bf.evaluate(tuple(mixed)) == bf.evaluate(hand)
    assert bf.describe(mixed).rank == bf.evaluate(hand)


@given(
    hands,
    st.sampled_from(NON_INTEGER_TYPES),
    st.integers(0, 3),
    st.sampled_from([0.0, 0.25, 0.5, 0.99]),
)
def test_an_id_that_is_not_an_integer_is_refused_whatever_its_value(hand, kind, position, frac):
    mixed: list[object] = list(hand)
    value = hand[position] + frac
    mixed[position] = kind(str(value)) if kind is Decimal else kind(value)
    for entry in (bf.evaluate, bf.describe, lambda h: bf.compare(h, hand), bf.evaluate_many):
        with pytest.raises(TypeError):
            entry([mixed] if entry is bf.evaluate_many else mixed)


SPELLINGS = [str, lambda card: card.symbol, lambda card: card.symbol[-1] + card.symbol[:-1]]


@given(hands, st.sampled_from(SPELLINGS), st.integers(0, 300), st.sampled_from([" ", ",", "\t"]))
def test_a_hand_text_is_read_by_c_and_python_alike_up_to_the_longest_and_refused_beyond(
    hand, spell, pad, separator
):
    first, *rest = (spell(bf.DECK[card]) for card in hand)
    text = first + separator * pad + " ".join(rest)
    if len(text) <= MAX_HAND_TEXT:
        expected = reference.evaluate(hand)
        assert bf.evaluate(text) == bf.describe(text).rank == expected
        assert bf.evaluate_many([text, text]).tolist() == [expected] * 2
        assert bf.evaluate_many(text + "\n" + text).tolist() == [expected] * 2
    else:
        for entry in (bf.evaluate, bf.describe, bf.hand_cards, reference.evaluate):
            with pytest.raises(bf.InvalidHandError, match="at most 256 characters"):
                entry(text)
        with pytest.raises(bf.InvalidHandError, match=r"line 1: .*at most 256"):
            bf.evaluate_many(text + "\n")
