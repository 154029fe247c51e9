"""Every one of the 270,725 hands: the C core, the pure-Python reference and pokerkit agree."""

from __future__ import annotations

import hashlib
import itertools
import subprocess
import sys
from collections import Counter

import numpy as np
import pokerkit
import pytest
from support.paths import REPO

import badugi_fast as bf
from badugi_fast.hands import reference
from badugi_fast.hands.naming import class_rank

# sha256 of the uint16 ranks, little-endian, in colex index order (see tools/gen_table.py).
RANK_TABLE_SHA256 = "53e5c0722fda78d13a88a8273c9c72d86d152534401b1bd5b261f9520008e18b"

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("kernel", [None, *bf.available_kernels()])
def test_batch_ranks_equal_the_reference_on_every_hand_with_every_kernel(
    all_hands, reference_ranks, kernel
):
    np.testing.assert_array_equal(bf.evaluate_many(all_hands, kernel=kernel), reference_ranks)
    shuffled = np.random.default_rng(5).permuted(all_hands, axis=1)
    np.testing.assert_array_equal(bf.evaluate_many(shuffled, kernel=kernel), reference_ranks)


def test_single_evaluate_equals_the_reference_on_every_hand_in_every_row_order(
    all_hands, reference_ranks
):
    rows = all_hands.tolist()
    for order in ((0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)):
        ranks = [bf.evaluate(tuple(row[i] for i in order)) for row in rows]
        np.testing.assert_array_equal(ranks, reference_ranks)


def test_rank_table_checksum_is_pinned(all_hands):
    ranks = bf.evaluate_many(all_hands, threads=1)
    assert hashlib.sha256(ranks.astype("<u2").tobytes()).hexdigest() == RANK_TABLE_SHA256


def test_generated_table_matches_a_fresh_run_of_the_generator():
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "gen_table.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    sha = subprocess.run(
        [sys.executable, str(REPO / "tools" / "gen_table.py"), "--sha256"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert sha.stdout.strip() == RANK_TABLE_SHA256


def test_there_are_1092_classes_split_715_286_78_13(reference_ranks):
    sizes = Counter()
    hands_per_size = Counter()
    for rank in np.unique(reference_ranks).tolist():
        sizes[4 if rank <= 715 else 3 if rank <= 1001 else 2 if rank <= 1079 else 1] += 1
    assert np.array_equal(np.unique(reference_ranks), np.arange(1, 1093))
    assert sizes == {4: 715, 3: 286, 2: 78, 1: 13}
    for rank, count in zip(*np.unique(reference_ranks, return_counts=True), strict=True):
        hands_per_size[4 if rank <= 715 else 3 if rank <= 1001 else 2 if rank <= 1079 else 1] += (
            count
        )
    assert hands_per_size == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}


def test_describe_picks_the_reference_badugi_and_its_rank_on_every_hand(all_hands):
    for row in all_hands.tolist():
        hand = bf.describe(row)
        assert hand.cards == reference.best_badugi(row), row
        assert hand.rank == class_rank(tuple(card.rank for card in hand.cards)), row


def test_pokerkit_orders_every_hand_as_we_do(all_hands, reference_ranks):
    """pokerkit's BadugiHand is an independent implementation: a better hand compares greater."""
    deck = [next(iter(pokerkit.Card.parse(str(card)))) for card in bf.DECK]
    theirs = [pokerkit.BadugiHand.from_game([deck[i] for i in row]) for row in all_hands.tolist()]
    representative: dict[int, object] = {}
    for hand, rank in zip(theirs, reference_ranks.tolist(), strict=True):
        first = representative.setdefault(rank, hand)
        assert hand == first, (hand, first, rank)
    ordered = [representative[rank] for rank in range(1, 1093)]
    for better, worse in itertools.pairwise(ordered):
        assert better > worse, (better, worse)


def test_the_tied_subset_table_lists_every_best_subset(all_hands):
    """csrc/badugi_table.c's bf_tied_table against the Python draw model, on a sample."""
    import re

    from badugi_fast.draws.policies.kept import tied_best_subsets

    source = (REPO / "csrc" / "badugi_table.c").read_text(encoding="utf-8")
    body = re.search(r"bf_tied_table\[BF_NUM_HANDS\] = \{(.*?)\};", source, re.S).group(1)
    tied = np.array([int(x) for x in body.replace("\n", "").split(",") if x.strip()])
    assert len(tied) == len(all_hands)
    sample = np.random.default_rng(8).choice(len(all_hands), 30_000, replace=False)
    for index in sample.tolist():
        hand = all_hands[index].tolist()
        masks = {sum(1 << hand.index(c) for c in sub) for sub in tied_best_subsets(hand)}
        assert tied[index] == sum(1 << m for m in masks), hand
