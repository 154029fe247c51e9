"""Every contender on the same seeded hands; each benchmark checks the ranks it produced.

extra_info["hands_per_call"] turns a call's time into a per-hand time (see --benchmark-json).
"""

from __future__ import annotations

import numpy as np
import pytest
from _baseline import plain_ranks

import badugi_fast
import badugi_fast.hands.reference

HAND_IDS = (3, 5, 10, 12)  # As 2d 3h 4c: the best hand, rank 1
HAND_TEXT = "As 2d 3h 4c"

single = pytest.mark.benchmark(group="single hand")
batch = pytest.mark.benchmark(group="batch of 2**22 hands")
per_hand = pytest.mark.benchmark(group="per-hand loop over 2,000 hands")


def _record(benchmark, hands_per_call: int) -> None:
    benchmark.extra_info["hands_per_call"] = hands_per_call
    if benchmark.stats:  # absent under --benchmark-disable
        benchmark.extra_info["ns_per_hand_min"] = benchmark.stats.stats.min * 1e9 / hands_per_call


def _one_hand(benchmark, function, hand):
    # 1,000 calls per round: a single call is too close to the timer's own overhead.
    return benchmark.pedantic(function, (hand,), rounds=100, iterations=1000, warmup_rounds=1)


@single
def test_evaluate_ids(benchmark) -> None:
    assert _one_hand(benchmark, badugi_fast.evaluate, HAND_IDS) == 1
    _record(benchmark, 1)


@single
def test_evaluate_cards(benchmark) -> None:
    """A tuple of Cards (what hand_cards returns): the fast path checks each id's type."""
    cards = badugi_fast.hand_cards(HAND_IDS)
    assert _one_hand(benchmark, badugi_fast.evaluate, cards) == 1
    _record(benchmark, 1)


@single
def test_evaluate_numpy_row(benchmark, hands_2_22, ranks_2_22) -> None:
    """One row of an id array, as a loop over evaluate_many's input would pass it."""
    assert _one_hand(benchmark, badugi_fast.evaluate, hands_2_22[0]) == ranks_2_22[0]
    _record(benchmark, 1)


@single
def test_evaluate_text(benchmark) -> None:
    assert _one_hand(benchmark, badugi_fast.evaluate, HAND_TEXT) == 1
    _record(benchmark, 1)


@single
def test_describe_text(benchmark) -> None:
    assert _one_hand(benchmark, badugi_fast.describe, HAND_TEXT).rank == 1
    _record(benchmark, 1)


@batch
@pytest.mark.parametrize("kernel", badugi_fast.available_kernels())
def test_evaluate_many_1_thread(benchmark, hands_2_22, ranks_2_22, kernel) -> None:
    ranks = benchmark(badugi_fast.evaluate_many, hands_2_22, threads=1, kernel=kernel)
    assert np.array_equal(ranks, ranks_2_22)
    _record(benchmark, len(hands_2_22))


@batch
def test_evaluate_many_2_threads(benchmark, hands_2_22, ranks_2_22) -> None:
    ranks = benchmark(badugi_fast.evaluate_many, hands_2_22, threads=2)
    assert np.array_equal(ranks, ranks_2_22)
    _record(benchmark, len(hands_2_22))


@batch
def test_evaluate_many_1_thread_out(benchmark, hands_2_22, ranks_2_22) -> None:
    # A reused output array: no allocation or first-touch page faults inside the timing.
    out = np.empty(len(hands_2_22), dtype=np.uint16)
    benchmark(badugi_fast.evaluate_many, hands_2_22, threads=1, out=out)
    assert np.array_equal(out, ranks_2_22)
    _record(benchmark, len(hands_2_22))


@batch
def test_evaluate_many_auto_threads(benchmark, hands_2_22, ranks_2_22) -> None:
    ranks = benchmark(badugi_fast.evaluate_many, hands_2_22, threads=None)
    assert np.array_equal(ranks, ranks_2_22)
    benchmark.extra_info["cores"] = badugi_fast.hands.evaluator.available_cores()
    _record(benchmark, len(hands_2_22))


@batch
def test_plain_scalar_loop(benchmark, baseline, hands_2_22, ranks_2_22) -> None:
    # Allocates its output per call, as evaluate_many does without out=.
    ranks = benchmark(plain_ranks, baseline, hands_2_22)
    assert np.array_equal(ranks, ranks_2_22)
    _record(benchmark, len(hands_2_22))


@per_hand
def test_evaluate_loop(benchmark, sample_ids, sample_ranks) -> None:
    evaluate = badugi_fast.evaluate
    ranks = benchmark(lambda: [evaluate(ids) for ids in sample_ids])
    assert ranks == sample_ranks
    _record(benchmark, len(sample_ids))


@per_hand
def test_reference_loop(benchmark, sample_ids, sample_ranks) -> None:
    evaluate = badugi_fast.hands.reference.evaluate
    ranks = benchmark.pedantic(
        lambda: [evaluate(ids) for ids in sample_ids], rounds=5, warmup_rounds=1
    )
    assert ranks == sample_ranks
    _record(benchmark, len(sample_ids))


@per_hand
def test_pokerkit_loop(benchmark, pokerkit_sample, sample_ranks) -> None:
    from_game = pytest.importorskip("pokerkit").BadugiHand.from_game
    hands = benchmark.pedantic(
        lambda: [from_game(cards) for cards in pokerkit_sample], rounds=5, warmup_rounds=1
    )
    # pokerkit's lookup entry index runs 0 (best) upwards in our order: rank = index + 1.
    assert [hand.entry.index + 1 for hand in hands] == sample_ranks
    _record(benchmark, len(pokerkit_sample))
