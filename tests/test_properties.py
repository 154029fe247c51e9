"""Properties that hold for every hand (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import badugi_fast as bf
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
