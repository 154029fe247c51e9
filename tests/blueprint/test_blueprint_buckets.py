"""Every hand's bucket and draw slots at once (blueprint/buckets.py) equal the Python
abstraction hand by hand, and ``Blueprint.rows`` reads the table as ``Blueprint.row`` does."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint
from badugi_fast.blueprint.abstraction import INFOSETS, SLOTS, bucket, thrown
from badugi_fast.blueprint.buckets import hand_buckets, legal_slots, slot_sizes
from badugi_fast.cards import DECK
from badugi_fast.hands.universe import all_hands


def test_every_hands_bucket_and_slots_are_the_abstractions() -> None:
    buckets, masks = hand_buckets()
    universe = all_hands()
    assert buckets.shape == (len(universe),) and masks.shape == (len(universe), SLOTS)
    assert not buckets.flags.writeable and not masks.flags.writeable
    rng = np.random.default_rng(3)
    for i in rng.choice(len(universe), 3000, replace=False).tolist():
        hand = [DECK[c] for c in universe[i]]  # ascending ids: bit k is the k-th card
        assert buckets[i] == bucket(hand), hand
        for slot in range(SLOTS):
            cards = thrown(hand, slot)
            mask = -1 if cards is None else sum(1 << hand.index(c) for c in cards)
            assert masks[i, slot] == mask, (hand, slot)
            size = 0 if cards is None else len(cards)
            assert slot_sizes(masks[i])[slot] == size
            for cap in range(5):
                assert legal_slots(masks[i], cap)[slot] == (cards is not None and size <= cap)


def test_rows_read_many_decisions_as_row_reads_each(blueprint: Blueprint) -> None:
    rng = np.random.default_rng(4)
    never = np.flatnonzero(blueprint.table.sum(axis=1) == 0)[:50]
    infosets = np.concatenate([rng.integers(0, INFOSETS, 2000), never])
    legal = rng.random((len(infosets), SLOTS)) < 0.6
    legal[np.arange(len(infosets)), rng.integers(0, SLOTS, len(infosets))] = True
    rows = blueprint.rows(infosets, legal)
    for k, infoset in enumerate(infosets.tolist()):
        slots = np.flatnonzero(legal[k]).tolist()
        assert rows[k, slots].tolist() == pytest.approx(blueprint.row(infoset, slots), abs=1e-15)
        assert rows[k, ~legal[k]].tolist() == [0.0] * (SLOTS - len(slots))


def test_rows_name_what_is_wrong(blueprint: Blueprint) -> None:
    legal = np.ones((2, SLOTS), dtype=bool)
    with pytest.raises(ValueError, match="information set"):
        blueprint.rows(np.array([0, INFOSETS]), legal)
    with pytest.raises(ValueError, match="legal"):
        blueprint.rows(np.array([0, 1]), np.zeros((2, SLOTS), dtype=bool))
    with pytest.raises(ValueError, match="legal"):
        blueprint.rows(np.array([0, 1, 2]), legal)
