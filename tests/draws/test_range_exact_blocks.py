"""Exact equity against ranges runs in blocks of the first range's hands
(``bf_range_enumerate_rows``), so Ctrl-C stops a long one (tests/runtime/test_cancel_long_runs.py):
the blocks add to the same sums in the same order, so the figures are the single call's to the
bit, pinned here from before the blocks (commit 72b8506)."""

from __future__ import annotations

import pytest

import badugi_fast as bf
from badugi_fast.draws.ranges import equity as range_equity

PINNED = [
    (["As 2d 3c Kh", "8-"], 3, 1135, ["0x0.0p+0", "0x1.0000000000000p+0"],
     ["0x0.0p+0", "0x1.0000000000000p+0"]),
    (["As 2d 3c 3h", "7-"], 1, 19888, ["0x1.079eca3f058e3p-4", "0x1.df0c26b81f4fep-1"],
     ["0x1.052619f33b1a8p-4", "0x1.debd10aea6018p-1"]),
    (["7c 7d 2h 3s", "0.5:8-, 7-"], 2, 1470700, ["0x1.59305e62904e6p-4", "0x1.d4d9f433adf82p-1"],
     ["0x1.5601afeaaa5c3p-4", "0x1.d4741e64b139ap-1"]),
]  # fmt: skip


@pytest.mark.parametrize("block_paths", [None, 1000])
@pytest.mark.parametrize(("hands", "draws", "paths", "shares", "wins"), PINNED)
def test_exact_range_equity_is_the_single_calls_to_the_bit(
    monkeypatch, hands, draws, paths, shares, wins, block_paths
):
    if block_paths is not None:  # many more, smaller blocks: still the same bits
        monkeypatch.setattr(range_equity, "BLOCK_PATHS", block_paths)
    result = bf.equity(hands, draws)
    assert result.exact and result.paths == paths
    assert [x.hex() for x in result.equity] == shares
    assert [x.hex() for x in result.win] == wins


def test_a_budget_passed_in_a_later_block_falls_back_to_monte_carlo(monkeypatch):
    monkeypatch.setattr(range_equity, "BLOCK_PATHS", 1000)
    assert bf.equity(["7c 7d 2h 3s", "0.5:8-, 7-"], 2, max_exact=1470700).exact
    sampled = bf.equity(["7c 7d 2h 3s", "0.5:8-, 7-"], 2, max_exact=1470699, trials=2000, seed=1)
    assert not sampled.exact and sampled.trials == 2000


def test_ranges_that_never_fit_together_exactly_are_an_error_naming_why():
    """Every combination shares the Kc: no weight at all, after every block."""
    hands = ["As 2d 3c 4h", bf.Range.from_hands(["Kc Kd Kh Ks"]),
             bf.Range.from_hands(["Kc Qd Qh Qs"])]  # fmt: skip
    with pytest.raises(ValueError, match="the ranges leave no deal in which every card is held"):
        bf.equity(hands, 1)
