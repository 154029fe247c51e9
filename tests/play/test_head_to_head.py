"""``head_to_head``: each deal played twice with the seats swapped, the first bot's result in
bb/100 with a 95 % interval over the pairs."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.game.bots import drawer, random_bot, threshold
from badugi_fast.play.simulation import head_to_head, play_hands, simulate
from badugi_fast.play.simulation.duplicate import HeadToHead

HEADS_UP = Rules(small_bet=2, cap_heads_up=True)
TIGHT, LOOSE = threshold("7", "Q", 3), threshold("9", "K", 2)


@pytest.mark.parametrize("rules", [HEADS_UP, KoreanRules(max_raises=2)])
def test_swapping_the_bots_negates_the_result_exactly(rules) -> None:
    one = head_to_head([TIGHT, LOOSE], 4000, rules, seed=3)
    other = head_to_head([LOOSE, TIGHT], 4000, rules, seed=3)
    assert other.bb_per_100 == -one.bb_per_100
    assert other.interval == (-one.interval[1], -one.interval[0])
    assert one.hands == 4000 and one.pairs == 2000 and one.engine == "c"


@pytest.mark.parametrize("bot", [drawer, random_bot(5)])
def test_a_bot_against_itself_is_even_in_every_pair(bot) -> None:
    result = head_to_head([bot, bot], 400 if bot is drawer else 60, HEADS_UP, seed=8)
    assert result.bb_per_100 == 0 and result.interval == (0.0, 0.0)


def test_a_pair_is_the_first_bots_chips_over_the_deal_played_both_ways() -> None:
    one = play_hands([TIGHT, LOOSE], 0, 300, 9, HEADS_UP)
    other = play_hands([LOOSE, TIGHT], 0, 300, 9, HEADS_UP)
    result = head_to_head([TIGHT, LOOSE], 600, HEADS_UP, seed=9)
    mean_pair = (one[:, 0] + other[:, 1]).mean()
    assert result.bb_per_100 == pytest.approx(100 * mean_pair / 2 / HEADS_UP.unit)


def test_a_result_from_pairs_played_elsewhere_is_head_to_heads_own() -> None:
    """``HeadToHead.of_pairs`` (for pairs an engine such as VectorGame played) gives the same
    result as head_to_head on the same pairs, and the sample interval numpy gives."""
    one = play_hands([TIGHT, LOOSE], 0, 300, 9, HEADS_UP)
    other = play_hands([LOOSE, TIGHT], 0, 300, 9, HEADS_UP)
    pairs = one[:, 0] + other[:, 1]
    direct = head_to_head([TIGHT, LOOSE], 600, HEADS_UP, seed=9)
    read = HeadToHead.of_pairs(pairs, HEADS_UP.unit, direct.engine)
    assert read == direct
    per_100 = 100 / (2 * HEADS_UP.unit)
    stderr = pairs.std(ddof=1) / np.sqrt(len(pairs)) * per_100
    assert read.stderr_per_100 == pytest.approx(stderr, rel=1e-12)
    assert read.interval == pytest.approx(
        (read.bb_per_100 - 1.959963984540054 * stderr, read.bb_per_100 + 1.959963984540054 * stderr)
    )


def test_the_interval_shrinks_as_one_over_the_square_root_of_the_hands() -> None:
    small = head_to_head([TIGHT, LOOSE], 20_000, HEADS_UP, seed=1)
    large = head_to_head([TIGHT, LOOSE], 320_000, HEADS_UP, seed=1)
    width = [r.interval[1] - r.interval[0] for r in (small, large)]
    assert 3.0 < width[0] / width[1] < 5.3  # 16 times the hands: about a quarter the width
    assert small.interval[0] < small.bb_per_100 < small.interval[1]


def test_duplicate_pairs_cut_the_variance_of_plain_hands() -> None:
    paired = head_to_head([TIGHT, LOOSE], 40_000, HEADS_UP, seed=2)
    plain = simulate([TIGHT, LOOSE], 40_000, 2, HEADS_UP)
    assert paired.stderr_per_100 < plain.stderr_per_100[0] / plain.big_blind


def test_bad_arguments_are_value_errors_naming_them() -> None:
    with pytest.raises(ValueError, match="two bots"):
        head_to_head([drawer, drawer, drawer], 10)
    with pytest.raises(ValueError, match="even"):
        head_to_head([drawer, drawer], 11)
    with pytest.raises(ValueError, match="hands"):
        head_to_head([drawer, drawer], 0)
    with pytest.raises(ValueError, match="engine"):
        head_to_head([drawer, drawer], 10, engine="gpu")


def test_the_python_engine_plays_each_deals_two_plays_back_to_back() -> None:
    """So a bot that keeps work per public state (the search's beliefs) still holds the first
    play's when the second comes; the result is the C loop's, which plays many deals a call."""
    seen: list[tuple[int, tuple[object, ...]]] = []

    def recording(view):  # the drawer, noting each decision's seat and cards
        seen.append((view.seat, view.hand))
        return drawer(view)

    result = head_to_head([recording, LOOSE], 6, HEADS_UP, seed=4, engine="python")
    played, seen[:] = list(seen), []
    for deal in range(3):
        play_hands([recording, LOOSE], deal, 1, 4, HEADS_UP, engine="python")
        play_hands([LOOSE, recording], deal, 1, 4, HEADS_UP, engine="python")
    assert played == seen and len({hand for _, hand in seen}) > 3
    in_c = head_to_head([drawer, LOOSE], 6, HEADS_UP, seed=4, engine="c")
    assert result == replace(in_c, engine="python")
