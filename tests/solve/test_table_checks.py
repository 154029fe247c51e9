"""Strategy tables handed to the C code are checked first: a table of the wrong length, type or
contents is a TypeError or ValueError naming the argument, never a read past its end, garbage,
NaN or a negative exploitability."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast.game import Rules
from badugi_fast.solve import best_response, exploitability, last_round

FIXED = Rules(small_bet=2, cap_heads_up=True)


@pytest.fixture(scope="module")
def problem():
    return last_round(["8-", "9-"], pot=12, stacks=40, rules=FIXED)


def _uniform(problem):
    return problem.uniform(0), problem.uniform(1)


def _negative(problem):
    table = problem.uniform(0)
    table[0], table[1] = -1.0, 2.0  # a row summing to 1 with a negative entry
    return table


BAD = [
    (lambda p: np.zeros(3), ValueError, "entries"),
    (lambda p: None, TypeError, "array of floats"),
    (lambda p: "check", TypeError, "array of floats"),
    (lambda p: np.full(p.table_len[0], np.nan), ValueError, "finite"),
    (_negative, ValueError, "at least 0"),
    (lambda p: np.zeros(p.table_len[0]), ValueError, "sums to"),
    (lambda p: p.uniform(0).astype(object), TypeError, "array of floats"),
    (lambda p: p.uniform(0).astype(complex), TypeError, "array of floats"),
    (lambda p: p.uniform(0).reshape(1, -1), ValueError, "entries"),
]
IDS = ["short", "none", "string", "nan", "negative", "zero rows", "object", "complex", "2-d"]


@pytest.mark.parametrize(("make", "error", "words"), BAD, ids=IDS)
def test_exploitability_refuses_a_bad_table_by_name(problem, make, error, words) -> None:
    with pytest.raises(error, match=words) as found:
        exploitability(problem, (make(problem), problem.uniform(1)))
    assert "tables[0]" in str(found.value)


@pytest.mark.parametrize(("make", "error", "words"), BAD, ids=IDS)
def test_best_response_refuses_a_bad_opponent_table_by_name(problem, make, error, words) -> None:
    with pytest.raises(error, match=words) as found:
        best_response(problem, 1, make(problem))
    assert "opponent" in str(found.value)


@pytest.mark.parametrize("tables", [None, "ab", (np.zeros(3),), np.zeros((2, 3))])
def test_exploitability_refuses_what_is_not_a_pair_of_tables(problem, tables) -> None:
    with pytest.raises((TypeError, ValueError), match="tables"):
        exploitability(problem, tables)


@pytest.mark.parametrize("player", [2, -1, True, "0"])
def test_best_response_refuses_a_player_other_than_0_or_1(problem, player) -> None:
    with pytest.raises(ValueError, match="player"):
        best_response(problem, player, problem.uniform(0))


def test_lossless_tables_are_accepted_and_measure_alike(problem) -> None:
    tables = _uniform(problem)
    exact = exploitability(problem, tables)
    as_lists = exploitability(problem, (list(tables[0]), list(tables[1])))
    as_float32 = exploitability(problem, (tables[0].astype(np.float32), tables[1]))
    assert as_lists == exact
    assert as_float32.chips == pytest.approx(exact.chips, rel=1e-6)
    assert exact.chips > 0


def test_a_row_a_little_off_one_within_the_tolerance_is_accepted(problem) -> None:
    table = problem.uniform(0)
    table[0] += 5e-6
    assert np.isfinite(best_response(problem, 1, table)[1])
