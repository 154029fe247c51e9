"""random_hands: valid, uniform, reproducible for a seed whatever the thread count."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest

import badugi_fast as bf

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
ORDERED_HANDS = 52 * 51 * 50 * 49


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def python_random_hand(seed: int, row: int) -> list[int]:
    """The stream as csrc/badugi_random.c documents it, in plain Python integers."""
    counter = (mix64(seed) + 4 * row * GAMMA) & MASK
    while True:
        counter = (counter + GAMMA) & MASK
        product = mix64(counter) * ORDERED_HANDS
        if product & MASK >= (1 << 64) % ORDERED_HANDS:
            break
    code = product >> 64  # mixed-radix digits, most significant first
    digits = [code // (51 * 50 * 49), code // (50 * 49) % 51, code // 49 % 50, code % 49]
    dealt: list[int] = []
    for digit in digits:
        card = digit
        for taken in sorted(dealt):  # the digit-th card not yet dealt
            card += card >= taken
        dealt.append(card)
    return dealt


def chi_square_limit(df: int, z: float = 4.75) -> float:
    """Wilson-Hilferty upper quantile of chi-square (z = 4.75: about one in a million)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_stream_is_the_documented_one():
    for seed in (0, 1, 2**64 - 1, 20261129):
        hands = bf.random_hands(300, seed=seed, threads=1)
        assert hands.tolist() == [python_random_hand(seed, row) for row in range(300)]


def test_every_row_is_four_distinct_cards():
    hands = bf.random_hands(200_000, seed=5)
    assert hands.dtype == np.uint8 and hands.shape == (200_000, 4)
    assert hands.max() <= 51
    ordered = np.sort(hands, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all()
    bf.evaluate_many(hands)  # raises on any invalid row


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
def test_the_same_seed_gives_the_same_hands_whatever_the_thread_count(threads):
    expected = bf.random_hands(300_001, seed=77, threads=1)
    np.testing.assert_array_equal(bf.random_hands(300_001, seed=77, threads=threads), expected)


def test_a_shorter_run_is_a_prefix_of_a_longer_one_and_seeds_differ():
    long = bf.random_hands(5000, seed=9)
    np.testing.assert_array_equal(bf.random_hands(1234, seed=9), long[:1234])
    assert not np.array_equal(bf.random_hands(5000, seed=10), long)
    assert not np.array_equal(bf.random_hands(100), bf.random_hands(100))  # seed from the OS


def test_each_position_is_uniform_over_the_52_cards():
    hands = bf.random_hands(1 << 20, seed=11)
    counts = np.stack([np.bincount(hands[:, k], minlength=52) for k in range(4)])
    expected = len(hands) / 52
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < chi_square_limit(4 * 51)


def test_pairs_of_positions_are_uniform_over_ordered_pairs_of_distinct_cards():
    hands = bf.random_hands(1 << 21, seed=12).astype(np.int64)
    for i, j in ((0, 1), (1, 3), (2, 3)):
        counts = np.bincount(hands[:, i] * 52 + hands[:, j], minlength=52 * 52).reshape(52, 52)
        assert np.diagonal(counts).sum() == 0
        expected = len(hands) / (52 * 51)
        chi2 = ((counts - expected) ** 2 / expected)[~np.eye(52, dtype=bool)].sum()
        assert chi2 < chi_square_limit(52 * 51 - 1)


def test_hands_as_sets_are_uniform_and_ranks_follow_the_class_sizes(all_hands, reference_ranks):
    hands = np.sort(bf.random_hands(1 << 21, seed=13), axis=1).astype(np.int64)
    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(52)])
    index = sum(binom[hands[:, k], k + 1] for k in range(4))
    buckets = 1024
    counts = np.bincount(index * buckets // len(all_hands), minlength=buckets)
    sizes = np.bincount(np.arange(len(all_hands)) * buckets // len(all_hands), minlength=buckets)
    expected = len(hands) * sizes / len(all_hands)
    assert ((counts - expected) ** 2 / expected).sum() < chi_square_limit(buckets - 1)
    # The four sizes of badugi occur as often as their share of the 270,725 hands.
    size_of = np.select(
        [reference_ranks <= 715, reference_ranks <= 1001, reference_ranks <= 1079], [0, 1, 2], 3
    )
    observed = np.bincount(size_of[index], minlength=4)
    expected = len(hands) * np.bincount(size_of, minlength=4) / len(all_hands)
    assert ((observed - expected) ** 2 / expected).sum() < chi_square_limit(3)


def test_out_receives_the_hands():
    out = np.zeros((1000, 4), dtype=np.uint8)
    assert bf.random_hands(1000, seed=3, out=out) is out
    np.testing.assert_array_equal(out, bf.random_hands(1000, seed=3))
    assert bf.random_hands(0, seed=1).shape == (0, 4)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n": -1}, ValueError, f"n must be 0 .. {sys.maxsize // 4:,}, got -1"),
        ({"n": sys.maxsize // 4 + 1}, ValueError, f"n must be 0 .. {sys.maxsize // 4:,}, got"),
        ({"n": np.uint64(2**63)}, ValueError, "n must be 0 .. "),
        ({"n": 2.0}, TypeError, "n must be a whole number"),
        ({"n": 5, "seed": -1}, ValueError, "seed must be in 0 .. 2\\*\\*64-1"),
        ({"n": 5, "seed": 2**64}, ValueError, "seed must be in"),
        ({"n": 5, "seed": "7"}, TypeError, "seed must be an int"),
        ({"n": 5, "seed": True}, TypeError, "seed must be an int"),
        ({"n": 5, "threads": 0}, ValueError, "threads must be at least 1"),
        ({"n": 5, "threads": 10**9}, ValueError, "threads must be at most"),
        ({"n": 5, "out": np.zeros((5, 4), dtype=np.int64)}, TypeError, "uint8"),
        ({"n": 5, "out": np.zeros((4, 4), dtype=np.uint8)}, ValueError, "shape"),
        ({"n": 5, "out": np.zeros((5, 8), dtype=np.uint8)[:, ::2]}, ValueError, "contiguous"),
    ],
)
def test_bad_arguments_are_rejected(kwargs, error, message):
    with pytest.raises(error, match=message):
        bf.random_hands(**kwargs)
