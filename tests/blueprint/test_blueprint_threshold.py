"""Thresholding a blueprint (``Blueprint.thresholded``): each information set keeps its slots
of at least the threshold and its likeliest one, scaled to sum to one, on the random strategy of
conftest.py (every pattern of rows) and the shipped one; the bot plays it in C and in Python
alike; bad thresholds are refused."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from conftest import random_blueprint

from badugi_fast.blueprint import Blueprint, BlueprintBot, blueprint_bot, load_blueprint
from badugi_fast.blueprint.strategy import ONE
from badugi_fast.game import Rules
from badugi_fast.play import head_to_head

RULES = Rules(small_bet=2, cap_heads_up=True)


KNOWN = [  # (row, threshold, the row thresholded), worked by hand
    ((21845, 21845, 21845), 0.5, (21845, 21845, 21845)),  # a tie at the top stays, all of it
    ((30000, 30000, 5535), 0.5, (32768, 32767, 0)),  # the rounding's unit to the first top
    ((1, 1, 65533), 0.2, (0, 0, 65535)),
    ((13107, 13107, 39321), 0.2, (13107, 13107, 39321)),  # 13107 is exactly 0.2 of 65535
    ((13106, 13108, 39321), 0.2, (0, 16384, 49151)),  # 65535 x 13108 // 52429, + 1 on top
    ((32767, 32768, 0), 0.6, (0, 65535, 0)),
    ((0, 0, 0), 0.3, (0, 0, 0)),  # unreached stays unreached
]


def test_known_rows(blueprint: Blueprint) -> None:
    table = blueprint.table.copy()
    for i, (row, _, _) in enumerate(KNOWN):
        table[i] = row
    made = dataclasses.replace(blueprint, table=table)
    for i, (_, threshold, want) in enumerate(KNOWN):
        assert tuple(made.thresholded(threshold).table[i]) == want, (i, threshold)


@pytest.mark.parametrize("threshold", [0.05, 0.2, 1 / 3, 0.5, 1.0])
def test_slots_below_the_threshold_go_and_the_rest_keep_their_ratios(
    blueprint: Blueprint, threshold: float
) -> None:
    new = blueprint.thresholded(threshold)
    old = blueprint.table.astype(np.int64)
    table = new.table.astype(np.int64)
    reached = old.sum(axis=1) > 0
    assert (table[~reached] == 0).all()  # unreached stays unreached
    assert (table[reached].sum(axis=1) == ONE).all()
    tops = (old == old.max(axis=1, keepdims=True)) & reached[:, None]
    assert (table[tops] > 0).all()  # the likeliest slots always stay
    kept = table > 0
    others = kept & ~tops
    assert (old[others] >= threshold * ONE).all()  # no other kept slot lies below it
    dropped = reached[:, None] & (old > 0) & ~kept
    assert (old[dropped] < threshold * ONE).all()  # and none at or above it goes
    assert dropped.any()  # random rows have small slots: the test sees some go
    # the kept slots' ratios, to the rounding (a unit off at most; the rest goes to a top)
    share = np.where(kept, old, 0).sum(axis=1)
    exact = np.where(kept, old, 0) * ONE / np.maximum(share, 1)[:, None]
    first = np.zeros_like(kept)
    first[np.arange(len(old)), old.argmax(axis=1)] = True
    assert np.abs(table - exact)[kept & ~first].max() < 1


def test_a_row_with_no_slot_below_the_threshold_is_unchanged(blueprint: Blueprint) -> None:
    threshold = 0.1
    new = blueprint.thresholded(threshold)
    old = blueprint.table
    clear = ((old == 0) | (old >= math.ceil(threshold * ONE))).all(axis=1)
    assert clear.any() and not clear.all()
    assert np.array_equal(new.table[clear], old[clear])


def test_a_threshold_of_one_purifies_every_row(blueprint: Blueprint) -> None:
    pure = blueprint.thresholded(1.0)
    old = blueprint.table
    reached = old.sum(axis=1) > 0
    tops = old == old.max(axis=1, keepdims=True)
    assert ((pure.table > 0) == (tops & reached[:, None])).all()  # the likeliest slots alone
    unique = reached & (tops.sum(axis=1) == 1)
    assert unique.any() and (pure.table[unique].max(axis=1) == ONE).all()
    # above a half nothing but the likeliest slots can stay: the same strategy
    assert pure == blueprint.thresholded(0.51)


def test_a_threshold_below_every_slot_changes_nothing_and_the_original_is_untouched(
    blueprint: Blueprint,
) -> None:
    before = blueprint.table.copy()
    assert blueprint.thresholded(0.5 / ONE) == blueprint
    blueprint.thresholded(0.3)
    assert np.array_equal(blueprint.table, before)
    assert blueprint.thresholded(0.3).iterations == blueprint.iterations


def test_the_shipped_strategy_thresholds_without_writing_its_read_only_table() -> None:
    shipped = load_blueprint()
    new = shipped.thresholded(0.2)
    assert not shipped.table.flags.writeable
    assert new.abstraction == shipped.abstraction and new != shipped
    assert blueprint_bot(threshold=0.2) == BlueprintBot(new)
    changed = (new.table != shipped.table).any(axis=1).mean()
    assert 0.05 < changed < 0.9  # v2 mixes at many sets, not at most


def test_a_thresholded_bot_plays_alike_in_the_c_loop_and_in_game() -> None:
    bot = BlueprintBot(random_blueprint(seed=4, abstraction=2).thresholded(0.25))
    plain = BlueprintBot(random_blueprint(seed=4, abstraction=2))
    bots = [bot, plain]
    c = head_to_head(bots, 400, RULES, seed=9, engine="c")
    python = head_to_head(bots, 400, RULES, seed=9, engine="python")
    assert c.bb_per_100 == python.bb_per_100
    assert c.bb_per_100 != head_to_head([plain, plain], 400, RULES, seed=9).bb_per_100


@pytest.mark.parametrize("threshold", [0, -0.1, 1.01, math.nan, math.inf])
def test_a_threshold_outside_zero_to_one_is_a_value_error(
    blueprint: Blueprint, threshold: float
) -> None:
    with pytest.raises(ValueError, match="threshold is in"):
        blueprint.thresholded(threshold)


@pytest.mark.parametrize("threshold", ["0.2", True, None])
def test_a_threshold_that_is_not_a_number_is_a_type_error(
    blueprint: Blueprint, threshold: object
) -> None:
    with pytest.raises(TypeError, match="threshold is a number"):
        blueprint.thresholded(threshold)  # type: ignore[arg-type]


def test_blueprint_bot_refuses_a_bad_threshold_before_reading_any_file(tmp_path) -> None:
    missing = tmp_path / "no-such-strategy.bin"
    with pytest.raises(ValueError, match="threshold is in"):
        blueprint_bot(missing, threshold=1.5)
    with pytest.raises(TypeError, match="threshold is a number"):
        blueprint_bot(missing, threshold="0.2")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        blueprint_bot(missing, threshold=0.2)
