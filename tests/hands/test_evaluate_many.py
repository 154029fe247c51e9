"""evaluate_many: dtypes, layouts, the out argument, threads, and agreement with evaluate."""

from __future__ import annotations

import itertools
import threading
import time

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast._runtime.threads import max_threads, run_in_threads, thread_count
from badugi_fast.hands import evaluator, kernels


def random_hands(n: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :4].astype(np.uint8)


def test_batch_equals_single_evaluation():
    hands = random_hands(5000)
    assert bf.evaluate_many(hands).tolist() == [bf.evaluate(row) for row in hands.tolist()]


@pytest.mark.parametrize(
    "dtype", [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_every_integer_dtype_gives_the_same_ranks(dtype):
    hands = random_hands(1000)
    expected = bf.evaluate_many(hands)
    np.testing.assert_array_equal(bf.evaluate_many(hands.astype(dtype)), expected)


def test_non_contiguous_and_fortran_layouts_are_converted():
    hands = random_hands(1000)
    expected = bf.evaluate_many(hands)
    np.testing.assert_array_equal(bf.evaluate_many(np.asfortranarray(hands)), expected)
    doubled = np.repeat(hands, 2, axis=0)[::2]
    assert not doubled.flags.c_contiguous
    np.testing.assert_array_equal(bf.evaluate_many(doubled), expected)
    np.testing.assert_array_equal(bf.evaluate_many(hands[:, ::-1]), expected)


def test_a_c_contiguous_uint8_array_is_read_in_place():
    hands = random_hands(100)
    assert evaluator._card_rows(hands) is hands
    assert evaluator._card_rows(hands.astype(np.int64)) is not hands


def test_lists_of_ids_text_and_cards_are_accepted():
    hands = random_hands(50)
    expected = bf.evaluate_many(hands)
    as_text = [bf.format_cards(row) for row in hands.tolist()]
    as_cards = [bf.hand_cards(row) for row in hands.tolist()]
    np.testing.assert_array_equal(bf.evaluate_many(hands.tolist()), expected)
    np.testing.assert_array_equal(bf.evaluate_many(as_text), expected)
    np.testing.assert_array_equal(bf.evaluate_many(np.array(as_text)), expected)
    np.testing.assert_array_equal(bf.evaluate_many(as_cards), expected)


def test_an_empty_batch_gives_an_empty_result():
    for empty in (np.empty((0, 4), dtype=np.uint8), np.empty((0, 4), dtype=np.int64), []):
        result = bf.evaluate_many(empty)
        assert result.dtype == np.uint16 and result.shape == (0,)


def test_out_receives_the_ranks_and_is_returned():
    hands = random_hands(300)
    out = np.zeros(300, dtype=np.uint16)
    result = bf.evaluate_many(hands, out=out)
    assert result is out
    np.testing.assert_array_equal(out, bf.evaluate_many(hands))


def test_the_result_is_uint16_with_one_rank_per_row():
    result = bf.evaluate_many(random_hands(10))
    assert result.dtype == np.uint16 and result.shape == (10,)
    assert ((result >= 1) & (result <= 1092)).all()


@pytest.mark.parametrize("threads", [1, 2, 3, max_threads()])
def test_any_thread_count_gives_the_same_ranks(threads):
    hands = random_hands(200_003)
    np.testing.assert_array_equal(
        bf.evaluate_many(hands, threads=threads), bf.evaluate_many(hands, threads=1)
    )


@pytest.mark.parametrize("bad_rows", [[0], [199_999], [120_000, 150_000], [60_000, 180_000]])
def test_the_first_bad_row_is_found_whichever_thread_holds_it(bad_rows):
    hands = random_hands(200_000)
    for row in bad_rows:
        hands[row] = [9, 9, 10, 11]
    for threads in (1, 2, 4):
        with pytest.raises(bf.InvalidHandError) as info:
            bf.evaluate_many(hands, threads=threads)
        assert info.value.row == bad_rows[0]


def test_automatic_threads_use_one_thread_for_small_batches():
    assert thread_count(None, evaluator.AUTO_THREADS_MIN_ROWS - 1) == 1
    assert thread_count(None, 10**8) == evaluator.available_cores()
    assert thread_count(1, 10**8) == 1


def test_python_threads_evaluating_at_once_agree_with_one_thread():
    hands = random_hands(300_000, seed=11)
    expected = bf.evaluate_many(hands, threads=1)
    singles = hands[:2000].tolist()
    expected_singles = expected[:2000].tolist()
    failures: list[str] = []

    def work(k: int) -> None:
        for _ in range(3):
            if not np.array_equal(bf.evaluate_many(hands, threads=1 + k % 3), expected):
                failures.append(f"batch in thread {k}")
            if [bf.evaluate(row) for row in singles] != expected_singles:
                failures.append(f"singles in thread {k}")

    workers = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert failures == []


KERNELS = bf.available_kernels()


def test_the_scalar_kernel_is_always_available_and_the_default_is_the_fastest():
    assert KERNELS[0] == "scalar"
    assert kernels.best_kernel() == KERNELS[-1]


@pytest.mark.parametrize("kernel", KERNELS)
def test_every_kernel_matches_single_evaluation_on_every_batch_length_up_to_64(kernel):
    hands = random_hands(64 * 65 // 2 + 64, seed=3)
    start = 0
    for length in range(65):
        for offset in (start, start + 1):  # both parities of the start row
            rows = np.ascontiguousarray(hands[offset : offset + length])
            expected = [bf.evaluate(row) for row in rows.tolist()]
            assert bf.evaluate_many(rows, kernel=kernel, threads=1).tolist() == expected, length
        start += length


@pytest.mark.parametrize("kernel", KERNELS)
def test_every_kernel_finds_a_bad_row_wherever_it_is(kernel):
    hands = random_hands(40, seed=4)
    for length in range(1, 41):
        for bad in range(length):
            for spoiled in ([52, 1, 2, 3], [200, 1, 2, 3], [5, 6, 5, 7], [9, 9, 9, 9]):
                rows = hands[:length].copy()
                rows[bad] = spoiled
                with pytest.raises(bf.InvalidHandError) as info:
                    bf.evaluate_many(rows, kernel=kernel, threads=1)
                assert info.value.row == bad


@pytest.mark.parametrize(
    ("kernel", "error", "message"),
    [("sse9", ValueError, "unknown kernel 'sse9'"), (2, TypeError, "kernel must be a str")],
)
def test_an_unknown_kernel_is_rejected(kernel, error, message):
    with pytest.raises(error, match=message):
        bf.evaluate_many(random_hands(3), kernel=kernel)


def test_the_environment_variable_forces_a_kernel(monkeypatch):
    monkeypatch.setenv(kernels.ENV_VAR, "scalar")
    assert kernels.best_kernel() == "scalar"
    assert kernels.kernel_id(None) == kernels.KERNEL_IDS["scalar"]
    monkeypatch.setenv(kernels.ENV_VAR, "AUTO")
    assert kernels.best_kernel() == KERNELS[-1]
    monkeypatch.setenv(kernels.ENV_VAR, "neon")
    with pytest.raises(ValueError, match="unknown kernel 'neon' \\(from BADUGI_FAST_KERNEL\\)"):
        bf.evaluate_many(random_hands(3))


def test_a_kernel_this_cpu_lacks_is_refused_rather_than_run(monkeypatch):
    monkeypatch.setattr(kernels, "available_kernels", lambda: ["scalar"])
    with pytest.raises(ValueError, match="'avx2' is not supported by this CPU"):
        bf.evaluate_many(random_hands(3), kernel="avx2")


@pytest.mark.parametrize("threads", [1, 2])
def test_an_out_array_sharing_memory_with_the_cards_gets_the_ranks_of_the_cards_as_passed(threads):
    hands = random_hands(300_000, seed=3)
    expected = bf.evaluate_many(hands, threads=1)
    # The ranks' 2 bytes a row overlay the first half of the cards' 4 bytes a row.
    out = hands.reshape(-1).view(np.uint16)[: len(hands)]
    assert np.shares_memory(out, hands)
    result = bf.evaluate_many(hands, out=out, threads=threads)
    assert result is out
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("bad_row", [10, 149_999, 250_000])
def test_a_bad_row_is_named_rightly_when_out_overlays_the_cards(threads, bad_row):
    hands = random_hands(300_000, seed=4)
    hands[bad_row] = [7, 7, 8, 9]
    out = hands.reshape(-1).view(np.uint16)[: len(hands)]
    with pytest.raises(bf.InvalidHandError, match=f"row {bad_row}: duplicate card 2s") as info:
        bf.evaluate_many(hands, out=out, threads=threads)
    assert info.value.row == bad_row and info.value.hand == [7, 7, 8, 9]


def test_an_out_array_overlaying_cards_that_are_converted_first_is_fine():
    hands = random_hands(1000, seed=5).astype(np.int64)
    expected = bf.evaluate_many(hands)
    out = hands.reshape(-1).view(np.uint16)[: len(hands)]
    np.testing.assert_array_equal(bf.evaluate_many(hands, out=out), expected)


def test_more_threads_than_the_ceiling_is_a_value_error_naming_it():
    hands = random_hands(10)
    for call in (
        lambda: bf.evaluate_many(hands, threads=max_threads() + 1),
        lambda: bf.evaluate_many(hands, threads=10**9),
        lambda: bf.random_hands(10, threads=10**9),
    ):
        with pytest.raises(ValueError, match=f"threads must be at most {max_threads()}"):
            call()


def _badugi_threads() -> int:
    return sum(thread.name.startswith("badugi") for thread in threading.enumerate())


def test_threads_never_outnumber_the_ceiling_nor_the_blocks():
    hands = random_hands(200_000, seed=6)
    expected = bf.evaluate_many(hands, threads=1)
    for threads in range(1, max_threads() + 1):
        np.testing.assert_array_equal(bf.evaluate_many(hands, threads=threads), expected)
        assert _badugi_threads() < max_threads()
    used: set[int] = set()

    def work(lo: int, hi: int) -> int:
        used.add(threading.get_ident())
        return hi - lo

    blocks = run_in_threads(100, max_threads(), work, block_rows=64)
    assert [(lo, hi) for lo, hi, _ in blocks] == [(0, 64), (64, 100)]
    assert len(used) <= 2


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 1000, 4097, 100_000])
def test_blocks_cover_the_rows_in_order_and_never_exceed_block_rows(threads, n):
    blocks = run_in_threads(n, threads, lambda lo, hi: (lo, hi), block_rows=1024)
    assert [result for _, _, result in blocks] == [(lo, hi) for lo, hi, _ in blocks]
    assert blocks[0][0] == 0 and blocks[-1][1] == n
    assert all(a[1] == b[0] for a, b in itertools.pairwise(blocks))
    assert all(hi - lo <= 1024 for lo, hi, _ in blocks)
    assert blocks == run_in_threads(n, threads, lambda lo, hi: (lo, hi), block_rows=1024)


def test_an_error_in_one_block_stops_the_others_and_reaches_the_caller():
    done: list[int] = []

    def work(lo: int, hi: int) -> None:
        if lo == 64 * 10:
            raise RuntimeError("block 10 failed")
        done.append(lo)

    with pytest.raises(RuntimeError, match="block 10 failed"):
        run_in_threads(64 * 1000, 2, work, block_rows=64)
    assert len(done) < 1000
    assert _badugi_threads() < max_threads()


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_fold_receives_every_block_in_order_on_the_calling_thread(threads):
    folded: list[tuple[int, int, int]] = []
    caller = threading.get_ident()

    def fold(lo: int, hi: int, result: int) -> None:
        assert threading.get_ident() == caller
        folded.append((lo, hi, result))

    def work(lo: int, hi: int) -> int:
        if lo % 3 == 0:
            time.sleep(0.001)  # blocks finish out of order across threads
        return hi - lo

    assert run_in_threads(100_000, threads, work, block_rows=1000, fold=fold) == []
    assert folded == run_in_threads(100_000, threads, work, block_rows=1000)
    assert sum(result for _, _, result in folded) == 100_000


def test_a_run_of_ten_to_the_twelve_rows_is_never_listed_block_by_block():
    """6 * 10**7 blocks: a stop after the first few must come at once, with no list built."""
    seen: list[int] = []

    def fold(lo: int, hi: int, result: int) -> None:
        seen.append(lo)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_in_threads(10**12, 2, lambda lo, hi: hi - lo, block_rows=1 << 14, fold=fold)
    assert seen == [i << 14 for i in range(5)]
